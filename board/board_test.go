package board

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func mustGTP(t *testing.T, b *Board, v string) Point {
	t.Helper()
	p, err := b.Geometry().ParseGTP(v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// drawing returns the board as rows of X, O and . without coordinates, for
// comparing with fixtures.
func drawing(b *Board) string {
	var sb strings.Builder
	g := b.Geometry()
	for y := 0; y < g.Size; y++ {
		for x := 0; x < g.Size; x++ {
			sb.WriteByte(".XO"[colorIndex(b.At(g.At(x, y)))])
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func clean(s string) string {
	var sb strings.Builder
	for _, line := range strings.Split(s, "\n") {
		line = strings.ReplaceAll(strings.TrimSpace(line), " ", "")
		if line != "" {
			sb.WriteString(line)
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

func TestPlayCaptures(t *testing.T) {
	tests := []struct {
		name     string
		before   string
		color    Color
		move     string
		after    string
		captured int
	}{
		{
			name: "corner stone",
			before: `
				O X . . .
				. . . . .
				. . . . .
				. . . . .
				. . . . .`,
			color: Black, move: "A4",
			after: `
				. X . . .
				X . . . .
				. . . . .
				. . . . .
				. . . . .`,
			captured: 1,
		},
		{
			name: "two chains at once",
			before: `
				O X . X O
				. O . O .
				. . . . .
				. . . . .
				. . . . .`,
			color: White, move: "C5",
			after: `
				O . O . O
				. O . O .
				. . . . .
				. . . . .
				. . . . .`,
			captured: 2,
		},
		{
			name: "four chains at once",
			before: `
				. . O . .
				. O X O .
				O X . X O
				. O X O .
				. . O . .`,
			color: White, move: "C3",
			after: `
				. . O . .
				. O . O .
				O . O . O
				. O . O .
				. . O . .`,
			captured: 4,
		},
		{
			name: "big chain in the middle",
			before: `
				. O O O .
				O X X X O
				O X . X O
				O X X X O
				. O O O .`,
			color: White, move: "C3",
			after: `
				. O O O .
				O . . . O
				O . O . O
				O . . . O
				. O O O .`,
			captured: 8,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := MustParse(tt.before)
			if err := b.Play(tt.color, mustGTP(t, b, tt.move)); err != nil {
				t.Fatal(err)
			}
			if got, want := drawing(b), clean(tt.after); got != want {
				t.Errorf("after %s %s:\n%s\nwant\n%s", tt.color, tt.move, got, want)
			}
			if got := b.Captures(tt.color); got != tt.captured {
				t.Errorf("captures = %d, want %d", got, tt.captured)
			}
		})
	}
}

func TestSnapback(t *testing.T) {
	// White's A2-B2 has two liberties, A1 and B1. Black throws in at A1;
	// White captures it at B1, which leaves White's three stones with the
	// single liberty A1; Black plays A1 again and takes all three. The
	// recapture is legal: White's capture took one stone but B1 is not a
	// lone stone, so there is no ko.
	b := MustParse(`
		. . . . .
		. . . . .
		X X . . .
		O O X . .
		. . X . .`)
	steps := []struct {
		c Color
		v string
	}{{Black, "A1"}, {White, "B1"}, {Black, "A1"}}
	for _, s := range steps {
		if err := b.Play(s.c, mustGTP(t, b, s.v)); err != nil {
			t.Fatalf("%v %s: %v\n%s", s.c, s.v, err, b)
		}
	}
	if got, want := drawing(b), clean(`
		. . . . .
		. . . . .
		X X . . .
		. . X . .
		X . X . .`); got != want {
		t.Errorf("after the snapback:\n%s\nwant\n%s", got, want)
	}
	if b.Captures(Black) != 3 || b.Captures(White) != 1 {
		t.Errorf("captures B %d W %d, want 3 and 1", b.Captures(Black), b.Captures(White))
	}
}

func TestKo(t *testing.T) {
	b := MustParse(`
		. X O . .
		X O . O .
		. X O . .
		. . . . .
		. . . . .`)
	// Black takes the ko at C4, capturing B4.
	if err := b.Play(Black, mustGTP(t, b, "C4")); err != nil {
		t.Fatal(err)
	}
	if got := b.At(mustGTP(t, b, "B4")); got != Empty {
		t.Fatal("B4 not captured")
	}
	b4 := mustGTP(t, b, "B4")
	if b.Ko() != b4 {
		t.Fatalf("Ko() = %v, want B4", b.Geometry().GTP(b.Ko()))
	}
	if err := b.Legal(White, b4); !errors.Is(err, ErrKo) {
		t.Fatalf("White retake: err = %v, want ErrKo", err)
	}
	if err := b.Play(White, b4); !errors.Is(err, ErrKo) {
		t.Fatalf("White retake: err = %v, want ErrKo", err)
	}
	// A ko threat elsewhere and its answer lift the ban.
	if err := b.Play(White, mustGTP(t, b, "E1")); err != nil {
		t.Fatal(err)
	}
	if err := b.Play(Black, mustGTP(t, b, "D1")); err != nil {
		t.Fatal(err)
	}
	if err := b.Play(White, b4); err != nil {
		t.Fatalf("retake after a threat: %v", err)
	}
	if got := b.At(mustGTP(t, b, "C4")); got != Empty {
		t.Fatal("C4 not captured by the retake")
	}
	// A pass also lifts the ban.
	if err := b.Play(Black, Pass); err != nil {
		t.Fatal(err)
	}
	if b.Ko() != Pass {
		t.Fatal("pass did not clear the ko")
	}
}

func TestNotKoWhenCapturingTwo(t *testing.T) {
	b := MustParse(`
		. X O . .
		X O . O .
		X O . O .
		. X O . .
		. . . . .`)
	if err := b.Play(Black, mustGTP(t, b, "C4")); err != nil {
		t.Fatal(err)
	}
	if err := b.Play(Black, mustGTP(t, b, "C3")); err != nil {
		t.Fatal(err)
	}
	if b.Ko() != Pass {
		t.Fatal("capturing a two-stone chain is not a ko")
	}
}

func TestSuicide(t *testing.T) {
	b := MustParse(`
		. O . . .
		O O . . .
		. . O O O
		. . O X X
		. . O X .`)
	a5 := mustGTP(t, b, "A5")
	if err := b.Legal(Black, a5); !errors.Is(err, ErrSuicide) {
		t.Errorf("Black A5: Legal = %v, want ErrSuicide", err)
	}
	before := *b
	if err := b.Play(Black, a5); !errors.Is(err, ErrSuicide) {
		t.Errorf("Black A5: Play = %v, want ErrSuicide", err)
	}
	if *b != before {
		t.Error("an illegal play changed the board")
	}
	// Filling one's own last liberty is suicide too, for a multi-stone
	// chain; for White, E1 captures the three black stones.
	e1 := mustGTP(t, b, "E1")
	if err := b.Legal(White, e1); err != nil {
		t.Errorf("White E1 captures: Legal = %v", err)
	}
	if err := b.Legal(Black, e1); !errors.Is(err, ErrSuicide) {
		t.Errorf("Black E1 fills its own last liberty: Legal = %v, want ErrSuicide", err)
	}
	// A record may hold it: the mover's chain is removed and reported.
	suicide, err := b.PlayRecorded(Black, e1)
	if err != nil || !suicide {
		t.Fatalf("PlayRecorded = %v, %v; want suicide", suicide, err)
	}
	if got, want := drawing(b), clean(`
		. O . . .
		O O . . .
		. . O O O
		. . O . .
		. . O . .`); got != want {
		t.Errorf("after the recorded suicide:\n%s\nwant\n%s", got, want)
	}
	if b.Captures(White) != 4 {
		t.Errorf("White is credited with %d stones, want 4", b.Captures(White))
	}
}

// TestOccupiedNamesTheStone checks that the error for a play on an occupied
// point names the colour of the stone that is there, not the mover's.
func TestOccupiedNamesTheStone(t *testing.T) {
	b := MustParse(`
		X . .
		. O .
		. . .`)
	for _, tt := range []struct {
		mover Color
		at    string
		want  string
	}{
		{White, "A3", "board: point is occupied: A3 holds a Black stone"},
		{Black, "A3", "board: point is occupied: A3 holds a Black stone"},
		{Black, "B2", "board: point is occupied: B2 holds a White stone"},
	} {
		err := b.Play(tt.mover, mustGTP(t, b, tt.at))
		if !errors.Is(err, ErrOccupied) || err.Error() != tt.want {
			t.Errorf("%v at %s: %v, want %q", tt.mover, tt.at, err, tt.want)
		}
	}
}

func TestCaptureIsNotSuicide(t *testing.T) {
	b := MustParse(`
		. O X . .
		O X . . .
		X . . . .
		. . . . .
		. . . . .`)
	// Black A5 has no liberty of its own but captures the white stones.
	if err := b.Play(Black, mustGTP(t, b, "A5")); err != nil {
		t.Fatal(err)
	}
	if b.Count(White) != 0 {
		t.Errorf("white stones left: %d", b.Count(White))
	}
}

func TestEdgeAndCornerLiberties(t *testing.T) {
	b := MustParse(`
		X . . . X
		. . . . .
		X . X . .
		. . . . .
		. . X X O`)
	var cs Chains
	b.Chains(&cs)
	libs := map[string]int{"A5": 2, "E5": 2, "A3": 3, "C3": 4, "C1": 3, "D1": 3, "E1": 1}
	for v, want := range libs {
		p := mustGTP(t, b, v)
		if got := cs.List[cs.ID[p]].Liberties; got != want {
			t.Errorf("%s: %d liberties, want %d", v, got, want)
		}
	}
	if got := cs.List[cs.ID[mustGTP(t, b, "C1")]].Stones; got != 2 {
		t.Errorf("C1-D1 chain has %d stones, want 2", got)
	}
	g := b.Geometry()
	for v, want := range map[string]int{"A5": 2, "E1": 2, "C5": 3, "A3": 3, "C3": 4} {
		if got := g.Degree(mustGTP(t, b, v)); got != want {
			t.Errorf("degree(%s) = %d, want %d", v, got, want)
		}
	}
}

func TestGTPCoordinates(t *testing.T) {
	g := GeometryOf(19)
	for _, tt := range []struct {
		v    string
		x, y int
	}{{"A19", 0, 0}, {"T1", 18, 18}, {"J10", 8, 9}, {"q16", 15, 3}, {"H1", 7, 18}} {
		p, err := g.ParseGTP(tt.v)
		if err != nil {
			t.Fatal(err)
		}
		if x, y := g.XY(p); x != tt.x || y != tt.y {
			t.Errorf("%s = (%d,%d), want (%d,%d)", tt.v, x, y, tt.x, tt.y)
		}
		if got := g.GTP(p); !strings.EqualFold(got, tt.v) {
			t.Errorf("GTP(%s) = %s", tt.v, got)
		}
	}
	for _, bad := range []string{"I5", "A20", "A0", "Z1", "", "5", "AA", "A-1", "A+1"} {
		if _, err := g.ParseGTP(bad); !errors.Is(err, ErrVertex) {
			t.Errorf("ParseGTP(%q) err = %v, want ErrVertex", bad, err)
		}
	}
}

func TestSizes(t *testing.T) {
	for _, size := range []int{2, 9, 13, 19, 25} {
		b := New(size)
		if b.Size() != size || b.Count(Empty) != size*size {
			t.Errorf("New(%d): size %d, %d empty", size, b.Size(), b.Count(Empty))
		}
	}
	for _, size := range []int{0, 1, 26, 52} {
		if err := ValidSize(size); !errors.Is(err, ErrSize) {
			t.Errorf("ValidSize(%d) = %v", size, err)
		}
	}
}

func TestSymmetryAndSwap(t *testing.T) {
	b := MustParse(`
		X . . .
		. O . .
		. . . .
		. . . X`)
	r := b.Transformed(Rotate90)
	if got, want := drawing(r), clean(`
		. . . X
		. . O .
		. . . .
		X . . .`); got != want {
		t.Errorf("Rotate90:\n%s\nwant\n%s", got, want)
	}
	g := b.Geometry()
	for _, s := range Symmetries {
		seen := map[Point]bool{}
		for p := Point(0); int(p) < g.N; p++ {
			seen[g.Transform(p, s)] = true
		}
		if len(seen) != g.N {
			t.Errorf("symmetry %d is not a bijection", s)
		}
	}
	sw := b.Swapped()
	if sw.At(0) != White || sw.ToMove() != White {
		t.Error("Swapped did not swap")
	}
}

// slowBoard is the obviously-correct twin: a 2-D array, chains found by
// recursion, ko as "no return to the position before the opponent's move".
type slowBoard struct {
	n    int
	c    [][]Color
	prev [][]Color // position before the last move
}

func newSlow(n int) *slowBoard {
	s := &slowBoard{n: n}
	s.c = make([][]Color, n)
	for i := range s.c {
		s.c[i] = make([]Color, n)
	}
	return s
}

func (s *slowBoard) copyGrid() [][]Color {
	out := make([][]Color, s.n)
	for i := range s.c {
		out[i] = append([]Color(nil), s.c[i]...)
	}
	return out
}

func (s *slowBoard) group(x, y int, seen map[[2]int]bool) (stones [][2]int, libs map[[2]int]bool) {
	libs = map[[2]int]bool{}
	var rec func(x, y int)
	col := s.c[y][x]
	rec = func(x, y int) {
		if x < 0 || y < 0 || x >= s.n || y >= s.n {
			return
		}
		if s.c[y][x] == Empty {
			libs[[2]int{x, y}] = true
			return
		}
		if s.c[y][x] != col || seen[[2]int{x, y}] {
			return
		}
		seen[[2]int{x, y}] = true
		stones = append(stones, [2]int{x, y})
		rec(x-1, y)
		rec(x+1, y)
		rec(x, y-1)
		rec(x, y+1)
	}
	rec(x, y)
	return stones, libs
}

func same(a, b [][]Color) bool {
	for y := range a {
		for x := range a[y] {
			if a[y][x] != b[y][x] {
				return false
			}
		}
	}
	return true
}

// play returns false if the move is illegal (and leaves the board as it was).
func (s *slowBoard) play(c Color, x, y int) bool {
	if s.c[y][x] != Empty {
		return false
	}
	before := s.copyGrid()
	s.c[y][x] = c
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		nx, ny := x+d[0], y+d[1]
		if nx < 0 || ny < 0 || nx >= s.n || ny >= s.n || s.c[ny][nx] != -c {
			continue
		}
		stones, libs := s.group(nx, ny, map[[2]int]bool{})
		if len(libs) == 0 {
			for _, st := range stones {
				s.c[st[1]][st[0]] = Empty
			}
		}
	}
	if _, libs := s.group(x, y, map[[2]int]bool{}); len(libs) == 0 {
		s.c = before
		return false
	}
	if s.prev != nil && same(s.c, s.prev) {
		s.c = before
		return false
	}
	s.prev = before
	return true
}

func TestRandomGamesAgainstSlowTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []int{5, 9, 13, 19} {
		for game := 0; game < 20; game++ {
			b := New(size)
			s := newSlow(size)
			g := b.Geometry()
			color := Black
			var cs Chains
			for move := 0; move < size*size*2; move++ {
				p := Point(rng.IntN(g.N))
				x, y := g.XY(p)
				legal := b.Legal(color, p) == nil
				slowLegal := s.play(color, x, y)
				if legal != slowLegal {
					t.Fatalf("size %d game %d move %d: %s %s legal=%v, twin says %v\n%s",
						size, game, move, color, g.GTP(p), legal, slowLegal, b)
				}
				if !legal {
					// Illegal moves are skipped: the turn passes, which
					// also exercises the ko rule after a pass.
					if err := b.Play(color, Pass); err != nil {
						t.Fatal(err)
					}
					s.prev = nil
					color = -color
					continue
				}
				if err := b.Play(color, p); err != nil {
					t.Fatal(err)
				}
				color = -color
				b.Chains(&cs)
				for yy := 0; yy < size; yy++ {
					for xx := 0; xx < size; xx++ {
						q := g.At(xx, yy)
						if b.At(q) != s.c[yy][xx] {
							t.Fatalf("size %d game %d move %d: %s differs\n%s", size, game, move, g.GTP(q), b)
						}
						if b.At(q) == Empty {
							continue
						}
						stones, libs := s.group(xx, yy, map[[2]int]bool{})
						ch := cs.List[cs.ID[q]]
						if ch.Liberties != len(libs) || ch.Stones != len(stones) || ch.Color != b.At(q) {
							t.Fatalf("size %d game %d move %d: chain at %s: %+v, twin %d stones %d liberties",
								size, game, move, g.GTP(q), ch, len(stones), len(libs))
						}
					}
				}
			}
		}
	}
}

func TestChainsStones(t *testing.T) {
	b := MustParse(`
		X X . O
		. X . O
		. . . O
		O . . .`)
	var cs Chains
	b.Chains(&cs)
	if len(cs.List) != 3 {
		t.Fatalf("%d chains, want 3", len(cs.List))
	}
	st := cs.Stones(int(cs.ID[0]), nil)
	if len(st) != 3 {
		t.Errorf("black chain stones = %v", st)
	}
}

func TestCopyIsIndependent(t *testing.T) {
	b := New(9)
	c := *b
	if err := c.Play(Black, 40); err != nil {
		t.Fatal(err)
	}
	if b.At(40) != Empty {
		t.Error("playing on a copy changed the original")
	}
}

func BenchmarkPlay(b *testing.B) {
	// A fixed pseudo-random sequence of legal moves on 19x19, replayed from
	// the empty board whenever it runs out.
	rng := rand.New(rand.NewPCG(3, 4))
	start := New(19)
	var seq []Point
	var cols []Color
	bd := *start
	color := Black
	for len(seq) < 250 {
		p := Point(rng.IntN(361))
		if bd.Legal(color, p) != nil {
			continue
		}
		_ = bd.Play(color, p)
		seq = append(seq, p)
		cols = append(cols, color)
		color = -color
	}
	b.ReportAllocs()
	b.ResetTimer()
	bd = *start
	j := 0
	for i := 0; i < b.N; i++ {
		if j == len(seq) {
			bd, j = *start, 0
		}
		if err := bd.Play(cols[j], seq[j]); err != nil {
			b.Fatal(err)
		}
		j++
	}
}

func TestRegionsAndArea(t *testing.T) {
	b := MustParse(`
		. X O . .
		X X O . .
		. X O O O
		X X O . O
		. . O O .`)
	var r Regions
	b.Regions(&r)
	border := func(v string) Color { return r.Border[r.ID[mustGTP(t, b, v)]] }
	for v, want := range map[string]Color{"A5": Black, "A3": Black, "D5": White, "D2": White, "E1": White, "A1": Empty} {
		if got := border(v); got != want {
			t.Errorf("region of %s bordered by %v, want %v", v, got, want)
		}
	}
	if got := r.Size[r.ID[mustGTP(t, b, "D5")]]; got != 4 {
		t.Errorf("region of D5 has %d points, want 4 (D5 E5 D4 E4)", got)
	}
	if r.ID[mustGTP(t, b, "B5")] != -1 {
		t.Error("a stone has a region")
	}
	// Area: Black 6 stones + A5, A3 = 8; White 9 stones + D5 E5 D4 E4 D2
	// E1 = 15; A1 and B1 border both (dame).
	own, area := b.Area(nil)
	if area != 8-15 {
		t.Errorf("area %v, want -7", area)
	}
	if own[mustGTP(t, b, "A1")] != 0 || own[mustGTP(t, b, "A5")] != 1 || own[mustGTP(t, b, "E1")] != -1 {
		t.Errorf("ownership %v", own)
	}
}

// CountArea takes the dead stones off and counts. The white stone at B2 is
// dead: with it off, A2 B2 A1 B1 are Black's alone, and so are D1 E1, so
// Black has 8 stones and 6 points, 14. White has B5 and B4, 2. A5 borders
// both colours and is one point: dame. C5 D5 E5 C4 D4 E4 D3 E3 border both
// and are 8 points: open. Neither counts.
func TestCountArea(t *testing.T) {
	b := MustParse(`
		. O . . .
		X O . . .
		X X X . .
		. O X X X
		. . X . .`)
	var r Regions
	area, open := b.CountArea([]Point{mustGTP(t, b, "B2")}, &r)
	if area != 14-2 || open != 8 {
		t.Errorf("count %v with %d points open, want 12 with 8", area, open)
	}
	if b.At(mustGTP(t, b, "B2")) != White {
		t.Error("CountArea changed the board")
	}
	// Nothing dead: B2 lives, and A2 A1 B1 border both (3 points, dame).
	if area, open := b.CountArea(nil, &r); area != 8+2-3 || open != 8 {
		t.Errorf("count with nothing dead %v with %d points open, want 7 with 8", area, open)
	}
}

// libertyBesides is hasLibertyBesides's slow twin: it collects the chain
// through start in a map, then looks for a liberty other than except.
func libertyBesides(b *Board, start, except Point) bool {
	g, c := b.Geometry(), b.At(start)
	chain := map[Point]bool{start: true}
	for grew := true; grew; {
		grew = false
		for p := range chain {
			for _, q := range g.Neighbors(p) {
				if b.At(q) == c && !chain[q] {
					chain[q], grew = true, true
				}
			}
		}
	}
	for p := range chain {
		for _, q := range g.Neighbors(p) {
			if b.At(q) == Empty && q != except {
				return true
			}
		}
	}
	return false
}

// TestLibertyBesidesBigChains checks hasLibertyBesides, whose first queue
// holds smallChain stones, against its slow twin on crowded random boards
// whose chains run to hundreds of stones: for every stone, with no
// exception and with each empty point as the exception.
func TestLibertyBesidesBigChains(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	bigSeen := 0
	for range 40 {
		b := New(19)
		for p := range b.Cells() {
			switch v := r.Float64(); {
			case v < 0.55:
				b.Set(Point(p), Black)
			case v < 0.97:
				b.Set(Point(p), White)
			}
		}
		var chains Chains
		b.Chains(&chains)
		want := map[[2]Point]bool{} // per chain head and exception
		for _, ch := range chains.List {
			if ch.Stones > smallChain {
				bigSeen++
			}
		}
		excepts := []Point{Pass}
		for q, v := range b.Cells() {
			if v == Empty {
				excepts = append(excepts, Point(q))
			}
		}
		for p, c := range b.Cells() {
			if c == Empty {
				continue
			}
			head := chains.List[chains.ID[p]].Head
			for _, e := range excepts {
				w, ok := want[[2]Point{head, e}]
				if !ok {
					w = libertyBesides(b, Point(p), e)
					want[[2]Point{head, e}] = w
				}
				if got := b.hasLibertyBesides(Point(p), e); got != w {
					t.Fatalf("chain at %s, except %d: hasLibertyBesides %v, want %v\n%v", b.Geometry().GTP(Point(p)), e, got, w, b)
				}
			}
		}
	}
	if bigSeen < 10 {
		t.Errorf("only %d chains of more than %d stones: the test does not reach the big queue", bigSeen, smallChain)
	}
}

// TestCaptureBigChain: a chain of 76 stones (four full rows) with one
// liberty, A19, is captured whole by a play there; with a second liberty
// at its far end (T19), which a search from the play meets only after more
// than smallChain stones, it is not.
func TestCaptureBigChain(t *testing.T) {
	for _, second := range []bool{false, true} {
		b := New(19)
		g := b.Geometry()
		for x := range 19 {
			if x > 0 && (!second || x < 18) {
				b.Set(g.At(x, 0), White) // a white chain with A19 (and T19) for liberties
			}
			for y := 1; y <= 4; y++ {
				b.Set(g.At(x, y), Black)
			}
			b.Set(g.At(x, 5), White)
		}
		if err := b.Legal(Black, g.At(0, 0)); err != nil {
			t.Fatalf("Black at A19 captures the white chain, so it is legal: %v", err)
		}
		if err := b.Play(White, g.At(0, 0)); err != nil {
			t.Fatal(err)
		}
		want, captured := Empty, 76
		if second {
			want, captured = Black, 0
		}
		for x := range 19 {
			for y := 1; y <= 4; y++ {
				if b.At(g.At(x, y)) != want {
					t.Fatalf("second liberty %v: %s holds %v, want %v\n%v", second, g.GTP(g.At(x, y)), b.At(g.At(x, y)), want, b)
				}
			}
		}
		if bc, wc := b.Captures(Black), b.Captures(White); bc != 0 || wc != captured {
			t.Errorf("second liberty %v: captures Black %d White %d, want 0 and %d", second, bc, wc, captured)
		}
	}
}

// TestSamePosition: the same stones, side to move and ko make the same
// position, whatever the captures; any of them differing does not.
func TestSamePosition(t *testing.T) {
	a := MustParse(`
		. X O .
		X O . O
		. X O .
		. . . .`)
	a.SetToMove(Black)
	b := *a
	if err := b.Play(Black, 6); err != nil { // C3 takes B3: a ko
		t.Fatal(err)
	}
	c := b
	if !c.SamePosition(&b) {
		t.Error("a copy is not the same position")
	}
	// The same stones set up by hand, without the capture or the ko.
	d := MustParse(`
		. X O .
		X . X O
		. X O .
		. . . .`)
	d.SetToMove(White)
	if d.SamePosition(&b) {
		t.Error("without the ko it is the same position")
	}
	// White passes and Black passes: the ko is gone, the stones the same,
	// and the capture still counted on one board only.
	if err := b.Play(White, Pass); err != nil {
		t.Fatal(err)
	}
	if err := b.Play(Black, Pass); err != nil {
		t.Fatal(err)
	}
	if !d.SamePosition(&b) || *d == b {
		t.Errorf("same stones, side and no ko: SamePosition %v; == %v (the captures differ)", d.SamePosition(&b), *d == b)
	}
	e := *d
	e.SetToMove(Black)
	if e.SamePosition(d) {
		t.Error("another side to move is the same position")
	}
	if New(3).SamePosition(New(4)) {
		t.Error("boards of two sizes are the same position")
	}
}
