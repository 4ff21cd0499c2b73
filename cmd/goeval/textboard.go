package main

import (
	"fmt"

	"goeval/control"
	"goeval/render"
)

// textBoard is how a command draws its text board of marks (rank's
// letters, values' numbers): plain, or with --color on the position's
// control map in ANSI greys, as goeval FILE draws it.
type textBoard struct {
	shade   render.Shade
	control []float64 // for ANSI
	legend  string    // what the greys are, for ANSI; "" for Plain
}

// newTextBoard evaluates pos once more with est for the greys, when --color
// asks for them.
func newTextBoard(e *env, of *outputFlags, pos *position, est control.Estimator) (textBoard, error) {
	tb := textBoard{shade: of.shade(e)}
	if tb.shade == render.Plain {
		return tb, nil
	}
	var res control.Result
	if err := est.Estimate(&res, pos.board); err != nil {
		return tb, fmt.Errorf("%s: %s: %w", pos.file, est.Name(), err)
	}
	tb.control = res.Control
	tb.legend = "greys: the control map by " + est.Name() + ", " + render.ANSILegend
	return tb, nil
}

// stones is what the stones are on the board, for its legend.
func (tb textBoard) stones() string {
	if tb.shade == render.ANSI {
		return "● stones (black and white discs)"
	}
	return "X O: stones"
}
