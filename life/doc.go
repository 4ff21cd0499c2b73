// Package life decides which chains of a position are unconditionally alive
// ("pass-alive"), by Benson's algorithm, and which points those chains own
// beyond doubt.
//
// For a colour c, a c-enclosed region is a maximal connected set of points
// that are not c (empty points and the opponent's stones). A region is vital
// to a c chain x when x borders it and every empty point of the region is a
// liberty of x (a region needs at least one empty point to be vital).
// Benson's algorithm starts from all chains of c and all regions, and
// repeats until nothing changes: drop every chain with fewer than two vital
// regions among the regions left; drop every region that borders a dropped
// chain. The chains left are pass-alive: the opponent cannot capture them
// even if c passes at every turn.
//
// Pass-alive territory: a region left at the end (so every chain around it
// is pass-alive) in which every empty point is adjacent to a stone of c. The
// opponent can never live there: c can fill every empty point of it, each
// new stone joining a pass-alive chain, and so capture every opponent stone
// inside. Its empty points and the opponent's stones in it (dead beyond
// doubt) are owned by c.
//
// Analyze fills a Result: per point, whether the stone there is pass-alive
// and which colour owns it beyond doubt (Empty when the algorithm cannot
// tell). Seki, ko, and life that needs a move are never claimed: the
// verdicts are certain but conservative.
//
// AnalyzeSeki applies a seki rule, which is not a proof: two adjacent
// chains of opposite colours, each with few liberties, whose liberties
// are all shared or eyes are in seki, and their shared liberties are
// dame. It knows three look-alikes that are no seki: an eye that leans on
// a chain of two liberties (taken on the eye point); a pair in which one
// chain can fill one of its liberties and come out with a liberty neither
// had (a race); and two eyeless chains sharing two liberties where one
// fills a liberty on purpose and its capture leaves the other a closed,
// dead eye shape (DeadShape, nakade), which settles the pair: the
// capturer dies and the sacrificer lives. The judge (package judge) keeps
// the chains in seki alive and follows the settled fates.
//
// Maps are in board map order (row-major from the top-left point); per
// chain slices are indexed as board.Chains.List.
package life
