package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"goeval/board"
	"goeval/control"
	"goeval/eval"
	"goeval/ko"
	"goeval/movemodel"
	"goeval/render"
	"goeval/sgf"
)

const evalUsage = `goeval evaluates a Go position: who controls each point, and the score.

Usage:
  goeval [flags] FILE.sgf        evaluate a position of a game record
  goeval COMMAND [flags] ...     see below

With no --move, the position at the end of the main line is evaluated.
FILE may be "-" for standard input.

The score is the estimator's estimate of how the game will end. The judge
also counts the position as it stands, as a finished game is counted under
area rules (its dead stones off, each empty region to the colour that alone
borders it): the text and pictures show that count when at most a
twentieth of the points are still open, and --format json always gives it
("count"). With --scoring territory the count is made under territory
rules instead: territory and prisoners (captures and dead stones), with the
basic kos still open on the board and the dame resolved by the Ikeda
Territory I table (goeval ikeda), assuming --ko-threats-black and
--ko-threats-white ko threats (0 unless given); the output says so, and
the JSON "count" adds "territory".

--format svg or png draws a picture, as the papers' figures do (docs/estimators.md): each point's
control as a grey square (black: Black's, white: White's; --palette redblue
for blue and red), the stones, coordinates, and under the board a legend
and the estimator, the score and the result after komi (and the count, as
above), and the iterations. A stone that the map gives to the other colour
(dead) carries a square of the other colour; one that the map gives to its
own colour by less than 0.6 (unsettled: for the judge, a death probability
from 0.2 to 0.5) a grey square; the last move's stone a ring (in text it
is drawn "(X)", on a terminal ◉); the legend shows the marks in use. With
--show, the view's numbers or symbols are drawn on the points, in black or
white with a halo, never on discs that could pass for stones. -o FILE
writes it to a file; a PNG is not written to a terminal.

Commands:
`

// position is a loaded position and where it came from.
type position struct {
	file      string
	game      *sgf.Game
	board     *board.Board
	move      int   // moves played to reach it
	moves     int   // moves in the main line
	games     int   // games in the file
	variation []int // the line followed, nil for the main line
	warnings  []sgf.Warning
}

// loadPosition reads game k of file and replays the line of variation
// (nil: the main line; see sgf.Game.SetVariation) to move n (n < 0: end).
func loadPosition(e *env, file string, k, n int, variation []int) (*position, error) {
	var c *sgf.Collection
	var err error
	if file == "" {
		return nil, usagef("the FILE.sgf argument is empty (want a file name, or - for standard input)")
	}
	if file == "-" {
		c, err = sgf.Read("<stdin>", e.stdin)
	} else {
		c, err = sgf.ReadFile(file)
	}
	if err != nil {
		return nil, err
	}
	g, err := c.Game(k)
	if err != nil {
		return nil, err
	}
	if err := g.SetVariation(variation); err != nil {
		return nil, err
	}
	// One replay gives both the position and the length of the main line.
	var at board.Board
	found := false
	sum, err := g.Replay(func(m int, b *board.Board) error {
		if n < 0 || m == n {
			at, found = *b, true
		}
		return nil
	})
	if err != nil {
		var me *sgf.MoveError
		if !(errors.As(err, &me) && found && n >= 0 && n < me.Move) {
			return nil, err
		}
		sum.Warnings = append(sum.Warnings, sgf.Warning{File: me.File, Pos: me.Pos,
			Msg: fmt.Sprintf("the main line stops at an illegal move (%v); the position asked for comes before it", me.Err)})
	}
	if !found {
		return nil, fmt.Errorf("%s: --move %d asked for, but the main line has %d moves", file, n, sum.Moves)
	}
	move := n
	if n < 0 {
		move = sum.Moves
	}
	return &position{file: file, game: g, games: c.Games(), variation: variation, board: &at, move: move, moves: sum.Moves,
		warnings: append(append([]sgf.Warning(nil), g.Warnings...), sum.Warnings...)}, nil
}

// estimate evaluates the position into res: with its record, komi and
// rules for an estimator that reads them (the network), else the board.
func estimate(est control.Estimator, res *control.Result, pos *position, territory bool) error {
	ge, ok := est.(control.GameEstimator)
	if !ok {
		return est.Estimate(res, pos.board)
	}
	g, err := pos.record(territory)
	if err != nil {
		return err
	}
	return ge.EstimateGame(res, g)
}

