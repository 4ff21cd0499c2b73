// Package rank reads one ply ahead: it ranks every legal move of the side to
// move by the estimated score after it (seed 003, Figure 10) and values
// empty points the way miai counting does (seed 000), as SPEC section 4
// defines.
//
// # Ranking
//
// Ranker.Rank plays every legal move of the side to move on a copy of the
// board (captures made; occupied points, suicides and the immediate
// recapture of a ko are not candidates, see board.Legal), evaluates each
// position with the chosen estimator and sorts the moves by the score from
// the mover's point of view, best first; equal scores keep map order (the
// top-left point first). For each move it reports:
//
//   - Score: the estimated score after the move, Black positive, before
//     komi, like every score in goeval;
//   - Gain: the score after the move minus the score after a pass by the side
//     to move, from the mover's point of view (positive when the move helps
//     the mover). A pass leaves the stones as they are, so the score after a
//     pass is the evaluation of the position itself, Ranking.Pass;
//   - for the best Settings.Top moves (26 by default), the miai value.
//
// # Move values
//
// For an empty point p, deiri(p) = score(Black plays p) - score(White
// plays p) and the gote miai value is deiri(p)/2: how much a play at p is
// worth to whoever makes it, Black positive so that it does not depend on
// who is to move. Both plays are made from the position as it stands
// (whoever is to move); a play by the side not to move is legal when it is
// not on an occupied point and not suicide (the ko ban binds only the side
// to move). Where one colour may not play p, the Value says why and has no
// deiri or miai value. Ranker.Values computes the value of every empty
// point.
//
// # Workers and determinism
//
// A Ranker evaluates candidates on a fixed number of workers (GOMAXPROCS
// by default) through eval.Map: each worker owns its board copy, its
// estimator and its scratch, and each candidate's result goes into its own
// slot of a pre-indexed slice, so the output is the same, bit for bit, for
// 1 worker or 16. Cancelling the context stops the work between
// candidates. An estimator error is reported as a *PlayError naming the
// colour and point of the play; every failed play is reported, joined.
//
// # Warm starts
//
// When the estimator is a control.WarmStarter (an iterative estimator that
// can start from a given map), the position itself is evaluated once from
// the stones, and every candidate then starts from that solution: the
// parent's control map with the new stone at its colour (±1) and the stones
// it captured at the mover's colour, since they become the mover's empty
// points (the benchmarks compare this with setting them to 0). A move
// changes the fixed point only near it, so far fewer iterations are needed;
// the fixed point is the same and the answer is within the estimator's
// tolerance of a cold start (the tests state the bound). Every candidate
// starts from the same parent solution, never from another candidate's, so
// warm starts keep the output independent of the number of workers.
// Settings.Cold turns them off.
package rank
