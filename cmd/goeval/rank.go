package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strings"

	"goeval/board"
	"goeval/control"
	"goeval/rank"
	"goeval/render"
)

func init() {
	register(&command{name: "rank", args: "FILE.sgf", summary: "rank every legal move by the move model, or one ply deep (docs/estimators.md §4)", run: rankCommand})
}

const rankUsage = `goeval rank ranks every legal move of the side to move. By default
(--by model) it orders them by the move model: the probability that a strong
player chooses each move, from patterns, tactics and the judge's map, fitted
to professional games (package movemodel; docs/moves.md). With --by eval it
ranks them one ply deep, as the symmetric-estimate article's Figure 10 does
(docs/estimators.md §4): it plays each on a copy of the board, evaluates the
position after it and sorts the moves by the score from the mover's point of
view, best first. Occupied points, suicides and the recapture of a ko are not
candidates. The one-ply estimator is λ/κ (lambda-kappa) unless --estimator
says otherwise, where goeval FILE scores by the judge: every score names its
estimator.

Usage:
  goeval rank [flags] FILE.sgf

The board shows the 26 best moves as the letters a..z (a is the best) and the
26 worst as crosses (×). --format svg or png draws that board as a picture
over the position's control map, as that figure does. The table gives for
each move its probability by the model (--by model; "pass" says how likely a
pass is), the score after it by the one-ply estimator (--estimator; on the
board, Black positive, before komi), the gain over passing (the score after
the move minus the score after a pass, from the mover's point of view) and,
for the --top best moves, the miai value: half the difference between Black
and White playing the point (docs/estimators.md §4). With an estimator that
gives a win probability (--estimator judge), a column "win" gives the
mover's chance of winning after each move (JSON: win_probability, Black's).
The text table lists the lettered, --top and crossed moves; --format json
lists them all.

With an iterative estimator, each move's evaluation starts from the
solution of the position itself (a warm start): about 2.5 times fewer
iterations, landing on the same fixed point but not on the same digits as
evaluating the position after the move alone (within 1.4 points with the
default estimator at its default tolerance); --cold gives those.

With no --move, the position at the end of the main line is ranked.
FILE may be "-" for standard input.
`

// playFlags are the flags that rank and values share.
type playFlags struct {
	ef      *estimatorFlags
	by      *string
	model   *modelFlag
	pf      *positionFlags
	top     *int
	workers *int
	cold    *bool
	format  *string
	out     *outputFlags
}

func addPlayFlags(fs *flag.FlagSet, topUsage string) *playFlags {
	return &playFlags{
		ef:      addEstimatorFlags(fs, mapEstimator),
		pf:      addPositionFlags(fs),
		top:     fs.Int("top", rank.DefaultTop, topUsage),
		workers: fs.Int("workers", 0, "number of parallel workers (0: one per CPU, GOMAXPROCS)"),
		cold:    fs.Bool("cold", false, "start every evaluation from the stones, not from the position's solution (iterative estimators: slower, the same as evaluating each position alone)"),
		format:  fs.String("format", "text", "output format: text, json, svg or png (a picture of the board; see --palette, --size, -o)"),
		out:     addOutputFlags(fs),
	}
}

// load parses the arguments, checks the flags and loads the position.
func (f *playFlags) load(e *env, fs *flag.FlagSet, args []string) (*position, func() control.Estimator, error) {
	files, err := parseArgs(fs, args)
	if err != nil {
		return nil, nil, err
	}
	if len(files) == 0 {
		return nil, nil, usagef("no SGF file given")
	}
	if len(files) > 1 {
		return nil, nil, usagef("one SGF file at a time (got %d)", len(files))
	}
	if err := f.pf.check(); err != nil {
		return nil, nil, err
	}
	if *f.format != "text" && *f.format != "json" && !isPicture(*f.format) {
		return nil, nil, usagef("invalid --format %q (want text, json, svg, png)", *f.format)
	}
	if _, err := f.out.check(*f.format); err != nil {
		return nil, nil, err
	}
	if err := f.out.refuseTerminal(e, *f.format); err != nil {
		return nil, nil, err
	}
	if *f.top < 0 {
		return nil, nil, usagef("invalid --top %d (want 0 or more)", *f.top)
	}
	if *f.workers < 0 {
		return nil, nil, usagef("invalid --workers %d (want 1 or more, or 0 for one per CPU)", *f.workers)
	}
	newEst, err := f.ef.factory()
	if err != nil {
		return nil, nil, err
	}
	pos, err := loadPosition(e, files[0], f.pf.game, f.pf.move)
	if err != nil {
		return nil, nil, err
	}
	if *f.format != "json" {
		for _, w := range pos.warnings {
			fmt.Fprintf(e.stderr, "goeval: %s\n", w)
		}
	}
	return pos, newEst, nil
}

