package nnkernel

import (
	"math"
	"math/rand/v2"
	"testing"

	"goeval/internal/race"
)

// randFloats returns n floats uniform in [-1, 1).
func randFloats(rng *rand.Rand, n int) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = 2*rng.Float32() - 1
	}
	return x
}

// slowConv is the obviously correct twin of Conv.Apply: for every output
// point and channel, the float64 sum over the kernel taps inside the board
// of input times weight. It also returns, per output element, the sum of
// the products' magnitudes, the scale of float32 rounding error.
func slowConv(cv *Conv, src []float32, n, h, w int) (out, mag []float64) {
	out = make([]float64, n*h*w*cv.OC)
	mag = make([]float64, len(out))
	for i := 0; i < n; i++ {
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				for o := 0; o < cv.OC; o++ {
					var s, m float64
					for dy := 0; dy < cv.KY; dy++ {
						for dx := 0; dx < cv.KX; dx++ {
							sy, sx := y+dy-cv.KY/2, x+dx-cv.KX/2
							if sy < 0 || sy >= h || sx < 0 || sx >= w {
								continue
							}
							for c := 0; c < cv.IC; c++ {
								p := float64(src[((i*h+sy)*w+sx)*cv.IC+c]) * float64(cv.w[((dy*cv.KX+dx)*cv.IC+c)*cv.OC+o])
								s += p
								m += math.Abs(p)
							}
						}
					}
					k := ((i*h+y)*w+x)*cv.OC + o
					out[k], mag[k] = s, m
				}
			}
		}
	}
	return out, mag
}

// convTol is the tolerance of Conv.Apply against slowConv, relative to
// the sum of the products' magnitudes: float32 rounding (2⁻²⁴ ≈ 6e-8 per
// operation) over sums of up to a few thousand terms, amplified by a small
// factor by the Winograd transforms. Measured worst cases on these tests:
// about 3e-7 for the GEMM paths and 5e-6 for Winograd.
//
// Winograd's rounding error at a point is not bounded by that point's own
// products: the transforms mix the whole 6×6 input window of its output
// tile (the aligned 4×4 block of points for 3×3, 2×2 for 5×5). Where the
// point's own sum is small beside its neighbours' (few input channels,
// many zeros, a corner cut by the board's edge), the error can reach 2e-4
// of it with one channel. So for Winograd the scale is the larger of the
// point's own sum and the mean of the sums over its tile, and with fewer
// than convTolChannels input channels the tile's whole sum.
const (
	convTol         = 1e-5
	convTolChannels = 16
)

// checkConv runs cv.Apply on random input, half of it zero as after a
// ReLU, compares it with slowConv and returns the worst error relative to
// the sum of the products' magnitudes.
func checkConv(t *testing.T, cv *Conv, n, h, w int, rng *rand.Rand, ws *Workspace) float64 {
	t.Helper()
	src := randFloats(rng, n*h*w*cv.IC)
	for i := range src {
		if rng.IntN(2) == 0 {
			src[i] = 0
		}
	}
	dst := randFloats(rng, n*h*w*cv.OC) // garbage that Apply must overwrite
	cv.Apply(dst, src, n, h, w, ws)
	want, mag := slowConv(cv, src, n, h, w)
	scale := mag
	if cv.algo == convWinograd {
		m := 7 - cv.KY
		scale = tileSums(mag, n, h, w, cv.OC, m)
		if cv.IC >= convTolChannels {
			for k := range scale {
				scale[k] = max(mag[k], scale[k]/float64(m*m))
			}
		}
	}
	worst := 0.0
	for k := range want {
		e := math.Abs(float64(dst[k]) - want[k])
		if scale[k] > 0 {
			e /= scale[k]
		}
		worst = max(worst, e)
		if !(e <= convTol) {
			t.Fatalf("%dx%d %d->%d on %dx%dx%d: element %d = %g, want %g (error %.3g of magnitude %g)",
				cv.KY, cv.KX, cv.IC, cv.OC, n, h, w, k, dst[k], want[k], e, scale[k])
		}
	}
	return worst
}

// tileSums returns, for every element of an NHWC tensor of c channels, the
// sum of mag over the points of its aligned m×m block in the same channel.
func tileSums(mag []float64, n, h, w, c, m int) []float64 {
	out := make([]float64, len(mag))
	for i := range n {
		for y := range h {
			for x := range w {
				for ch := range c {
					s := 0.0
					for yy := y / m * m; yy < min(h, y/m*m+m); yy++ {
						for xx := x / m * m; xx < min(w, x/m*m+m); xx++ {
							s += mag[((i*h+yy)*w+xx)*c+ch]
						}
					}
					out[((i*h+y)*w+x)*c+ch] = s
				}
			}
		}
	}
	return out
}

