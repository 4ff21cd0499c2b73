package nnkernel

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkGemm times gemm on the shapes of the Winograd products of a
// 96→96 layer (one ξ: tiles×96 times 96×96) and of the 1×1 layers, with
// everything in cache, and reports GFLOP/s.
func BenchmarkGemm(b *testing.B) {
	for _, s := range [][3]int{{30, 96, 96}, {96, 96, 96}, {361, 32, 96}, {96, 256, 256}} {
		m, n, k := s[0], s[1], s[2]
		for _, asm := range asmModes() {
			b.Run(fmt.Sprintf("%dx%dx%d_%s", m, n, k, asm.name), func(b *testing.B) {
				defer asm.set()()
				rng := rand.New(rand.NewPCG(1, 2))
				a := randFloats(rng, m*k)
				bp := make([]float32, packedLen(k, n))
				packB(bp, randFloats(rng, k*n), k, n, n)
				c := make([]float32, m*n)
				var ws Workspace
				b.ReportAllocs()
				ct := startCPU()
				for b.Loop() {
					gemm(c, n, a, k, bp, m, n, k, &ws)
				}
				ct.report(b)
				b.ReportMetric(2*float64(m*n*k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
	}
}