// interruptible returns a context that an interrupt (Ctrl-C) cancels.
func interruptible() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

// workError turns an error of the rank package into one for people.
func workError(pos *position, err error) error {
	if errors.Is(err, context.Canceled) {
		return errors.New("interrupted")
	}
	return fmt.Errorf("%s: %w", pos.file, err)
}

func rankCommand(e *env, args []string) error {
	fs := newFlags(e, "goeval rank", rankUsage)
	f := addPlayFlags(fs, "compute the miai value of this many of the best moves")
	f.by = fs.String("by", "model", "order of the moves: model (the move model's probability) or eval (the one-ply score by --estimator, the seed's ranking)")
	f.model = addModelFlag(fs)
	pos, newEst, err := f.load(e, fs, args)
	if err != nil {
		return err
	}
	if *f.by != "model" && *f.by != "eval" {
		return usagef("invalid --by %q (want model, eval)", *f.by)
	}
	if *f.by == "eval" && f.model.path != "" {
		return usagef("--model orders the moves by the model: it does not go with --by eval")
	}
	top := *f.top
	if top == 0 {
		top = -1 // rank.Settings: negative means none
	}
	s := rank.Settings{Workers: *f.workers, Top: top, Cold: *f.cold, Win: true, Komi: pos.game.Info.Komi}
	var r *rank.Ranker
	if *f.by == "model" {
		m, err := f.model.load()
		if err != nil {
			return err
		}
		if r, err = modelRanker(m, newEst, s); err != nil {
			return err
		}
	} else {
		r = rank.New(newEst, s)
	}
	last, last2 := pos.lastMoves()
	ctx, stop := interruptible()
	defer stop()
	rk, err := r.RankAfter(ctx, pos.board, last, last2)
	if err != nil {
		return workError(pos, err)
	}
	switch *f.format {
	case "json":
		return f.out.write(e, func(w io.Writer) error { return writeRankJSON(w, pos, rk, *f.top) })
	case "svg", "png":
		pic, err := rankPicture(pos, newEst(), rk, f.palette())
		if err != nil {
			return err
		}
		return f.out.writePicture(e, *f.format, pic)
	}
	tb, err := newTextBoard(e, f.out, pos, newEst())
	if err != nil {
		return err
	}
	return f.out.write(e, func(w io.Writer) error { return writeRankText(w, pos, rk, *f.top, tb) })
}

// palette returns the checked --palette.
func (f *playFlags) palette() render.Palette {
	p, _ := render.ParsePalette(f.out.palette) // checked by load
	return p
}

// rankPicture draws a ranking as the symmetric-estimate article's Figure 10 does: the 26 best
// moves lettered a..z, the 26 worst crossed, over the control map of the
// position (evaluated once more, from the stones, with est).
func rankPicture(pos *position, est control.Estimator, rk *rank.Ranking, pal render.Palette) (*render.Picture, error) {
	var res control.Result
	if err := est.Estimate(&res, pos.board); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", pos.file, est.Name(), err)
	}
	labels := make([]string, pos.board.Geometry().N)
	mk := marks(len(rk.Moves))
	for i, m := range rk.Moves {
		if mk[i] == "×" {
			labels[m.Point] = render.Cross
		} else {
			labels[m.Point] = mk[i]
		}
	}
	g := pos.board.Geometry()
	mover := rk.ToMove.Name()
	pic := &render.Picture{Board: pos.board, Control: res.Control, Palette: pal, Labels: labels}
	pic.Caption = []string{
		positionLine(pos),
		"a..z: the best 26 moves for " + mover + ", a first; ×: the worst 26",
		estimatorCaption(rk.Estimator, rk.Params),
		scoreCaption(rk.Estimator, res.Score, pos.game.Info.Komi),
	}
	if len(rk.Moves) > 0 {
		best := rk.Moves[0]
		pic.Caption = append(pic.Caption, fmt.Sprintf("best %s, gaining %.2f over a pass; %d legal moves", g.GTP(best.Point), best.Gain, len(rk.Moves)))
	} else {
		pic.Caption = append(pic.Caption, mover+" has no legal move but pass")
	}
	return pic, nil
}

// marks returns the board mark of each ranked move: a..z for the best 26,
// × for the worst 26 that are not lettered (a cross, as the article's Figure
// 10 draws them; not the letter x, which is the 24th best), "" for the others.
func marks(n int) []string {
	out := make([]string, n)
	for i := range n {
		switch {
		case i < 26:
			out[i] = string(rune('a' + i))
		case i >= n-26:
			out[i] = "×"
		}
	}
	return out
}

// signed formats a Black-positive score for a table: "B+3.25", "W+0.50",
// "0.00".
func signed(s float64) string {
	r := fmt.Sprintf("%.2f", math.Abs(s))
	switch {
	case r == "0.00":
		return r
	case s > 0:
		return "B+" + r
	}
	return "W+" + r
}

