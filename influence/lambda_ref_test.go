package influence

import (
	"fmt"
	"math"
	"testing"

	"goeval/board"
)

// This file holds the slow twin of Symmetric: the Jacobi iteration of SPEC
// section 2 written as plainly as the SPEC's formulas, with the general
// n-neighbour product form of F and the chain formula G with its product
// over A(C). Nothing here is tuned.

// refF is F of SPEC section 2 for an empty point whose on-board neighbours
// hold xs:
//
//	F = 2^-n [ Π(1+x_i) - Π(1-x_i) + λ Σ_i ((1-x_i) Π_{j≠i}(1+x_j) - (1+x_i) Π_{j≠i}(1-x_j)) ]
func refF(lambda float64, xs []float64) float64 {
	plus, minus := 1.0, 1.0
	for _, x := range xs {
		plus *= 1 + x
		minus *= 1 - x
	}
	h := 0.0
	for i := range xs {
		up, down := 1-xs[i], 1+xs[i]
		for j := range xs {
			if j != i {
				up *= 1 + xs[j]
				down *= 1 - xs[j]
			}
		}
		h += up - down
	}
	return (plus - minus + lambda*h) / math.Pow(2, float64(len(xs)))
}

// refG is G(C) of SPEC section 2 for a chain of colour c whose adjacent
// points A(C) hold adj:
//
//	Black: G = 1 - 2 Π (1 - x_q)/2        White: G = 2 Π (1 + x_q)/2 - 1
//
// and ±1 if A(C) is empty.
func refG(c board.Color, adj []float64) float64 {
	if len(adj) == 0 {
		return float64(c)
	}
	prod := 1.0
	if c == board.Black {
		for _, x := range adj {
			prod *= (1 - x) / 2
		}
		return 1 - 2*prod
	}
	for _, x := range adj {
		prod *= (1 + x) / 2
	}
	return 2*prod - 1
}

// refChainAdj returns, for every point, the points of A(C) of the chain on
// it (nil for empty points), found by a plain flood fill.
func refChainAdj(b *board.Board) [][]board.Point {
	g := b.Geometry()
	out := make([][]board.Point, g.N)
	for start := range g.N {
		c := b.At(board.Point(start))
		if c == board.Empty {
			continue
		}
		inChain := map[board.Point]bool{board.Point(start): true}
		todo := []board.Point{board.Point(start)}
		for len(todo) > 0 {
			p := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for _, q := range g.Neighbors(p) {
				if b.At(q) == c && !inChain[q] {
					inChain[q] = true
					todo = append(todo, q)
				}
			}
		}
		seen := map[board.Point]bool{}
		for p := range inChain {
			for _, q := range g.Neighbors(p) {
				if !inChain[q] && !seen[q] {
					seen[q] = true
					out[start] = append(out[start], q)
				}
			}
		}
	}
	return out
}

// refSettings are the parameters of the reference, all explicit.
type refSettings struct {
	fixed         bool // stones stay at ±1
	lambda, kappa float64
	tolerance     float64
	maxIterations int
}

// refPreset returns the reference parameters of a preset with the SPEC's
// tolerance and cap.
func refPreset(name string) refSettings {
	s := refSettings{tolerance: 1e-4, maxIterations: 1000}
	switch name {
	case "fixed":
		s.fixed = true
	case "neighbour":
		s.kappa = 1
	case "lambda":
		s.lambda, s.kappa = 0.44, 1
	case "lambda-kappa":
		s.lambda, s.kappa = 0.44, 0.8
	default:
		panic("unknown preset " + name)
	}
	return s
}

// reference runs Jacobi steps from start (nil: ±1 on stones, 0 elsewhere)
// until the sum of squared changes of a step is below the tolerance or the
// cap is reached.
func reference(b *board.Board, s refSettings, start []float64) (x []float64, iterations int, converged bool) {
	g := b.Geometry()
	adj := refChainAdj(b)
	x = make([]float64, g.N)
	for p := range g.N {
		if start != nil {
			x[p] = start[p]
		} else {
			x[p] = float64(b.At(board.Point(p)))
		}
		if s.fixed && b.At(board.Point(p)) != board.Empty {
			x[p] = float64(b.At(board.Point(p)))
		}
	}
	next := make([]float64, g.N)
	for iterations < s.maxIterations {
		iterations++
		for p := range g.N {
			var nbrs []float64
			for _, q := range g.Neighbors(board.Point(p)) {
				nbrs = append(nbrs, x[q])
			}
			f := refF(s.lambda, nbrs)
			c := b.At(board.Point(p))
			switch {
			case c == board.Empty:
				next[p] = f
			case s.fixed:
				next[p] = float64(c)
			default:
				var ax []float64
				for _, q := range adj[p] {
					ax = append(ax, x[q])
				}
				next[p] = s.kappa*refG(c, ax) + (1-s.kappa)*f
			}
		}
		sq := 0.0
		for p := range g.N {
			sq += (next[p] - x[p]) * (next[p] - x[p])
		}
		x, next = next, x
		if sq < s.tolerance {
			return x, iterations, true
		}
	}
	return x, iterations, false
}

// TestClosedForms pins the seed's closed forms of F against the general
// product form (refF), to 1e-12.
func TestClosedForms(t *testing.T) {
	const tol = 1e-12
	vals := []float64{-1, -0.7, -0.3, 0, 0.2, 0.5, 0.9, 1}
	for _, lam := range []float64{0, 0.25, 0.44, 0.5, 0.9} {
		t.Run(fmt.Sprintf("lambda=%g", lam), func(t *testing.T) {
			check := func(what string, got, want float64) {
				t.Helper()
				if math.Abs(got-want) > tol {
					t.Errorf("%s = %.15g, want %.15g", what, got, want)
				}
			}
			for _, x := range vals {
				check(fmt.Sprintf("F(1,1,1,%g)", x), refF(lam, []float64{1, 1, 1, x}), (lam+1+(1-lam)*x)/2)
				check(fmt.Sprintf("F(%g,%g,%g,%g)", x, x, x, x), refF(lam, []float64{x, x, x, x}), (x+x*x*x)/2+lam*(x-x*x*x))
				for _, y := range vals {
					check(fmt.Sprintf("F(1,1,%g,%g)", x, y), refF(lam, []float64{1, 1, x, y}), (1+x+y+x*y+2*lam*(1-x*y))/4)
					// A corner: λ has no effect.
					check(fmt.Sprintf("F(%g,%g)", x, y), refF(lam, []float64{x, y}), (x+y)/2)
					for _, z := range vals {
						s1, s3 := x+y+z, x*y*z
						check(fmt.Sprintf("edge F(%g,%g,%g)", x, y, z), refF(lam, []float64{x, y, z}), (s1+s3)/4+lam*(s1-3*s3)/4)
						for _, w := range vals {
							xs := []float64{x, y, z, w}
							s1 := x + y + z + w
							s3 := x*y*z + x*y*w + x*z*w + y*z*w
							check(fmt.Sprintf("F(%g,%g,%g,%g)", x, y, z, w), refF(lam, xs), ((1+2*lam)*s1+(1-2*lam)*s3)/8)
							if lam == 0.5 {
								check(fmt.Sprintf("λ=1/2: F(%g,%g,%g,%g)", x, y, z, w), refF(lam, xs), s1/4)
							}
						}
					}
				}
			}
		})
	}
}
