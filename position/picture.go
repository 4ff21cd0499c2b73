package position

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"goeval/board"
	"goeval/control"
	"goeval/rank"
	"goeval/render"
)

// ErrNoLabels is Picture's error for a view that the estimator cannot
// draw on a picture (it is no control.Labeler).
var ErrNoLabels = errors.New("position: no labels for a picture")

// line says which position a picture shows.
func (pos *Position) line() string {
	var sb strings.Builder
	sb.WriteString(baseName(pos.File))
	if pos.Game.Index > 1 {
		fmt.Fprintf(&sb, " (game %d)", pos.Game.Index)
	}
	fmt.Fprintf(&sb, ", move %d of %d, %s to move", pos.Move, pos.Moves, pos.Board.ToMove().Name())
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

// Picture draws res, est's evaluation of the position, as a picture of
// its control map, or with a view, the view's labels over it. It returns
// ErrNoLabels for a view of an estimator that cannot label a picture.
func (pos *Position) Picture(est control.Estimator, res *control.Result, pal render.Palette, view string) (*render.Picture, error) {
	pic := &render.Picture{Board: pos.Board, Control: res.Control, Palette: pal, Last: pos.LastMove()}
	pic.Caption = append(pic.Caption, pos.line(), estimatorCaption(est.Name(), est.Params()))
	if view != "" {
		lb, ok := est.(control.Labeler)
		if !ok {
			return nil, fmt.Errorf("%w: estimator %s cannot draw its views on a picture", ErrNoLabels, est.Name())
		}
		labels, legend, err := lb.Labels(view, pos.Board)
		if err != nil {
			return nil, err
		}
		pic.Labels = labels
		pic.Caption = append(pic.Caption, "view "+view+": "+legend)
	}
	pic.Caption = append(pic.Caption, scoreCaption(est.Name(), res.Score, pos.Game.Info.Komi))
	c, ok, err := pos.shownCount(est)
	if err != nil {
		return nil, err
	}
	if ok {
		pic.Caption = append(pic.Caption, "counted as it stands, "+scoreCaption(est.Name(), c.Area, pos.Game.Info.Komi))
	}
	if s := iterationCaption(res); s != "" {
		pic.Caption = append(pic.Caption, s)
	}
	return pic, nil
}

// TextBoard returns how rank and values draw their text board of marks:
// plain, or in shade on the position's control map in ANSI greys (est
// evaluates pos once more for them), as goeval FILE draws it.
func (pos *Position) TextBoard(est control.Estimator, shade render.Shade) (rank.TextBoard, error) {
	var ctrl []float64
	tb := rank.TextBoard{Stones: "X O: stones"}
	if pos.LastMove() != nil {
		tb.Stones += ", " + render.PlainLastLegend
	}
	if shade != render.Plain {
		var res control.Result
		if err := pos.Estimate(est, &res, false); err != nil {
			return tb, fmt.Errorf("%s: %s: %w", pos.File, est.Name(), err)
		}
		ctrl = res.Control
		tb.Stones = "● stones (black and white discs)"
		if pos.LastMove() != nil {
			tb.Stones += ", " + render.ANSILastLegend
		}
		tb.Legend = "greys: the control map by " + est.Name() + ", " + render.ANSILegend
	}
	last, _ := pos.LastMoves()
	tb.Draw = func(w io.Writer, b *board.Board, width int, mark func(p board.Point) string) error {
		return render.MarkedMapLast(w, b, ctrl, shade, width, last, mark)
	}
	return tb, nil
}

// RankPicture draws a ranking as the symmetric-estimate article's Figure 10 does: the 24 best
// moves lettered (rank.Letters), the 26 worst crossed, over the control map of the
// position (evaluated once more, from the stones, with est).
func (pos *Position) RankPicture(est control.Estimator, rk *rank.Ranking, pal render.Palette) (*render.Picture, error) {
	var res control.Result
	if err := pos.Estimate(est, &res, false); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", pos.File, est.Name(), err)
	}
	labels := make([]string, pos.Board.Geometry().N)
	mk := rank.Marks(len(rk.Moves))
	for i, m := range rk.Moves {
		if mk[i] == "×" {
			labels[m.Point] = render.Cross
		} else {
			labels[m.Point] = mk[i]
		}
	}
	g := pos.Board.Geometry()
	mover := rk.ToMove.Name()
	pic := &render.Picture{Board: pos.Board, Control: res.Control, Palette: pal, Labels: labels, Last: pos.LastMove()}
	pic.Caption = []string{
		pos.line(),
		fmt.Sprintf("%s: the best %d moves for %s %s, a first; ×: the worst 26", rank.LettersLegend, len(rank.Letters), mover, rankOrder(rk)),
		estimatorCaption(rk.Estimator, rk.Params),
		scoreCaption(rk.Estimator, res.Score, pos.Game.Info.Komi),
	}
	if len(rk.Moves) > 0 {
		best := rk.Moves[0]
		if rk.ByModel {
			pic.Caption = append(pic.Caption, fmt.Sprintf("best %s, probability %.3f, gaining %.2f over a pass; %d legal moves", g.GTP(best.Point), best.Prob, best.Gain, len(rk.Moves)))
		} else {
			pic.Caption = append(pic.Caption, fmt.Sprintf("best %s, gaining %.2f over a pass; %d legal moves", g.GTP(best.Point), best.Gain, len(rk.Moves)))
		}
	} else {
		pic.Caption = append(pic.Caption, mover+" has no legal move but pass")
	}
	return pic, nil
}

// rankOrder says how a ranking is ordered, for captions.
func rankOrder(rk *rank.Ranking) string {
	if rk.ByPolicy {
		return "by " + rk.Estimator + "'s move probabilities"
	}
	if rk.ByModel {
		return "by the move model"
	}
	return "by the one-ply score"
}

// ValuesPicture draws every empty point's miai value, as the text board
// does, over the control map of the position (evaluated once more with
// est).
func (pos *Position) ValuesPicture(est control.Estimator, vm *rank.ValueMap, pal render.Palette) (*render.Picture, error) {
	var res control.Result
	if err := pos.Estimate(est, &res, false); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", pos.File, est.Name(), err)
	}
	labels := make([]string, pos.Board.Geometry().N)
	for i := range vm.Points {
		v := &vm.Points[i]
		labels[v.Point] = v.Mark()
	}
	pic := &render.Picture{Board: pos.Board, Control: res.Control, Palette: pal, Labels: labels, Last: pos.LastMove()}
	pic.Caption = []string{
		pos.line(),
		"miai value of a play on each point (b, w: only Black, only White may play)",
		estimatorCaption(vm.Estimator, vm.Params),
		scoreCaption(vm.Estimator, res.Score, pos.Game.Info.Komi),
	}
	return pic, nil
}
