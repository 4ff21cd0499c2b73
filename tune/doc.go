// Package tune fits the judge estimator's parameters to game records with
// known final ownership, and measures the fit honestly by cross-validation.
//
// Training data: for every counted game with a label (the final ownership
// of every point, dead stones removed), positions every Stride moves along
// the main line. Each chain of each position is a sample of the death
// model, dead when most of its stones end up owned by the opponent; each
// position is a sample of the score model, whose target is the final area
// score.
//
// Cross-validation: the games (all of them, counted or not) are dealt into
// Folds folds by their order; for each fold the judge is fitted on the
// counted games of the other folds and measured with package compare on
// the games of the fold, so that every game is judged by parameters that
// never saw it. The folds' rows are pooled (each metric weighted by the
// games behind it). The parameters finally returned are fitted on all the
// counted games.
package tune
