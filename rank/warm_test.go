package rank

import (
	"context"
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
//
// They are wide because the SPEC's stopping rule is: at the default
// tolerance (a Jacobi step whose squared changes sum below 1e-4) a cold
// start stops up to 0.06 per point, 1.4 in score, short of the fixed
// point, approaching it from the stones; a warm start approaches it from
// the parent's solution and stops elsewhere within the same slack (0.083
// per point and 1.40 in score at most, measured on the 1943 candidates).
// Both land on the same fixed point as the tolerance shrinks (at 1e-12
// the scores agree within 3e-4). Measured against that fixed point, warm
// scores are the closer ones (median error 0.21 against 0.44).
const (
	warmPointTol = 0.1
	warmScoreTol = 1.5
)

// TestWarmStartDefaultEstimator checks, on real positions, that the score
// Rank lists for every legal move is its warm-started evaluation and that
// this lands on the cold start's answer: every point within warmPointTol
// and the score within warmScoreTol. It logs the saving in iterations.
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
	r := New(f, Settings{Workers: 2, Top: -1})
	var w worker
	w.est = f()
	w.warm = w.est.(control.WarmStarter)
	cold := f()
	var parent, res control.Result
	var n, coldIt, warmIt int
	var maxPoint, maxScore float64
	for _, b := range ps {
		if err := cold.Estimate(&parent, b); err != nil {
			t.Fatal(err)
		}
		rk, err := r.Rank(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		listed := map[board.Point]float64{}
		for _, m := range rk.Moves {
			listed[m.Point] = m.Score
		}
		c := b.ToMove()
		for p := range b.Geometry().N {
			pt := board.Point(p)
			if b.At(pt) != board.Empty || b.Legal(c, pt) != nil {
				continue
			}
			o, err := w.eval(b, c, pt, parent.Control, true, winAt{})
			if err != nil {
				t.Fatal(err)
			}
			if listed[pt] != o.Score {
				t.Fatalf("%s: Rank lists %v, a warm start gives %v", b.Geometry().GTP(pt), listed[pt], o.Score)
			}
			a := *b
			a.Play(c, pt)
			if err := cold.Estimate(&res, &a); err != nil {
				t.Fatal(err)
			}
			n++
			coldIt += res.Iterations
			warmIt += o.Iterations
			for q := range res.Control {
				maxPoint = math.Max(maxPoint, math.Abs(res.Control[q]-w.res.Control[q]))
			}
			if d := math.Abs(res.Score - o.Score); d > maxScore {
				maxScore = d
				if d > warmScoreTol {
					t.Errorf("%s after %s: warm score %.4f, cold %.4f", b.Geometry().GTP(pt), c, o.Score, res.Score)
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
