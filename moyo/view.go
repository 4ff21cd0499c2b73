package moyo

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"goeval/board"
	"goeval/control"
)

// ErrView reports a view name the moyo estimator does not have.
var ErrView = errors.New("moyo: unknown view")

// views lists the text views, the default first.
var views = []string{"objects", "pairs", "d", "size", "regions"}

// Views returns the names of the text views, "objects" (the default),
// "pairs", "d", "size" and "regions": the paper's Figures 4, 5, 6, 7 and 3
// (docs/estimators.md §3).
func (m *Moyo) Views() []string { return append([]string(nil), views...) }

// Legend lines, one per view.
const (
	legendObjects = "X O stones, + - territory, b w cutoff points, # @ legs, & ! spans, ? claimed by both"
	legendNumbers = "X O stones, + - territory, b w cutoff points, # @ legs, & ! spans"
)

// View draws the named view of b with GTP coordinates round the board:
//
//   - objects: the cutoff objects by kind (the paper's Figure 4, with the
//     cutoff points and territory of its Figure 2);
//   - pairs: Black's and White's cutoff numbers on every vacant point that
//     is no object, as two digits like 22 (Figure 5);
//   - d: d = b - w, signed, blank where 0 (Figure 6);
//   - size: the control of every vacant point times 10: D x 10 on points
//     that are no object, 8 on objects, 10 on territory (Figure 7);
//   - regions: the equidistance regions, + for Black's, - for White's, and
//     a star (*) on the equidistance line (Figure 3).
//
// Territory and regions are + and -, as Black's and White's points are on
// goeval FILE's map: lower-case x and o are dead stones on every board.
//
// An unknown name is an error wrapping ErrView that lists the views.
func (m *Moyo) View(w io.Writer, name string, b *board.Board) error {
	a := &m.a
	m.Analyze(a, b)
	cell, width, legend, err := viewCells(a, name)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, drawing(b.Geometry(), width, cell)+legend+"\n")
	return err
}

// Labels returns the named view of b (see View) as one label per point in
// map order, for drawing on a picture of the board, and the view's legend.
// Stones and the points that the text view marks with "." have no label
// (""), since a picture draws the stones itself. Moyo is thereby a
// control.Labeler. An unknown name is an error wrapping ErrView.
func (m *Moyo) Labels(name string, b *board.Board) ([]string, string, error) {
	a := &m.a
	m.Analyze(a, b)
	cell, _, legend, err := viewCells(a, name)
	if err != nil {
		return nil, "", err
	}
	out := make([]string, len(a.Kind))
	for i := range out {
		p := board.Point(i)
		if a.Kind[p] == Stone {
			continue
		}
		if s := cell(p); s != "." {
			out[i] = s
		}
	}
	// A picture draws the stones as stones, not as X and O.
	legend = strings.TrimPrefix(strings.TrimPrefix(legend, "X O stones, "), "X O stones; ")
	return out, legend, nil
}

// viewCells returns the text of each point in the named view, the width of
// a cell in characters and the view's legend.
func viewCells(a *Analysis, name string) (cell func(p board.Point) string, width int, legend string, err error) {
	width, legend = 1, legendObjects
	switch name {
	case "objects":
		cell = func(p board.Point) string { return objectSymbol(a, p) }
	case "pairs":
		width, legend = 2, "X O stones; two digits: Black's and White's cutoff numbers; + - territory, b w cutoff points, # @ legs, & ! spans"
		cell = func(p board.Point) string {
			if a.HasPair(p) {
				return fmt.Sprintf("%d%d", a.B[p], a.W[p])
			}
			return objectSymbol(a, p)
		}
	case "d":
		width, legend = 2, legendNumbers+", . d = 0"
		cell = func(p board.Point) string {
			if !a.HasPair(p) {
				return objectSymbol(a, p)
			}
			return signed(a.Diff(p))
		}
	case "size":
		width, legend = 3, "X O stones; control x 10 on vacant points, . for 0"
		cell = func(p board.Point) string {
			if a.Kind[p] == Stone {
				return objectSymbol(a, p)
			}
			return signed(int(roundTenths(a.Control[p])))
		}
	case "regions":
		legend = "X O stones, + - Black's and White's regions, * equidistance line"
		cell = func(p board.Point) string {
			switch {
			case a.Kind[p] == Stone:
				return objectSymbol(a, p)
			case a.Region[p] == board.Black:
				return "+"
			case a.Region[p] == board.White:
				return "-"
			}
			return "*"
		}
	default:
		return nil, 0, "", fmt.Errorf("%w %q (want %s)", ErrView, name, strings.Join(views, ", "))
	}
	return cell, width, legend, nil
}

