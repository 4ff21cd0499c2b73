package sgf

import (
	"fmt"

	"goeval/board"
)

// History is the record behind one position of a main line: the position
// the moves start from and the moves played since, for estimators that read
// the moves that led to a position (the network estimator).
type History struct {
	// Start is the position before the first of Moves: the setup position
	// (an empty board when the record has no setup stones), or the position
	// after the last setup node met before the position asked for, since a
	// record that adds or removes stones mid-game cannot be replayed as
	// plays.
	Start board.Board
	// Moves are the moves played from Start to the position, in order,
	// passes included.
	Moves []board.Move
	// Suicide says that one of Moves is a suicide the record carried out
	// (Replay's warning says which): rules that forbid suicide cannot
	// replay it.
	Suicide bool
}

// History returns the history of the position after move n of the main
// line (n < 0: the end), as Position counts moves. Its errors are
// Position's.
func (g *Game) History(n int) (*History, error) {
	var h History
	moves, _, err := g.Moves()
	if err != nil {
		return nil, err
	}
	var prev board.Board // the replay's board after the last visit
	found := false
	_, err = g.Replay(func(k int, b *board.Board) error {
		if k == 0 {
			h.Start, h.Moves = *b, nil
		} else {
			m := moves[k-1]
			exp := prev
			suicide, err := exp.PlayRecorded(m.Color, m.Point)
			if err != nil || !exp.SamePosition(b) {
				// Setup after a move (or PL): start again from here.
				h.Start, h.Moves, h.Suicide = *b, nil, false
			} else {
				h.Moves = append(h.Moves, m)
				h.Suicide = h.Suicide || suicide
			}
		}
		prev = *b
		if n >= 0 && k == n {
			found = true
			return errStop
		}
		found = n < 0
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("%s: %w: move %d asked for, the main line has fewer moves", g.coll.Name, ErrNoGame, n)
	}
	return &h, nil
}
