package influence

import (
	"errors"
	"goeval/internal/boardtest"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"goeval/board"
	"goeval/control"
	"goeval/internal/positions"
)

// propTwin is the straightforward form of the propagating estimator: a
// breadth-first search through empty points from every stone, adding
// alpha^d to its colour's sum on every empty point it reaches, then the
// combination. It returns the control map and the raw sums B and W.
func propTwin(b *board.Board, s PropagateSettings) (ctl, black, white []float64) {
	s = s.withDefaults()
	g := b.Geometry()
	ctl = make([]float64, g.N)
	black = make([]float64, g.N)
	white = make([]float64, g.N)
	dist := make([]int, g.N)
	for src := 0; src < g.N; src++ {
		c := b.At(board.Point(src))
		if c == board.Empty {
			continue
		}
		for i := range dist {
			dist[i] = -1
		}
		var queue []board.Point
		for _, q := range g.Neighbors(board.Point(src)) {
			if b.At(q) == board.Empty {
				dist[q] = 1
				queue = append(queue, q)
			}
		}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			if s.MaxDistance > 0 && dist[p] > s.MaxDistance {
				continue
			}
			w := math.Pow(s.Attenuation, float64(dist[p]))
			if c == board.Black {
				black[p] += w
			} else {
				white[p] += w
			}
			for _, q := range g.Neighbors(p) {
				if b.At(q) == board.Empty && dist[q] < 0 {
					dist[q] = dist[p] + 1
					queue = append(queue, q)
				}
			}
		}
	}
	for p := range ctl {
		switch c := b.At(board.Point(p)); {
		case c != board.Empty:
			ctl[p] = float64(c)
		case s.Combine == CapTotal:
			ctl[p] = max(-1, min(1, black[p]-white[p]))
		default:
			ctl[p] = min(black[p], 1) - min(white[p], 1)
		}
	}
	return ctl, black, white
}

