package records

import (
	"fmt"

	"goeval/board"
	"goeval/sgf"
)

// Ownership writes into dst (one value per point, reusing its memory) the
// ownership of the finished position b once the stones in dead are
// removed: every remaining stone owns its point, and every empty region is
// owned by the one colour that alone borders it (0 when both do, or none:
// dame and seki). It returns dst and the area score, the sum of dst.
func Ownership(dst []int8, b *board.Board, dead []board.Point) ([]int8, float64) {
	pos := *b
	for _, p := range dead {
		pos.Set(p, board.Empty)
	}
	return pos.Area(dst)
}

// MarkupDead returns the stones that the TB[] and TW[] properties of node
// mark dead in the position b (white stones on Black's territory, black
// stones on White's), and whether the node has any such markup at all.
func MarkupDead(node *sgf.Node, b *board.Board) (dead []board.Point, ok bool, err error) {
	for _, m := range []struct {
		id    string
		enemy board.Color
	}{{"TB", board.White}, {"TW", board.Black}} {
		prop := node.Get(m.id)
		if prop == nil {
			continue
		}
		ok = true
		for _, raw := range prop.Values {
			pts, err := sgf.ParsePointList(raw, b.Size(), nil)
			if err != nil {
				return nil, false, fmt.Errorf("%s: %s[%s]: %v", node.PropPos(m.id), m.id, raw, err)
			}
			for _, p := range pts {
				if b.At(p) == m.enemy {
					dead = append(dead, p)
				}
			}
		}
	}
	return dead, ok, nil
}
