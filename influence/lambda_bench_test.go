package influence

import (
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/internal/positions"
)

// benchEstimate runs e over bs, one position per op, and reports
// positions/s and the mean number of steps.
func benchEstimate(b *testing.B, estimate func(*control.Result, *board.Board) error, bs []*board.Board) {
	b.Helper()
	var r control.Result
	for _, bd := range bs { // grow the buffers before timing
		if err := estimate(&r, bd); err != nil {
			b.Fatal(err)
		}
	}
	steps := 0
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := estimate(&r, bs[i%len(bs)]); err != nil {
			b.Fatal(err)
		}
		steps += r.Iterations
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(float64(steps)/float64(b.N), "steps/op")
}

// BenchmarkLambdaKappa times the default preset on the shared benchmark
// positions (dev games at moves 50, 150 and 250), one full estimate per op:
// per move number, and over all of them ("all", the figure the issue
// targets).
func BenchmarkLambdaKappa(b *testing.B) {
	for _, g := range positions.BenchGroups(b) {
		b.Run(g.Name, func(b *testing.B) {
			e := mustNew(b, SymmetricSettings{})
			benchEstimate(b, e.Estimate, g.Positions)
		})
	}
}

// BenchmarkLambdaKappaReference times the Jacobi reference (the slow twin
// in lambda_ref_test.go) on the same positions, for the speed-up.
func BenchmarkLambdaKappaReference(b *testing.B) {
	bs := positions.Bench(b)
	rs := refPreset("lambda-kappa")
	benchEstimate(b, func(r *control.Result, bd *board.Board) error {
		x, iterations, converged := reference(bd, rs, nil)
		r.Control, r.Iterations, r.Converged = x, iterations, converged
		return nil
	}, bs)
}

// BenchmarkPresets times every preset over all the benchmark positions.
func BenchmarkPresets(b *testing.B) {
	bs := positions.Bench(b)
	for _, preset := range Presets() {
		b.Run(preset, func(b *testing.B) {
			e := mustNew(b, mustPreset(b, preset))
			benchEstimate(b, e.Estimate, bs)
		})
	}
}

// BenchmarkWarmStart times an estimate of each benchmark position started
// from the answer of the position one move earlier.
func BenchmarkWarmStart(b *testing.B) {
	before := positions.Dev(b, positions.BenchGames, 49, 149, 249)
	after := positions.Bench(b)
	e := mustNew(b, SymmetricSettings{})
	starts := make([][]float64, len(before))
	for i, bd := range before {
		var r control.Result
		e.Estimate(&r, bd)
		starts[i] = r.Control
	}
	i := 0
	benchEstimate(b, func(r *control.Result, bd *board.Board) error {
		err := e.EstimateFrom(r, bd, starts[i%len(starts)])
		i++
		return err
	}, after)
}