func mustPropagate(t testing.TB, s PropagateSettings) *Propagate {
	t.Helper()
	e, err := NewPropagate(s)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// propTestBoards returns random boards of every density on the usual
// sizes, the smallest and largest boards, lopsided boards (many stones of
// one colour, few of the other), empty boards and (unless -short) the
// benchmark positions.
func propTestBoards(t *testing.T) []*board.Board {
	r := rand.New(rand.NewPCG(1, 2))
	var boards []*board.Board
	for _, size := range []int{9, 13, 19} {
		for _, density := range []float64{0.02, 0.1, 0.3, 0.5, 0.7} {
			for range 4 {
				boards = append(boards, boardtest.Scattered(r, size, density))
			}
		}
	}
	// The smallest boards, and the largest with up to 10 words of stones.
	for _, size := range []int{2, 3, 5, 25} {
		for _, density := range []float64{0.3, 0.6, 0.9} {
			boards = append(boards, boardtest.Scattered(r, size, density))
		}
	}
	// Lopsided boards, one colour with more than 32 sources and the
	// other with few: one word, but not in halves (propWhiteBase).
	for _, size := range []int{13, 19} {
		for _, n := range [][2]int{{40, 12}, {10, 45}} {
			b := board.New(size)
			for c, col := range []board.Color{board.Black, board.White} {
				for placed := 0; placed < n[c]; {
					if p := board.Point(r.IntN(size * size)); b.At(p) == board.Empty {
						b.Set(p, col)
						placed++
					}
				}
			}
			boards = append(boards, b)
		}
	}
	boards = append(boards, board.New(9), board.New(19))
	if !testing.Short() {
		boards = append(boards, positions.Bench(t)...)
	}
	return boards
}

// propKernel is one way to run the search: the AVX-512 kernel, the
// portable one with its AVX2 rows, or the portable one in Go only.
type propKernel struct {
	name      string
	asm, avx2 bool
	have      bool // whether the processor can run it
}

func propKernelList() []propKernel {
	return []propKernel{
		{"avx512", true, false, haveAVX512},
		{"avx2", false, true, haveAVX2},
		{"go", false, false, true},
	}
}

// use selects k, returning a function that restores the kernel in use.
func (k propKernel) use() (restore func()) {
	asm, avx2 := usePropAsm, usePropAVX2
	usePropAsm, usePropAVX2 = k.asm, k.avx2
	return func() { usePropAsm, usePropAVX2 = asm, avx2 }
}

// propKernels runs f with each kernel the processor has.
func propKernels(t *testing.T, f func(t *testing.T)) {
	for _, k := range propKernelList() {
		t.Run(k.name, func(t *testing.T) {
			if !k.have {
				t.Skipf("no %s on this processor", k.name)
			}
			defer k.use()()
			f(t)
		})
	}
}

func TestPropagateMatchesTwin(t *testing.T) {
	propKernels(t, testPropagateMatchesTwin)
}

func testPropagateMatchesTwin(t *testing.T) {
	settings := []PropagateSettings{
		{},
		{Combine: CapTotal},
		{Attenuation: 0.7},
		{Attenuation: 0.3, MaxDistance: 3, Combine: CapTotal},
		{MaxDistance: 4},
		{MaxDistance: 1},
	}
	boards := propTestBoards(t)
	// One estimator per setting, reused over boards of changing sizes.
	for _, s := range settings {
		e := mustPropagate(t, s)
		got := make([]float64, board.MaxPoints)
		gb := make([]float64, board.MaxPoints)
		gw := make([]float64, board.MaxPoints)
		for bi, b := range boards {
			n := b.Geometry().N
			want, wb, ww := propTwin(b, s)
			e.Control(got[:n], b)
			e.Influence(gb[:n], gw[:n], b)
			for p := 0; p < n; p++ {
				if math.Abs(got[p]-want[p]) > 1e-12 || math.Abs(gb[p]-wb[p]) > 1e-12 || math.Abs(gw[p]-ww[p]) > 1e-12 {
					t.Fatalf("%+v board %d (%dx%d) at %s: control %v B %v W %v, twin %v %v %v\n%s", s, bi, b.Size(), b.Size(),
						b.Geometry().GTP(board.Point(p)), got[p], gb[p], gw[p], want[p], wb[p], ww[p], b)
				}
			}
		}
	}
}

// propAt returns the value of m at the GTP vertex v of b.
func propAt(t *testing.T, b *board.Board, m []float64, v string) float64 {
	t.Helper()
	p, err := b.Geometry().ParseGTP(v)
	if err != nil {
		t.Fatal(err)
	}
	return m[p]
}

// propEval returns the control map and the raw sums of b under s.
func propEval(t *testing.T, b *board.Board, s PropagateSettings) (ctl, black, white []float64) {
	t.Helper()
	e := mustPropagate(t, s)
	n := b.Geometry().N
	ctl, black, white = make([]float64, n), make([]float64, n), make([]float64, n)
	e.Control(ctl, b)
	e.Influence(black, white, b)
	return ctl, black, white
}

func TestPropagateLoneStone(t *testing.T) {
	// One black stone in the middle of an empty 7x7 board: nothing blocks
	// the way, so the path length to (x, y) is the Manhattan distance
	// |x-3| + |y-3| and the control there is alpha^d (below 1, so the cap
	// changes nothing).
	b := board.MustParse(`
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . X . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .`)
	g := b.Geometry()
	for _, tc := range []struct {
		name string
		s    PropagateSettings
	}{
		{"alpha 1/2", PropagateSettings{}},
		{"alpha 0.3", PropagateSettings{Attenuation: 0.3}},
		{"cap-total", PropagateSettings{Combine: CapTotal}},
		{"max distance 2", PropagateSettings{MaxDistance: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctl, _, white := propEval(t, b, tc.s)
			alpha := tc.s.withDefaults().Attenuation
			for p := range ctl {
				x, y := g.XY(board.Point(p))
				d := abs(x-3) + abs(y-3)
				want := math.Pow(alpha, float64(d))
				if tc.s.MaxDistance > 0 && d > tc.s.MaxDistance {
					want = 0
				}
				if math.Abs(ctl[p]-want) > 1e-15 || white[p] != 0 {
					t.Errorf("%s (d=%d): control %v, want %v (W %v)", g.GTP(board.Point(p)), d, ctl[p], want, white[p])
				}
			}
		})
	}
	// The weights 1/2, 1/4, 1/8 along the row, spelled out.
	ctl, _, _ := propEval(t, b, PropagateSettings{})
	for v, want := range map[string]float64{"D4": 1, "E4": 0.5, "F4": 0.25, "G4": 0.125, "F5": 0.125, "A7": 1.0 / 64} {
		if got := propAt(t, b, ctl, v); got != want {
			t.Errorf("%s = %v, want %v", v, got, want)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestPropagateWallBlocks(t *testing.T) {
	// A black wall down the C file; White's A3 cannot see past it.
	b := board.MustParse(`
		. . X . .
		. . X . .
		O . X . .
		. . X . .
		. . X . .`)
	ctl, black, white := propEval(t, b, PropagateSettings{})
	for _, v := range []string{"D1", "D2", "D3", "D4", "D5", "E1", "E2", "E3", "E4", "E5"} {
		if w := propAt(t, b, white, v); w != 0 {
			t.Errorf("W(%s) = %v behind the wall, want 0", v, w)
		}
	}
	// E3 hears only the wall: C3 at path length 2 (D3, E3), C2 and C4 at
	// 3, C1 and C5 at 4: 1/4 + 2/8 + 2/16 = 0.625.
	if got := propAt(t, b, black, "E3"); got != 0.625 {
		t.Errorf("B(E3) = %v, want 0.625", got)
	}
	if got := propAt(t, b, ctl, "E3"); got != 0.625 {
		t.Errorf("control(E3) = %v, want 0.625", got)
	}
	// In front of the wall both colours reach B3: the wall's C3 (1/2), C2
	// and C4 (1/4 each: C2-B2-B3), C1 and C5 (1/8 each) make B = 1.25;
	// White's A3 gives 1/2. Cap-each: 1 - 1/2.
	if got := propAt(t, b, ctl, "B3"); got != 0.5 {
		t.Errorf("control(B3) = %v, want 0.5", got)
	}
}

func TestPropagateRoundTheCorner(t *testing.T) {
	// Black's A5 reaches A3 only round the end of White's wall:
	// B5 C5 D5 E5 E4 E3 D3 C3 B3 A3, path length 10, though A3 is two
	// lines away. E4 is 5 steps away (Manhattan distance 5 as well).
	b := board.MustParse(`
		X . . . .
		O O O O .
		. . . . .
		. . . . .
		. . . . .`)
	_, black, _ := propEval(t, b, PropagateSettings{})
	for v, d := range map[string]int{"B5": 1, "E5": 4, "E4": 5, "E3": 6, "A3": 10, "A2": 11, "A1": 12} {
		if got, want := propAt(t, b, black, v), math.Ldexp(1, -d); got != want {
			t.Errorf("B(%s) = %v, want 2^-%d = %v", v, got, d, want)
		}
	}
}

func TestPropagateCombine(t *testing.T) {
	// C3 has three black neighbours (B = 3/2) and one white (W = 1/2);
	// each of those stones reaches C3 in one step, and no other stone is
	// on the board.
	//   cap-each:  min(3/2, 1) - min(1/2, 1) = 1/2
	//   cap-total: clamp(3/2 - 1/2, -1, 1)  = 1
	// Wherever neither sum reaches 1, the two modes agree.
	b := board.MustParse(`
		. . . . .
		. . X . .
		. X . X .
		. . O . .
		. . . . .`)
	each, black, white := propEval(t, b, PropagateSettings{})
	total, _, _ := propEval(t, b, PropagateSettings{Combine: CapTotal})
	if bl, wh := propAt(t, b, black, "C3"), propAt(t, b, white, "C3"); bl != 1.5 || wh != 0.5 {
		t.Fatalf("C3: B %v W %v, want 1.5 and 0.5", bl, wh)
	}
	if got := propAt(t, b, each, "C3"); got != 0.5 {
		t.Errorf("cap-each C3 = %v, want 0.5", got)
	}
	if got := propAt(t, b, total, "C3"); got != 1 {
		t.Errorf("cap-total C3 = %v, want 1", got)
	}
	for p := range each {
		if black[p] < 1 && white[p] < 1 && each[p] != total[p] {
			t.Errorf("%s: cap-each %v, cap-total %v with B %v W %v", b.Geometry().GTP(board.Point(p)), each[p], total[p], black[p], white[p])
		}
	}
}

func TestPropagateCorridor(t *testing.T) {
	t.Run("open at one end", func(t *testing.T) {
		// A width-one corridor C5-H5 walled by Black, closed by J5, with
		// White's B5 at its mouth. Every corridor point has two wall
		// stones next to it, so B >= 1 there; White reaches the k-th
		// point only through the corridor, at path length k: W = 2^-k.
		// Cap-each gives 1 - 2^-k: 1/2, 3/4, 7/8, 15/16, 31/32, 63/64,
		// the seed's miai count of the corridor. Cap-total lets the
		// walls' surplus swallow the invader: B >= 2 (two walls next to
		// it, four more at distance 2), so clamp(B - W) = 1 everywhere.
		b := board.MustParse(`
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. X X X X X X X X
			. O . . . . . . X
			. X X X X X X X X
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`)
		each, _, white := propEval(t, b, PropagateSettings{})
		total, _, _ := propEval(t, b, PropagateSettings{Combine: CapTotal})
		for k, v := range []string{"C5", "D5", "E5", "F5", "G5", "H5"} {
			k++
			want := 1 - math.Ldexp(1, -k)
			if got := propAt(t, b, each, v); got != want {
				t.Errorf("cap-each %s (k=%d) = %v, want 1 - 2^-%d = %v (W %v)", v, k, got, k, want, propAt(t, b, white, v))
			}
			if got := propAt(t, b, total, v); got != 1 {
				t.Errorf("cap-total %s = %v, want 1", v, got)
			}
		}
	})
	t.Run("open at both ends", func(t *testing.T) {
		// The corridor B5-H5 (7 points) with White at both mouths, A5
		// and J5. The i-th point is i steps from A5 and 8-i from J5, so
		// W = 2^-i + 2^-(8-i): each invader's reduction overlaps the
		// other's, and the control is 1 - W:
		//   i=1: 1 - (1/2 + 1/128) = 0.4921875   i=2: 1 - (1/4 + 1/64) = 0.734375
		//   i=3: 1 - (1/8 + 1/32)  = 0.84375     i=4: 1 - (1/16 + 1/16) = 0.875
		// and symmetrically on the other side.
		b := board.MustParse(`
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			X X X X X X X X X
			O . . . . . . . O
			X X X X X X X X X
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`)
		each, _, _ := propEval(t, b, PropagateSettings{})
		want := []float64{0.4921875, 0.734375, 0.84375, 0.875, 0.84375, 0.734375, 0.4921875}
		for i, v := range []string{"B5", "C5", "D5", "E5", "F5", "G5", "H5"} {
			if got := propAt(t, b, each, v); got != want[i] {
				t.Errorf("%s (i=%d) = %v, want %v", v, i+1, got, want[i])
			}
		}
	})
}

// TestPropagateKernelsAgree checks that the assembly kernels (where the
// processor has them) give the same B and W as the Go one, bit for bit,
// and the same control map and score (the AVX-512 kernel has its own
// loop for the combination).
func TestPropagateKernelsAgree(t *testing.T) {
	var ks []propKernel
	for _, k := range propKernelList()[:2] {
		if k.have {
			ks = append(ks, k)
		}
	}
	if len(ks) == 0 {
		t.Skip("no assembly kernel on this processor")
	}
	goKernel := propKernelList()[2]
	for _, s := range []PropagateSettings{{}, {Attenuation: 0.7}, AtsumiSettings(4), {Combine: CapTotal}} {
		e := mustPropagate(t, s)
		for bi, b := range propTestBoards(t) {
			n := b.Geometry().N
			gb, gw := make([]float64, n), make([]float64, n)
			var gr control.Result
			restore := goKernel.use()
			e.Influence(gb, gw, b)
			if err := e.Estimate(&gr, b); err != nil {
				t.Fatal(err)
			}
			restore()
			for _, k := range ks {
				ab, aw := make([]float64, n), make([]float64, n)
				var ar control.Result
				restore := k.use()
				e.Influence(ab, aw, b)
				if err := e.Estimate(&ar, b); err != nil {
					t.Fatal(err)
				}
				restore()
				for p := range ab {
					if ab[p] != gb[p] || aw[p] != gw[p] || ar.Control[p] != gr.Control[p] {
						t.Fatalf("%s, %+v board %d at %s: assembly B %v W %v control %v, Go %v %v %v\n%s", k.name, s, bi,
							b.Geometry().GTP(board.Point(p)), ab[p], aw[p], ar.Control[p], gb[p], gw[p], gr.Control[p], b)
					}
				}
				score := ar.Score
				if sum := ar.Sum(); score != gr.Score || score != sum {
					t.Fatalf("%s, %+v board %d: score %v, Go %v, sum %v", k.name, s, bi, score, gr.Score, sum)
				}
			}
		}
	}
}

func TestPropagateSymmetries(t *testing.T) {
	propKernels(t, testPropagateSymmetries)
}

func testPropagateSymmetries(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, s := range []PropagateSettings{{}, {Combine: CapTotal, Attenuation: 0.6}, AtsumiSettings(4)} {
		e := mustPropagate(t, s)
		for _, size := range []int{9, 13, 19} {
			for range 5 {
				b := boardtest.Scattered(r, size, 0.1+0.5*r.Float64())
				n := b.Geometry().N
				base := make([]float64, n)
				got := make([]float64, n)
				e.Control(base, b)
				e.Control(got, b.Swapped())
				for p := range base {
					if got[p] != -base[p] {
						t.Fatalf("%+v: swapped board at %s: %v, want exactly %v\n%s", s, b.Geometry().GTP(board.Point(p)), got[p], -base[p], b)
					}
				}
				for _, sym := range board.Symmetries {
					e.Control(got, b.Transformed(sym))
					for p := range base {
						q := b.Geometry().Transform(board.Point(p), sym)
						if got[q] != base[p] {
							t.Fatalf("%+v: symmetry %d maps %s to %v, want exactly %v\n%s", s, sym, b.Geometry().GTP(board.Point(p)), got[q], base[p], b)
						}
					}
				}
			}
		}
	}
}

func TestPropagateSettings(t *testing.T) {
	for _, s := range []PropagateSettings{
		{Attenuation: -0.5},
		{Attenuation: 1},
		{Attenuation: 1.5},
		{Attenuation: math.NaN()},
		{MaxDistance: -1},
		{Combine: Combine(7)},
	} {
		if _, err := NewPropagate(s); !errors.Is(err, ErrPropagateSettings) {
			t.Errorf("NewPropagate(%+v) = %v, want ErrPropagateSettings", s, err)
		}
	}
	e := mustPropagate(t, PropagateSettings{})
	if got := e.Settings(); got != (PropagateSettings{Attenuation: 0.5}) {
		t.Errorf("defaults: %+v", got)
	}
	if e.Name() != "propagate" || mustPropagate(t, PropagateSettings{Combine: CapTotal}).Name() != "propagate-total" {
		t.Error("names")
	}
	want := []control.Param{{Name: "attenuation", Value: 0.5}, {Name: "max-distance", Value: 0}}
	if got := e.Params(); !slices.Equal(got, want) {
		t.Errorf("Params() = %v, want %v", got, want)
	}
}

func TestPropagateNoAllocs(t *testing.T) {
	b := boardtest.Scattered(rand.New(rand.NewPCG(5, 6)), 19, 0.4)
	e := mustPropagate(t, PropagateSettings{})
	var r control.Result
	if err := e.Estimate(&r, b); err != nil {
		t.Fatal(err)
	}
	if err := control.Check(&r, b); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(20, func() { e.Estimate(&r, b) }); n != 0 {
		t.Errorf("Estimate allocates %v times", n)
	}
}

func TestPropagateControlPanics(t *testing.T) {
	defer func() {
		if r := recover(); r == nil {
			t.Error("Control with a short slice did not panic")
		}
	}()
	mustPropagate(t, PropagateSettings{}).Control(make([]float64, 3), board.New(9))
}

// TestPropagateBands checks the AVX-512 kernel of two words, which reads
// the board in bands of the padded line (propBandSlots), on every board
// size that has positions with two words of sources (from 11, from 12
// with more than 64 of one colour): against the twin
// (within 1e-12) and the Go kernel (exactly), with Black's and White's
// sources each in a word of their own (mode 3) and with a word holding
// both (mode 2, more than 64 black sources). Sizes 11 to 16 have no
// vectors between the runs that take a row up and a row down from the
// other end of the plane (J = 2W); the larger sizes have some.
func TestPropagateBands(t *testing.T) {
	avx512, goKernel := propKernelList()[0], propKernelList()[2]
	if !avx512.have {
		t.Skip("no AVX-512 on this processor")
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, s := range []PropagateSettings{{}, {Attenuation: 0.7, Combine: CapTotal}} {
		e := mustPropagate(t, s)
		for size := 11; size <= board.MaxSize; size++ {
			for _, mixed := range []bool{false, true} {
				// A random board whose sources take two words, in
				// the mode wanted.
				var b *board.Board
				for try := 0; try < 300 && b == nil; try++ {
					c := board.New(size)
					// About 70 to 130 stones, at most 3 points in 4.
					density := min(0.75, (70+60*r.Float64())/float64(size*size))
					black := 0.5
					if mixed {
						black = 0.85
					}
					for p := 0; p < size*size; p++ {
						if r.Float64() < density {
							col := board.White
							if r.Float64() < black {
								col = board.Black
							}
							c.Set(board.Point(p), col)
						}
					}
					nb, nw := propSources(c)
					if nb+nw > 64 && nb+nw <= 128 && (nb > 64) == mixed {
						b = c
					}
				}
				if b == nil {
					if size >= 12 || !mixed {
						t.Errorf("size %d mixed %v: no board with two words of sources", size, mixed)
					}
					continue
				}
				n := b.Geometry().N
				want, wb, ww := propTwin(b, s)
				restore := goKernel.use()
				ctlGo, bGo, wGo := propEval(t, b, s)
				restore()
				restore = avx512.use()
				got := make([]float64, n)
				gb, gw := make([]float64, n), make([]float64, n)
				e.Control(got, b)
				e.Influence(gb, gw, b)
				restore()
				for p := 0; p < n; p++ {
					at := b.Geometry().GTP(board.Point(p))
					if got[p] != ctlGo[p] || gb[p] != bGo[p] || gw[p] != wGo[p] {
						t.Fatalf("%+v size %d at %s: AVX-512 control %v B %v W %v, Go %v %v %v\n%s", s, size, at,
							got[p], gb[p], gw[p], ctlGo[p], bGo[p], wGo[p], b)
					}
					if math.Abs(got[p]-want[p]) > 1e-12 || math.Abs(gb[p]-wb[p]) > 1e-12 || math.Abs(gw[p]-ww[p]) > 1e-12 {
						t.Fatalf("%+v size %d at %s: control %v B %v W %v, twin %v %v %v\n%s", s, size, at,
							got[p], gb[p], gw[p], want[p], wb[p], ww[p], b)
					}
				}
			}
		}
	}
}

// TestPropagateLayout checks propAlloc's layout: every array on a cache
// line, and, modulo 4096, the AVX-512 kernel's loads of a group's
// neighbours in tin (either plane, both words) clear of its stores to
// tout and the sums, and of the stores of the three groups before it.
func TestPropagateLayout(t *testing.T) {
	e := mustPropagate(t, PropagateSettings{})
	addr := func(p unsafe.Pointer) int { return int(uintptr(p) % 4096) }
	a, b := addr(unsafe.Pointer(&e.freshA[0])), addr(unsafe.Pointer(&e.freshB[0]))
	sb, sw := addr(unsafe.Pointer(&e.accB[0])), addr(unsafe.Pointer(&e.accW[0]))
	for _, x := range []int{a, b, sb, sw, addr(unsafe.Pointer(&e.set[0]))} {
		if x%64 != 0 {
			t.Fatalf("array at %d modulo 4096, not on a cache line", x)
		}
	}
	const stride = 8 * propStrideMax // the widest row, in bytes
	plane := propPadMax * 8
	// meet reports whether [x, x+n) and [y, y+m) meet modulo 4096.
	meet := func(x, n, y, m int) bool {
		d := ((y-x)%4096 + 4096) % 4096
		return d < n || d > 4096-m
	}
	for _, in := range []int{a, b} {
		out := a + b - in
		for k := 0; k < 2; k++ {
			load := in + k*plane - stride // north to south of a group
			for _, st := range []struct {
				name string
				at   int
			}{{"tout", out}, {"tout word 1", out + plane}, {"accB", sb}, {"accW", sw}} {
				if meet(load, 2*stride+64, st.at-3*64, 4*64) {
					t.Errorf("tin at %d word %d: loads meet the stores to %s at %d modulo 4096", in, k, st.name, st.at)
				}
			}
		}
	}
}

// propCorridorBoard returns a size x size board whose top is a corridor
// winding through rows rows long, walled by White, that opens into a room
// below dotted with black stones: from the corridor's far end the room's
// many stones are all far away, where the search stops early (propReach).
func propCorridorBoard(size, rows int) *board.Board {
	b := board.New(size)
	g := b.Geometry()
	for y := 1; y < 2*rows; y += 2 {
		gap := size - 1 // the turn: right on the first wall, then left
		if y/2%2 == 1 {
			gap = 0
		}
		for x := 0; x < size; x++ {
			if x != gap {
				b.Set(g.At(x, y), board.White)
			}
		}
	}
	for y := 2 * rows; y < size; y++ {
		for x := 0; x < size; x++ {
			if (x+2*y)%5 == 0 {
				b.Set(g.At(x, y), board.Black)
			}
		}
	}
	return b
}

// TestPropagateTail checks the estimator against the twin where the
// early stop of the search (propReach) leaves out the most: many stones
// just beyond the last distance searched, at the end of long corridors.
// It also checks that the twin, stopped at that distance, misses
// something, so that the test does test the stop.
func TestPropagateTail(t *testing.T) {
	propKernels(t, testPropagateTail)
}

func testPropagateTail(t *testing.T) {
	var missed float64 // the most the stop leaves out anywhere
	for _, s := range []PropagateSettings{{}, {Attenuation: 0.7}, {Attenuation: 0.3, Combine: CapTotal}} {
		e := mustPropagate(t, s)
		sizes := []int{19, 25}
		if testing.Short() {
			sizes = sizes[:1]
		}
		for _, size := range sizes {
			for rows := 1; 2*rows < size; rows++ {
				b := propCorridorBoard(size, rows)
				n := b.Geometry().N
				got, gb, gw := make([]float64, n), make([]float64, n), make([]float64, n)
				e.Control(got, b)
				e.Influence(gb, gw, b)
				want, wb, ww := propTwin(b, s)
				for p := 0; p < n; p++ {
					if math.Abs(got[p]-want[p]) > 1e-12 || math.Abs(gb[p]-wb[p]) > 1e-12 || math.Abs(gw[p]-ww[p]) > 1e-12 {
						t.Fatalf("%+v size %d rows %d at %s: control %v B %v W %v, twin %v %v %v\n%s", s, size, rows,
							b.Geometry().GTP(board.Point(p)), got[p], gb[p], gw[p], want[p], wb[p], ww[p], b)
					}
				}
				cut := s
				cut.MaxDistance = e.propReach(max(propSources(b)))
				_, cb, cw := propTwin(b, cut)
				for p := 0; p < n; p++ {
					missed = max(missed, wb[p]-cb[p], ww[p]-cw[p])
				}
			}
		}
	}
	if !(missed > propTail/100 && missed < propTail) {
		t.Errorf("the stop leaves out at most %v, want between %v and %v", missed, propTail/100, propTail)
	}
}

// propSources returns the numbers of black and white stones of b with a
// liberty.
func propSources(b *board.Board) (nb, nw int) {
	g := b.Geometry()
	for p := 0; p < g.N; p++ {
		c := b.At(board.Point(p))
		if c == board.Empty {
			continue
		}
		for _, q := range g.Neighbors(board.Point(p)) {
			if b.At(q) == board.Empty {
				if c == board.Black {
					nb++
				} else {
					nw++
				}
				break
			}
		}
	}
	return nb, nw
}
