package influence

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/internal/positions"
)

// lockstep runs the float64 and float32 steps of e side by side on b from
// the stones, as far as the float64 run goes by the stopping rule, and
// returns the largest difference of their sums of squared changes, as a
// fraction of the tolerance, over the steps where the float64 sum is below
// 10 times the tolerance, and the largest difference of a value at the
// end.
func lockstep(e *Symmetric, b *board.Board) (worstSq, worstX float64, steps int) {
	t, t32 := &e.t, &e.t32
	t.prepare(b, &e.r)
	t32.prepare(b, &e.r)
	cells := b.Cells()
	for y := range t.size {
		for i := range t.size {
			c := cells[y*t.size+i]
			t.x[t.rowStart(y)+i] = float64(c)
			t32.x[t32.rowStart(y)+i] = float32(c)
		}
	}
	for steps < e.r.maxIterations {
		steps++
		sq := t.step(e.r.fixed)
		_, sq32f := t32.steps(1, 0)
		sq32 := float64(sq32f)
		if sq < 10*e.r.tolerance {
			worstSq = max(worstSq, math.Abs(sq32-sq)/e.r.tolerance)
		}
		if sq < e.r.tolerance {
			break
		}
	}
	for y := range t.size {
		for i := range t.size {
			worstX = max(worstX, math.Abs(float64(t32.x[t32.rowStart(y)+i])-t.x[t.rowStart(y)+i]))
		}
	}
	return worstSq, worstX, steps
}

// TestBand32 measures how far the float32 steps' sums of squared changes
// stray from the float64 ones on the test positions, as a fraction of the
// tolerance, on the steps where the float64 sum is below 10 times the
// tolerance (where a decision could go wrong), and checks that band32
// leaves a margin of 10 above the worst for the assembly kernels where the
// processor has them (the ones Symmetric uses), and covers the worst of
// the Go ones, which TestKernels32 holds the assembly to and
// TestFallbackRate runs Symmetric with on other processors.
func TestBand32(t *testing.T) {
	if useAsm32 {
		defer func() { useAsm32 = true }()
		useAsm32 = false
		t.Run("go", testBand32)
		useAsm32 = true
	}
	testBand32(t)
}

func testBand32(t *testing.T) {
	names, boards := testBoards(t)
	for _, tol := range []float64{1e-3, DefaultTolerance, 3e-5, minTolerance32} {
		for _, preset := range Presets() {
			s := mustPreset(t, preset)
			s.Tolerance = tol
			e := mustNew(t, s)
			band := bandFor(tol)
			// The assembly kernels, which Symmetric runs, keep a margin
			// of 10 below the band; the Go ones (other processors, where
			// TestFallbackRate checks Symmetric's answers) must stay
			// within the band itself, which they do with a margin of 7 on
			// the dev positions (0.000816 at the default tolerance).
			limit := band
			if useAsm32 {
				limit = band / 10
			}
			worstSq, worstX := 0.0, 0.0
			for i, b := range boards {
				sq, x, steps := lockstep(e, b)
				worstSq, worstX = max(worstSq, sq), max(worstX, x)
				if sq > limit {
					t.Errorf("%s, tolerance %g, %s: float32 sum of squares off by %.3g of the tolerance within %d steps; band %.3g, limit %.3g",
						preset, tol, names[i], sq, steps, band, limit)
				}
			}
			t.Logf("%s, tolerance %g: worst error of the sum of squares %.3g of the tolerance (band %.3g), of a value %.3g",
				preset, tol, worstSq, band, worstX)
		}
	}
}

