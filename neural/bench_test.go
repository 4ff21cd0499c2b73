package neural

import (
	"fmt"
	"testing"

	"goeval/netinput"
)

// benchPosition returns the inputs of a 19x19 professional position at
// move 150 of the golden file (ladders, area and history as they come).
func benchPosition(b *testing.B) *netinput.Features {
	b.Helper()
	for _, g := range readGolden(b) {
		if g.Size == 19 && g.Move == 150 {
			pos, err := g.position()
			if err != nil {
				b.Fatal(err)
			}
			var f netinput.Features
			if err := f.Fill(pos); err != nil {
				b.Fatal(err)
			}
			return &f
		}
	}
	b.Skip("no golden position at move 150")
	return nil
}

// BenchmarkNet times the 6-block network on a 19x19 position at move 150:
// one evaluation (features given, post-processing included) in batches
// of 1, 8 and 32, and batch 1 from GOMAXPROCS goroutines at once (run
// with -cpu 1,2 to compare one worker with two), each with its own
// Evaluator on the shared Network.
func BenchmarkNet(b *testing.B) {
	nw := loadNet(b)
	f := benchPosition(b)
	for _, n := range []int{1, 8, 32} {
		b.Run(fmt.Sprintf("batch=%d", n), func(b *testing.B) {
			in := make([]*netinput.Features, n)
			for i := range in {
				in[i] = f
			}
			out := make([]Output, n)
			e := nw.NewEvaluator()
			if err := e.Evaluate(out, in, 0); err != nil { // size the scratch
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if err := e.Evaluate(out, in, 0); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
	b.Run("parallel", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			e := nw.NewEvaluator()
			in := []*netinput.Features{f}
			out := make([]Output, 1)
			for pb.Next() {
				if err := e.Evaluate(out, in, 0); err != nil {
					b.Error(err)
					return
				}
			}
		})
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
	})
}
