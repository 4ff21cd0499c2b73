package render

import (
	"regexp"
	"strings"
	"testing"

	"goeval/board"
)

// TestLastMove: the last move's stone is drawn between parentheses in
// plain text, as GnuGo draws it, and as ◉ in ANSI; before, no view marked
// it. Drawn by hand: cells are two characters, the glyph on the right.
func TestLastMove(t *testing.T) {
	b := board.MustParse(`
		X . .
		. O .
		. . X`)
	ctrl := make([]float64, 9)
	for p, c := range b.Cells() {
		ctrl[p] = float64(c)
	}
	at := func(v string) board.Point {
		p, err := b.Geometry().ParseGTP(v)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tt := range []struct {
		name string
		last board.Point
		want string
	}{
		{"middle", at("B2"), "    A B C\n 3  X . . 3\n 2  .(O). 2\n 1  . . X 1\n    A B C\n"},
		{"right edge", at("C1"), "    A B C\n 3  X . . 3\n 2  . O . 2\n 1  . .(X) 1\n    A B C\n"},
		{"left edge", at("A3"), "    A B C\n 3 (X). . 3\n 2  . O . 2\n 1  . . X 1\n    A B C\n"},
		{"a pass", board.Pass, "    A B C\n 3  X . . 3\n 2  . O . 2\n 1  . . X 1\n    A B C\n"},
		{"an empty point", at("A1"), "    A B C\n 3  X . . 3\n 2  . O . 2\n 1  . . X 1\n    A B C\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var sb strings.Builder
			if err := ControlMapLast(&sb, b, ctrl, Plain, tt.last); err != nil {
				t.Fatal(err)
			}
			if sb.String() != tt.want {
				t.Errorf("got\n%s\nwant\n%s", sb.String(), tt.want)
			}
			// The board of marks draws the same parentheses.
			sb.Reset()
			if err := MarkedMapLast(&sb, b, nil, Plain, 2, tt.last, func(board.Point) string { return "" }); err != nil {
				t.Fatal(err)
			}
			if sb.String() != tt.want {
				t.Errorf("marked map: got\n%s\nwant\n%s", sb.String(), tt.want)
			}
		})
	}
	var sb strings.Builder
	if err := ControlMapLast(&sb, b, ctrl, ANSI, at("B2")); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(sb.String(), "◉"); n != 1 || strings.Count(sb.String(), "●") != 2 {
		t.Errorf("ANSI: %d ◉ and %d ●, want 1 and 2", n, strings.Count(sb.String(), "●"))
	}
}

// TestPictureLastMove: a picture marks the last move's stone with a ring
// of the other colour, and its legend says so; without Last, neither.
func TestPictureLastMove(t *testing.T) {
	b := board.MustParse(`
		X . .
		. O .
		. . .`)
	ctrl := make([]float64, 9)
	last, _ := b.Geometry().ParseGTP("B2")
	for _, tt := range []struct {
		name  string
		last  *board.Point
		rings int
	}{{"with", &last, 1}, {"without", nil, 0}} {
		t.Run(tt.name, func(t *testing.T) {
			p := &Picture{Board: b, Control: ctrl, Last: tt.last}
			var sb strings.Builder
			if err := p.WriteSVG(&sb, DefaultWidth); err != nil {
				t.Fatal(err)
			}
			// The rings: circles without fill, one on the stone and one
			// on each stone of the legend's pair.
			rings := regexp.MustCompile(`<circle [^>]*fill="none"`).FindAllStringIndex(sb.String(), -1)
			legend := strings.Contains(sb.String(), "the last move")
			if want := 3 * tt.rings; len(rings) != want || legend != (tt.rings > 0) {
				t.Errorf("%d rings, legend %v; want %d and %v", len(rings), legend, want, tt.rings > 0)
			}
		})
	}
}
