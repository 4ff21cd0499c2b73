package rank

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"goeval/board"
	"goeval/control"
)

// Source says where a ranked position comes from, for the writers.
type Source struct {
	// File is the record's name, Game the game's place in it (from 1)
	// and Games the number of games it holds.
	File        string
	Game, Games int
	// Variation names the line followed ("2.1", see goeval --variation),
	// "" for the main line.
	Variation string
	// Move is the number of moves played to reach the position, Moves the
	// number in the main line.
	Move, Moves int
	Komi        float64
	// Result is the record's result (RE), "" when it has none.
	Result string
	// Warnings are the record's oddities, said in JSON.
	Warnings []string
}

// Header returns the first line of the text outputs: the record, the
// move, the side to move, komi and the record's result.
func (s Source) Header(toMove board.Color) string {
	var sb strings.Builder
	sb.WriteString(s.File)
	switch {
	case s.Games > 1 && s.Game == 1:
		fmt.Fprintf(&sb, " (game 1 of %d; --game N picks another)", s.Games)
	case s.Games > 1:
		fmt.Fprintf(&sb, " (game %d of %d)", s.Game, s.Games)
	case s.Game > 1:
		fmt.Fprintf(&sb, " (game %d)", s.Game)
	}
	if s.Variation != "" {
		fmt.Fprintf(&sb, ", variation %s", s.Variation)
	}
	fmt.Fprintf(&sb, ", move %d of %d, %s to move, komi %g", s.Move, s.Moves, toMove.Name(), s.Komi)
	if s.Result != "" {
		fmt.Fprintf(&sb, ", result %s", s.Result) // the record's, to set the judgement against
	}
	return sb.String()
}

// TextBoard is how the text writers draw the board of marks: Draw writes
// the board of b with each point's mark (mark returns "" for none), each
// cell width characters wide (render.MarkedMapLast, plain or over a control
// map in ANSI greys, say); Stones says what the stones look like on it
// and Legend what its shading means ("" for none). The writers panic
// with a "rank: ..." message if Draw is nil.
type TextBoard struct {
	Draw   func(w io.Writer, b *board.Board, width int, mark func(p board.Point) string) error
	Stones string
	Legend string
}

// draw draws b with tb.
func (tb TextBoard) draw(w io.Writer, b *board.Board, width int, mark func(p board.Point) string) error {
	if tb.Draw == nil {
		panic("rank: TextBoard.Draw is nil")
	}
	return tb.Draw(w, b, width, mark)
}

// Letters are the marks of the best moves, best first: a..z without o and
// x, which on goeval's boards are dead stones (the article's Figure 10
// letters 26 moves a..z).
const Letters = "abcdefghijklmnpqrstuvwyz"

// LettersLegend says what the letters are, for legends.
const LettersLegend = "a..z without o, x"

// Marks returns the board mark of each ranked move: Letters for the best
// 24, × for the worst 26 that are not lettered (a cross, as the article's
// Figure 10 draws them), "" for the others.
func Marks(n int) []string {
	out := make([]string, n)
	for i := range n {
		switch {
		case i < len(Letters):
			out[i] = Letters[i : i+1]
		case i >= n-26:
			out[i] = "×"
		}
	}
	return out
}

// signed formats a Black-positive score for a table, with the two
// decimals that tell moves apart, as every command writes scores
// (control.Margin): "B+3.25", "W+0.50", "0".
func signed(s float64) string { return control.Margin(s, 2) }

// estimatorLine writes the estimator and its parameters.
func estimatorLine(w io.Writer, name string, ps []control.Param) {
	fmt.Fprintf(w, "estimator %s", name)
	if len(ps) > 0 {
		fmt.Fprintf(w, " (%s)", control.FormatParams(ps))
	}
	fmt.Fprintln(w)
}

