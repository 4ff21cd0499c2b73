package movemodel

import (
	"math/rand/v2"
	"testing"

	"goeval/board"
	"goeval/internal/boardtest"
)

// candidate returns the features of c playing vertex on b.
func candidate(t *testing.T, b *board.Board, c board.Color, vertex string, last board.Point) Candidate {
	t.Helper()
	b.SetToMove(c)
	p := boardtest.Point(t, b, vertex)
	for _, cd := range NewExtractor(nil).Extract(nil, Position{Board: b, Last: last, Last2: NoMove}) {
		if cd.Point == p {
			return cd
		}
	}
	t.Fatalf("%s %s is not a candidate", c.Name(), vertex)
	return Candidate{}
}

// ladder is a white stone at E5 in a ladder: Black's atari at F5 chases
// it down and to the left, to the edge. breaker adds a white stone on
// that path at B2.
const ladder = `
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . X . . . .
. . . X O . . . .
. . . . . X . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .`

const ladderBroken = `
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . X . . . .
. . . X O . . . .
. . . . . X . . .
. . . . . . . . .
. O . . . . . . .
. . . . . . . . .`

func TestTactical(t *testing.T) {
	cases := []struct {
		name    string
		drawing string
		color   board.Color
		vertex  string
		last    string // the previous move, "" for none
		want    map[Group]uint32
	}{
		{"capture saves a chain in atari", `
			. . . . .
			. O X O .
			. X O X .
			. . . . .
			. . . . .`, board.Black, "C2", "", map[Group]uint32{GroupCapture: 1}},
		{"capture of the previous move", `
			. . . . .
			. . X . .
			. X O X .
			. . . . .
			. . . . .`, board.Black, "C2", "C3", map[Group]uint32{GroupCapture: 2}},
		{"ko capture", `
			. . . . .
			. . X O .
			. X O . O
			. . X O .
			. . . . .`, board.Black, "D3", "", map[Group]uint32{GroupCapture: 3}},
		{"capture of one stone", `
			. . . . .
			. . X . .
			. X O X .
			. . . . .
			. . . . .`, board.Black, "C2", "", map[Group]uint32{GroupCapture: 4}},
		{"capture of three stones", `
			. X X X .
			X O O O X
			. X X . .
			. . . . .
			. . . . .`, board.Black, "D3", "", map[Group]uint32{GroupCapture: 5}},
		{"working ladder atari", ladder, board.Black, "F5", "", map[Group]uint32{GroupAtari: 1}},
		{"broken ladder atari", ladderBroken, board.Black, "F5", "", map[Group]uint32{GroupAtari: 3}},
		{"a lone stone in self-atari", `
			. O . . .
			O . O . .
			. . . . .
			. . . . .
			. . . . .`, board.Black, "B4", "", map[Group]uint32{GroupSelfAtari: 1}},
		{"a chain of three in self-atari", `
			. X X O .
			O O . . .
			. . . . .
			. . . . .
			. . . . .`, board.Black, "A5", "", map[Group]uint32{GroupSelfAtari: 2}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := board.MustParse(tc.drawing)
			last := NoMove
			if tc.last != "" {
				last = boardtest.Point(t, b, tc.last)
			}
			cd := candidate(t, b, tc.color, tc.vertex, last)
			for _, g := range []Group{GroupCapture, GroupExtension, GroupAtari, GroupSelfAtari} {
				if got := cd.F[g]; got != tc.want[g] {
					t.Errorf("%v: %d, want %d", g, got, tc.want[g])
				}
			}
		})
	}
}

// TestExtension checks the escape of a chain in atari, with and without
// a ladder breaker: after Black's atari at F5, White's E4 runs into the
// ladder, or out of it.
func TestExtension(t *testing.T) {
	for _, tc := range []struct {
		drawing string
		want    uint32
	}{{ladder, 2}, {ladderBroken, 1}} {
		b := board.MustParse(tc.drawing)
		if err := b.Play(board.Black, boardtest.Point(t, b, "F5")); err != nil {
			t.Fatal(err)
		}
		cd := candidate(t, b, board.White, "E4", boardtest.Point(t, b, "F5"))
		if cd.F[GroupExtension] != tc.want {
			t.Errorf("extension %d, want %d in\n%s", cd.F[GroupExtension], tc.want, b)
		}
	}
}

func TestDistanceEdgeAndPass(t *testing.T) {
	b := board.New(19)
	g := b.Geometry()
	last, last2 := g.At(3, 3), g.At(15, 15) // D16, Q4
	cands := NewExtractor(nil).Extract(nil, Position{Board: b, Last: last, Last2: last2})
	if n := len(cands); n != 362 {
		t.Fatalf("%d candidates on an empty board, want 361 and the pass", n)
	}
	for _, tc := range []struct {
		x, y         int
		prev, before uint32
		edge         uint32
	}{
		{4, 3, 1, 16, 4},   // next to D16: d=2; line 4
		{5, 4, 4, 16, 5},   // (2,1) from D16: d=5; line 5
		{0, 0, 8, 16, 1},   // the corner: (3,3) is d=9
		{14, 14, 16, 2, 5}, // next to Q4 diagonally: d=3
		{15, 18, 16, 5, 1}, // (0,3) from Q4: d=6
	} {
		cd := cands[g.At(tc.x, tc.y)]
		if cd.F[GroupDistPrev] != tc.prev || cd.F[GroupDistPrev2] != tc.before || cd.F[GroupEdge] != tc.edge {
			t.Errorf("(%d,%d): distances %d, %d and edge %d, want %d, %d and %d", tc.x, tc.y,
				cd.F[GroupDistPrev], cd.F[GroupDistPrev2], cd.F[GroupEdge], tc.prev, tc.before, tc.edge)
		}
	}
	pass := cands[len(cands)-1]
	if pass.Point != board.Pass || pass.F[GroupPass] != 1 {
		t.Errorf("last candidate %v with pass feature %d, want the pass with 1", pass.Point, pass.F[GroupPass])
	}
	cands = NewExtractor(nil).Extract(nil, Position{Board: b, Last: board.Pass, Last2: NoMove})
	if pass := cands[len(cands)-1]; pass.F[GroupPass] != 2 {
		t.Errorf("pass answering a pass: feature %d, want 2", pass.F[GroupPass])
	}
}