// estimatorLine writes the estimator and its parameters.
func estimatorLine(w io.Writer, name string, ps []control.Param) {
	fmt.Fprintf(w, "estimator %s", name)
	if len(ps) > 0 {
		fmt.Fprintf(w, " (%s)", formatParams(ps))
	}
	fmt.Fprintln(w)
}

// statsLine writes how much work was done.
func statsLine(w io.Writer, s rank.Stats) {
	fmt.Fprintf(w, "%d evaluations", s.Evaluations)
	if s.Iterations > 0 {
		start := "each from the stones"
		if s.Warm {
			start = "warm-started from the position's solution"
		}
		fmt.Fprintf(w, ", %d iterations, %s", s.Iterations, start)
	}
	if s.NotConverged > 0 {
		fmt.Fprintf(w, "; %d did not converge within the iteration cap", s.NotConverged)
	}
	fmt.Fprintln(w)
}

func writeRankText(w io.Writer, pos *position, rk *rank.Ranking, top int, tb textBoard) error {
	header(w, pos)
	estimatorLine(w, rk.Estimator, rk.Params)
	g := pos.board.Geometry()
	n := len(rk.Moves)
	mk := marks(n)
	markAt := map[board.Point]string{}
	for i, m := range rk.Moves {
		if mk[i] != "" {
			markAt[m.Point] = mk[i]
		}
	}
	var sb strings.Builder
	render.MarkedMap(&sb, pos.board, tb.control, tb.shade, 2, func(p board.Point) string { return markAt[p] })
	mover := rk.ToMove.Name()
	order := "by the one-ply score"
	if rk.ByModel {
		order = "by the move model"
	}
	// One meaning per symbol on this board, said under it: x and o are
	// moves here, not the dead stones of goeval FILE's map.
	fmt.Fprint(&sb, tb.stones(), "; a..z: the best 26 moves for ", mover, " ", order, ", a first (x and o among them); ×: the worst 26\n")
	if tb.legend != "" {
		fmt.Fprintln(&sb, tb.legend)
	}
	if rk.ByModel {
		fmt.Fprintf(&sb, "prob: the move model's probability of the move (of a pass: %.3f)\n", rk.PassProb)
	}
	fmt.Fprintf(&sb, "score now by %s: %s on the board (the score after a pass by %s)\n", rk.Estimator, signed(rk.Pass.Score), mover)
	win := rk.Pass.HasWin
	if win {
		fmt.Fprintf(&sb, "win: %s's chance of winning after the move (now, after a pass: %.2f)\n", mover, rk.Pass.WinFor(rk.ToMove))
	}
	sb.WriteByte('\n')
	if n == 0 {
		fmt.Fprintf(&sb, "%s has no legal move but pass.\n", mover)
		_, err := io.WriteString(w, sb.String())
		return err
	}
	winHead := ""
	if win {
		winHead = fmt.Sprintf(" %5s", "win")
	}
	probHead := ""
	if rk.ByModel {
		probHead = fmt.Sprintf(" %6s", "prob")
	}
	fmt.Fprintf(&sb, "%5s %-2s %-4s%s %9s %7s%s %7s\n", "rank", "", "move", probHead, "score", "gain", winHead, "miai")
	listed := max(26, top)
	for i, m := range rk.Moves {
		if i == listed && n-26 > listed {
			fmt.Fprintf(&sb, "%12s... %d more moves ...\n", "", n-26-listed)
		}
		if i >= listed && i < n-26 {
			continue
		}
		miai := ""
		note := ""
		if v := m.Value; v != nil {
			if v.HasMiai() {
				miai = fmt.Sprintf("%.2f", v.Miai)
			} else {
				miai, note = "-", "  "+v.Note()
			}
		}
		winCol := ""
		if win {
			winCol = fmt.Sprintf(" %5.2f", m.WinFor(rk.ToMove))
		}
		probCol := ""
		if rk.ByModel {
			probCol = fmt.Sprintf(" %6.3f", m.Prob)
		}
		line := fmt.Sprintf("%5d %-2s %-4s%s %9s %+7.2f%s %7s%s", i+1, mk[i], g.GTP(m.Point), probCol, signed(m.Score), m.Gain, winCol, miai, note)
		sb.WriteString(strings.TrimRight(line, " "))
		sb.WriteByte('\n')
	}
	fmt.Fprintf(&sb, "\n%d legal moves besides pass; ", n)
	io.WriteString(w, sb.String())
	statsLine(w, rk.Stats)
	return nil
}

// winField returns o's probability that Black wins for JSON: nil when
// the estimator gives none.
func winField(o rank.Outcome) *float64 {
	if !o.HasWin {
		return nil
	}
	return &o.Win
}

