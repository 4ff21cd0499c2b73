package peer

import (
	"fmt"
	"strconv"
	"strings"

	"goeval/board"
)

// Suggest asks the engine which moves it would play for c in the position
// on its board, best first: its "top_moves_black" or "top_moves_white"
// (GnuGo's ranked list of moves with their values) when it knows the
// command, else "genmove" followed by "undo", a list of one move
// (board.Pass for a pass, none for a resignation). b is the position, to
// read vertices with. With genmove set it uses genmove even where
// top_moves is known.
func (e *Evaluator) Suggest(c board.Color, b *board.Board, genmove bool) ([]board.Point, error) {
	cmd := "top_moves_white"
	if c == board.Black {
		cmd = "top_moves_black"
	}
	if !genmove {
		if e.topMoves == 0 {
			e.topMoves = 2
			if e.c.Known(cmd) {
				e.topMoves = 1
			}
		}
		genmove = e.topMoves == 2
	}
	if !genmove {
		a, err := e.c.Send(cmd)
		if err != nil {
			return nil, err
		}
		return ParseMoves(a, b.Geometry())
	}
	a, err := e.c.Send("genmove " + c.String())
	if err != nil {
		return nil, err
	}
	if strings.EqualFold(strings.TrimSpace(a), "resign") {
		if _, err := e.c.Send("undo"); err != nil {
			e.valid = false
		}
		return nil, nil
	}
	moves, err := ParseMoves(a, b.Geometry())
	if err != nil {
		return nil, err
	}
	if len(moves) != 1 {
		return nil, fmt.Errorf("%w: genmove gave %q", ErrAnswer, a)
	}
	if _, err := e.c.Send("undo"); err != nil {
		// The engine's board now holds the move: replay from scratch next.
		e.valid = false
	}
	return moves, nil
}

// ParseMoves reads a list of GTP vertices, each optionally followed by a
// number (its value, ignored), as top_moves and genmove answer: "Q4 75.01
// C6 74.05", "pass". Pass is board.Pass.
func ParseMoves(a string, g *board.Geometry) ([]board.Point, error) {
	var out []board.Point
	for _, f := range strings.Fields(a) {
		if _, err := strconv.ParseFloat(f, 64); err == nil {
			continue
		}
		if strings.EqualFold(f, "pass") {
			out = append(out, board.Pass)
			continue
		}
		p, err := g.ParseGTP(f)
		if err != nil {
			return nil, fmt.Errorf("%w: move list %q: %v", ErrAnswer, a, err)
		}
		out = append(out, p)
	}
	return out, nil
}