// TestFallbackRate runs Symmetric with its float32 path (forced on, with
// the assembly kernels where the processor has them, else the Go ones)
// against the float64 path alone. The float32 path hands an estimate to
// float64 when a step's sum of squares lands within the band of the
// tolerance, so that float32 rounding never decides the stopping rule:
// every estimate must take the same number of steps and converge alike,
// and its values must be within 1e-5 of the float64 ones (the doc of
// Symmetric says about 5e-6; the float32 values carry 24 bits). And the
// hand-over must be rare, or the float32 path buys nothing: at most half
// the estimates per preset. (README's timings: λ/κ takes 23 µs in float32
// and 75-120 µs in float64, so a fallback, which pays for both, leaves the
// path ahead while fewer than about three in four estimates fall back; the
// doc of Symmetric reports 4 of 22 benchmark positions with lambda.)
func TestFallbackRate(t *testing.T) {
	defer func(old bool) { use32 = old }(use32)
	names, boards := testBoards(t)
	for _, preset := range Presets() {
		e32 := mustNew(t, mustPreset(t, preset))
		e64 := mustNew(t, mustPreset(t, preset))
		var r32, r64 control.Result
		for i, b := range boards {
			use32 = true
			e32.Estimate(&r32, b)
			use32 = false
			e64.Estimate(&r64, b)
			if r32.Iterations != r64.Iterations || r32.Converged != r64.Converged {
				t.Errorf("%s, %s: float32 path took %d steps (converged %v), float64 %d (converged %v)",
					preset, names[i], r32.Iterations, r32.Converged, r64.Iterations, r64.Converged)
			}
			worst := 0.0
			for p := range r64.Control {
				worst = max(worst, math.Abs(r32.Control[p]-r64.Control[p]))
			}
			if worst > 1e-5 {
				t.Errorf("%s, %s: float32 path's values off the float64 ones by up to %.3g", preset, names[i], worst)
			}
		}
		t.Logf("%s: %d of %d estimates made again in float64", preset, e32.fallbacks, len(boards))
		if 2*e32.fallbacks > len(boards) {
			t.Errorf("%s: %d of %d estimates made again in float64, more than half", preset, e32.fallbacks, len(boards))
		}
	}
}

// TestKernels32 checks the AVX-512 float32 kernel (where the processor
// runs it) against the Go one on random values, for 1 and 3 steps: the
// values to 1e-6 and the last sum of squares to a relative 1e-5 (it is
// summed in another order). The boards take the kernel's four ways of
// looking κG up: from one, two or three tables in registers and from
// memory.
func TestKernels32(t *testing.T) {
	if !useAsm32 {
		t.Skip("no AVX-512 kernels on this processor")
	}
	defer func() { useAsm32 = true }()
	rng := rand.New(rand.NewPCG(5, 7))
	names, boards := testBoards(t)
	lookups := map[string]int{} // boards by the way the kernel looks κG up
	for _, preset := range Presets() {
		for i, b := range boards {
			for _, steps := range []int{1, 3} {
				var ts [2]*tables32
				var sqs [2]float32
				seed := rng.Uint64()
				for k, asm := range []bool{false, true} {
					useAsm32 = asm
					e := mustNew(t, mustPreset(t, preset))
					tb := &e.t32
					tb.prepare(b, &e.r)
					r := rand.New(rand.NewPCG(seed, 1))
					for p := range tb.x {
						if tb.state[p]&3 != uint32(offBoard) {
							tb.x[p] = float32(2*r.Float64() - 1)
						}
					}
					n, sq := tb.steps(steps, 0)
					if n != steps {
						t.Fatalf("%d steps taken, want %d", n, steps)
					}
					ts[k], sqs[k] = tb, sq
					lookups[kgLookup(tb)]++
				}
				if d := maxDiff32(ts[0].x, ts[1].x); d > 1e-6 {
					t.Errorf("%s, %s, %d steps: values differ by %.3g", preset, names[i], steps, d)
				}
				if math.Abs(float64(sqs[0]-sqs[1])) > 1e-5*float64(sqs[0]) {
					t.Errorf("%s, %s, %d steps: sums of squares %.9g and %.9g", preset, names[i], steps, sqs[0], sqs[1])
				}
			}
		}
	}
	for _, l := range []string{"one table", "two tables", "three tables", "memory"} {
		if lookups[l] == 0 {
			t.Errorf("κG never looked up from %s (%v); want every way", l, lookups)
		}
	}
}