// statsLine writes how much work was done.
func statsLine(w io.Writer, s Stats) {
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

// WriteText writes the ranking for people: the header, the board with the
// best 24 moves lettered (Letters) and the worst 26 crossed, and a table of the
// lettered, the top and the crossed moves (each with its probability by
// the model, the score after it, its gain over a pass, its win
// probability where the estimator gives one, and its miai value for the
// top ones). b is the position ranked.
func (rk *Ranking) WriteText(w io.Writer, b *board.Board, src Source, top int, tb TextBoard) error {
	fmt.Fprintln(w, src.Header(rk.ToMove))
	estimatorLine(w, rk.Estimator, rk.Params)
	g := b.Geometry()
	n := len(rk.Moves)
	mk := Marks(n)
	markAt := map[board.Point]string{}
	for i, m := range rk.Moves {
		if mk[i] != "" {
			markAt[m.Point] = mk[i]
		}
	}
	var sb strings.Builder
	tb.draw(&sb, b, 2, func(p board.Point) string { return markAt[p] })
	mover := rk.ToMove.Name()
	order := "by the one-ply score"
	switch {
	case rk.ByPolicy:
		order = "by " + rk.Estimator + "'s move probabilities"
	case rk.ByModel:
		order = "by the move model"
	}
	// One meaning per symbol on this board, said under it: x and o are
	// moves here, not the dead stones of goeval FILE's map.
	fmt.Fprint(&sb, tb.Stones, "; ", LettersLegend, ": the best ", len(Letters), " moves for ", mover, " ", order, ", a first; ×: the worst 26\n")
	if tb.Legend != "" {
		fmt.Fprintln(&sb, tb.Legend)
	}
	switch {
	case rk.ByPolicy:
		fmt.Fprintf(&sb, "prob: %s's probability of the move (of a pass: %.3f)\n", rk.Estimator, rk.PassProb)
	case rk.ByModel:
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
func winField(o Outcome) *float64 {
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
	// probability, and PassProbability), the estimator's name ("net":
	// by its own move probabilities, with the same fields) or "eval" (by
	// the one-ply score).
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
	Games       int                `json:"games,omitempty"`
	Variation   string             `json:"variation,omitempty"`
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

func playsHeader(b *board.Board, src Source, toMove board.Color, estimator string, params []control.Param, score float64, st Stats) jsonPlays {
	return jsonPlays{
		File: src.File, Game: gameIndex(src), Games: gameCount(src), Variation: src.Variation, Move: src.Move, Size: b.Size(),
		ToMove: toMove.String(), Komi: src.Komi,
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

// gameIndex and gameCount are the JSON "game" and "games": given when the
// file holds several games (or the game is not the first), else left out.
func gameIndex(src Source) int {
	if src.Game > 1 || src.Games > 1 {
		return src.Game
	}
	return 0
}

func gameCount(src Source) int {
	if src.Games > 1 {
		return src.Games
	}
	return 0
}

// WriteJSON writes the ranking as one line of JSON: the position, the
// estimator, the score after a pass, the work done, the order ("model",
// "eval", or the estimator's name for its own move probabilities: "net") and every move (see the fields of jsonRanking and jsonMove;
// fields may be added, never renamed). b is the position ranked.
func (rk *Ranking) WriteJSON(w io.Writer, b *board.Board, src Source, top int) error {
	g := b.Geometry()
	j := jsonRanking{
		jsonPlays: playsHeader(b, src, rk.ToMove, rk.Estimator, rk.Params, rk.Pass.Score, rk.Stats),
		Top:       top, Moves: make([]jsonMove, len(rk.Moves)), Warnings: src.Warnings,
		WinProbability: winField(rk.Pass), By: "eval",
	}
	if rk.ByModel {
		j.By, j.PassProbability = "model", &rk.PassProb
	}
	if rk.ByPolicy {
		j.By = rk.Estimator
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

// Mark returns the board glyph of a point's value: its miai value rounded,
// b or w where only that colour may play, - where neither may.
func (v *Value) Mark() string {
	switch {
	case v.HasMiai():
		r := math.Round(v.Miai)
		if r == 0 {
			r = 0 // no "-0"
		}
		return strconv.FormatFloat(r, 'f', 0, 64)
	case v.BlackErr == nil:
		return "b"
	case v.WhiteErr == nil:
		return "w"
	}
	return "-"
}

// WriteText writes the value map for people: the header, the board with
// every empty point's miai value rounded, and the table of the top points
// by miai value (0: all), then the points one colour may not play. b is
// the position valued.
func (vm *ValueMap) WriteText(w io.Writer, b *board.Board, src Source, top int, tb TextBoard) error {
	fmt.Fprintln(w, src.Header(vm.ToMove))
	estimatorLine(w, vm.Estimator, vm.Params)
	g := b.Geometry()
	at := map[board.Point]*Value{}
	for i := range vm.Points {
		at[vm.Points[i].Point] = &vm.Points[i]
	}
	var sb strings.Builder
	tb.draw(&sb, b, 3, func(p board.Point) string {
		if v := at[p]; v != nil {
			return v.Mark()
		}
		return ""
	})
	sb.WriteString(tb.Stones + "; numbers: the miai value of a play there, rounded; b: only Black may play, w: only White\n")
	if tb.Legend != "" {
		fmt.Fprintln(&sb, tb.Legend)
	}
	fmt.Fprintf(&sb, "score now by %s: %s on the board, %s to move\n\n", vm.Estimator, signed(vm.Base.Score), vm.ToMove.Name())
	sorted := vm.Sorted()
	valued := 0
	for _, v := range sorted {
		if v.HasMiai() {
			valued++
		}
	}
	if top == 0 || top > valued {
		top = valued
	}
	if valued > 0 {
		fmt.Fprintf(&sb, "%5s %-4s %7s %7s %12s %12s\n", "rank", "move", "miai", "deiri", "Black plays", "White plays")
	}
	for i, v := range sorted[:top] {
		fmt.Fprintf(&sb, "%5d %-4s %7.2f %7.2f %12s %12s\n", i+1, g.GTP(v.Point), v.Miai, v.Deiri, signed(v.Black.Score), signed(v.White.Score))
	}
	if top < valued {
		fmt.Fprintf(&sb, "%11s... %d more points (--top 0 lists them all) ...\n", "", valued-top)
	}
	if valued < len(sorted) {
		sb.WriteString("\nwhere one colour may not play:\n")
		for _, v := range sorted[valued:] {
			fmt.Fprintf(&sb, "  %-4s %s\n", g.GTP(v.Point), v.Note())
		}
	}
	fmt.Fprintf(&sb, "\n%d empty points; ", len(sorted))
	io.WriteString(w, sb.String())
	statsLine(w, vm.Stats)
	return nil
}

// jsonValues is the JSON output of goeval values. Fields may be added,
// never renamed.
type jsonValues struct {
	jsonPlays
	// Points lists every empty point, biggest miai value first, then the
	// points one colour may not play, in map order.
	Points []jsonPoint `json:"points"`
	// MiaiMap holds size*size miai values, row-major from the top-left,
	// null on stones and where a colour may not play.
	MiaiMap  []*float64 `json:"miai_map"`
	Warnings []string   `json:"warnings,omitempty"`
}

// jsonPoint is one empty point. Black and White are the scores after each
// colour plays there, null where it may not (Note says why); Miai and Deiri
// are null unless both may.
type jsonPoint struct {
	Rank  int      `json:"rank,omitempty"`
	Move  string   `json:"move"`
	Miai  *float64 `json:"miai"`
	Deiri *float64 `json:"deiri"`
	Black *float64 `json:"black"`
	White *float64 `json:"white"`
	Note  string   `json:"note,omitempty"`
}

// WriteJSON writes the value map as one line of JSON: the position, the
// estimator and every empty point (see jsonValues; fields may be added,
// never renamed). b is the position valued.
func (vm *ValueMap) WriteJSON(w io.Writer, b *board.Board, src Source) error {
	g := b.Geometry()
	sorted := vm.Sorted()
	j := jsonValues{
		jsonPlays: playsHeader(b, src, vm.ToMove, vm.Estimator, vm.Params, vm.Base.Score, vm.Stats),
		Points:    make([]jsonPoint, len(sorted)), MiaiMap: make([]*float64, g.N),
		Warnings: src.Warnings,
	}
	for i := range sorted {
		v := &sorted[i]
		jp := jsonPoint{Move: g.GTP(v.Point), Note: v.Note()}
		if v.BlackErr == nil {
			jp.Black = &v.Black.Score
		}
		if v.WhiteErr == nil {
			jp.White = &v.White.Score
		}
		if v.HasMiai() {
			jp.Rank = i + 1
			jp.Miai, jp.Deiri = &v.Miai, &v.Deiri
			j.MiaiMap[v.Point] = &v.Miai
		}
		j.Points[i] = jp
	}
	return writeJSONLine(w, j)
}