// record returns the record behind the position for a GameEstimator: the
// moves from the record's setup, komi and the scoring rule. A record whose
// moves cannot be replayed under rules that forbid suicide gives the
// position alone, with no history.
func (pos *position) record(territory bool) (*control.Game, error) {
	g := &control.Game{Start: pos.board, Komi: pos.game.Info.Komi, Territory: territory}
	h, err := pos.game.History(pos.move)
	if err != nil {
		return nil, err
	}
	if !h.Suicide {
		g.Start, g.Moves = &h.Start, h.Moves
	}
	return g, nil
}

// lastMove returns the point of the last move's stone on the board, for
// the pictures, or nil (no move, a pass, or a stone since taken).
func (pos *position) lastMove() *board.Point {
	last, _ := pos.lastMoves()
	if last < 0 || int(last) >= pos.board.Geometry().N || pos.board.At(last) == board.Empty {
		return nil
	}
	return &last
}

// legend is the legend of the text map of shade: the symbols, and the
// mark of the last move when it is on the board.
func (pos *position) legend(shade render.Shade) string {
	l, last := render.PlainLegend, render.PlainLastLegend
	if shade != render.Plain {
		l, last = render.ANSILegend, render.ANSILastLegend
	}
	if pos.lastMove() != nil {
		l += "   " + last
	}
	return l
}

// lastMoves returns the points of the two moves before the position (the
// last first): board.Pass for a pass, movemodel.NoMove where there was
// none or the record cannot tell (a move that is not a point).
func (pos *position) lastMoves() (last, last2 board.Point) {
	last, last2 = movemodel.NoMove, movemodel.NoMove
	moves, _, err := pos.game.Moves()
	if err != nil || pos.move > len(moves) {
		return last, last2
	}
	if pos.move >= 1 {
		last = moves[pos.move-1].Point
	}
	if pos.move >= 2 {
		last2 = moves[pos.move-2].Point
	}
	return last, last2
}

// positionFlags are --move, --game and --variation.
type positionFlags struct {
	move, game *intFlag
	variation  string
	path       []int // --variation's numbers
}

func addPositionFlags(fs *flag.FlagSet) *positionFlags {
	pf := &positionFlags{}
	pf.move = addIntFlag(fs, "move", -1, -1, "evaluate the position after this many moves; -1 means the end of the main line")
	pf.move.want = "want 0 or more"
	pf.game = addGameFlag(fs, "which game of a collection (from 1)")
	fs.StringVar(&pf.variation, "variation", "", "follow this variation instead of the main line: N.M... takes the N-th variation at the first fork, the M-th at the next, the first beyond")
	return pf
}

func (pf *positionFlags) check() error {
	if err := pf.game.check(); err != nil {
		return err
	}
	if err := pf.move.check(); err != nil {
		return err
	}
	pf.path = nil
	if pf.variation != "" {
		for _, f := range strings.Split(pf.variation, ".") {
			n, err := strconv.Atoi(f)
			if err != nil || n < 1 {
				return usagef("invalid --variation %q (want numbers from 1 joined by dots, as 2.1: the variation at each fork)", pf.variation)
			}
			pf.path = append(pf.path, n)
		}
	}
	return nil
}

