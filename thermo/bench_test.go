package thermo

import (
	"fmt"
	"testing"
)

var sinkResult *Result

// BenchmarkAnalyze measures whole-tree analysis on corridor trees and on
// seeded random Go-like trees, reporting trees per second.
func BenchmarkAnalyze(b *testing.B) {
	cases := []struct {
		name  string
		trees []*Game
	}{
		{"corridor8", []*Game{corridor(8)}},
		{"corridor32", []*Game{corridor(32)}},
		{"random", randTrees(42, 64)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				r, err := Analyze(c.trees[n%len(c.trees)])
				if err != nil {
					b.Fatal(err)
				}
				sinkResult = r
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "trees/s")
		})
	}
}

func BenchmarkParse(b *testing.B) {
	src := corridor(32).String()
	b.Run(fmt.Sprintf("corridor32_%dB", len(src)), func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			if _, err := Parse(src); err != nil {
				b.Fatal(err)
			}
		}
	})
}

var sinkPlot string

// BenchmarkPlot draws the thermograph of {10^digits | {3 | 2}} for growing
// numbers of digits, beside the analysis of the same tree: the plot costs
// no more than the analysis, and both grow with the cost of big-number
// arithmetic on numbers of that length, not faster.
func BenchmarkPlot(b *testing.B) {
	for _, digits := range []int{10, 1000, 10000, 100000} {
		g := hugeTree(digits)
		r, err := Analyze(g)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("analyze/digits=%d", digits), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if sinkResult, err = Analyze(g); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("plot/digits=%d", digits), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkPlot = r.Thermograph.Plot(PlotOptions{})
			}
		})
	}
}
