package gtp

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"goeval/board"
	"goeval/control"
	"goeval/rank"
)

// ownershipPrefix starts the name of every ownership command.
const ownershipPrefix = "goeval-ownership-"

// analyzeCommands lists GoGui's analyze commands, one "type/label/command"
// a line.
func (e *Engine) analyzeCommands([]string) (string, error) {
	var lines []string
	for _, est := range e.cfg.Estimators {
		lines = append(lines, fmt.Sprintf("dboard/Ownership %s/%s%s", est.Name, ownershipPrefix, est.Name))
	}
	lines = append(lines,
		"pspairs/Move values (miai)/goeval-values",
		"sboard/Ranking (a-z best, X worst)/goeval-ranking %m",
		"gfx/Ranking marks/goeval-ranking-gfx %m",
	)
	return strings.Join(lines, "\n"), nil
}

// boardOf writes one string per point, a row of the board a line from the
// top, as GoGui's dboard and sboard read them.
func boardOf(g *board.Geometry, cell func(p board.Point) string) string {
	var sb strings.Builder
	for y := range g.Size {
		if y > 0 {
			sb.WriteByte('\n')
		}
		for x := range g.Size {
			if x > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(cell(g.At(x, y)))
		}
	}
	return sb.String()
}

// ownership answers the control map of the named estimator, Black
// positive, as a dboard.
func (e *Engine) ownership(name string, args []string) (string, error) {
	if len(args) != 0 {
		return "", syntax(ownershipPrefix + name)
	}
	est, ok := e.ests[name]
	if !ok {
		est = e.byName[name]()
		e.ests[name] = est
	}
	var res control.Result
	g := e.record()
	if err := e.evaluate(est, &res, &g, &e.b); err != nil {
		return "", err
	}
	return boardOf(e.b.Geometry(), func(p board.Point) string {
		return strconv.FormatFloat(res.Control[p], 'f', 3, 64)
	}), nil
}

// values answers the gote miai value of every empty point as pspairs: "b"
// or "w" where only that colour may play, "-" where neither may.
func (e *Engine) values(args []string) (string, error) {
	if len(args) != 0 {
		return "", syntax("goeval-values")
	}
	vm, err := e.ranker.Values(context.Background(), &e.b)
	if err != nil {
		return "", err
	}
	g := e.b.Geometry()
	var lines []string
	for i := range vm.Points {
		v := &vm.Points[i]
		label := "-"
		switch {
		case v.HasMiai():
			label = strconv.FormatFloat(v.Miai, 'f', 1, 64)
		case v.BlackErr == nil:
			label = "b"
		case v.WhiteErr == nil:
			label = "w"
		}
		lines = append(lines, g.GTP(v.Point)+" "+label)
	}
	return strings.Join(lines, "\n"), nil
}

// marks returns the mark of each ranked move: "a".."z" for the 26 best,
// cross for the 26 worst that are not lettered, "" for the others.
func marks(rk *rank.Ranking, cross string) map[board.Point]string {
	n := len(rk.Moves)
	out := map[board.Point]string{}
	for i, m := range rk.Moves {
		switch {
		case i < 26:
			out[m.Point] = string(rune('a' + i))
		case i >= n-26:
			out[m.Point] = cross
		}
	}
	return out
}

// rankingBoard answers the ranking as an sboard: a..z on the best moves,
// X on the worst, "" elsewhere.
func (e *Engine) rankingBoard(args []string) (string, error) {
	c, err := e.colorArg(args, "goeval-ranking [COLOR]")
	if err != nil {
		return "", err
	}
	rk, err := e.rankFor(context.Background(), c)
	if err != nil {
		return "", err
	}
	mk := marks(rk, "X")
	return boardOf(e.b.Geometry(), func(p board.Point) string {
		if s, ok := mk[p]; ok {
			return s
		}
		return `""`
	}), nil
}

// rankingGfx answers the ranking as GoGui gfx: LABEL the best moves a..z,
// MARK (a cross) the worst, and the best move in the status line.
func (e *Engine) rankingGfx(args []string) (string, error) {
	c, err := e.colorArg(args, "goeval-ranking-gfx [COLOR]")
	if err != nil {
		return "", err
	}
	rk, err := e.rankFor(context.Background(), c)
	if err != nil {
		return "", err
	}
	g := e.b.Geometry()
	if len(rk.Moves) == 0 {
		return "TEXT " + colorName(c) + " has no legal move but pass", nil
	}
	label, mark := []string{"LABEL"}, []string{"MARK"}
	for i, m := range rk.Moves {
		switch {
		case i < 26:
			label = append(label, g.GTP(m.Point), string(rune('a'+i)))
		case i >= len(rk.Moves)-26:
			mark = append(mark, g.GTP(m.Point))
		}
	}
	lines := []string{strings.Join(label, " ")}
	if len(mark) > 1 {
		lines = append(lines, strings.Join(mark, " "))
	}
	best := rk.Moves[0]
	lines = append(lines, fmt.Sprintf("TEXT %s: best %s, gaining %.2f over a pass (%s)", colorName(c), g.GTP(best.Point), best.Gain, rk.Estimator))
	return strings.Join(lines, "\n"), nil
}
