// Package rank reads one ply ahead: it ranks every legal move of the side to
// move by the estimated score after it (as Figure 10 of the symmetric-estimate article does) and
// values empty points the way miai counting does, as docs/estimators.md
// §4 defines.
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
// deiri or miai value. (Under these rules some colour may always play an
// empty point: a point barred to the side to move by the ko ban is one
// its opponent may fill, as the stones round it have other liberties. A
// Value still says so if neither may.) Ranker.Values computes the value of
// every empty point.
//
// # Workers and determinism
//
// A Ranker evaluates candidates on a fixed number of workers (GOMAXPROCS
// by default) through pool.Map: each worker owns its board copy, its
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
// the stones, and every play then starts from that solution: the parent's
// control map with the new stone at its colour (±1) and the points of the
// stones it captured at the mover's colour, since they become the mover's
// empty points. A move changes the fixed point mostly near it, so far
// fewer iterations are needed. Every play starts from the same parent
// solution, never from another play's, so warm starts keep the output
// independent of the number of workers. Settings.Cold turns them off.
//
// Warm and cold starts reach the same fixed point, each stopping where the
// estimator's tolerance says, so they differ by the slack of its stopping
// rule. For the default λ/κ estimator at its tolerance (1e-4), on every
// legal move of the shared move-150 positions (1943 plays): 25.8
// iterations warm against 65.2 cold; warm scores within 1.4 of cold ones
// (each point within 0.083), because a cold start itself stops up to 1.4
// short of the fixed point; against that fixed point warm scores are the
// closer (median error 0.21 against 0.44), but their errors vary more from
// move to move, so a warm ranking puts 1.6% of pairs of moves in another
// order than the fixed point's, a cold one 0.6%. Of the starts tried,
// this one is the most accurate: starting the new stone at the parent's
// value, halfway, or at ±0.8 saves up to 5 iterations but lands further
// from the fixed point, and captured points at 0 rather than the mover's
// colour cost 2.4 more iterations on captures. With a tolerance ten times
// smaller (goeval rank --tolerance 1e-5), warm starts take 36 iterations
// and order moves as well as cold starts at the default tolerance.
package rank
