package main

import (
	"fmt"

	"goeval/control"
	"goeval/thermo"
	"goeval/thermo/sgftree"
)

func init() {
	register(&command{name: "miai", args: "TREE|FILE.sgf", summary: "count, miai value and thermograph of a local endgame tree, kos included (\"Miai Counting With Trees\")", run: miaiCommand})
}

const miaiUsage = `goeval miai values a local endgame: the count (mean) and miai value
(temperature) of every node, how the plays at the root classify, and the
root's thermograph, all exact (docs/estimators.md §5).

Usage:
  goeval miai [flags] TREE
  goeval miai [flags] FILE.sgf

TREE is combinatorial-game notation, quoted for the shell: {L1, L2 | R1, R2}
with Black's (Left's) options before the bar and White's (Right's) after it,
a number alone being a leaf (a count, Black positive; 3, -2.5 or 13/4);
CGSuite's longer bars are shorthand: {4||3|2} is {4 | {3 | 2}}. An argument
that is not an existing file and starts with '{', a number or a name
followed by '=' is a TREE.

A ko is a cycle, written with named positions: NAME = GAME; NAME = GAME;
..., the first being the root, a name standing for its position wherever
it is an option. The ko of "Miai Counting With Trees" (docs/estimators.md §5) is 'A = {C | -2}; C = {13 | A}': from A
Black takes the ko (C) or White connects (-2); from C Black wins it (13)
or White takes back (A). A ko is counted as "Miai Counting With Trees" counts it: the swing
(Black's win less White's, 15) over the tally (the moves between them, 3)
is what a move is worth (5), the miai value of every position of the ko,
and each position counts White's win plus that many moves as it is away
from it (A 3, C 8). Kos in which one side needs more than one take (a
line of positions from White's win to Black's) are counted the same way;
any other cycle is refused with an error that names it. The thermograph
of a ko position assumes that neither side has more ko threats: each play
inside the cycle reaches a position worth its count (docs/ko.md).

FILE.sgf holds the tree as SGF variations from the root (--game picks a game
of a collection; "-" reads standard input, SGF or TREE): the variations
whose first move is Black's are Black's options, White's are White's, and so
on down. A leaf's value is its V[], or, without one, the --estimator's score
of the position at the leaf: the on-the-board score of the WHOLE board,
before komi, rounded to 0.01, so such a tree is best given on a small board
(or with V[] everywhere). A pass means the player declines to play locally:
the moves after it are options of the position where it was played. Two
moves of one colour in a row are that player's option after the first. A
move that brings back a position met on the way from the root (a retake,
played under the take, even at once) is a ko: it leads back to that
position, ends its variation and carries no V[].

Output: the tree with "count (miai value) classification" at every node;
the root's plays: gote, sente (for whom) or reverse sente, and for a sente
play its follow-up, the expected answer and the tree with the ignored
variation cut out, counted by averages as "Miai Counting With Trees" does; the root's
thermograph as formulas (LW, Black first; RW, White first; t the
temperature) and as a plot, Black's values to the LEFT, t up; and miai
counting by averages ("Miai Counting With Trees") for comparison, which agrees with the
thermograph on gote trees and goes wrong on sente ones. A tree with kos
also lists each ko: its positions and their counts, swing, tally and what
a move is worth. A sente that gains nothing because its answer comes back
to what the opponent's own play gives, as in {{13 | -2} | -2}, is noted
as a ko written without its cycle, with the ko it may have meant.

--format json prints one object: "tree", the root's "count" and
"miai_value" as exact strings ("13/4"), "left_wall", "right_wall",
"classification", "black_play", "white_play", the same for every option in
"left" and "right", "sente" for the root's sente plays, and "naive" for the
averages. A ko position adds "name", "swing" and "tally" (classification
"ko", plays "ko move" or "ko win"); where a line comes back to it,
"back_to" names it instead of its options; "kos" lists the kos.

Examples:
  goeval miai '{4 | {3 | 2}}'           count 13/4, miai value 3/4, gote
  goeval miai '{4 | {3 | -17}}'         White's sente: count 3, miai value 1
  goeval miai '{{-2 | -4} | -7}'        LW = max(min(-4, -3-t), -5)
  goeval miai 'A = {C | -2}; C = {13 | A}'
                                        the ko of "Miai Counting With Trees": A counts 3, C 8, 5 a move
  goeval miai testdata/miai/seedko.sgf  the same ko as SGF variations
  goeval miai --format json '{4||3|2}'
  goeval miai --estimator stones testdata/miai/stones5.sgf
`

func miaiCommand(e *env, args []string) error {
	fs := newFlags(e, "miai", miaiUsage)
	addMaxSGFFlag(fs)
	ef := addEstimatorFlags(fs, mapEstimator)
	game := addGameFlag(fs, "which game of an SGF collection (from 1)")
	format := addFormatFlag(fs, "output format: text or json", "json")
	width := fs.Int("width", thermo.DefaultPlotWidth, "the most columns of the thermograph plot")
	height := fs.Int("height", thermo.DefaultPlotHeight, "the most rows of the thermograph plot")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("no tree or SGF file given")
	}
	if len(pos) > 1 {
		return usagef("one tree at a time (got %d arguments; quote a tree for the shell: '{4 | {3 | 2}}')", len(pos))
	}
	if err := game.check(); err != nil {
		return err
	}
	if err := format.check(); err != nil {
		return err
	}
	if *width < 8 || *height < 4 {
		return usagef("invalid plot size --width %d --height %d (want at least 8 and 4)", *width, *height)
	}
	// The estimator is built only if a leaf needs it, but flags given
	// explicitly are checked at once.
	if isSet(fs, "estimator") || len(ef.options()) > 0 {
		if _, err := ef.factory(); err != nil {
			return err
		}
	}
	newEst := func() (control.Estimator, error) {
		f, err := ef.factory()
		if err != nil {
			return nil, usagef("a leaf without V[] is valued by the estimator: %v", err)
		}
		return f(), nil
	}

	if pos[0] == "" {
		return usagef("the TREE or FILE.sgf argument is empty (want notation, a file name, or - for standard input)")
	}
	src, err := sgftree.Load(pos[0], e.stdin, game.n, sgftree.Options{Estimator: newEst})
	if err != nil {
		return err
	}
	if src.File == "" && isSet(fs, "game") {
		return usagef("--game applies to an SGF file, not to a tree in notation")
	}
	r, err := thermo.Analyze(src.Game)
	if err != nil {
		if src.Tree != nil {
			return src.Tree.Locate(err) // a ko it cannot count, at its place in the file
		}
		return err
	}
	naive, naiveErr := thermo.MiaiCount(src.Game)
	if format.v == "json" {
		return thermo.WriteJSON(e.stdout, src.Source(), r, naive, naiveErr)
	}
	for _, w := range src.Warnings {
		fmt.Fprintf(e.stderr, "goeval: %s\n", w)
	}
	return thermo.WriteText(e.stdout, src.Source(), r, naive, naiveErr, thermo.PlotOptions{Width: *width, Height: *height})
}
