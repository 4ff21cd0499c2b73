package life_test

import (
	"strings"
	"testing"

	"goeval/life"
)

// TestDeadShape pins the eye shapes that the textbooks call dead with the
// opponent to move (nakade), and their vital points, against those that
// make two eyes.
func TestDeadShape(t *testing.T) {
	for _, tc := range []struct {
		name  string
		shape string // rows of the shape: # a point of it, v its vital point
		dead  bool
	}{
		{"one", "v", true},
		{"two", "v#", true},
		{"straight three", "#v#", true},
		{"bent three", "v#|#.", true},
		{"square four", "v#|##", true},
		{"pyramid four", "#v#|.#.", true},
		{"straight four", "####", false},
		{"bent four", "###|#..", false},
		{"zigzag four", "##.|.##", false},
		{"bulky five", "##|v#|#.", true},
		{"cross five", ".#.|#v#|.#.", true},
		{"straight five", "#####", false},
		{"bent five", "####|#...", false},
		{"rabbity six", ".#.|#v#|.##", true},
		{"rectangular six", "###|###", false},
		{"long cross six", ".#.|###|.#.|.#.", false},
		{"seven", "###|###|#..", false},
	} {
		var xy [][2]int
		want := -1
		for y, row := range strings.Split(tc.shape, "|") {
			for x, c := range row {
				if c == 'v' {
					want = len(xy)
				}
				if c == '#' || c == 'v' {
					xy = append(xy, [2]int{x + 3, y + 5})
				}
			}
		}
		dead, vital := life.DeadShape(xy)
		if dead != tc.dead {
			t.Errorf("%s: dead %v, want %v", tc.name, dead, tc.dead)
		}
		if want >= 0 && vital != want {
			t.Errorf("%s: vital point %v, want %v", tc.name, xy[vital], xy[want])
		}
	}
}