// jsonRanking is the JSON output of goeval rank. Fields may be added,
// never renamed. WinProbability, here and in each move, is the
// probability that Black wins (after a pass here, after the move there),
// from an estimator that gives one.
type jsonRanking struct {
	jsonPlays
	// By is "model" (Moves in the move model's order, each with its
	// probability, and PassProbability) or "eval" (by the one-ply score).
	By              string     `json:"by"`
	PassProbability *float64   `json:"pass_probability,omitempty"`
	WinProbability  *float64   `json:"win_probability,omitempty"`
	Top             int        `json:"top"`
	Moves           []jsonMove `json:"moves"`
	Warnings        []string   `json:"warnings,omitempty"`
}

// jsonPlays is what goeval rank and goeval values say first: the position,
// the estimator, the position's own score (the score after a pass) and the
// work done.
type jsonPlays struct {
	File        string             `json:"file"`
	Game        int                `json:"game,omitempty"`
	Move        int                `json:"move"`
	Size        int                `json:"size"`
	ToMove      string             `json:"to_move"`
	Komi        float64            `json:"komi"`
	Estimator   string             `json:"estimator"`
	Params      map[string]float64 `json:"params"`
	Score       float64            `json:"score"`
	Evaluations int                `json:"evaluations"`
	Iterations  int                `json:"iterations,omitempty"`
	Warm        bool               `json:"warm_start,omitempty"`
}

func playsHeader(pos *position, toMove board.Color, estimator string, params []control.Param, score float64, st rank.Stats) jsonPlays {
	return jsonPlays{
		File: pos.file, Game: gameIndex(pos), Move: pos.move, Size: pos.board.Size(),
		ToMove: toMove.String(), Komi: pos.game.Info.Komi,
		Estimator: estimator, Params: paramMap(params), Score: score,
		Evaluations: st.Evaluations, Iterations: st.Iterations, Warm: st.Warm,
	}
}

// jsonMove is one ranked move. Miai is a number for the --top best moves,
// null there when the other colour may not play the point (Note says why),
// and absent for the others.
type jsonMove struct {
	Rank       int             `json:"rank"`
	Move       string          `json:"move"`
	Prob       *float64        `json:"probability,omitempty"`
	Score      float64         `json:"score"`
	Gain       float64         `json:"gain"`
	Miai       json.RawMessage `json:"miai,omitempty"`
	Deiri      *float64        `json:"deiri,omitempty"`
	Note       string          `json:"note,omitempty"`
	Captures   int             `json:"captures,omitempty"`
	Iterations int             `json:"iterations,omitempty"`
	Converged  *bool           `json:"converged,omitempty"`
	// WinProbability is Black's.
	WinProbability *float64 `json:"win_probability,omitempty"`
}

func paramMap(ps []control.Param) map[string]float64 {
	m := map[string]float64{}
	for _, p := range ps {
		m[p.Name] = p.Value
	}
	return m
}

func warningStrings(pos *position) []string {
	var out []string
	for _, w := range pos.warnings {
		out = append(out, w.String())
	}
	return out
}

func gameIndex(pos *position) int {
	if pos.game.Index > 1 {
		return pos.game.Index
	}
	return 0
}

func writeRankJSON(w io.Writer, pos *position, rk *rank.Ranking, top int) error {
	g := pos.board.Geometry()
	j := jsonRanking{
		jsonPlays: playsHeader(pos, rk.ToMove, rk.Estimator, rk.Params, rk.Pass.Score, rk.Stats),
		Top:       top, Moves: make([]jsonMove, len(rk.Moves)), Warnings: warningStrings(pos),
		WinProbability: winField(rk.Pass), By: "eval",
	}
	if rk.ByModel {
		j.By, j.PassProbability = "model", &rk.PassProb
	}
	var err error
	for i, m := range rk.Moves {
		jm := jsonMove{Rank: i + 1, Move: g.GTP(m.Point), Score: m.Score, Gain: m.Gain, Captures: m.Captures, Iterations: m.Iterations,
			WinProbability: winField(m.Outcome)}
		if m.Iterations > 0 {
			jm.Converged = &m.Converged
		}
		if rk.ByModel {
			jm.Prob = &rk.Moves[i].Prob
		}
		if v := m.Value; v != nil {
			jm.Miai = json.RawMessage("null")
			if v.HasMiai() {
				if jm.Miai, err = json.Marshal(v.Miai); err != nil {
					return err
				}
				jm.Deiri = &v.Deiri
			}
			jm.Note = v.Note()
		}
		j.Moves[i] = jm
	}
	return writeJSONLine(w, j)
}

// writeJSONLine writes v as one line of JSON.
func writeJSONLine(w io.Writer, v any) error {
	obj, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(obj, '\n'))
	return err
}
