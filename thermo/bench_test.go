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