// roundTenths returns 10v rounded to the nearest whole number.
func roundTenths(v float64) float64 {
	t := v * 10
	if t < 0 {
		return -float64(int(-t + 0.5))
	}
	return float64(int(t + 0.5))
}

// signed writes n with its sign, "." for 0.
func signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return strconv.Itoa(n)
	}
	return "."
}

// objectSymbol returns the one-character symbol of p's object (see the
// legends), "?" for a contested point and "." for other vacant points.
func objectSymbol(a *Analysis, p board.Point) string {
	black := a.Color[p] == board.Black
	pick := func(b, w string) string {
		if black {
			return b
		}
		return w
	}
	switch a.Kind[p] {
	case Stone:
		return pick("X", "O")
	case Territory:
		return pick("+", "-")
	case CutoffPoint:
		return pick("b", "w")
	case Leg:
		return pick("#", "@")
	case Span:
		return pick("&", "!")
	}
	if a.Contested[p] {
		return "?"
	}
	return "."
}

// drawing draws a board of cells, each right-aligned in width characters
// and separated by a space, with the GTP column letters above and below
// and the row numbers on both sides.
func drawing(g *board.Geometry, width int, cell func(p board.Point) string) string {
	var sb strings.Builder
	header := func() {
		sb.WriteString("   ")
		for x := 0; x < g.Size; x++ {
			v := g.GTP(g.At(x, 0))
			fmt.Fprintf(&sb, " %*s", width, v[:1])
		}
		sb.WriteByte('\n')
	}
	header()
	for y := 0; y < g.Size; y++ {
		row := g.Size - y
		fmt.Fprintf(&sb, "%3d", row)
		for x := 0; x < g.Size; x++ {
			fmt.Fprintf(&sb, " %*s", width, cell(g.At(x, y)))
		}
		fmt.Fprintf(&sb, " %d\n", row)
	}
	header()
	return sb.String()
}

// Report returns the moyo estimator's outputs beyond the control map, for
// JSON: "pairs" (per point [b, w] on vacant points that are no object,
// null elsewhere), "objects" (per point "" or colour and kind, such as
// "B:stone", "W:leg", "B:territory"), "regions" (per point +1, -1 or 0;
// stones in their own colour's region), "S" and "S_prime".
func (m *Moyo) Report(b *board.Board) ([]control.Field, error) {
	a := &m.a
	m.Analyze(a, b)
	n := len(a.Control)
	pairs := make([]any, n)
	objects := make([]string, n)
	regions := make([]int, n)
	for i := range n {
		p := board.Point(i)
		if a.HasPair(p) {
			pairs[i] = [2]int{int(a.B[p]), int(a.W[p])}
		}
		if a.Kind[p] != NotObject {
			objects[i] = a.Color[p].String() + ":" + a.Kind[p].String()
		}
		regions[i] = int(a.Region[p])
	}
	return []control.Field{
		{Key: "pairs", Value: pairs},
		{Key: "objects", Value: objects},
		{Key: "regions", Value: regions},
		{Key: "S", Value: a.S},
		{Key: "S_prime", Value: a.SPrime},
	}, nil
}
