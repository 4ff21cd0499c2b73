package moyo

import (
	"errors"
	"goeval/internal/boardtest"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"goeval/board"
	"goeval/control"
)

func mustNew(t testing.TB, s Settings) *Moyo {
	t.Helper()
	m, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func analyze(t *testing.T, b *board.Board, s Settings) *Analysis {
	t.Helper()
	var a Analysis
	mustNew(t, s).Analyze(&a, b)
	return &a
}

// objectsOf returns the GTP names of the points whose object is of kind k
// and colour c, sorted.
func objectsOf(a *Analysis, g *board.Geometry, k Kind, c board.Color) []string {
	var out []string
	for p := range a.Kind {
		if a.Kind[p] == k && a.Color[p] == c {
			out = append(out, g.GTP(board.Point(p)))
		}
	}
	slices.Sort(out)
	return out
}

func sorted(v ...string) []string {
	v = append([]string(nil), v...)
	slices.Sort(v)
	if v == nil {
		v = []string{}
	}
	return v
}

func equalNames(got, want []string) bool {
	return len(got) == len(want) && (len(got) == 0 || slices.Equal(got, want))
}

func TestLegsByLine(t *testing.T) {
	// A black stone on line n from the left edge (row 5, the middle row of
	// a 9x9 board, is line 5 from the top and the bottom): its leg is the
	// n-1 points between it and the edge, for n <= 4 only. A lone stone's
	// atsumi is at most 1/2, so there are no cutoff points.
	tests := []struct {
		name, drawing string
		legs          []string
	}{
		{"line 1", `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			X . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`, nil},
		{"line 2", `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. X . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`, []string{"A5"}},
		{"line 3", `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . X . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`, []string{"A5", "B5"}},
		{"line 4", `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . X . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`, []string{"A5", "B5", "C5"}},
		{"line 5", `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . X . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`, nil},
		{"corner 3-3: a leg to each edge", `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . X . . . . . .
			. . . . . . . . .
			. . . . . . . . .`, []string{"A3", "B3", "C1", "C2"}},
		{"corner 3-4", `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . X . . . . .
			. . . . . . . . .
			. . . . . . . . .`, []string{"A3", "B3", "C3", "D1", "D2"}},
		{"a leg stops at the first stone", `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. O . X . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`, []string{"C5"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := board.MustParse(tc.drawing)
			a := analyze(t, b, Settings{})
			if got, want := objectsOf(a, b.Geometry(), Leg, board.Black), sorted(tc.legs...); !equalNames(got, want) {
				t.Errorf("black legs %v, want %v", got, want)
			}
			for _, k := range []Kind{Territory, CutoffPoint, Span} {
				if got := objectsOf(a, b.Geometry(), k, board.Black); len(got) > 0 {
					t.Errorf("unexpected %v objects %v", k, got)
				}
			}
		})
	}
}

func TestSpans(t *testing.T) {
	// Black stones on the third line of the bottom edge: their legs reach
	// the first line at C1 and at J1 (6 apart: 5 points between) or K1 (7
	// apart). A span joins the first and not the second; White's leg F3-F1
	// (F4 is on line 4 from the bottom) breaks the first.
	tests := []struct {
		name, drawing string
		spans         []string
	}{
		{"6 apart", `
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . X . . . . . X . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .`, []string{"D1", "E1", "F1", "G1", "H1"}},
		{"7 apart", `
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . X . . . . . . X . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .`, nil},
		{"broken by an enemy leg", `
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . O . . . . . . .
			. . X . . . . . X . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .`, nil},
		{"broken by an enemy stone on the first line", `
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . X . . . . . X . . . .
			. . . . . . . . . . . . .
			. . . . . O . . . . . . .`, nil},
		{"a first-line stone ends a span", `
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . . . . . . . .
			. . X . . . . . . . . . .
			. . . . . . . . . . . . .
			. . . . . . X . . . . . .`, []string{"D1", "E1", "F1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := board.MustParse(tc.drawing)
			a := analyze(t, b, Settings{})
			if got, want := objectsOf(a, b.Geometry(), Span, board.Black), sorted(tc.spans...); !equalNames(got, want) {
				t.Errorf("black spans %v, want %v", got, want)
			}
		})
	}
}

// smallPosition is the 5x5 position worked by hand in TestSmallPosition.
const smallPosition = `
	. . . O .
	. . . . .
	. . . . .
	. X . . .
	. . . . .`

func TestSmallPosition(t *testing.T) {
	// Black B2 is on line 2 from the left and the bottom, line 4 from the
	// right and the top: legs A2; B1; C2 D2 E2; B3 B4 B5. White D5 is on
	// line 1 from the top (a leg of length 0), line 2 from the right and
	// line 4 from the left: legs E5; C5 B5 A5. B5 is claimed by both and
	// is no object. No two leg ends of one colour share an edge, so there
	// are no spans; single stones give at most 1/2 of atsumi, so there are
	// no cutoff points.
	//
	// Cutoff numbers on the 13 other vacant points (first object met up,
	// down, left, right; "-" for the edge):
	//   A4: A5 W, A2 B, -, B4 B   (2,1)   A3: A5 W, A2 B, -, B3 B (2,1)
	//   C4: C5 W, C2 B, B4 B, -   (2,1)   C3: C5 W, C2 B, B3 B, - (2,1)
	//   D4: D5 W, D2 B, B4 B, -   (2,1)   D3: D5 W, D2 B, B3 B, - (2,1)
	//   E4: E5 W, E2 B, B4 B, -   (2,1)   E3: E5 W, E2 B, B3 B, - (2,1)
	//   A1, C1, D1, E1: A2/C2/D2/E2 B up, B1 B sideways, the rest edges (2,0)
	//   B5: -, B4 B, A5 W, C5 W   (1,2)
	// D = 2d/10: eight points 0.2, four 0.4, B5 -0.2: 1.6 + 1.6 - 0.2 = 3.
	// Objects: Black's 7 legs at 0.8 = 5.6, White's 3 at -0.8 = -2.4.
	// S = 3 + 5.6 - 2.4 = 6.2 over the vacant points; the score adds the two
	// stones, +1 - 1.
	//
	// S' uses the atsumi v = B - W on every vacant point (none is 0 here):
	// B = 2^-d from B2, W = 2^-d from D5, d the Manhattan distance (nothing
	// blocks within reach 4), 0 beyond 4. By rows:
	//   row 5: A5 1/16-1/8,  B5 1/8-1/4,  C5 1/16-1/2, E5 -1/2     = -1.125
	//   row 4: A4 1/8-1/16,  B4 1/4-1/8,  C4 1/8-1/4,  D4 1/16-1/2, E4 -1/4 = -0.625
	//   row 3: A3 1/4, B3 1/2-1/16, C3 1/4-1/8, D3 1/8-1/4, E3 1/16-1/8  = 0.625
	//   row 2: A2 1/2, C2 1/2-1/16, D2 1/4-1/8, E2 1/8-1/16             = 1.125
	//   row 1: A1 1/4, B1 1/2, C1 1/4, D1 1/8-1/16, E1 1/16             = 1.125
	// S' = 1.125: much milder than S, as the seed found.
	b := board.MustParse(smallPosition)
	g := b.Geometry()
	a := analyze(t, b, Settings{})
	if got, want := objectsOf(a, g, Leg, board.Black), sorted("A2", "B1", "C2", "D2", "E2", "B3", "B4"); !equalNames(got, want) {
		t.Errorf("black legs %v, want %v", got, want)
	}
	if got, want := objectsOf(a, g, Leg, board.White), sorted("E5", "C5", "A5"); !equalNames(got, want) {
		t.Errorf("white legs %v, want %v", got, want)
	}
	b5 := boardtest.Point(t, b, "B5")
	if !a.Contested[b5] || a.Kind[b5] != NotObject || a.Color[b5] != board.Empty {
		t.Errorf("B5: contested %v kind %v colour %v, want a point claimed by both, no object", a.Contested[b5], a.Kind[b5], a.Color[b5])
	}
	pairs := map[string][2]int8{
		"A4": {2, 1}, "A3": {2, 1}, "C4": {2, 1}, "C3": {2, 1}, "D4": {2, 1}, "D3": {2, 1}, "E4": {2, 1}, "E3": {2, 1},
		"A1": {2, 0}, "C1": {2, 0}, "D1": {2, 0}, "E1": {2, 0}, "B5": {1, 2},
	}
	for p := range a.Kind {
		v := g.GTP(board.Point(p))
		want, ok := pairs[v]
		if a.HasPair(board.Point(p)) != ok {
			t.Errorf("%s: HasPair %v, want %v", v, !ok, ok)
			continue
		}
		if ok && (a.B[p] != want[0] || a.W[p] != want[1]) {
			t.Errorf("%s: pair %d%d, want %d%d", v, a.B[p], a.W[p], want[0], want[1])
		}
	}
	if math.Abs(a.S-6.2) > 1e-12 {
		t.Errorf("S = %v, want 6.2", a.S)
	}
	if a.SPrime != 1.125 {
		t.Errorf("S' = %v, want 1.125", a.SPrime)
	}
	var r control.Result
	if err := mustNew(t, Settings{}).Estimate(&r, b); err != nil {
		t.Fatal(err)
	}
	if math.Abs(r.Score-6.2) > 1e-12 {
		t.Errorf("score = %v, want 6.2", r.Score)
	}
}

func TestLoneStoneSums(t *testing.T) {
	// One black stone in the middle of a 5x5 board: it is on line 3 from
	// every edge, so its legs are the 8 points of its row and column, each
	// reaching a different edge (no spans). Every other vacant point (the
	// four 2x2 corner blocks) sees two legs and two edges: pair 20, D = 0.4.
	// S = 8 * 0.8 + 16 * 0.4 = 12.8. Every vacant point is within 4 steps
	// (Manhattan), so S' is the sum of the atsumi: 4 points at distance 1,
	// 8 at 2, 8 at 3, 4 at 4: 4/2 + 8/4 + 8/8 + 4/16 = 5.25.
	b := board.MustParse(`
		. . . . .
		. . . . .
		. . X . .
		. . . . .
		. . . . .`)
	a := analyze(t, b, Settings{})
	if got := objectsOf(a, b.Geometry(), Leg, board.Black); len(got) != 8 {
		t.Errorf("legs %v, want 8", got)
	}
	for p := range a.Kind {
		if a.HasPair(board.Point(p)) && (a.B[p] != 2 || a.W[p] != 0) {
			t.Errorf("%s: pair %d%d, want 20", b.Geometry().GTP(board.Point(p)), a.B[p], a.W[p])
		}
	}
	if math.Abs(a.S-12.8) > 1e-12 || a.SPrime != 5.25 {
		t.Errorf("S = %v, S' = %v; want 12.8 and 5.25", a.S, a.SPrime)
	}
}

func TestCutoffNumbers(t *testing.T) {
	// E5 looks up at White's E8 and down at White's E2, left at Black's B5
	// and right at Black's H5: pair 22, like M6 in the seed's Figure 5
	// (its atsumi is 4 * 1/8 from each side, 1/4 - 1/4 = 0). C3's rays all
	// reach the edge through points that are no objects (B5's and H5's
	// legs run along row 5, E8's and E2's along the E file): pair 00.
	b := board.MustParse(`
		. . . . . . . . .
		. . . . O . . . .
		. . . . . . . . .
		. . . . . . . . .
		. X . . . . . X .
		. . . . . . . . .
		. . . . . . . . .
		. . . . O . . . .
		. . . . . . . . .`)
	a := analyze(t, b, Settings{})
	for v, want := range map[string][2]int8{"E5": {2, 2}, "C3": {0, 0}, "C5": {2, 0}, "E3": {0, 2}} {
		p := boardtest.Point(t, b, v)
		if !a.HasPair(p) || a.B[p] != want[0] || a.W[p] != want[1] {
			t.Errorf("%s: pair %d%d (has %v), want %d%d", v, a.B[p], a.W[p], a.HasPair(p), want[0], want[1])
		}
	}
	if p := boardtest.Point(t, b, "E5"); a.Control[p] != 0 || a.Diff(p) != 0 {
		t.Errorf("E5: control %v, d %d", a.Control[p], a.Diff(p))
	}
}

func TestAtsumiObjects(t *testing.T) {
	// D4 between Black's C4 and E4 hears both at distance 1: B = 1 and no
	// white stone, so its atsumi is 1: territory, control 1. In the second
	// board D5 hears D6 at 1 (1/2), C4 at 2 (1/4) and F4 at 3 (1/8): 0.875,
	// a cutoff point, counted 0.8 in the control map.
	b := board.MustParse(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . X . X . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	a := analyze(t, b, Settings{})
	p := boardtest.Point(t, b, "D4")
	if a.Kind[p] != Territory || a.Color[p] != board.Black || a.Atsumi[p] != 1 || a.Control[p] != 1 {
		t.Errorf("D4: kind %v colour %v atsumi %v control %v, want black territory", a.Kind[p], a.Color[p], a.Atsumi[p], a.Control[p])
	}
	b = board.MustParse(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . X . . . . .
		. . . . . . . . .
		. . X . . X . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	a = analyze(t, b, Settings{})
	p = boardtest.Point(t, b, "D5")
	if a.Kind[p] != CutoffPoint || a.Color[p] != board.Black || a.Atsumi[p] != 0.875 || a.Control[p] != 0.8 {
		t.Errorf("D5: kind %v colour %v atsumi %v control %v, want a black cutoff point at 0.875", a.Kind[p], a.Color[p], a.Atsumi[p], a.Control[p])
	}
}

func TestColourSwapAndSymmetries(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, s := range []Settings{{}, {RegionOverride: true}, {AtsumiReach: 6}} {
		m := mustNew(t, s)
		var base, got Analysis
		for _, size := range []int{9, 13, 19} {
			for range 6 {
				b := boardtest.Scattered(r, size, 0.05+0.4*r.Float64())
				g := b.Geometry()
				m.Analyze(&base, b)
				m.Analyze(&got, b.Swapped())
				if got.S != -base.S || got.SPrime != -base.SPrime {
					t.Fatalf("%+v swapped: S %v S' %v, want %v %v\n%s", s, got.S, got.SPrime, -base.S, -base.SPrime, b)
				}
				for p := range base.Control {
					if got.Control[p] != -base.Control[p] || got.B[p] != base.W[p] || got.W[p] != base.B[p] ||
						got.Kind[p] != base.Kind[p] || got.Color[p] != -base.Color[p] || got.Region[p] != -base.Region[p] {
						t.Fatalf("%+v swapped, at %s: control %v pair %d%d kind %v/%v, want %v %d%d %v/%v\n%s", s, g.GTP(board.Point(p)),
							got.Control[p], got.B[p], got.W[p], got.Kind[p], got.Color[p],
							-base.Control[p], base.W[p], base.B[p], base.Kind[p], -base.Color[p], b)
					}
				}
				for _, sym := range board.Symmetries {
					m.Analyze(&got, b.Transformed(sym))
					if math.Abs(got.S-base.S) > 1e-9 || math.Abs(got.SPrime-base.SPrime) > 1e-9 {
						t.Fatalf("%+v symmetry %d: S %v S' %v, want %v %v", s, sym, got.S, got.SPrime, base.S, base.SPrime)
					}
					for p := range base.Control {
						q := g.Transform(board.Point(p), sym)
						if got.Control[q] != base.Control[p] || got.Kind[q] != base.Kind[p] || got.Region[q] != base.Region[p] ||
							got.B[q]+got.W[q] != base.B[p]+base.W[p] {
							t.Fatalf("%+v symmetry %d maps %s: control %v kind %v, want %v %v\n%s", s, sym, g.GTP(board.Point(p)),
								got.Control[q], got.Kind[q], base.Control[p], base.Kind[p], b)
						}
					}
				}
			}
		}
	}
}

func TestRegions(t *testing.T) {
	// Black's A1 and White's E1 on a 5x5 board: the points of the C file
	// are as far from both (the equidistance line); the rest go to the
	// nearer stone.
	b := board.MustParse(`
		. . . . .
		. . . . .
		. . . . .
		. . . . .
		X . . . O`)
	a := analyze(t, b, Settings{})
	g := b.Geometry()
	for p := range a.Region {
		x, _ := g.XY(board.Point(p))
		want := board.Empty
		switch {
		case x < 2:
			want = board.Black
		case x > 2:
			want = board.White
		}
		if a.Region[p] != want {
			t.Errorf("%s: region %v, want %v", g.GTP(board.Point(p)), a.Region[p], want)
		}
	}
}

func TestRegionOverride(t *testing.T) {
	// In the small position of TestSmallPosition, C4, D4, E4, D3 and E3
	// have d = +1 but are nearer White's D5 than Black's B2 (C4: 2 steps
	// from D5, 3 from B2): the override turns their 0.2 into -0.2, so S
	// drops by 5 * 0.4 from 6.2 to 4.2. Every vacant point there has
	// atsumi, so S' stays 1.125.
	b := board.MustParse(smallPosition)
	a := analyze(t, b, Settings{RegionOverride: true})
	for _, v := range []string{"C4", "D4", "E4", "D3", "E3"} {
		if p := boardtest.Point(t, b, v); a.Control[p] != -0.2 || a.Diff(p) != 1 {
			t.Errorf("%s: control %v (d %d), want -0.2", v, a.Control[p], a.Diff(p))
		}
	}
	if math.Abs(a.S-4.2) > 1e-12 || a.SPrime != 1.125 {
		t.Errorf("S = %v, S' = %v; want 4.2 and 1.125", a.S, a.SPrime)
	}

	// On random positions the override flips D exactly where the region
	// and the sign of D disagree.
	r := rand.New(rand.NewPCG(9, 10))
	plain, over := mustNew(t, Settings{}), mustNew(t, Settings{RegionOverride: true})
	var pa, o Analysis
	flipped := 0
	for range 30 {
		b := boardtest.Scattered(r, 13, 0.15)
		plain.Analyze(&pa, b)
		over.Analyze(&o, b)
		for p := range pa.Control {
			want := pa.Control[p]
			if pa.HasPair(board.Point(p)) && pa.Region[p] != board.Empty && want*float64(pa.Region[p]) < 0 {
				want = -want
				flipped++
			}
			if o.Control[p] != want {
				t.Fatalf("%s: control %v with the override, want %v (D %v, region %v)\n%s",
					b.Geometry().GTP(board.Point(p)), o.Control[p], want, pa.Control[p], pa.Region[p], b)
			}
		}
	}
	if flipped == 0 {
		t.Error("the override changed nothing on 30 random positions")
	}
}

func TestSettings(t *testing.T) {
	if _, err := New(Settings{AtsumiReach: -1}); !errors.Is(err, ErrSettings) {
		t.Errorf("negative reach: %v", err)
	}
	m := mustNew(t, Settings{})
	if got := m.Settings(); got != (Settings{AtsumiReach: 4}) {
		t.Errorf("defaults %+v", got)
	}
	want := []control.Param{{Name: "atsumi-reach", Value: 4}, {Name: "region-override", Value: 0}}
	if got := m.Params(); !slices.Equal(got, want) || m.Name() != "moyo" {
		t.Errorf("%s %v, want moyo %v", m.Name(), got, want)
	}
}

func TestNoAllocs(t *testing.T) {
	b := boardtest.Scattered(rand.New(rand.NewPCG(11, 12)), 19, 0.4)
	for _, s := range []Settings{{}, {RegionOverride: true}} {
		m := mustNew(t, s)
		var r control.Result
		if err := m.Estimate(&r, b); err != nil {
			t.Fatal(err)
		}
		if err := control.Check(&r, b); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(20, func() { m.Estimate(&r, b) }); n != 0 {
			t.Errorf("%+v: Estimate allocates %v times", s, n)
		}
	}
}

func TestViews(t *testing.T) {
	b := board.MustParse(smallPosition)
	m := mustNew(t, Settings{})
	want := map[string]string{
		"objects": `
		    A B C D E
		  5 @ ? @ O @ 5
		  4 . # . . . 4
		  3 . # . . . 3
		  2 # X # # # 2
		  1 . # . . . 1
		    A B C D E`,
		"pairs": `
		     A  B  C  D  E
		  5  @ 12  @  O  @ 5
		  4 21  # 21 21 21 4
		  3 21  # 21 21 21 3
		  2  #  X  #  #  # 2
		  1 20  # 20 20 20 1
		     A  B  C  D  E`,
		"d": `
		     A  B  C  D  E
		  5  @ -1  @  O  @ 5
		  4 +1  # +1 +1 +1 4
		  3 +1  # +1 +1 +1 3
		  2  #  X  #  #  # 2
		  1 +2  # +2 +2 +2 1
		     A  B  C  D  E`,
		"size": `
		      A   B   C   D   E
		  5  -8  -2  -8   O  -8 5
		  4  +2  +8  +2  +2  +2 4
		  3  +2  +8  +2  +2  +2 3
		  2  +8   X  +8  +8  +8 2
		  1  +4  +8  +4  +4  +4 1
		      A   B   C   D   E`,
		// B2 and D5 are on points of different parity, so no point is as
		// far from both: there is no equidistance line here.
		"regions": `
		    A B C D E
		  5 - - - O - 5
		  4 + + - - - 4
		  3 + + + - - 3
		  2 + X + + + 2
		  1 + + + + + 1
		    A B C D E`,
	}
	for _, name := range m.Views() {
		var sb strings.Builder
		if err := m.View(&sb, name, b); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimRight(sb.String(), "\n"), "\n")
		got := strings.Join(lines[:len(lines)-1], "\n") // without the legend
		if w := dedent(want[name]); got != w {
			t.Errorf("view %s:\n%s\nwant\n%s", name, got, w)
		}
	}
	if err := m.View(&strings.Builder{}, "nope", b); !errors.Is(err, ErrView) {
		t.Errorf("unknown view: %v", err)
	}
}

// TestLabels checks that the labels of every view are the text view's
// cells, without the stones and the dots.
func TestLabels(t *testing.T) {
	b := board.MustParse(smallPosition)
	m := mustNew(t, Settings{})
	g := b.Geometry()
	for _, name := range m.Views() {
		t.Run(name, func(t *testing.T) {
			var sb strings.Builder
			if err := m.View(&sb, name, b); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(sb.String(), "\n")
			labels, legend, err := m.Labels(name, b)
			if err != nil {
				t.Fatal(err)
			}
			if legend == "" || len(labels) != g.N {
				t.Fatalf("legend %q, %d labels", legend, len(labels))
			}
			for y := range g.Size {
				f := strings.Fields(lines[1+y])
				for x := range g.Size {
					p := g.At(x, y)
					want := f[1+x]
					if want == "." || b.At(p) != board.Empty {
						want = ""
					}
					if labels[p] != want {
						t.Errorf("%s: label %q, want %q", g.GTP(p), labels[p], want)
					}
				}
			}
		})
	}
	if _, _, err := m.Labels("nope", b); !errors.Is(err, ErrView) {
		t.Errorf("unknown view: %v", err)
	}
}

// dedent removes the blank first line and the common tab indentation of a
// fixture, keeping the spaces after it.
func dedent(s string) string {
	s = strings.TrimPrefix(s, "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimLeft(l, "\t")
	}
	return strings.Join(lines, "\n")
}

func TestReport(t *testing.T) {
	b := board.MustParse(smallPosition)
	fields, err := mustNew(t, Settings{}).Report(b)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]any{}
	for _, f := range fields {
		got[f.Key] = f.Value
	}
	g := b.Geometry()
	objects := got["objects"].([]string)
	pairs := got["pairs"].([]any)
	regions := got["regions"].([]int)
	for v, want := range map[string]string{"B2": "B:stone", "D5": "W:stone", "A2": "B:leg", "C5": "W:leg", "B5": "", "C3": ""} {
		if o := objects[boardtest.Point(t, b, v)]; o != want {
			t.Errorf("objects[%s] = %q, want %q", v, o, want)
		}
	}
	if p := pairs[boardtest.Point(t, b, "C3")]; p != [2]int{2, 1} {
		t.Errorf("pairs[C3] = %v, want [2 1]", p)
	}
	if p := pairs[boardtest.Point(t, b, "A2")]; p != nil {
		t.Errorf("pairs[A2] = %v, want null", p)
	}
	if len(objects) != g.N || len(pairs) != g.N || len(regions) != g.N {
		t.Errorf("lengths %d %d %d, want %d", len(objects), len(pairs), len(regions), g.N)
	}
	if r := regions[boardtest.Point(t, b, "A1")]; r != 1 {
		t.Errorf("regions[A1] = %d", r)
	}
	if s := got["S"].(float64); math.Abs(s-6.2) > 1e-12 {
		t.Errorf("S = %v", s)
	}
	if s := got["S_prime"].(float64); s != 1.125 {
		t.Errorf("S_prime = %v", s)
	}
}

func TestSizes(t *testing.T) {
	// Every size runs and gives a valid control map, S and S' matching it.
	r := rand.New(rand.NewPCG(13, 14))
	m := mustNew(t, Settings{RegionOverride: true})
	var a Analysis
	for _, size := range []int{2, 3, 4, 5, 7, 9, 13, 19, 25} {
		for _, density := range []float64{0, 0.2, 0.5, 0.9} {
			b := boardtest.Scattered(r, size, density)
			m.Analyze(&a, b)
			res := control.Result{Control: a.Control}
			if err := control.Check(&res, b); err != nil {
				t.Fatalf("%dx%d: %v", size, size, err)
			}
			s := 0.0
			for p, c := range b.Cells() {
				if c == board.Empty {
					s += a.Control[p]
				}
			}
			if math.Abs(s-a.S) > 1e-9 {
				t.Errorf("%dx%d: S = %v, sum over vacant points %v", size, size, a.S, s)
			}
		}
	}
}
