package rank

import (
	"errors"
	"fmt"
	"math"

	"goeval/board"
	"goeval/control"
)

// relax is a tiny iterative estimator for the tests, standing in for the
// λ/κ estimator: stones hold their colour (±1) and every empty point is
// decay times the mean of its neighbours. The update is a contraction, so
// the fixed point is unique and any start reaches it; Gauss–Seidel sweeps
// in map order stop when the sum of squared changes of a sweep is below
// tol. It is exactly colour-symmetric (negating every input negates every
// step).
type relax struct {
	decay, tol float64
	x          []float64
	calls      int
}

func newRelax() control.Estimator { return &relax{decay: 0.8, tol: 1e-20} }

func (*relax) Name() string { return "relax" }

func (e *relax) Params() []control.Param {
	return []control.Param{{Name: "decay", Value: e.decay}, {Name: "tolerance", Value: e.tol}}
}

func (e *relax) Estimate(dst *control.Result, b *board.Board) error {
	e.x = e.x[:0]
	for _, c := range b.Cells() {
		e.x = append(e.x, float64(c))
	}
	return e.solve(dst, b)
}

func (e *relax) EstimateFrom(dst *control.Result, b *board.Board, start []float64) error {
	if len(start) != b.Geometry().N {
		panic(fmt.Sprintf("relax: %d start values for %d points", len(start), b.Geometry().N))
	}
	e.x = append(e.x[:0], start...)
	return e.solve(dst, b)
}

func (e *relax) solve(dst *control.Result, b *board.Board) error {
	e.calls++
	g, cells := b.Geometry(), b.Cells()
	dst.Reset(g.N)
	dst.Iterative = true
	for p, c := range cells {
		if c != board.Empty {
			e.x[p] = float64(c)
		}
	}
	for dst.Iterations < 10000 {
		dst.Iterations++
		sq := 0.0
		for p, c := range cells {
			if c != board.Empty {
				continue
			}
			s := 0.0
			nb := g.Neighbors(board.Point(p))
			for _, q := range nb {
				s += e.x[q]
			}
			v := e.decay * s / float64(len(nb))
			d := v - e.x[p]
			e.x[p] = v
			sq += d * d
		}
		if sq < e.tol {
			dst.Converged = true
			break
		}
	}
	copy(dst.Control, e.x)
	dst.Sum()
	return nil
}

// errBroken is the failure of the broken estimator.
var errBroken = errors.New("broken estimator")

// broken is the stones estimator, failing on every position that has a
// stone on one of the points in bad.
type broken struct {
	control.Stones
	bad []board.Point
}

func (e broken) Estimate(dst *control.Result, b *board.Board) error {
	for _, p := range e.bad {
		if b.At(p) != board.Empty {
			return fmt.Errorf("%w at point %d", errBroken, p)
		}
	}
	return e.Stones.Estimate(dst, b)
}

// hook is the stones estimator that calls a function before each
// evaluation (to count calls or cancel a context).
type hook struct {
	control.Stones
	f func()
}

func (e hook) Estimate(dst *control.Result, b *board.Board) error {
	e.f()
	return e.Stones.Estimate(dst, b)
}

// near reports whether a and b are within tol.
func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }
