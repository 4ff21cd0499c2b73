// Package tune fits the judge estimator's parameters to game records, and
// measures the fit honestly by cross-validation. It learns either from a
// reference evaluation of positions (Config.Reference: a stronger
// program's lead, winrate and ownership, as kata-reference.jsonl beside
// the training games) or from the final ownership of counted games
// (Config.Labels).
//
// With a reference, the training positions are those it evaluates (found
// by the record's base name, the game's number in its file and the move
// number; records may be SGF collections; one evaluated with another komi
// or side to move than the record's is left out, and the log says so).
// Each chain is a sample of the death model whose target is the
// reference's ownership of its stones
// (DeathFromReference: one half less half their mean ownership from the
// chain's side, so that a chain the reference gives to the other colour
// is dead, and one it cannot tell about is in between); each position is
// a sample of the score model, whose target is the reference's expected
// area (its lead plus its komi), and of the win model, whose target is
// the game's winner (from RE[]; games without one do not teach it).
//
// With labels: for every counted game with a label (the final ownership
// of every point, dead stones removed), positions every Stride moves along
// the main line. Each chain is dead when most of its stones end up owned
// by the opponent; the score model's target is the final area score; the
// win model also learns from the games known only by their winner.
//
// Cross-validation: the games are dealt into Folds folds by their order;
// for each fold the judge is fitted on the other folds and measured on the
// games of the fold, so that every game is judged by parameters that never
// saw it. With labels the folds are measured by Config.Measure (goeval
// tune has package compare measure them and pool their rows, each metric
// weighted by the games behind it); with a
// reference every held-out position is measured against the reference and
// the game's result, in bands of moves (RefRow, RefWindow). The parameters
// finally returned are fitted on all the games.
//
// The game records, labels, reference evaluations and bands are package
// records'. Report.WriteFit, Warning and WriteParams write a fit for
// people, MovesReport.Notes and WriteModel a fit of the move model.
package tune
