package influence

import (
	"math"
	"math/rand/v2"
	"testing"

	"goeval/board"
	"goeval/control"
)

// lockstep runs the float64 and float32 steps of e side by side on b from
// the stones, as far as the float64 run goes by the SPEC's rule, and
// returns the largest relative difference of their sums of squared changes
// over the steps and the largest difference of a value at the end.
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
		sq32 := float64(t32.step())
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
// stray from the float64 ones on the test positions, relative to them,
// and checks that band32 leaves a margin of 10 above the worst.
func TestBand32(t *testing.T) {
	names, boards := testBoards(t)
	for _, preset := range Presets() {
		e := mustNew(t, mustPreset(t, preset))
		worstSq, worstX := 0.0, 0.0
		for i, b := range boards {
			sq, x, steps := lockstep(e, b)
			worstSq, worstX = max(worstSq, sq), max(worstX, x)
			if sq > band32/10 {
				t.Errorf("%s, %s: float32 sum of squares off by %.3g (relative) within %d steps", preset, names[i], sq, steps)
			}
		}
		t.Logf("%s: worst relative error of the sum of squares %.3g, of a value %.3g", preset, worstSq, worstX)
	}
}

// TestFallbackRate logs how often the float32 path hands an estimate to
// float64 because a step's sum of squares lands within band32 of the
// tolerance.
func TestFallbackRate(t *testing.T) {
	if !use32 {
		t.Skip("no float32 path on this processor")
	}
	names, boards := testBoards(t)
	_ = names
	for _, preset := range Presets() {
		e := mustNew(t, mustPreset(t, preset))
		var r control.Result
		for _, b := range boards {
			e.Estimate(&r, b)
		}
		t.Logf("%s: %d of %d estimates made again in float64", preset, e.fallbacks, len(boards))
	}
}

// TestKernels32 checks the AVX-512 float32 kernels (where the processor
// runs them) against their Go twins on random values: the chain values to
// 1e-6 and the new values to 1e-6, and the sum of squares to a relative
// 1e-5 (it is summed in another order).
func TestKernels32(t *testing.T) {
	if !useAsm32 {
		t.Skip("no AVX-512 kernels on this processor")
	}
	rng := rand.New(rand.NewPCG(5, 7))
	names, boards := testBoards(t)
	for _, preset := range Presets() {
		for i, b := range boards {
			e := mustNew(t, mustPreset(t, preset))
			tb := &e.t32
			tb.prepare(b, &e.r)
			for p := range tb.x[:len(tb.x)-2] {
				if tb.col[p] != offBoard {
					tb.x[p] = float32(2*rng.Float64() - 1)
				}
			}
			if len(tb.glen) > 0 {
				val := append([]float32(nil), tb.val...)
				chains32(val[valChains:], tb.half, tb.kc, tb.adj, tb.glen, tb.x)
				chains32Fast(tb.val[valChains:], tb.half, tb.kc, tb.adj, tb.glen, tb.x)
				if d := maxDiff32(val, tb.val); d > 1e-6 {
					t.Errorf("%s, %s: chains differ by %.3g", preset, names[i], d)
				}
			}
			y := append([]float32(nil), tb.y...)
			sq := jacobi32(y, tb.x, tb.a, tb.b, tb.ci, tb.val, tb.first, tb.n, tb.w)
			sqFast := jacobi32Fast(tb.y, tb.x, tb.a, tb.b, tb.ci, tb.val, tb.masks, tb.first, tb.n, tb.w)
			if d := maxDiff32(y, tb.y); d > 1e-6 {
				t.Errorf("%s, %s: steps differ by %.3g", preset, names[i], d)
			}
			if math.Abs(float64(sq-sqFast)) > 1e-5*float64(sq) {
				t.Errorf("%s, %s: sums of squares %.9g and %.9g", preset, names[i], sq, sqFast)
			}
		}
	}
}

func maxDiff32(a, b []float32) float64 {
	m := 0.0
	for i := range a {
		m = max(m, math.Abs(float64(a[i]-b[i])))
	}
	return m
}
