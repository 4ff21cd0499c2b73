package position

import (
	"encoding/json"
	"fmt"
	"io"
	"math"

	"goeval/control"
	"goeval/ko"
	"goeval/render"
)

// margin formats a Black-positive score for people, with one decimal, as
// every command does (control.Margin): "B+3.2", "W+0.5", "0".
func margin(s float64) string { return control.Margin(s, 1) }

// Options say how WriteText and WriteJSON report an evaluation.
type Options struct {
	// Shade is the text's: plain or ANSI greys.
	Shade render.Shade
	// ParamsFile, when not "", is the file the judge's parameters came
	// from, which the text names after the estimator.
	ParamsFile string
	// Territory counts the position under territory rules from the
	// estimator's area count; nil counts under area rules.
	Territory func(control.Count) (*ko.Count, error)
}

// WriteText writes res, est's evaluation of the position, for people:
// the position's line, the control map and its legend, the estimator, the
// score, the win probability and the count when the estimator gives them,
// and its notes.
func (pos *Position) WriteText(w io.Writer, est control.Estimator, res *control.Result, opt Options) error {
	shade := opt.Shade
	pos.header(w)
	last, _ := pos.LastMoves()
	if err := render.ControlMapLast(w, pos.Board, res.Control, shade, last); err != nil {
		return err
	}
	fmt.Fprintln(w, pos.legend(shade))
	fmt.Fprintf(w, "\nestimator %s", est.Name())
	if ps := est.Params(); len(ps) > 0 {
		fmt.Fprintf(w, " (%s)", control.FormatParams(ps))
	}
	if opt.ParamsFile != "" {
		fmt.Fprintf(w, ", parameters from %s", opt.ParamsFile)
	}
	fmt.Fprintln(w)
	if res.Iterative {
		if res.Converged {
			fmt.Fprintf(w, "%d iterations, converged\n", res.Iterations)
		} else {
			fmt.Fprintf(w, "%d iterations: the iteration cap was reached before convergence\n", res.Iterations)
		}
	}
	komi := pos.Game.Info.Komi
	fmt.Fprintln(w, scoreCaption(est.Name(), res.Score, komi))
	if sum := mapSum(res); math.Abs(sum-res.Score) > 0.05 {
		fmt.Fprintf(w, "(the map itself sums to %s; the estimator weighs it against what the map cannot see)\n", margin(sum))
	}
	p, ok, err := pos.winProbability(est)
	if err != nil {
		return err
	}
	if ok {
		src := "the judge's win model, fitted to the winners of its training games"
		if d, ok := est.(interface{ WinSource() string }); ok {
			src = d.WinSource()
		}
		fmt.Fprintf(w, "win probability: Black %.2f, White %.2f (%s)\n", p, 1-p, src)
	}
	c, ok, err := pos.shownCount(est)
	if err != nil {
		return err
	}
	if ok && opt.Territory != nil {
		tc, err := opt.Territory(c)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "counted as it stands, %s\n%s\n", scoreCaption(est.Name(), float64(tc.Score), komi), tc.Text(pos.Board))
	} else if ok {
		fmt.Fprintf(w, "counted as it stands, %s\n", scoreCaption(est.Name(), c.Area, komi))
		fmt.Fprint(w, "(area rules: the stones judged dead off, each empty region to the colour that alone borders it")
		if c.Open > 0 {
			fmt.Fprintf(w, "; %d points still open, for neither", c.Open)
		}
		fmt.Fprintln(w, ")")
	}
	if n, ok := est.(control.Noter); ok {
		notes, err := n.Notes(pos.Board)
		if err != nil {
			return fmt.Errorf("%s: %s: %w", pos.File, est.Name(), err)
		}
		for _, line := range notes {
			fmt.Fprintln(w, line)
		}
	}
	return nil
}

// winProbability returns the probability that Black wins the position,
// if the estimator gives one (control.WinPredictor).
func (pos *Position) winProbability(est control.Estimator) (float64, bool, error) {
	wp, ok := est.(control.WinPredictor)
	if !ok {
		return 0, false, nil
	}
	p, ok, err := wp.WinProbability(pos.Board, pos.Game.Info.Komi)
	if err != nil {
		return 0, false, fmt.Errorf("%s: %s: %w", pos.File, est.Name(), err)
	}
	return p, ok, nil
}

// countOf returns the position counted as a finished game, if the
// estimator counts (control.Counter).
func (pos *Position) countOf(est control.Estimator) (control.Count, bool, error) {
	c, ok := est.(control.Counter)
	if !ok {
		return control.Count{}, false, nil
	}
	cnt, err := c.Count(pos.Board)
	if err != nil {
		return control.Count{}, false, fmt.Errorf("%s: %s: %w", pos.File, est.Name(), err)
	}
	return cnt, true, nil
}

// shownCount returns the count that the text and pictures show: the
// estimator's count (countOf) when at most a twentieth of the points are
// still open, the position being then all but finished.
func (pos *Position) shownCount(est control.Estimator) (control.Count, bool, error) {
	c, ok, err := pos.countOf(est)
	if err != nil || !ok || c.Open > len(pos.Board.Cells())/20 {
		return control.Count{}, false, err
	}
	return c, true, nil
}

