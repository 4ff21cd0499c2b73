package nnkernel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// randMask returns n points, a quarter of them off the board (0), at least
// one on it.
func randMask(r *rand.Rand, n int) []float32 {
	out := make([]float32, n)
	for i := range out {
		if i == 0 || r.IntN(4) != 0 {
			out[i] = 1
		}
	}
	return out
}

func agree(t *testing.T, what string, got []float32, want []float64, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d values, want %d", what, len(got), len(want))
	}
	for i := range got {
		if d := math.Abs(float64(got[i]) - want[i]); !(d <= tol) {
			t.Fatalf("%s[%d] = %v, want %v (|diff| %g > %g)", what, i, got[i], want[i], d, tol)
		}
	}
}

// slowBatchNormAct is the obvious per-channel loop in float64.
func slowBatchNormAct(src, scale, bias, mask []float32, act Activation) []float64 {
	c := len(scale)
	out := make([]float64, len(src))
	for ch := range c {
		for p := range mask {
			v := float64(src[p*c+ch])*float64(scale[ch]) + float64(bias[ch])
			if act == ReLU && v < 0 {
				v = 0
			}
			out[p*c+ch] = v * float64(mask[p])
		}
	}
	return out
}

func TestBatchNormAct(t *testing.T) {
	for _, mode := range asmModes() {
		r := rand.New(rand.NewPCG(1, 2))
		restore := mode.set()
		// 96 and 64 channels go to the assembly whole, 13 as 8 + 5, 3 not
		// at all.
		for _, tc := range []struct {
			points, c int
			act       Activation
		}{{1, 1, ReLU}, {7, 3, ReLU}, {361, 96, ReLU}, {50, 5, Identity}, {30, 13, ReLU}, {30, 13, Identity}, {20, 64, Identity}} {
			t.Run(fmt.Sprintf("%s %dx%d act%d", mode.name, tc.points, tc.c, tc.act), func(t *testing.T) {
				src := randFloats(r, tc.points*tc.c)
				// The first value is -0·|scale| + -0 = -0, whose ReLU is
				// +0.
				negZero := float32(math.Copysign(0, -1))
				src[0] = negZero
				scale, bias := randFloats(r, tc.c), randFloats(r, tc.c)
				scale[0], bias[0] = 0.5, negZero
				mask := randMask(r, tc.points)
				want := slowBatchNormAct(src, scale, bias, mask, tc.act)
				dst := make([]float32, len(src))
				BatchNormAct(dst, src, scale, bias, mask, tc.act)
				agree(t, "dst", dst, want, 1e-6)
				if tc.act == ReLU && math.Signbit(float64(dst[0])) {
					t.Errorf("ReLU of -0 is -0, want +0 (as Go's max)")
				}
				BatchNormAct(src, src, scale, bias, mask, tc.act) // in place
				agree(t, "in place", src, want, 1e-6)
			})
		}
		restore()
	}
}

func TestAdd(t *testing.T) {
	for _, mode := range asmModes() {
		restore := mode.set()
		r := rand.New(rand.NewPCG(3, 4))
		// Lengths around the assembly's steps of 32 and 8.
		for _, n := range []int{1, 7, 8, 9, 31, 32, 33, 40, 71, 96 * 361} {
			dst, src := randFloats(r, n), randFloats(r, n)
			want := make([]float64, n)
			for i := range want {
				want[i] = float64(dst[i]) + float64(src[i])
			}
			Add(dst, src)
			agree(t, fmt.Sprintf("%s n=%d", mode.name, n), dst, want, 1e-6)
		}
		restore()
	}
}

// slowMatMul sums each output in float64, output-major.
func slowMatMul(src, w []float32, n, ic, oc int) []float64 {
	out := make([]float64, n*oc)
	for i := range n {
		for o := range oc {
			var s float64
			for c := range ic {
				s += float64(src[i*ic+c]) * float64(w[c*oc+o])
			}
			out[i*oc+o] = s
		}
	}
	return out
}

func TestMatMul(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct{ n, ic, oc int }{{1, 1, 1}, {1, 19, 96}, {3, 96, 32}, {8, 64, 3}} {
		t.Run(fmt.Sprintf("%dx%d->%d", tc.n, tc.ic, tc.oc), func(t *testing.T) {
			src, w := randFloats(r, tc.n*tc.ic), randFloats(r, tc.ic*tc.oc)
			dst := randFloats(r, tc.n*tc.oc) // garbage is overwritten
			MatMul(dst, src, w, tc.n, tc.ic, tc.oc)
			agree(t, "dst", dst, slowMatMul(src, w, tc.n, tc.ic, tc.oc), 1e-5)
		})
	}
}

