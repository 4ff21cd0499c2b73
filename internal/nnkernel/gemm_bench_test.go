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

// BenchmarkMicroKernel times the micro-kernel of each height on a block
// in cache (k = 96), per row of the block, and reports GFLOP/s.
func BenchmarkMicroKernel(b *testing.B) {
	for _, mr := range []int{4, 5, 6} {
		for _, asm := range asmModes() {
			b.Run(fmt.Sprintf("mr%d_%s", mr, asm.name), func(b *testing.B) {
				defer asm.set()()
				const k = 96
				rng := rand.New(rand.NewPCG(1, 2))
				a := randFloats(rng, mr*k)
				bp := randFloats(rng, k*gemmNR)
				c := make([]float32, mr*gemmNR)
				ct := startCPU()
				for b.Loop() {
					microKernel(c, gemmNR, a, k, bp, k, mr)
				}
				ct.report(b)
				b.ReportMetric(2*float64(mr*gemmNR*k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
			})
		}
	}
}
