package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"goeval/board"
	"goeval/control"
	"goeval/rank"
	"goeval/render"
)

// newTextBoard returns how rank and values draw their text board of marks:
// plain, or with --color on the position's control map in ANSI greys (est
// evaluates pos once more for them), as goeval FILE draws it.
func newTextBoard(e *env, of *outputFlags, pos *position, est control.Estimator) (rank.TextBoard, error) {
	shade := of.shade(e)
	var ctrl []float64
	tb := rank.TextBoard{Stones: "X O: stones"}
	if pos.lastMove() != nil {
		tb.Stones += ", " + render.PlainLastLegend
	}
	if shade != render.Plain {
		var res control.Result
		if err := estimate(est, &res, pos, false); err != nil {
			return tb, fmt.Errorf("%s: %s: %w", pos.file, est.Name(), err)
		}
		ctrl = res.Control
		tb.Stones = "● stones (black and white discs)"
		if pos.lastMove() != nil {
			tb.Stones += ", " + render.ANSILastLegend
		}
		tb.Legend = "greys: the control map by " + est.Name() + ", " + render.ANSILegend
	}
	last, _ := pos.lastMoves()
	tb.Draw = func(w io.Writer, b *board.Board, width int, mark func(p board.Point) string) error {
		return render.MarkedMapLast(w, b, ctrl, shade, width, last, mark)
	}
	return tb, nil
}

// source says where pos comes from, for the writers of package rank.
func (pos *position) source() rank.Source {
	s := rank.Source{File: pos.file, Game: pos.game.Index, Games: pos.games, Variation: variationName(pos.variation), Move: pos.move, Moves: pos.moves,
		Komi: pos.game.Info.Komi, Result: pos.game.Info.Result}
	for _, w := range pos.warnings {
		s.Warnings = append(s.Warnings, w.String())
	}
	return s
}

// variationName writes a variation path as --variation takes it, "" for
// the main line.
func variationName(path []int) string {
	var parts []string
	for _, n := range path {
		parts = append(parts, strconv.Itoa(n))
	}
	return strings.Join(parts, ".")
}
