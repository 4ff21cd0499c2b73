package rank

import (
	"math"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/eval"
	"goeval/internal/positions"
)

// Bounds of a warm start against a cold one with the default estimator,
// on every candidate of the shared move-150 positions: each point within
// warmPointTol, the score within warmScoreTol.
const (
	warmPointTol = 2e-3
	warmScoreTol = 0.05
)

// TestWarmStartDefaultEstimator checks, on real positions, that a warm
// start reaches the cold start's answer: every point within warmPointTol
// and the score within warmScoreTol, for every legal move of the side to
// move. It logs the saving in iterations.
func TestWarmStartDefaultEstimator(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: evaluates every candidate of the move-150 positions twice")
	}
	f, err := eval.Factory(benchEstimator, nil)
	if err != nil {
		t.Skipf("%v", err)
	}
	if _, ok := f().(control.WarmStarter); !ok {
		t.Skipf("%s cannot warm start", benchEstimator)
	}
	ps := positions.Dev(t, 10, 150)
	var w worker
	w.est = f()
	w.warm = w.est.(control.WarmStarter)
	cold := f()
	var parent, r control.Result
	var n, coldIt, warmIt int
	var maxPoint, maxScore float64
	for _, b := range ps {
		if err := cold.Estimate(&parent, b); err != nil {
			t.Fatal(err)
		}
		c := b.ToMove()
		for p := range b.Geometry().N {
			pt := board.Point(p)
			if b.At(pt) != board.Empty || b.Legal(c, pt) != nil {
				continue
			}
			o, err := w.eval(b, c, pt, parent.Control, true)
			if err != nil {
				t.Fatal(err)
			}
			a := *b
			a.Play(c, pt)
			if err := cold.Estimate(&r, &a); err != nil {
				t.Fatal(err)
			}
			n++
			coldIt += r.Iterations
			warmIt += o.Iterations
			for q := range r.Control {
				maxPoint = math.Max(maxPoint, math.Abs(r.Control[q]-w.res.Control[q]))
			}
			if d := math.Abs(r.Score - o.Score); d > maxScore {
				maxScore = d
				if d > warmScoreTol {
					t.Errorf("%s after %s: warm score %.4f, cold %.4f", b.Geometry().GTP(pt), c, o.Score, r.Score)
				}
			}
		}
	}
	t.Logf("%s, %d candidates: %.1f iterations cold, %.1f warm; warm against cold: points within %.2g, scores within %.2g",
		benchEstimator, n, float64(coldIt)/float64(n), float64(warmIt)/float64(n), maxPoint, maxScore)
	if maxPoint > warmPointTol {
		t.Errorf("a point differs by %.2g between warm and cold starts (bound %g)", maxPoint, warmPointTol)
	}
}