func TestAddBroadcast(t *testing.T) {
	for _, mode := range asmModes() {
		restore := mode.set()
		r := rand.New(rand.NewPCG(5, 6))
		for _, c := range []int{4, 13, 96} { // AddBias by Add: none, some, all in the assembly
			n, points := 3, 10
			dst := randFloats(r, n*points*c)
			bias := randFloats(r, n*c)
			want := make([]float64, len(dst))
			for i := range n {
				for p := range points {
					for ch := range c {
						k := (i*points+p)*c + ch
						want[k] = float64(dst[k]) + float64(bias[i*c+ch])
					}
				}
			}
			AddBroadcast(dst, bias, n, points, c)
			agree(t, fmt.Sprintf("%s c=%d", mode.name, c), dst, want, 1e-6)
		}
		restore()
	}
}

// slowPool pools channel by channel in float64, straight from spec §3.1.
func slowPool(src, mask []float32, n, points, c int, withMax bool) []float64 {
	out := make([]float64, n*3*c)
	for i := range n {
		var area float64
		for p := range points {
			area += float64(mask[i*points+p])
		}
		s := math.Sqrt(area) - 14
		for ch := range c {
			var sum float64
			mx := -1.0
			for p := range points {
				v := float64(src[(i*points+p)*c+ch])
				sum += v
				mx = math.Max(mx, v+float64(mask[i*points+p])-1)
			}
			mean := sum / area
			out[i*3*c+ch] = mean
			out[i*3*c+c+ch] = mean * s * 0.1
			if withMax {
				out[i*3*c+2*c+ch] = mx
			} else {
				out[i*3*c+2*c+ch] = mean * (s*s*0.01 - 0.1)
			}
		}
	}
	return out
}

func TestPool(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, tc := range []struct{ n, side, c int }{{1, 2, 1}, {2, 9, 5}, {3, 19, 32}} {
		points := tc.side * tc.side
		t.Run(fmt.Sprintf("%dx%dx%d", tc.n, points, tc.c), func(t *testing.T) {
			mask := randMask(r, tc.n*points)
			// Masked activations, as pooling sees them: 0 off the board.
			src := randFloats(r, tc.n*points*tc.c)
			for p, m := range mask {
				for ch := range tc.c {
					src[p*tc.c+ch] *= m
				}
			}
			dst := make([]float32, tc.n*3*tc.c)
			GlobalPool(dst, src, mask, tc.n, points, tc.c)
			agree(t, "global", dst, slowPool(src, mask, tc.n, points, tc.c, true), 1e-5)
			ValueHeadPool(dst, src, mask, tc.n, points, tc.c)
			agree(t, "value head", dst, slowPool(src, mask, tc.n, points, tc.c, false), 1e-5)
		})
	}
}

// TestPoolByHand checks the 19×19 factors of spec §3.1: sqrt(361)-14 = 5,
// so the scaled mean is mean/2 and the value head's third is 0.15·mean.
func TestPoolByHand(t *testing.T) {
	const points = 361
	src := make([]float32, points)
	mask := make([]float32, points)
	for p := range src {
		mask[p] = 1
		src[p] = 2 // mean 2
	}
	src[100] = 2 + 361 // mean 3, max 363
	dst := make([]float32, 3)
	GlobalPool(dst, src, mask, 1, points, 1)
	agree(t, "global", dst, []float64{3, 1.5, 363}, 1e-5)
	ValueHeadPool(dst, src, mask, 1, points, 1)
	agree(t, "value head", dst, []float64{3, 1.5, 0.45}, 1e-5)
}

func TestKernelPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"batch norm": func() {
			BatchNormAct(make([]float32, 5), make([]float32, 6), make([]float32, 2), make([]float32, 2), make([]float32, 3), ReLU)
		},
		"matmul":     func() { MatMul(make([]float32, 2), make([]float32, 3), make([]float32, 6), 1, 3, 3) },
		"broadcast":  func() { AddBroadcast(make([]float32, 10), make([]float32, 2), 1, 4, 2) },
		"pool":       func() { GlobalPool(make([]float32, 2), make([]float32, 4), []float32{1, 1, 1, 1}, 1, 4, 1) },
		"empty pool": func() { GlobalPool(make([]float32, 3), make([]float32, 4), make([]float32, 4), 1, 4, 1) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f()
		})
	}
}
