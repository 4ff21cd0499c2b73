package rank

import (
	"context"
	"fmt"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/eval"
	"goeval/internal/positions"
)

// benchEstimator is the estimator the benchmarks measure: goeval's default.
const benchEstimator = "lambda-kappa"

// benchFactory returns the default estimator, or, where it is not
// registered yet, the relax stand-in at the SPEC's tolerance (saying so).
func benchFactory(b *testing.B) (string, func() control.Estimator) {
	f, err := eval.Factory(benchEstimator, nil)
	if err != nil {
		b.Logf("%v; measuring the relax stand-in instead", err)
		return "relax", func() control.Estimator { return &relax{decay: 0.8, tol: 1e-4} }
	}
	return benchEstimator, f
}

var sink float64

// benchLoop runs f over the positions, one position per op, and reports
// the estimator work per op.
func benchLoop(b *testing.B, ps []*board.Board, f func(*board.Board) Stats) {
	b.ReportAllocs()
	var evals, iters, n int
	for b.Loop() {
		s := f(ps[n%len(ps)])
		evals += s.Evaluations
		iters += s.Iterations
		n++
	}
	b.ReportMetric(float64(evals)/float64(n), "evals/op")
	if iters > 0 {
		b.ReportMetric(float64(iters)/float64(evals), "iters/eval")
	}
}

// BenchmarkRank ranks every legal move of real move-150 positions (10 dev
// games, about 200 candidates each): one op is one full ranking, miai
// values of the best 26 included.
func BenchmarkRank(b *testing.B) {
	ps := positions.Dev(b, 10, 150)
	name, f := benchFactory(b)
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("%s/workers=%d", name, w), func(b *testing.B) {
			r := New(f, Settings{Workers: w})
			benchLoop(b, ps, func(pos *board.Board) Stats {
				rk, err := r.Rank(context.Background(), pos)
				if err != nil {
					b.Fatal(err)
				}
				sink += rk.Moves[0].Score
				return rk.Stats
			})
		})
	}
}

// BenchmarkValues values every empty point of the same positions, both
// colours playing each: one op is one full value map.
func BenchmarkValues(b *testing.B) {
	ps := positions.Dev(b, 10, 150)
	name, f := benchFactory(b)
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("%s/workers=%d", name, w), func(b *testing.B) {
			r := New(f, Settings{Workers: w})
			benchLoop(b, ps, func(pos *board.Board) Stats {
				vm, err := r.Values(context.Background(), pos)
				if err != nil {
					b.Fatal(err)
				}
				sink += vm.Points[0].Miai
				return vm.Stats
			})
		})
	}
}

// BenchmarkWarmStart measures the saving of warm starts on one worker:
// cold (every candidate from the stones) against warm starts that put the
// points of captured stones at the mover's colour (the choice Rank makes)
// or at 0.
func BenchmarkWarmStart(b *testing.B) {
	ps := positions.Dev(b, 10, 150)
	name, f := benchFactory(b)
	defer func(v float64) { capturedStart = v }(capturedStart)
	for _, tt := range []struct {
		name     string
		cold     bool
		captured float64
	}{{"cold", true, 1}, {"warm", false, 1}, {"warm-captured-0", false, 0}} {
		b.Run(name+"/"+tt.name, func(b *testing.B) {
			capturedStart = tt.captured
			r := New(f, Settings{Workers: 1, Top: -1, Cold: tt.cold})
			benchLoop(b, ps, func(pos *board.Board) Stats {
				rk, err := r.Rank(context.Background(), pos)
				if err != nil {
					b.Fatal(err)
				}
				sink += rk.Moves[0].Score
				return rk.Stats
			})
		})
	}
}

// BenchmarkRankModel ranks every legal move of dev positions at moves 50,
// 150 and 250 by the shipped move model, on one worker: one op is one full
// ranking, as goeval rank makes it (the one-ply evaluations, the model's
// owner map, the features, and the miai values of the best 26).
// "model-only" leaves out the one-ply evaluations the model does not use.
func BenchmarkRankModel(b *testing.B) {
	ps := positions.Bench(b)
	for _, only := range []bool{false, true} {
		name := "rank"
		if only {
			name = "model-only"
		}
		b.Run(name, func(b *testing.B) {
			r := modelRanker(b, 1)
			r.s.ModelOnly = only
			benchLoop(b, ps, func(pos *board.Board) Stats {
				rk, err := r.Rank(context.Background(), pos)
				if err != nil {
					b.Fatal(err)
				}
				sink += rk.Moves[0].Prob
				return rk.Stats
			})
		})
	}
}
