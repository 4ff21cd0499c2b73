// Package thermo computes thermographs, counts and miai values of local Go
// endgame trees, exactly, in the sense of combinatorial game theory (CGT),
// as docs/estimators.md §5 and the pages "Miai Counting With Trees" and
// "Calculating a Thermograph" (Sensei's Library) describe. It is a pure library with no dependency on the
// rest of goeval.
//
// # Trees and notation
//
// A local game is a tree of *Game: Black is Left, White is Right; a leaf is
// a number, the count of the final position, Black positive. Parse reads
// CGT notation, "{4 | {3 | 2}}", with any number of comma-separated options
// per side, numbers written as integers, decimals or fractions, and
// CGSuite's bar shorthand ("{4||3|2}" is "{4 | {3 | 2}}"). Leaves may be any
// rationals; CGT's numbers are dyadic, and non-dyadic leaves are simply
// carried along exactly.
//
// A side with no options means that player has no move there, as in CGT:
// such a node is a number by the simplest-number rule, so "{ | 3}" is 0,
// "{3 | }" is 4 and "{ | }" is 0. (MiaiCount, "Miai Counting With Trees"' hand method, reads
// a one-sided node differently, as a forced answer; see there.)
//
// Positions may be named, NAME = GAME, in a list separated by ';' whose
// first definition is the root; a name stands for its position wherever it
// is an option. That is how a cycle, a ko, is written (see Ko below):
// "A = {C | -2}; C = {13 | A}". Game.String writes a graph with a cycle
// back in this form.
//
// Local trees written as SGF variations (V[] leaves, or leaves valued by an
// estimator) are read by the sub-package thermo/sgftree, which keeps boards
// and files out of this package; "goeval miai" puts the two together.
//
// # Ko
//
// A cycle in a game graph is a ko. The package counts the kos that the
// tally method of docs/estimators.md §5 covers: positions P1, ..., Pk (k >= 2) on a line
// from White's win to Black's, where Black's only play inside the cycle
// from Pi reaches Pi+1 (a take) and White's reaches Pi-1 (a retake), and
// only White's plays from P1 and Black's from Pk leave the cycle, ending
// the ko (a connection, a capture of the group). A direct ko has k = 2;
// the one of "Miai Counting With Trees" is "A = {C | -2}; C = {13 | A}":
// from A Black takes the ko (C) or White connects (-2); from C Black wins
// it (13) or White takes back (A). With k = 3 one side needs two takes to win.
//
// The swing is the count of Black's win less White's (13 - (-2) = 15);
// the tally is the number of moves between them, k + 1 (from P1 Black
// needs k, White 1: 3 for a direct ko). A move in the ko is worth
// swing / tally (5), which is the miai value (temperature) of every
// position of it, and Pi counts White's win plus i such moves (A 3, C 8).
// Where a player has several plays that end the ko, the best by count
// (Black's highest, White's lowest) defines it. Ko holds these figures,
// and Result.Ko points to it from each position.
//
// The method assumes that neither player has more ko threats than the
// other: a take answered by a retake (after a threat and its answer
// elsewhere, which cancel) leaves the value where it was, so that every
// move in the ko is worth the same. The thermograph of a ko position
// follows from the same assumption: a play inside the cycle reaches a
// position worth its count, so that for Pi the play inside the cycle
// gives LW(t) = count(Pi+1) - t or RW(t) = count(Pi-1) + t, and a play
// that ends the ko is taken as in any node. The walls meet at the ko's
// temperature at Pi's count: for the ko of "Miai Counting With Trees", A has LW = max(8-t, 3) and
// RW = min(-2+t, 3), C has LW = max(13-t, 8) and RW = min(3+t, 8), the
// thermographs of the simple gotes {8 | -2} and {13 | 3}. A node above a
// ko position takes these walls as it takes any option's. (A player with
// more threats, the komaster, changes this: if Black has them, White's
// retakes are futile and A is {13 | -2}, count 11/2; if White has them,
// Black's take is futile, A is {{13 | -2} | -2} and counts -2.)
//
// The tree {{13 | -2} | -2}, the nearest a tree without a cycle comes to
// the ko of docs/estimators.md §5, is not that ko: White's answer -2 there ends the fight
// rather than taking back, so Black's play is a sente that gains nothing
// and the tree counts -2 with miai value 0, correctly for what it says
// (it is the ko seen by a White komaster). SentePlay.Ko offers the ko
// such a tree may have meant.
//
// Every other cycle is refused with a *CycleError naming it: a play that
// leaves the position as it is, two plays of one player inside the
// cycle, a play out of the cycle from a position that is not the
// player's end of the line, a cycle one player cannot leave. So is a ko
// whose swing is not positive, and one with a play that ends it in a
// position hotter than the ko, where one move's worth is no longer the
// same throughout (MiaiCount, counting by averages, does not check this).
//
// # Thermographs
//
// For each node the package computes the left wall LW(t) (Black plays first,
// each move taxed t) and the right wall RW(t), for temperatures t >= 0 only:
// CGT's subzero part (-1 <= t < 0) is not computed, as Go endgames do not
// need it.
//
//	leaf v:        LW = RW = v
//	node {L | R}:  LW(t) = max over L of RW_L(t) - t,  RW(t) = min over R of LW_R(t) + t
//
// cut off at the lowest t where LW(t) <= RW(t); from there up both walls
// are the mast. The mast value is the count (mean) and its foot the miai
// value (temperature). All arithmetic is exact (math/big.Rat); walls are
// kept as breakpoints and printed as nested max/min formulas such as
// "max(min(-4, -3-t), -5)".
//
// A node is first tested for being a CGT number, exactly, using the stops of
// its options and their infinitesimal adornments: if some number x lies
// strictly between the options (x is not <= a Black option, not >= a White
// option), the node is the simplest such number (the integer nearest 0,
// else the dyadic with the smallest denominator), e.g. {1 | 3} = 2,
// {0 | 3} = 1, {{1|0} | {1|0}} = 0. Such a node is "cold": both walls are
// the mast at that number and its temperature is reported as 0 (CGT would
// say -1 for integers and -1/2^k otherwise). Nodes whose walls meet at
// t = 0 without being numbers ({0 | 0} = *, {3 | 3}) also have temperature
// 0. Note that the simplest-number rule is not translation invariant:
// adding c to every leaf adds c to the count only when no interior node is
// cold.
//
// # Classification
//
// A node's best plays are the options that define its walls where the mast
// starts (Black's maximizing RW(t)-t, White's minimizing LW(t)+t; ties go
// to the better value just below the temperature, then to the first
// option). A play is sente when its follow-up, the node it reaches, is
// hotter than the node itself ("Miai Counting With Trees"), so the opponent answers; the
// other player's play is then reverse sente; otherwise both are gote. When
// both plays are sente the node is "double sente", as in
// {{30 | {10|-10}} | {{10|-10} | -30}} (miai value 10, follow-ups 15); note
// that the proverb's {{10|0} | {0|-10}}, where each answer ends the fight,
// is the number 0 in CGT and is classified "number". Result.Sente names the follow-up, the
// expected answer and the variation it makes irrelevant, and returns the
// tree with that variation cut out, as that page does.
//
// MiaiCount is that page's miai counting by averages, kept separate because
// people compare it with thermography: it agrees on plain gote trees and
// differs where a play is sente (for {4 | {3 | -17}} it says -3/2 with miai
// value 11/2, thermography 3 with miai value 1).
//
// # Output
//
// Thermograph.Plot draws a thermograph as text in the sources' and CGT's
// orientation: Black's (higher) values to the LEFT, temperature up.
// Result.Tree draws the tree with "count (miai value)" per node, and
// Result.Report gives JSON-ready structs with exact strings.
//
// Results are read-only: Analyze may be called from several goroutines on
// trees that nobody modifies meanwhile, and its results may be shared.
package thermo