// mapSum returns the sum of the control map, which is the score for every
// estimator but the judge.
func mapSum(res *control.Result) float64 {
	s := 0.0
	for _, v := range res.Control {
		s += v
	}
	return s
}

// jsonPosition is the JSON contract of docs/estimators.md §7. Fields may be added,
// never renamed.
type jsonPosition struct {
	File       string             `json:"file"`
	Game       int                `json:"game,omitempty"`
	Games      int                `json:"games,omitempty"`
	Variation  string             `json:"variation,omitempty"`
	Move       int                `json:"move"`
	Moves      int                `json:"moves"`
	Size       int                `json:"size"`
	ToMove     string             `json:"to_move"`
	Komi       float64            `json:"komi"`
	Stones     []int              `json:"stones"`
	Estimator  string             `json:"estimator"`
	Params     map[string]float64 `json:"params"`
	Control    []float64          `json:"control"`
	Score      float64            `json:"score"`
	MapSum     float64            `json:"map_sum"`
	Result     float64            `json:"result"`
	Iterations *int               `json:"iterations,omitempty"`
	Converged  *bool              `json:"converged,omitempty"`
	// WinProbability is the probability that Black wins, from an
	// estimator that gives one (the judge).
	WinProbability *float64 `json:"win_probability,omitempty"`
	// Count is the position counted as it stands, from an estimator that
	// counts (the judge; control.Counter).
	Count    *jsonCount `json:"count,omitempty"`
	Warnings []string   `json:"warnings,omitempty"`
}

// jsonCount is control.Count in JSON: the area count before and after
// komi and the open points (the stones it takes off and leaves in seki are
// the judge's "dead" and "seki").
type jsonCount struct {
	Area   float64 `json:"area"`
	Result float64 `json:"result"`
	Open   int     `json:"open"`
	// Scoring is "area" or "territory" (--scoring). Under territory
	// scoring Result is Territory.Score less komi.
	Scoring   string        `json:"scoring"`
	Territory *ko.CountJSON `json:"territory,omitempty"`
}

// WriteJSON writes res, est's evaluation of the position, as one JSON
// object (docs/estimators.md §7), and the fields of a control.Reporter.
func (pos *Position) WriteJSON(w io.Writer, est control.Estimator, res *control.Result, opt Options) error {
	n := pos.Board.Geometry().N
	j := jsonPosition{
		File: pos.File, Move: pos.Move, Moves: pos.Moves, Size: pos.Board.Size(),
		ToMove: pos.Board.ToMove().String(), Komi: pos.Game.Info.Komi,
		Stones: make([]int, n), Estimator: est.Name(), Params: map[string]float64{},
		Control: res.Control, Score: res.Score, Result: res.Score - pos.Game.Info.Komi, MapSum: mapSum(res),
	}
	if pos.Game.Index > 1 || pos.Games > 1 {
		j.Game = pos.Game.Index
	}
	if pos.Games > 1 {
		j.Games = pos.Games
	}
	j.Variation = VariationName(pos.Variation)
	for p, c := range pos.Board.Cells() {
		j.Stones[p] = int(c)
	}
	for _, p := range est.Params() {
		j.Params[p.Name] = p.Value
	}
	if res.Iterative {
		j.Iterations, j.Converged = &res.Iterations, &res.Converged
	}
	p, ok, err := pos.winProbability(est)
	if err != nil {
		return err
	}
	if ok {
		j.WinProbability = &p
	}
	c, ok, err := pos.countOf(est)
	if err != nil {
		return err
	}
	if ok {
		j.Count = &jsonCount{Area: c.Area, Result: c.Area - pos.Game.Info.Komi, Open: c.Open, Scoring: "area"}
		if opt.Territory != nil {
			j.Count.Scoring = "territory"
			tc, err := opt.Territory(c)
			if err != nil {
				return err
			}
			j.Count.Territory = tc.Report(pos.Board)
			j.Count.Result = float64(tc.Score) - pos.Game.Info.Komi
		}
	}
	for _, wn := range pos.Warnings {
		j.Warnings = append(j.Warnings, wn.String())
	}
	obj, err := json.Marshal(j)
	if err != nil {
		return err
	}
	if r, ok := est.(control.Reporter); ok {
		fields, err := r.Report(pos.Board)
		if err != nil {
			return fmt.Errorf("%s: %s: %w", pos.File, est.Name(), err)
		}
		if obj, err = appendFields(obj, fields); err != nil {
			return err
		}
	}
	obj = append(obj, '\n')
	_, err = w.Write(obj)
	return err
}

// appendFields adds extra fields to the end of a JSON object.
func appendFields(obj []byte, fields []control.Field) ([]byte, error) {
	obj = obj[:len(obj)-1] // drop '}'
	for _, f := range fields {
		k, err := json.Marshal(f.Key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(f.Value)
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", f.Key, err)
		}
		obj = append(obj, ',')
		obj = append(obj, k...)
		obj = append(obj, ':')
		obj = append(obj, v...)
	}
	return append(obj, '}'), nil
}

// WriteView writes the position's line and v's view of the position
// (control.Viewer.View).
func (pos *Position) WriteView(w io.Writer, v control.Viewer, view string) error {
	pos.header(w)
	return v.View(w, view, pos.Board)
}