func evalCommand(e *env, args []string) error {
	var usage strings.Builder
	usage.WriteString(evalUsage)
	for _, n := range commandNames() {
		c := commands[n]
		fmt.Fprintf(&usage, "  %-8s %s\n", c.name, c.summary)
	}
	usage.WriteString("\nEstimators:\n")
	for _, s := range eval.All() {
		fmt.Fprintf(&usage, "  %-16s %s\n", s.Name, s.Summary)
	}
	fs := newFlags(e, "goeval", usage.String())
	addMaxSGFFlag(fs)
	ef := addEstimatorFlags(fs, defaultEstimator)
	pf := addPositionFlags(fs)
	format := addFormatFlag(fs, "output format: text, json, svg or png (a picture of the control map; see --palette, --size, -o)", "json", "svg", "png")
	show := fs.String("show", "", "a view of the estimator's own instead of the control map (moyo: objects, pairs, d, size, regions; svg and png draw it over the map)")
	sf := addScoringFlags(fs)
	of := addOutputFlags(fs)
	showVersion := fs.Bool("version", false, "print goeval's version (the module version, or the commit it was built from) and exit")
	files, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if *showVersion {
		_, err := fmt.Fprintln(e.stdout, versionLine(version()))
		return err
	}
	if len(files) == 0 {
		return usagef("no SGF file given")
	}
	if len(files) > 1 {
		return usagef("one SGF file at a time (got %d); to measure many, use 'goeval compare'", len(files))
	}
	if err := pf.check(); err != nil {
		return err
	}
	if err := format.check(); err != nil {
		return err
	}
	pal, err := of.check(format.picture())
	if err != nil {
		return err
	}
	if err := of.refuseTerminal(e, format.v); err != nil {
		return err
	}
	if err := sf.check(); err != nil {
		return err
	}
	if sf.territory() && format.picture() {
		return usagef("--scoring territory applies to the text and json output; pictures show the area count")
	}
	newEst, err := ef.factory()
	if err != nil {
		return err
	}
	est := newEst()
	if _, ok := est.(control.Counter); sf.territory() && !ok {
		return usagef("--scoring territory: estimator %s does not count positions (the judges do)", est.Name())
	}
	if *show != "" {
		v, ok := est.(control.Viewer)
		if !ok {
			return usagef("--show: estimator %s has no views of its own", est.Name())
		}
		if !slices.Contains(v.Views(), *show) {
			return usagef("invalid --show %q for %s (want %s)", *show, est.Name(), strings.Join(v.Views(), ", "))
		}
	}
	if err := of.checkInputs(files[0]); err != nil {
		return err
	}
	pos, err := loadPosition(e, files[0], pf.game.n, pf.move.n, pf.path)
	if err != nil {
		return err
	}
	if format.v != "json" {
		for _, w := range pos.warnings {
			fmt.Fprintf(e.stderr, "goeval: %s\n", w)
		}
	}
	var res control.Result
	if err := estimate(est, &res, pos, sf.territory()); err != nil {
		return fmt.Errorf("%s: %s: %w", pos.file, est.Name(), err)
	}
	switch {
	case format.v == "json":
		return of.write(e, func(w io.Writer) error { return writeJSON(w, pos, est, &res, sf) })
	case format.picture():
		pic, err := evalPicture(pos, est, &res, pal, *show)
		if err != nil {
			return err
		}
		return of.writePicture(e, format.v, pic)
	case *show != "":
		return of.write(e, func(w io.Writer) error {
			header(w, pos)
			return est.(control.Viewer).View(w, *show, pos.board)
		})
	}
	return of.write(e, func(w io.Writer) error { return writeText(w, pos, est, &res, of.shade(e), sf) })
}

// header writes the line that says which position this is.
func header(w io.Writer, pos *position) {
	fmt.Fprintln(w, pos.source().Header(pos.board.ToMove()))
}

// margin formats a Black-positive score for people, with one decimal, as
// every command does (control.Margin): "B+3.2", "W+0.5", "0".
func margin(s float64) string { return control.Margin(s, 1) }

func writeText(w io.Writer, pos *position, est control.Estimator, res *control.Result, shade render.Shade, sf *scoringFlags) error {
	header(w, pos)
	last, _ := pos.lastMoves()
	if err := render.ControlMapLast(w, pos.board, res.Control, shade, last); err != nil {
		return err
	}
	fmt.Fprintln(w, pos.legend(shade))
	fmt.Fprintf(w, "\nestimator %s", est.Name())
	if ps := est.Params(); len(ps) > 0 {
		fmt.Fprintf(w, " (%s)", control.FormatParams(ps))
	}
	if _, file := eval.JudgeParams(); file != "" && est.Name() == defaultEstimator {
		fmt.Fprintf(w, ", parameters from %s", file)
	}
	fmt.Fprintln(w)
	if res.Iterative {
		if res.Converged {
			fmt.Fprintf(w, "%d iterations, converged\n", res.Iterations)
		} else {
			fmt.Fprintf(w, "%d iterations: the iteration cap was reached before convergence\n", res.Iterations)
		}
	}
	komi := pos.game.Info.Komi
	fmt.Fprintln(w, scoreCaption(est.Name(), res.Score, komi))
	if sum := mapSum(res); math.Abs(sum-res.Score) > 0.05 {
		fmt.Fprintf(w, "(the map itself sums to %s; the estimator weighs it against what the map cannot see)\n", margin(sum))
	}
	p, ok, err := winProbability(pos, est)
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
	c, ok, err := shownCount(pos, est)
	if err != nil {
		return err
	}
	if ok && sf.territory() {
		tc, err := sf.countTerritory(pos, c)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "counted as it stands, %s\n%s\n", scoreCaption(est.Name(), float64(tc.Score), komi), tc.Text(pos.board))
	} else if ok {
		fmt.Fprintf(w, "counted as it stands, %s\n", scoreCaption(est.Name(), c.Area, komi))
		fmt.Fprint(w, "(area rules: the stones judged dead off, each empty region to the colour that alone borders it")
		if c.Open > 0 {
			fmt.Fprintf(w, "; %d points still open, for neither", c.Open)
		}
		fmt.Fprintln(w, ")")
	}
	if n, ok := est.(control.Noter); ok {
		notes, err := n.Notes(pos.board)
		if err != nil {
			return fmt.Errorf("%s: %s: %w", pos.file, est.Name(), err)
		}
		for _, line := range notes {
			fmt.Fprintln(w, line)
		}
	}
	return nil
}

