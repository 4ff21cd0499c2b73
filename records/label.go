package records

import (
	"errors"
	"fmt"
	"math"

	"goeval/board"
	"goeval/sgf"
)

// DeadJudge says which stones of a final position are dead and what it
// thinks the result is: a GTP engine through package peer (its
// Evaluator), say.
type DeadJudge interface {
	// SetPosition puts the position b on the judge's board: reached by
	// moves from the empty board, or set up stone by stone when moves is
	// nil; game tells games apart.
	SetPosition(game, size int, komi float64, moves []board.Move, b *board.Board) error
	// Dead returns the dead stones of b, the position on its board.
	Dead(b *board.Board) ([]board.Point, error)
	// Score returns its score of that position: Black positive, before
	// komi.
	Score() (float64, error)
}

// Games says which games a labelling covers.
type Games int8

const (
	AllGames       Games = iota // every game
	CountedGames                // games with a score or a draw (Result.Counted)
	UncountedGames              // the others: resigned, lost on time, unknown
)

var gamesNames = [...]string{"all", "counted", "uncounted"}

func (g Games) String() string { return gamesNames[g] }

// ParseGames reads "all", "counted" or "uncounted".
func ParseGames(s string) (Games, error) {
	for i, n := range gamesNames {
		if s == n {
			return Games(i), nil
		}
	}
	return 0, fmt.Errorf("compare: games %q (want all, counted or uncounted)", s)
}

// LabelResult is what LabelGame made of a game record.
type LabelResult struct {
	// Label is the label made; nil when the game was left out or could
	// not be labelled.
	Label *Label
	// Skip says why the Games filter left the game out: SkipNotCounted,
	// SkipNoResult or SkipCounted; "" when it did not.
	Skip string
	// Warnings lists the record's oddities (package sgf), whether or not
	// the game was labelled.
	Warnings []sgf.Warning
}

// The reasons LabelGame leaves a game out (LabelResult.Skip).
const (
	SkipNotCounted = "not counted (resigned, on time, ...)" // CountedGames, a result that is not a count
	SkipNoResult   = "no result (RE)"                       // CountedGames, no RE or an unknown one
	SkipCounted    = "counted"                              // UncountedGames, a counted game
)

// ErrTruncated reports a game record that the file ends in before its
// game tree is closed: its last node need not be the game's end, so its
// final position is not labelled.
var ErrTruncated = errors.New("compare: the record is cut short (the file ends before its game tree is closed): its last position need not be the game's end, so it is not labelled")

// LabelGame labels the final position of the first game of the record at
// path, the game-th given to j: j's dead stones, the ownership and area
// score once they are removed (NewLabel), Judge set to name and
// EngineResult to j's score less komi. The result's Skip says why games
// leaves the game out, if it does; a result that cannot be read is an
// error unless games is AllGames, and so is a truncated record
// (ErrTruncated). The result's Warnings are filled even with an error,
// once the record could be read.
func LabelGame(path string, game int, games Games, j DeadJudge, name string) (LabelResult, error) {
	var out LabelResult
	g, err := sgf.Load(path, 1)
	if err != nil {
		return out, err
	}
	out.Warnings = g.Warnings
	res, err := ParseResult(g.Info.Result)
	if err != nil && games != AllGames {
		return out, fmt.Errorf("%v: cannot tell whether the game was counted", err)
	}
	switch {
	case games == CountedGames && !res.Counted() && res.Kind == Unknown:
		out.Skip = SkipNoResult
	case games == CountedGames && !res.Counted():
		out.Skip = SkipNotCounted
	case games == UncountedGames && res.Counted():
		out.Skip = SkipCounted
	}
	if out.Skip != "" {
		return out, nil
	}
	if g.Truncated {
		return out, ErrTruncated
	}
	moves, setup, err := g.Moves()
	if err != nil {
		return out, err
	}
	var final board.Board
	sum, err := g.Replay(func(n int, b *board.Board) error { final = *b; return nil })
	out.Warnings = append(out.Warnings, sum.Warnings...)
	if err != nil {
		return out, err
	}
	n := len(moves)
	if setup {
		moves = nil // set up stone by stone
	}
	if err := j.SetPosition(game, final.Size(), g.Info.Komi, moves, &final); err != nil {
		return out, err
	}
	dead, err := j.Dead(&final)
	if err != nil {
		return out, err
	}
	score, err := j.Score()
	if err != nil {
		return out, err
	}
	l := NewLabel(path, n, &final, dead, g.Info.Komi, g.Info.Result)
	l.Judge = name
	r := math.Round((score-g.Info.Komi)*1000) / 1000 // without the float noise of adding and taking komi
	l.EngineResult = &r
	out.Label = &l
	return out, nil
}
