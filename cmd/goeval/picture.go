package main

import (
	"fmt"
	"strings"

	"goeval/control"
	"goeval/render"
)

// positionLine says which position a picture shows.
func positionLine(pos *position) string {
	var sb strings.Builder
	sb.WriteString(baseName(pos.file))
	if pos.game.Index > 1 {
		fmt.Fprintf(&sb, " (game %d)", pos.game.Index)
	}
	fmt.Fprintf(&sb, ", move %d of %d, %s to move", pos.move, pos.moves, pos.board.ToMove().Name())
	return sb.String()
}

func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}

// estimatorCaption names an estimator and its parameters.
func estimatorCaption(name string, ps []control.Param) string {
	if len(ps) == 0 {
		return name
	}
	return name + " (" + control.FormatParams(ps) + ")"
}

// scoreCaption gives the score and the result after komi, with the
// estimator that made it: goeval's commands score by different estimators
// by default (the judge, or λ/κ for rank and values).
func scoreCaption(estimator string, score, komi float64) string {
	return fmt.Sprintf("score by %s: %s on the board, %s after komi %g", estimator, margin(score), margin(score-komi), komi)
}

// iterationCaption says how an iterative estimate ended, "" for others.
func iterationCaption(res *control.Result) string {
	switch {
	case !res.Iterative:
		return ""
	case res.Converged:
		return fmt.Sprintf("%d iterations, converged", res.Iterations)
	}
	return fmt.Sprintf("%d iterations: the cap was reached before convergence", res.Iterations)
}

// evalPicture draws the control map of an evaluated position, or with a
// view, the view's labels over it.
func evalPicture(pos *position, est control.Estimator, res *control.Result, pal render.Palette, view string) (*render.Picture, error) {
	pic := &render.Picture{Board: pos.board, Control: res.Control, Palette: pal, Last: pos.lastMove()}
	pic.Caption = append(pic.Caption, positionLine(pos), estimatorCaption(est.Name(), est.Params()))
	if view != "" {
		lb, ok := est.(control.Labeler)
		if !ok {
			return nil, usagef("--show with --format svg or png: estimator %s cannot draw its views on a picture", est.Name())
		}
		labels, legend, err := lb.Labels(view, pos.board)
		if err != nil {
			return nil, err
		}
		pic.Labels = labels
		pic.Caption = append(pic.Caption, "view "+view+": "+legend)
	}
	pic.Caption = append(pic.Caption, scoreCaption(est.Name(), res.Score, pos.game.Info.Komi))
	c, ok, err := shownCount(pos, est)
	if err != nil {
		return nil, err
	}
	if ok {
		pic.Caption = append(pic.Caption, "counted as it stands, "+scoreCaption(est.Name(), c.Area, pos.game.Info.Komi))
	}
	if s := iterationCaption(res); s != "" {
		pic.Caption = append(pic.Caption, s)
	}
	return pic, nil
}
