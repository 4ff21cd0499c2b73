package match

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"goeval/board"
)

// WriteSGF writes the games as one SGF collection: each with its board
// size, komi, players, result and moves.
func (r *Report) WriteSGF(w io.Writer) error {
	var sb strings.Builder
	for _, g := range r.Games {
		fmt.Fprintf(&sb, "(;GM[1]FF[4]CA[UTF-8]AP[goeval match]SZ[%d]KM[%s]RU[Chinese]PB[%s]PW[%s]RE[%s]\n",
			r.Config.Size, strconv.FormatFloat(r.Config.Komi, 'f', -1, 64), escape(g.Black), escape(g.White), g.Result)
		geo := board.GeometryOf(r.Config.Size)
		for i, m := range g.Moves {
			v := ""
			if m.Point != board.Pass {
				v = geo.SGF(m.Point)
			}
			fmt.Fprintf(&sb, ";%s[%s]", colourLetter(m.Color), v)
			if i%16 == 15 {
				sb.WriteByte('\n')
			}
		}
		sb.WriteString(")\n")
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// escape escapes an SGF simple text value.
func escape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `]`, `\]`).Replace(s)
}

// WriteText writes one line per game and a summary: each engine's wins,
// with Black and with White, and the games lost by more than half the
// board's points.
func (r *Report) WriteText(w io.Writer) error {
	var sb strings.Builder
	half := float64(r.Config.Size*r.Config.Size) / 2
	for i, g := range r.Games {
		fmt.Fprintf(&sb, "game %2d  %s (B) vs %s (W): %-8s %3d moves  %s\n", i+1, g.Black, g.White, g.Result, len(g.Moves), g.Reason)
	}
	n := len(r.Games)
	fmt.Fprintf(&sb, "\n%d games on %dx%d, komi %s", n, r.Config.Size, r.Config.Size, strconv.FormatFloat(r.Config.Komi, 'f', -1, 64))
	if r.Interrupted {
		sb.WriteString(" (interrupted)")
	}
	sb.WriteString(":\n")
	for _, e := range []string{r.Config.A.Name, r.Config.B.Name} {
		all, asBlack := r.Wins(e)
		blacks := 0
		big := 0
		var secs float64
		moves := 0
		for _, g := range r.Games {
			if g.Black == e {
				blacks++
			}
			if g.Counted && g.Winner != e && g.Winner != "" && (g.Margin > half || -g.Margin > half) {
				big++
			}
			idx := 0
			if e == r.Config.B.Name {
				idx = 1
			}
			secs += g.Seconds[idx]
			moves += g.Generated[idx]
		}
		perMove := 0.0
		if moves > 0 {
			perMove = secs / float64(moves)
		}
		fmt.Fprintf(&sb, "  %s: won %d of %d (%d of %d with Black, %d of %d with White); lost %d by more than half the board (%.1f points); %.2f s a move\n",
			e, all, n, asBlack, blacks, all-asBlack, n-blacks, big, half, perMove)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}
