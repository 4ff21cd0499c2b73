package compare

import (
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

// LabelGame labels the final position of the first game of the record at
// path, the game-th given to j: j's dead stones, the ownership and area
// score once they are removed (NewLabel), Judge set to name and
// EngineResult to j's score less komi. It returns nil and no error when
// games leaves the game out; a result that cannot be read is an error
// unless games is AllGames.
func LabelGame(path string, game int, games Games, j DeadJudge, name string) (*Label, error) {
	g, err := sgf.Load(path, 1)
	if err != nil {
		return nil, err
	}
	res, err := ParseResult(g.Info.Result)
	if err != nil && games != AllGames {
		return nil, fmt.Errorf("%v: cannot tell whether the game was counted", err)
	}
	if (games == CountedGames && !res.Counted()) || (games == UncountedGames && res.Counted()) {
		return nil, nil
	}
	moves, setup, err := g.Moves()
	if err != nil {
		return nil, err
	}
	var final board.Board
	if _, err := g.Replay(func(n int, b *board.Board) error { final = *b; return nil }); err != nil {
		return nil, err
	}
	n := len(moves)
	if setup {
		moves = nil // set up stone by stone
	}
	if err := j.SetPosition(game, final.Size(), g.Info.Komi, moves, &final); err != nil {
		return nil, err
	}
	dead, err := j.Dead(&final)
	if err != nil {
		return nil, err
	}
	score, err := j.Score()
	if err != nil {
		return nil, err
	}
	l := NewLabel(path, n, &final, dead, g.Info.Komi, g.Info.Result)
	l.Judge = name
	r := math.Round((score-g.Info.Komi)*1000) / 1000 // without the float noise of adding and taking komi
	l.EngineResult = &r
	return &l, nil
}
