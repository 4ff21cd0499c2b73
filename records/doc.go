// Package records is goeval's game-record data-set library: the files of a
// data set (Files, Unique), what is known about each game besides its
// moves (the result, ParseResult; the final ownership, Labels; a stronger
// program's evaluation of its positions, Reference), the move bands at
// which games are sampled (Band), the sampled positions themselves
// (Position), and the labelling of final positions by a GTP engine
// (Label, LabelGame). Package compare measures estimators on such data
// sets, package tune fits the judge to them, package predict measures move
// rankers on them; none of them measures anything here.
//
// # Conventions
//
// Scores and margins are Black positive. An area score (Label.AreaScore,
// RefPosition.Area) is before komi; a margin (Result.Margin) and a lead
// (RefPosition.Lead) are after komi. Maps (Label.Ownership,
// RefPosition.Ownership) hold one value per point in map order (see
// package board), +1 Black's and -1 White's.
//
// A game record is named by its path; labels and reference lines are keyed
// by its base name (and, for a reference, the game's number in its file,
// from 1, and the move number), so that a data set can move. Files gives
// records in lexical order, and Unique drops a record given twice.
//
// # Results
//
// ParseResult reads RE[]: "B+3.5" is a margin of +3.5 after komi, "W+0.5"
// one of -0.5; resignations, time-outs, forfeits and "B+" give only the
// winner; "0", "Draw" and "Jigo" are draws; "?", "Void", an empty or
// unreadable RE[] leave the result unknown. A game with a margin or a draw
// is counted (Result.Counted).
//
// # Final ownership
//
// The final ownership of a counted game is its final position with the
// dead stones removed (Ownership): every stone owns its point, every empty
// region belongs to the one colour that alone borders it, and regions
// bordered by both or neither are 0 (dame, and the liberties of a seki).
// Its sum is the final area score. The dead stones come from a labels file
// (Labels, ReadLabels: JSON Lines, one label per game, as
// final-ownership.jsonl beside goeval's data sets, LabelsFile), written by
// goeval label from a GTP engine's answer (LabelGame), or from the TB[]
// and TW[] markup of the record's last node (MarkupDead).
//
// # Bands
//
// A band (Band, ParseBands) is a move number n (the position after n
// moves, docs/estimators.md §7) or end-K (K moves before the end of the
// main line); DefaultBands are 50, 100, 150, 200 and end-20.
//
// # Errors
//
// A malformed labels or reference file is an error wrapping ErrLabels or
// ErrReference that says where, "file:line[:column]: ...". The messages
// keep the "compare:" prefix they had before this package was split from
// package compare, so that goeval's output did not change.
package records
