// Package position is one position of a game record as goeval's commands
// show it: read from an SGF file (a game of a collection, a variation, a
// move), evaluated by an estimator, and written for people as text, JSON
// or a picture (package render draws the boards and pictures).
//
// Read loads a Position; Estimate evaluates it, with the record, komi and
// rules for an estimator that reads them (the network), else the board;
// Rank and Values have a rank.Ranker rank its moves and value its points,
// given the record in the same way.
// WriteText and WriteJSON report an evaluation (the JSON contract of
// docs/estimators.md §7: fields may be added, never renamed); Picture
// draws it, RankPicture and ValuesPicture draw a ranking's letters and the
// miai values of package rank over the position's control map, and
// TextBoard gives rank's writers their board.
//
// Scores are Black-positive, on the board, before komi, as in package
// control; the text writes them as control.Margin does with one decimal
// ("B+3.2"), each named with the estimator that made it. Points are
// written as GTP coordinates.
package position
