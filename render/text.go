package render

import (
	"fmt"
	"io"
	"strings"

	"goeval/board"
)

const gtpLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

// Grid draws a board-shaped table with GTP coordinates round it. cell
// returns the text of each point, padded by Grid to width characters
// (counted in runes; a cell may also carry ANSI escapes, which take no
// width, if it says how wide it is by returning exactly width visible
// runes). Rows are separated by newlines.
func Grid(w io.Writer, g *board.Geometry, width int, cell func(p board.Point) string) error {
	var sb strings.Builder
	header := func() {
		sb.WriteString("   ")
		for x := 0; x < g.Size; x++ {
			sb.WriteString(pad(string(gtpLetters[x]), width))
		}
		sb.WriteByte('\n')
	}
	header()
	for y := 0; y < g.Size; y++ {
		fmt.Fprintf(&sb, "%2d ", g.Size-y)
		for x := 0; x < g.Size; x++ {
			sb.WriteString(pad(cell(g.At(x, y)), width))
		}
		fmt.Fprintf(&sb, " %d\n", g.Size-y)
	}
	header()
	_, err := io.WriteString(w, sb.String())
	return err
}

// pad right-aligns s in width visible characters, ignoring ANSI escapes.
func pad(s string, width int) string {
	n := visibleLen(s)
	if n >= width {
		return s
	}
	return strings.Repeat(" ", width-n) + s
}

func visibleLen(s string) int {
	n, esc := 0, false
	for _, r := range s {
		switch {
		case esc:
			if r >= '@' && r <= '~' && r != '[' {
				esc = false
			}
		case r == 0x1b:
			esc = true
		default:
			n++
		}
	}
	return n
}

// Shade is how a control map is drawn in text.
type Shade int

// The text shadings.
const (
	// Plain draws ASCII: X and O for stones (lower case where the map
	// gives the stone to the other colour: judged dead), and for empty
	// points # + . - = from Black's to White's.
	Plain Shade = iota
	// ANSI draws each point on a grey background, darker for Black's
	// control and lighter for White's, with stones as coloured discs.
	ANSI
)

// PlainLegend explains the Plain glyphs.
const PlainLegend = "X O stones (x o: judged dead)   # Black >= 0.6   + Black 0.2..0.6   . even   - White 0.2..0.6   = White >= 0.6"

// ANSILegend explains the ANSI shading.
const ANSILegend = "darker: Black's control, lighter: White's; a dimmed disc is judged dead"

// PlainGlyph returns the Plain glyph of a point holding c with control v.
func PlainGlyph(c board.Color, v float64) string {
	switch {
	case c == board.Black && v < 0:
		return "x"
	case c == board.Black:
		return "X"
	case c == board.White && v > 0:
		return "o"
	case c == board.White:
		return "O"
	case v >= 0.6:
		return "#"
	case v >= 0.2:
		return "+"
	case v > -0.2:
		return "."
	case v > -0.6:
		return "-"
	}
	return "="
}

// ansiCell draws one point two characters wide on a grey background.
func ansiCell(c board.Color, v float64) string { return ansiMarkedCell(c, v, "", 2) }

// ansiLastCell draws the stone of the last move, as ansiMarkedCell draws a
// stone but as ◉.
func ansiLastCell(c board.Color, v float64, width int) string {
	return strings.Replace(ansiMarkedCell(c, v, "", width), "●", "◉", 1)
}

// ansiMarkedCell draws one point width characters wide on the grey of its
// control v: a stone as a disc (dimmed where the map gives it to the other
// colour: judged dead), else the mark, right-aligned, in black or white,
// whichever stands out on the grey.
func ansiMarkedCell(c board.Color, v float64, mark string, width int) string {
	// The 24 greys 232 (near black) .. 255 (near white): +1 -> 232, -1 -> 255.
	grey := 232 + int((1-v)/2*23+0.5)
	grey = min(max(grey, 232), 255)
	fg := ""
	glyph := mark
	switch {
	case c == board.Black:
		fg, glyph = "38;5;16", "●"
		if v < 0 {
			fg = "38;5;240"
		}
	case c == board.White:
		fg, glyph = "38;5;231", "●"
		if v > 0 {
			fg = "38;5;248"
		}
	case mark != "" && grey >= 244:
		fg = "38;5;16"
	case mark != "":
		fg = "38;5;231"
	}
	glyph = pad(glyph, width)
	if fg != "" {
		return fmt.Sprintf("\x1b[48;5;%d;%sm%s\x1b[0m", grey, fg, glyph)
	}
	return fmt.Sprintf("\x1b[48;5;%dm%s\x1b[0m", grey, glyph)
}

