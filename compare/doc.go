// Package compare measures estimators on game records against the truth:
// for each game and each sampled move number, every estimator (and every
// outside engine, a "peer") evaluates the position, and the estimates are
// scored against how the game ended. docs/estimators.md §6 defines it; this
// documents the choices it leaves open.
//
// The game records, their results, labels, reference evaluations and
// move bands are package records' (see its conventions); this package
// reads them, samples the games and measures.
//
// # Ground truth
//
// The result comes from RE[] (records.ParseResult). The final ownership of
// a counted game is its final position with the dead stones removed
// (records.Ownership; its sum is the final area score, Black positive,
// before komi). The dead stones come from, in order:
//
//  1. a labels file (records.Labels): JSON Lines keyed by the record's
//     base name, giving the final ownership directly ("goeval label"
//     writes one from a GTP engine's dead stones: records.LabelGame). A label is used
//     whatever RE[] says; it must match the record's size and, if it gives
//     one, its number of moves. A label for a file holding several games is
//     ignored (with a warning): it cannot say which game it describes.
//  2. TB[] and TW[] in the last node of the main line (records.MarkupDead): white
//     stones on Black's territory and black stones on White's are dead.
//  3. goeval's own judgement of the final position (Judge): Benson's
//     algorithm (package life) proves some chains alive and some stones
//     dead (inside the opponent's pass-alive territory); every other chain
//     is dead when the mean of the judging estimator's control over its
//     stones has the opponent's sign. The judging estimator is chosen by
//     Config.Judge (the command uses goeval's default estimator, the
//     judge); without one, only Benson's verdicts count and every other
//     stone lives.
//
// # Bands and positions
//
// A band (records.Band) is a move number n (the position after n moves) or
// end-K (K moves before the end of the main line). A game shorter than n moves (or than K) is not used for that band,
// and each row counts such games (TooShort). Each game gives at most one
// position per band.
//
// # Metrics
//
// Per estimator and band, over the games long enough for the band:
//
//   - sign agreement: over all points of counted games whose final owner is
//     not 0, pooled, the share where the estimate has the owner's sign; an
//     estimate of exactly 0 is wrong.
//   - ownership MSE: the mean of (estimate - final owner)² over all points
//     of counted games, pooled.
//   - score MAE: the mean over counted games of |score - final area score|.
//   - winner accuracy: over games with a known winner (counted,
//     resignations, time-outs, forfeits), the share where sign(score - komi)
//     is the winner's. A score exactly equal to komi (predicting a draw)
//     counts wrong; drawn games have no winner to pick and are left out.
//   - win Brier score and log loss: for an estimator that also gives the
//     probability that Black wins (control.WinPredictor: the judge, when its
//     parameters have a win model), over games with a known winner, the
//     mean of (probability - outcome)², the outcome being 1 if Black won
//     and 0 if White did, and the mean of -ln(the probability it gave the
//     winner). A coin scores 0.25 and 0.693; lower is better.
//   - win reliability: the same positions by the probability given Black,
//     in five bins from 0 to 1 (Row.WinReliability), each with its number
//     of positions, their mean probability and how often Black won: a
//     calibrated estimator's Black wins as often as it says.
//   - time per position: wall-clock microseconds per evaluation, measured
//     around the estimator's Estimate call (for a peer: around setting the
//     position, which replays only the new moves, and asking for score and
//     map). Timings are the only figures that change from run to run.
//
// With a reference (Config.Reference, records.ReadReference: a stronger program's
// evaluation of the positions, such as kata-reference.jsonl beside the dev
// games), every contender is also measured against it, over the sampled
// positions it evaluates (the Ref fields of Row):
//
//   - lead MAE: the mean of |score - (lead + komi)|, the reference's lead
//     and komi: the estimate's margin after komi against the reference's
//     lead, with its standard error;
//   - ownership MSE and sign agreement: as above, against the reference's
//     ownership, pooled over the points it is sure of (|ownership| >
//     records.ReferenceThreshold, 0.5);
//   - winner agreement: the share of positions whose lead is not 0 where
//     sign(score - komi) is the lead's (the tie agrees nowhere).
//
// The reference is a contender itself (ReferenceName, the last row): its
// score is its lead plus its komi, its map its ownership and its win
// probability its winrate, measured against the truth like the others.
// A reference position is found by the record's base name, the game's
// number in its file (1 when the line gives none) and the move number;
// the sampled positions it lacks are listed in Report.RefMissing, never
// dropped silently, one whose map has another size is an error, and one
// evaluated with another komi or another side to move than the record's
// is of another position: it is left out with a warning
// (records.RefPosition.Mismatch).
// Score MAE and lead MAE come with their standard errors (the standard
// deviation of the absolute errors over the square root of their number).
//
// Each row says how many games and positions stand behind it, and a metric
// with nothing behind it is nil (null in JSON, "-" for people).
//
// The tie baseline (TieName, left out with Config.OmitTie) predicts a tie:
// score = komi and control 0 everywhere. Its sign agreement is 0, its
// ownership MSE is the share of owned points, its score MAE is the mean
// |komi - area score| (5.39 on the dev set) and its winner accuracy is 0 by
// the rule above; its win probability is 1/2 (Brier score 0.25).
//
// # Running
//
// Run reads files (records.Files expands folders) and evaluates in parallel on a
// fixed number of workers (pool.Map): one job per file for goeval's
// estimators, each worker with its own estimators; then, if there are
// peers, one job per game, each worker with its own engine per peer, so
// that a game's positions reach one engine in order and can be replayed
// incrementally. Results land in pre-indexed slots and are summed in file
// and game order: the report is the same for any number of workers,
// timings apart. A file or game that cannot be read, replayed or judged,
// and an evaluation that fails, is listed in Report.Errors with the reason,
// and the run goes on; Report.Unused counts the games not used by reason.
//
// Output: Report.WriteText for people, WriteCSV (the rows) and WriteJSON
// (one object: "rows", "errors", "games_read", "games_used" and more) for
// scripts.
package compare
