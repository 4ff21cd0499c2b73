package nnkernel

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkConv times Conv.Apply on the layer shapes of KataGo's b6c96 on
// a 19×19 board and reports GFLOP/s counted as the direct convolution's
// 2·KY·KX·IC·OC flops per point (so Winograd's saving shows as speed).
func BenchmarkConv(b *testing.B) {
	cases := []struct {
		k, ic, oc, n, size int
	}{
		{3, 96, 96, 1, 19},
		{3, 96, 96, 8, 19},
		{3, 96, 96, 32, 19},
		{5, 22, 96, 1, 19},
		{1, 96, 32, 1, 19},
	}
	for _, c := range cases {
		name := fmt.Sprintf("%dx%d_%d-%d_%dx%d_n%d", c.k, c.k, c.ic, c.oc, c.size, c.size, c.n)
		b.Run(name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, uint64(c.k*1000+c.ic)))
			cv := NewConv(c.k, c.k, c.ic, c.oc, randFloats(rng, c.k*c.k*c.ic*c.oc))
			pts := c.n * c.size * c.size
			src := randFloats(rng, pts*c.ic)
			dst := make([]float32, pts*c.oc)
			var ws Workspace
			cv.Apply(dst, src, c.n, c.size, c.size, &ws)
			b.ReportAllocs()
			b.ResetTimer()
			ct := startCPU()
			for b.Loop() {
				cv.Apply(dst, src, c.n, c.size, c.size, &ws)
			}
			ct.report(b)
			flops := 2 * float64(pts*c.k*c.k*c.ic*c.oc)
			b.ReportMetric(flops*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		})
	}
}