// PlainLastLegend and ANSILastLegend say how the last move is marked.
const (
	PlainLastLegend = "(X) the last move"
	ANSILastLegend  = "◉ the last move"
)

// ControlMapLast draws b with the control map shaded, one point per cell,
// and the stone on last, the last move, marked: in parentheses in Plain, "(X)", as GnuGo draws it, and as ◉ in
// ANSI. A last that is not a stone on the board (a pass) marks nothing.
func ControlMapLast(w io.Writer, b *board.Board, control []float64, shade Shade, last board.Point) error {
	g := b.Geometry()
	if len(control) != g.N {
		panic(fmt.Sprintf("render: %d control values for %d points", len(control), g.N))
	}
	last = stoneAt(b, last)
	if shade == ANSI {
		return Grid(w, g, 2, func(p board.Point) string {
			if p == last {
				return ansiLastCell(b.At(p), control[p], 2)
			}
			return ansiCell(b.At(p), control[p])
		})
	}
	return gridLast(w, g, 2, last, func(p board.Point) string { return PlainGlyph(b.At(p), control[p]) })
}

// stoneAt returns p if it is a point of b holding a stone, else board.Pass.
func stoneAt(b *board.Board, p board.Point) board.Point {
	if p < 0 || int(p) >= b.Geometry().N || b.At(p) == board.Empty {
		return board.Pass
	}
	return p
}

// gridLast is Grid with the cell of last (board.Pass for none) between
// parentheses: "(" in its padding and ")" in the padding of the cell to
// its right, or before the row number at the right edge. Cells must be
// one visible character narrower than width, as Plain glyphs are.
func gridLast(w io.Writer, g *board.Geometry, width int, last board.Point, cell func(p board.Point) string) error {
	if last == board.Pass {
		return Grid(w, g, width, cell)
	}
	var sb strings.Builder
	if err := Grid(&sb, g, width, cell); err != nil {
		return err
	}
	lines := strings.Split(sb.String(), "\n")
	x, y := g.XY(last)
	row := []rune(lines[1+y])
	at := 3 + x*width + width - 1 // the glyph: after "NN " and x cells, right-aligned
	if at+1 < len(row) && row[at-1] == ' ' && row[at+1] == ' ' {
		row[at-1] = '('
		if x == g.Size-1 { // before the row number: keep a space
			row = append(row[:at+1], append([]rune{')'}, row[at+1:]...)...)
		} else {
			row[at+1] = ')'
		}
	}
	lines[1+y] = string(row)
	_, err := io.WriteString(w, strings.Join(lines, "\n"))
	return err
}

// MarkedMapLast draws b with marks on points, such as the letters of a move
// ranking, each cell width characters wide: X and O for stones, a point's
// mark where it has one (mark returns ""), else ".", and the stone of the
// last move marked as ControlMapLast marks it. With ANSI shading each
// point also has the grey of its control, as ControlMapLast draws it, and
// a mark is drawn in black or white, whichever stands out on that grey;
// control may be nil for Plain, which draws no map.
func MarkedMapLast(w io.Writer, b *board.Board, control []float64, shade Shade, width int, last board.Point, mark func(p board.Point) string) error {
	g := b.Geometry()
	if shade == ANSI && len(control) != g.N {
		panic(fmt.Sprintf("render: %d control values for %d points", len(control), g.N))
	}
	last = stoneAt(b, last)
	if shade == ANSI {
		return Grid(w, g, width, func(p board.Point) string {
			if p == last {
				return ansiLastCell(b.At(p), control[p], width)
			}
			return ansiMarkedCell(b.At(p), control[p], mark(p), width)
		})
	}
	return gridLast(w, g, width, last, func(p board.Point) string {
		switch b.At(p) {
		case board.Black:
			return "X"
		case board.White:
			return "O"
		}
		if m := mark(p); m != "" {
			return m
		}
		return "."
	})
}
