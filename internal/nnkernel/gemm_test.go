package nnkernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// asmMode is one setting of useAsm under test.
type asmMode struct {
	name string // a kernel path: "avx2" or "go" (Paths)
}

// asmModes returns the settings of useAsm this machine can run: plain Go
// always, and the assembly kernels where the processor has them.
func asmModes() []asmMode {
	var m []asmMode
	for _, p := range Paths() {
		m = append(m, asmMode{p})
	}
	return m
}

// set selects the mode's path and returns the function that restores the
// one before.
func (m asmMode) set() func() { return UsePath(m.name) }

// slowGemm is the obviously correct twin of gemm: c = a·b in float64 with
// b unpacked (row stride ldb), and the sums of the products' magnitudes.
func slowGemm(a []float32, lda int, b []float32, ldb, m, n, k int) (c, mag []float64) {
	c = make([]float64, m*n)
	mag = make([]float64, m*n)
	for i := range m {
		for j := range n {
			var s, g float64
			for p := range k {
				x := float64(a[i*lda+p]) * float64(b[p*ldb+j])
				s += x
				g += math.Abs(x)
			}
			c[i*n+j], mag[i*n+j] = s, g
		}
	}
	return c, mag
}

// gemmTol is gemm's tolerance relative to the sum of the products'
// magnitudes: float32 sums of up to a few hundred terms.
const gemmTol = 1e-5

// TestGemmMatchesSlow compares gemm with slowGemm on random shapes,
// including m, n and k that are not multiples of the blocks, m below
// gemmMR, and row strides wider than the matrices; the elements of c
// outside the product must be left alone.
func TestGemmMatchesSlow(t *testing.T) {
	for _, asm := range asmModes() {
		t.Run(asm.name, func(t *testing.T) {
			defer asm.set()()
			rng := rand.New(rand.NewPCG(3, 4))
			var ws Workspace
			shapes := [][3]int{{6, 16, 1}, {1, 1, 1}, {25, 96, 96}, {30, 64, 96}, {7, 17, 5}, {5, 33, 24}, {13, 1, 32}, {100, 48, 3}}
			for range 30 {
				shapes = append(shapes, [3]int{1 + rng.IntN(40), 1 + rng.IntN(70), 1 + rng.IntN(130)})
			}
			for _, s := range shapes {
				m, n, k := s[0], s[1], s[2]
				lda, ldb, ldc := k+rng.IntN(3), n+rng.IntN(3), n+rng.IntN(3)
				a := randFloats(rng, (m-1)*lda+k)
				b := randFloats(rng, (k-1)*ldb+n)
				c := randFloats(rng, (m-1)*ldc+n+5)
				orig := append([]float32(nil), c...)
				bp := make([]float32, packedLen(k, n))
				packB(bp, b, k, n, ldb)
				gemm(c, ldc, a, lda, bp, m, n, k, &ws)
				want, mag := slowGemm(a, lda, b, ldb, m, n, k)
				for i := range m {
					for j := range ldc {
						got := c[i*ldc+j]
						if j >= n || i*ldc+j >= (m-1)*ldc+n {
							if i*ldc+j < len(c) && got != orig[i*ldc+j] {
								t.Fatalf("%dx%dx%d: c[%d][%d] outside the product changed", m, n, k, i, j)
							}
							continue
						}
						if e := math.Abs(float64(got) - want[i*n+j]); !(e <= gemmTol*mag[i*n+j]) {
							t.Fatalf("%dx%dx%d: c[%d][%d] = %g, want %g", m, n, k, i, j, got, want[i*n+j])
						}
					}
				}
				for i := (m-1)*ldc + n; i < len(c); i++ {
					if c[i] != orig[i] {
						t.Fatalf("%dx%dx%d: c beyond the product changed", m, n, k)
					}
				}
			}
		})
	}
}

func TestGemmPanics(t *testing.T) {
	var ws Workspace
	bp := make([]float32, packedLen(4, 3))
	for _, f := range []func(){
		func() { gemm(make([]float32, 6), 3, make([]float32, 7), 4, bp, 2, 3, 4, &ws) },
		func() { gemm(make([]float32, 5), 3, make([]float32, 8), 4, bp, 2, 3, 4, &ws) },
		func() { gemm(make([]float32, 6), 3, make([]float32, 8), 4, bp[1:], 2, 3, 4, &ws) },
		func() { packB(bp, make([]float32, 11), 4, 3, 3) },
	} {
		func() {
			defer func() {
				if r := recover(); r == nil {
					t.Error("no panic")
				}
			}()
			f()
		}()
	}
}
