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

// BenchmarkConvNet times the convolutions of one evaluation of KataGo's
// b6c96 on 19×19 boards (the trunk's 5×5 and 3×3 layers in order, each
// with its own weights, and the heads' 1×1 layers), for batches of 1, 8
// and 32, and reports the time per position. Unlike BenchmarkConv it
// streams every layer's weights, as the network does.
func BenchmarkConvNet(b *testing.B) {
	type layer struct{ k, ic, oc int }
	net := []layer{{5, 22, 96}}
	for range 4 {
		net = append(net, layer{3, 96, 96}, layer{3, 96, 96})
	}
	for range 2 {
		net = append(net, layer{3, 96, 64}, layer{3, 96, 32}, layer{3, 64, 96})
	}
	net = append(net, layer{1, 96, 32}, layer{1, 96, 32}, layer{1, 32, 1}, layer{1, 96, 32}, layer{1, 32, 1})
	rng := rand.New(rand.NewPCG(5, 6))
	convs := make([]*Conv, len(net))
	for i, l := range net {
		convs[i] = NewConv(l.k, l.k, l.ic, l.oc, randFloats(rng, l.k*l.k*l.ic*l.oc))
	}
	for _, n := range []int{1, 8, 32} {
		b.Run(fmt.Sprintf("b6c96_19x19_n%d", n), func(b *testing.B) {
			pts := n * 19 * 19
			src := randFloats(rng, pts*96)
			dst := make([]float32, pts*96)
			var ws Workspace
			run := func() {
				for i, cv := range convs {
					in := src[:pts*cv.IC]
					if i > 0 && net[i-1].oc == cv.IC && cv.KY > 1 {
						in = dst[:pts*cv.IC] // the previous layer's output
					}
					out := src[pts*96-pts*cv.OC:]
					if cv.KY > 1 {
						out = dst[:pts*cv.OC]
						if &in[0] == &dst[0] {
							out = src[:pts*cv.OC]
						}
					}
					cv.Apply(out, in, n, 19, 19, &ws)
					if &out[0] == &src[0] {
						src, dst = dst, src
					}
				}
			}
			run()
			b.ReportAllocs()
			b.ResetTimer()
			ct := startCPU()
			for b.Loop() {
				run()
			}
			ct.report(b)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n)/1e6, "ms/pos")
		})
	}
}

// BenchmarkConvAlgo compares Winograd with im2col on the 5×5 input layer
// and the 3×3 trunk layer of b6c96, 19×19, batch 1 and 8.
func BenchmarkConvAlgo(b *testing.B) {
	for _, c := range []struct{ k, ic, oc int }{{5, 22, 96}, {3, 96, 96}} {
		for _, algo := range []convAlgo{convWinograd, convIm2col} {
			for _, n := range []int{1, 8} {
				name := fmt.Sprintf("%dx%d_%d-%d_%s_n%d", c.k, c.k, c.ic, c.oc, map[convAlgo]string{convWinograd: "winograd", convIm2col: "im2col"}[algo], n)
				b.Run(name, func(b *testing.B) {
					rng := rand.New(rand.NewPCG(1, 2))
					cv := newConv(c.k, c.k, c.ic, c.oc, randFloats(rng, c.k*c.k*c.ic*c.oc), algo)
					src := randFloats(rng, n*361*c.ic)
					dst := make([]float32, n*361*c.oc)
					var ws Workspace
					cv.Apply(dst, src, n, 19, 19, &ws)
					b.ReportAllocs()
					ct := startCPU()
					for b.Loop() {
						cv.Apply(dst, src, n, 19, 19, &ws)
					}
					ct.report(b)
				})
			}
		}
	}
}