// kgLookup names the way solve32AVX512 looks up the κG of t's stones:
// from one, two or three tables of 32 in registers, or from memory.
func kgLookup(t *tables32) string {
	switch {
	case t.nt == 2 && t.nc <= 32:
		return "one table"
	case t.nt == 2:
		return "two tables"
	case t.nt == 3:
		return "three tables"
	}
	return "memory"
}

func maxDiff32(a, b []float32) float64 {
	m := 0.0
	for i := range a {
		m = max(m, math.Abs(float64(a[i]-b[i])))
	}
	return m
}

// BenchmarkTablesPrepare times building the tables of a position (the
// setup of an estimate whose stones differ from the previous one's) for
// the float32 path and the float64 one, over the benchmark positions.
func BenchmarkTablesPrepare(b *testing.B) {
	bs := positions.Bench(b)
	e := mustNew(b, SymmetricSettings{})
	b.Run("float32", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			e.t32.prepare(bs[i%len(bs)], &e.r)
			i++
		}
	})
	b.Run("float64", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			e.t.prepare(bs[i%len(bs)], &e.r)
			i++
		}
	})
}

// BenchmarkSteps32 times the float32 steps alone on one benchmark position
// (moves 250 of the first game), 50 steps from the stones per op, with the
// tables built once.
func BenchmarkSteps32(b *testing.B) {
	if !use32 {
		b.Skip("no float32 path on this processor")
	}
	bs := positions.Bench(b)
	e := mustNew(b, SymmetricSettings{})
	t := &e.t32
	t.prepare(bs[2], &e.r)
	start := append([]float32(nil), t.x...)
	cells := bs[2].Cells()
	for y := range t.size {
		for i := range t.size {
			start[t.rowStart(y)+i] = float32(cells[y*t.size+i])
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		copy(t.x, start)
		t.steps(50, 0)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(50*b.N), "ns/step")
}

// TestPrepareRows32 checks the assembly setup of the tables (where the
// processor runs it) against the Go one: the same state (chain labels and
// marks included), a, b and ci on every point, the same list of stones,
// the same chain fill (fillChainsAsm), the same chain rows (layRowsAsm)
// and the same masks of κG (masksAVX512), for every preset.
func TestPrepareRows32(t *testing.T) {
	if !useAsm32 {
		t.Skip("no AVX-512 kernels on this processor")
	}
	defer func() { useAsm32 = true }()
	names, boards := testBoards(t)
	names, boards = append(names, "checkerboard 19x19"), append(boards, checkerboard(19))
	for i, b := range boards {
		for _, preset := range Presets() {
			var ts [2]*tables32
			for k, asm := range []bool{false, true} {
				useAsm32 = asm
				e := mustNew(t, mustPreset(t, preset))
				e.t32.prepare(b, &e.r)
				ts[k] = &e.t32
			}
			g, a := ts[0], ts[1]
			name := names[i] + ", " + preset
			if g.chains != a.chains {
				t.Errorf("%s: the chain fill's scratch differs", name)
			}
			if !slices.Equal(g.adj, a.adj) || !slices.Equal(g.hrow, a.hrow) || !slices.Equal(g.ends, a.ends) || !slices.Equal(g.eoff, a.eoff) {
				t.Errorf("%s: the chain rows differ", name)
			}
			if g.nt != a.nt || !slices.Equal(g.masks, a.masks) {
				t.Errorf("%s: κG masks (%d tables) %v, want (%d tables) %v", name, a.nt, a.masks, g.nt, g.masks)
			}
			if !slices.Equal(g.stoneList, a.stoneList) {
				t.Errorf("%s: stones %v, want %v", name, a.stoneList, g.stoneList)
			}
			for p := range g.ncells {
				if g.state[p]&3 == uint32(offBoard) {
					continue
				}
				if g.state[p] != a.state[p] || g.a[p] != a.a[p] || g.b[p] != a.b[p] || g.ci[p] != a.ci[p] {
					t.Errorf("%s, cell %d: state %#x, a %v, b %v, ci %d; want %#x, %v, %v, %d",
						name, p, a.state[p], a.a[p], a.b[p], a.ci[p], g.state[p], g.a[p], g.b[p], g.ci[p])
					break
				}
			}
		}
	}
}

// TestPadKernels32 checks the AVX-512 kernels that move values between a
// board and the padded layout of tables32 (where the processor runs
// them) against the Go ones, on board sizes with and without a partial
// last block: loadColours must write the same x and no other cell, store
// the same float64 values and nothing beyond the board, and return the
// same sum, within 1e-12 of the sum taken point by point and negated
// exactly when the values are.
func TestPadKernels32(t *testing.T) {
	if !useAsm32 {
		t.Skip("no AVX-512 kernels on this processor")
	}
	defer func() { useAsm32 = true }()
	rng := rand.New(rand.NewPCG(11, 13))
	bits := func(x []float32) []uint32 {
		out := make([]uint32, len(x))
		for i, v := range x {
			out[i] = math.Float32bits(v)
		}
		return out
	}
	for _, size := range []int{2, 7, 9, 13, 16, 17, 19, 25} {
		e := mustNew(t, SymmetricSettings{})
		e.t32.prepare(board.New(size), &e.r)
		tb := &e.t32
		cells := make([]board.Color, size*size)
		for i := range cells {
			cells[i] = board.Color(rng.IntN(3) - 1)
		}
		// Values of many magnitudes, so that sums in different orders
		// round differently.
		values := make([]float32, len(tb.x))
		for i := range values {
			values[i] = float32(math.Ldexp(2*rng.Float64()-1, -rng.IntN(40)))
		}
		var xs [2][]uint32
		var ds [2][]float64
		var sums, negSums [2]float64
		for k, asm := range []bool{false, true} {
			useAsm32 = asm
			for i := range tb.x {
				tb.x[i] = float32(math.NaN())
			}
			tb.loadColours(cells)
			xs[k] = bits(tb.x)
			copy(tb.x, values)
			ds[k] = make([]float64, size*size+lanes32)
			for i := range ds[k] {
				ds[k][i] = -7
			}
			sums[k] = tb.store(ds[k][:size*size])
			for i := range tb.x {
				tb.x[i] = -values[i]
			}
			negSums[k] = tb.store(make([]float64, size*size))
		}
		want := 0.0
		for _, v := range ds[0][:size*size] {
			want += v
		}
		if sums[0] != sums[1] || math.Abs(sums[0]-want) > 1e-12 {
			t.Errorf("%dx%d: store summed %.17g in assembly and %.17g in Go, want %.17g", size, size, sums[1], sums[0], want)
		}
		if negSums[0] != -sums[0] || negSums[1] != -sums[1] {
			t.Errorf("%dx%d: negated values summed to %v and %v, want %v", size, size, negSums[0], negSums[1], -sums[0])
		}
		if !slices.Equal(xs[0], xs[1]) {
			t.Errorf("%dx%d: loadColours wrote other cells or values than in Go", size, size)
		}
		if !slices.Equal(ds[0], ds[1]) {
			t.Errorf("%dx%d: store wrote %v, want %v", size, size, ds[1], ds[0])
		}
	}
}

// checkerboard returns a size x size board full of stones, black where
// the column and row add up to an even number and white elsewhere: every
// stone is a chain of its own.
func checkerboard(size int) *board.Board {
	b := board.New(size)
	for p := range size * size {
		c := board.White
		if (p/size+p%size)%2 == 0 {
			c = board.Black
		}
		b.Set(board.Point(p), c)
	}
	return b
}