// TestKeysUnderTransforms checks that the shape codes and pattern keys of
// a move are the same under all 16 transforms of the position: the 8
// symmetries, each with and without the colours swapped (the other side
// to move).
func TestKeysUnderTransforms(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, size := range []int{9, 13, 19} {
		for range 10 {
			b := boardtest.Played(r, size, r.IntN(size*size))
			b.SetToMove(board.Black)
			g := b.Geometry()
			e := NewExtractor(nil)
			for range 20 {
				p := board.Point(r.IntN(g.N))
				if b.At(p) != board.Empty {
					continue
				}
				var want [numSizes]uint64
				PatternKeys(&want, b, p, board.Black)
				b.Chains(&e.cs)
				wantShape := e.shape(b, p, board.Black)
				for _, s := range board.Symmetries {
					for _, swap := range []bool{false, true} {
						tb, c := b.Transformed(s), board.Black
						if swap {
							tb, c = tb.Swapped(), board.White
						}
						q := g.Transform(p, s)
						var got [numSizes]uint64
						PatternKeys(&got, tb, q, c)
						if got != want {
							t.Fatalf("size %d, symmetry %d, swapped %v: pattern keys differ", size, s, swap)
						}
						tb.Chains(&e.cs)
						if sh := e.shape(tb, q, c); sh != wantShape {
							t.Fatalf("size %d, symmetry %d, swapped %v: shape %x, want %x", size, s, swap, sh, wantShape)
						}
					}
				}
			}
		}
	}
}

// TestKeysTellShapesApart checks that the keys are not trivially equal:
// a stone beside the move and a stone a knight's move away, a stone of
// the mover's and of the opponent's, give other keys.
func TestKeysTellShapesApart(t *testing.T) {
	g := board.GeometryOf(9)
	p := g.At(4, 4)
	keys := map[[numSizes]uint64]string{}
	for _, tc := range []struct {
		name string
		x, y int
		c    board.Color
	}{{"empty", -1, -1, 0}, {"own beside", 5, 4, board.Black}, {"foe beside", 5, 4, board.White}, {"own knight", 6, 5, board.Black}, {"own far", 8, 4, board.Black}} {
		b := board.New(9)
		if tc.x >= 0 {
			b.Set(g.At(tc.x, tc.y), tc.c)
		}
		var k [numSizes]uint64
		PatternKeys(&k, b, p, board.Black)
		if other, ok := keys[k]; ok {
			t.Errorf("%s and %s have the same keys", tc.name, other)
		}
		keys[k] = tc.name
	}
}

// TestExtractUnderTransforms checks that every candidate's features are
// the same under the 16 transforms of a position (history transformed
// with it).
func TestExtractUnderTransforms(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 30 {
		size := []int{9, 13, 19}[r.IntN(3)]
		b := boardtest.Played(r, size, r.IntN(size*size*3/4))
		b.SetToMove(board.Black)
		g := b.Geometry()
		last, last2 := board.Point(r.IntN(g.N)), board.Point(r.IntN(g.N))
		want := NewExtractor(nil).Extract(nil, Position{Board: b, Last: last, Last2: last2})
		for _, s := range board.Symmetries {
			for _, swap := range []bool{false, true} {
				tb := b.Transformed(s)
				if swap {
					tb = tb.Swapped()
				}
				got := NewExtractor(nil).Extract(nil, Position{Board: tb, Last: g.Transform(last, s), Last2: g.Transform(last2, s)})
				if len(got) != len(want) {
					t.Fatalf("symmetry %d swapped %v: %d candidates, want %d", s, swap, len(got), len(want))
				}
				at := map[board.Point]Candidate{}
				for _, cd := range got {
					at[cd.Point] = cd
				}
				for _, cd := range want {
					if o := at[g.Transform(cd.Point, s)]; o.F != cd.F {
						t.Fatalf("symmetry %d swapped %v, %s: features %v, want %v\n%s", s, swap, g.GTP(cd.Point), o.F, cd.F, b)
					}
				}
			}
		}
	}
}

func TestLastMoves(t *testing.T) {
	c3, d4 := board.Point(12), board.Point(20)
	moves := []board.Move{{Color: board.Black, Point: c3}, {Color: board.White, Point: board.Pass}, {Color: board.Black, Point: d4}}
	for _, c := range []struct {
		n           int
		last, last2 board.Point
	}{
		{0, NoMove, NoMove},
		{1, c3, NoMove},
		{2, board.Pass, c3},
		{3, d4, board.Pass},
	} {
		if last, last2 := LastMoves(moves[:c.n]); last != c.last || last2 != c.last2 {
			t.Errorf("after %d moves: %d, %d; want %d, %d", c.n, last, last2, c.last, c.last2)
		}
	}
}
