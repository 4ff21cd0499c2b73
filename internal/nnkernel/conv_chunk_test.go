package nnkernel

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkWinoChunk times the 19×19 96→96 layer for several sizes of
// winoChunkFloats (in kilo-floats), to tune it.
func BenchmarkWinoChunk(b *testing.B) {
	for _, kf := range []int{80, 160, 320, 640, 1280} {
		for _, n := range []int{1, 32} {
			b.Run(fmt.Sprintf("k%d_n%d", kf, n), func(b *testing.B) {
				old := winoChunkFloats
				winoChunkFloats = kf << 10
				defer func() { winoChunkFloats = old }()
				rng := rand.New(rand.NewPCG(1, 2))
				cv := NewConv(3, 3, 96, 96, randFloats(rng, 9*96*96))
				src := randFloats(rng, n*361*96)
				dst := make([]float32, n*361*96)
				var ws Workspace
				ct := startCPU()
				for b.Loop() {
					cv.Apply(dst, src, n, 19, 19, &ws)
				}
				ct.report(b)
				b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*n), "us/pos")
			})
		}
	}
}