// winProbability returns the probability that Black wins the position,
// if the estimator gives one (control.WinPredictor).
func winProbability(pos *position, est control.Estimator) (float64, bool, error) {
	wp, ok := est.(control.WinPredictor)
	if !ok {
		return 0, false, nil
	}
	p, ok, err := wp.WinProbability(pos.board, pos.game.Info.Komi)
	if err != nil {
		return 0, false, fmt.Errorf("%s: %s: %w", pos.file, est.Name(), err)
	}
	return p, ok, nil
}

// countOf returns the position counted as a finished game, if the
// estimator counts (control.Counter).
func countOf(pos *position, est control.Estimator) (control.Count, bool, error) {
	c, ok := est.(control.Counter)
	if !ok {
		return control.Count{}, false, nil
	}
	cnt, err := c.Count(pos.board)
	if err != nil {
		return control.Count{}, false, fmt.Errorf("%s: %s: %w", pos.file, est.Name(), err)
	}
	return cnt, true, nil
}

// shownCount returns the count that the text and pictures show: the
// estimator's count (countOf) when at most a twentieth of the points are
// still open, the position being then all but finished.
func shownCount(pos *position, est control.Estimator) (control.Count, bool, error) {
	c, ok, err := countOf(pos, est)
	if err != nil || !ok || c.Open > len(pos.board.Cells())/20 {
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

func writeJSON(w io.Writer, pos *position, est control.Estimator, res *control.Result, sf *scoringFlags) error {
	n := pos.board.Geometry().N
	j := jsonPosition{
		File: pos.file, Move: pos.move, Moves: pos.moves, Size: pos.board.Size(),
		ToMove: pos.board.ToMove().String(), Komi: pos.game.Info.Komi,
		Stones: make([]int, n), Estimator: est.Name(), Params: map[string]float64{},
		Control: res.Control, Score: res.Score, Result: res.Score - pos.game.Info.Komi, MapSum: mapSum(res),
	}
	if pos.game.Index > 1 || pos.games > 1 {
		j.Game = pos.game.Index
	}
	if pos.games > 1 {
		j.Games = pos.games
	}
	j.Variation = variationName(pos.variation)
	for p, c := range pos.board.Cells() {
		j.Stones[p] = int(c)
	}
	for _, p := range est.Params() {
		j.Params[p.Name] = p.Value
	}
	if res.Iterative {
		j.Iterations, j.Converged = &res.Iterations, &res.Converged
	}
	p, ok, err := winProbability(pos, est)
	if err != nil {
		return err
	}
	if ok {
		j.WinProbability = &p
	}
	c, ok, err := countOf(pos, est)
	if err != nil {
		return err
	}
	if ok {
		j.Count = &jsonCount{Area: c.Area, Result: c.Area - pos.game.Info.Komi, Open: c.Open, Scoring: sf.scoring.v}
		if sf.territory() {
			tc, err := sf.countTerritory(pos, c)
			if err != nil {
				return err
			}
			j.Count.Territory = tc.Report(pos.board)
			j.Count.Result = float64(tc.Score) - pos.game.Info.Komi
		}
	}
	for _, wn := range pos.warnings {
		j.Warnings = append(j.Warnings, wn.String())
	}
	obj, err := json.Marshal(j)
	if err != nil {
		return err
	}
	if r, ok := est.(control.Reporter); ok {
		fields, err := r.Report(pos.board)
		if err != nil {
			return fmt.Errorf("%s: %s: %w", pos.file, est.Name(), err)
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
