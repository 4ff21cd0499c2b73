package judge

import (
	"strings"
	"testing"

	"goeval/board"
)

// TestDeadShape pins the eye shapes that the textbooks call dead with the
// opponent to move (nakade) against those that make two eyes.
func TestDeadShape(t *testing.T) {
	g := board.GeometryOf(9)
	for _, tc := range []struct {
		name  string
		shape string // rows of the shape, # for a point of it
		dead  bool
	}{
		{"one", "#", true},
		{"straight three", "###", true},
		{"bent three", "##|#.", true},
		{"square four", "##|##", true},
		{"pyramid four", "###|.#.", true},
		{"straight four", "####", false},
		{"bent four", "###|#..", false},
		{"zigzag four", "##.|.##", false},
		{"bulky five", "##|##|#.", true},
		{"cross five", ".#.|###|.#.", true},
		{"straight five", "#####", false},
		{"bent five", "####|#...", false},
		{"rabbity six", ".#.|###|.##", true},
		{"rectangular six", "###|###", false},
		{"long cross six", ".#.|###|.#.|.#.", false},
		{"seven", "###|###|#..", false},
	} {
		var pts []board.Point
		for y, row := range strings.Split(tc.shape, "|") {
			for x, c := range row {
				if c == '#' {
					pts = append(pts, g.At(x+2, y+2))
				}
			}
		}
		if got := deadShape(g, pts); got != tc.dead {
			t.Errorf("%s: dead %v, want %v", tc.name, got, tc.dead)
		}
	}
}