// TestConvMatchesSlow compares Conv.Apply with slowConv on every
// algorithm, board sizes from 2×2 to 19×19 (tiles cut by the board's edge,
// more tiles than a chunk), batches, odd channel counts, and a board that
// is not square; with the assembly kernels and without.
func TestConvMatchesSlow(t *testing.T) {
	for _, asm := range asmModes() {
		t.Run(asm.name, func(t *testing.T) {
			defer asm.set()()
			testConvMatchesSlow(t)
		})
	}
}

func testConvMatchesSlow(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	type shape struct{ k, ic, oc int }
	shapes := []shape{
		{3, 96, 96}, {3, 96, 64}, {3, 96, 32}, {3, 64, 96}, {3, 5, 7}, {3, 1, 1}, {3, 17, 40}, {3, 8, 12},
		{5, 22, 96}, {5, 3, 9}, {5, 16, 20},
		{1, 96, 32}, {1, 32, 1}, {1, 7, 19},
		{7, 4, 5},
		{3, 256, 128}, // the widest nets' channels, on small boards only
	}
	sizes := []int{19, 2, 3, 4, 5, 6, 7, 8, 9, 13}
	switch {
	case race.Enabled && testing.Short():
		sizes = []int{2, 5, 9}
	case testing.Short():
		sizes = []int{19, 2, 5, 9}
	}
	var ws Workspace
	worst := map[int]float64{}
	for _, s := range shapes {
		if race.Enabled && testing.Short() && s.ic*s.oc > 2000 {
			continue // the small shapes run the same code under the race detector
		}
		rw := rand.New(rand.NewPCG(uint64(s.k), uint64(s.ic*1000+s.oc)))
		cv := NewConv(s.k, s.k, s.ic, s.oc, randFloats(rw, s.k*s.k*s.ic*s.oc))
		for _, size := range sizes {
			if s.ic*s.oc > 2000 && size != 19 && size != 5 && size != 2 {
				continue // the small shapes cover the other sizes
			}
			if s.ic*s.oc > 20000 && size == 19 {
				continue // slowConv would take too long
			}
			for _, n := range []int{1, 3} {
				if n == 3 && s.ic*s.oc > 2000 && size == 19 && testing.Short() {
					continue
				}
				worst[s.k] = max(worst[s.k], checkConv(t, cv, n, size, size, rng, &ws))
			}
		}
		// Boards that are not square.
		worst[s.k] = max(worst[s.k], checkConv(t, cv, 2, 7, 10, rng, &ws))
		if s.ic*s.oc <= 2000 {
			worst[s.k] = max(worst[s.k], checkConv(t, cv, 2, 1, 6, rng, &ws))
			worst[s.k] = max(worst[s.k], checkConv(t, cv, 1, 9, 2, rng, &ws))
		}
	}
	t.Logf("worst error relative to Σ|products|: %v", worst)
}

func TestConvPanics(t *testing.T) {
	cv := NewConv(3, 3, 2, 3, make([]float32, 54))
	for _, f := range []func(){
		func() { cv.Apply(make([]float32, 3*4), make([]float32, 2*4-1), 1, 2, 2, nil) },
		func() { cv.Apply(make([]float32, 3*4+1), make([]float32, 2*4), 1, 2, 2, nil) },
		func() { NewConv(2, 3, 1, 1, make([]float32, 6)) },
		func() { NewConv(3, 3, 1, 1, make([]float32, 8)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f()
		}()
	}
}

// TestConvNilWorkspace checks that Apply works without a Workspace.
func TestConvNilWorkspace(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, k := range []int{1, 3, 5, 7} {
		cv := NewConv(k, k, 8, 8, randFloats(rng, k*k*64))
		checkConv(t, cv, 1, 5, 5, rng, nil)
	}
}

func TestConvAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, k := range []int{1, 3, 5, 7} {
		cv := NewConv(k, k, 24, 16, randFloats(rng, k*k*24*16))
		src := randFloats(rng, 2*19*19*24)
		dst := make([]float32, 2*19*19*16)
		var ws Workspace
		cv.Apply(dst, src, 2, 19, 19, &ws)
		if a := testing.AllocsPerRun(10, func() { cv.Apply(dst, src, 2, 19, 19, &ws) }); a != 0 {
			t.Errorf("%dx%d: %v allocations per Apply", k, k, a)
		}
	}
}

// TestUsePath: the paths named are the ones that run, an unknown one is
// refused, and restoring puts the previous path back.
func TestUsePath(t *testing.T) {
	before := useAsm
	for _, p := range Paths() {
		restore := UsePath(p)
		if useAsm != (p == "avx2") {
			t.Errorf("UsePath(%q): assembly %v", p, useAsm)
		}
		restore()
		if useAsm != before {
			t.Errorf("after restoring %q: assembly %v, want %v", p, useAsm, before)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("UsePath(\"avx512\"): no panic")
		}
	}()
	UsePath("avx512")
}
