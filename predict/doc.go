// Package predict measures how well move rankers predict the moves of
// game records: goeval's move model, the one-ply rankings by any
// estimator, and outside engines through GTP.
//
// Run replays the main line of every game of the given records and, at
// every Config.Every-th position (after 0, Every, 2*Every, ... moves),
// asks each ranker to order the moves of the side to move. The record's
// next move is the answer. For each ranker it reports:
//
//   - Top1, Top5, Top10: the share of positions where the answer is among
//     the ranker's first 1, 5 or 10 moves. A ranker that lists fewer moves
//     (GnuGo's top_moves lists up to 10, genmove one) misses the answers
//     it does not list;
//   - LogLik: for a ranker that gives probabilities (the move model), the
//     mean natural log of the probability it gave the answer;
//   - Micros: the mean time the ranker took per position, in
//     microseconds, on one worker;
//
// each with its standard error over positions, over all positions and by
// phase of the game: the answer is move 1-50, 51-150, or 151 and later
// (DefaultPhases). The answer may be a pass: rankers that never list a
// pass miss it.
//
// The game records, their sampled positions (records.Position: the
// board, the moves before it, the last two of them, and the answer) and
// the errors about them (records.FileError) are package records'.
//
// A Contender names a ranker and makes one for each worker: Ranking (a
// rank.Ranker's order: the move model's, or one ply deep), Policy (a
// network's move probabilities) and Peer (a GTP engine) are the Rankers,
// OnePlyContender, PolicyContender and PeerContender the contenders of
// the last three kinds.
//
// Positions come to a ranker game by game, in increasing move order, so
// that an outside engine may replay a game incrementally. Games are
// spread over Config.Workers workers, each with its own rankers; the
// report is the same for any number of workers, timings apart. Files or
// games that cannot be read are listed in Report.Unreadable, never
// dropped silently. A cancelled run returns the report of the games
// finished, marked Interrupted.
package predict
