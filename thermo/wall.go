package thermo

import (
	"math/big"
	"strings"
)

// A Point is a breakpoint of a wall: at temperature T the wall has value V.
type Point struct {
	T, V *big.Rat
}

// pl is a continuous piecewise-linear function on t >= 0: it interpolates
// linearly between pts (pts[0].T == 0, T strictly increasing) and goes on
// with slope tail after the last point. The package's functions only ever
// have slopes -2..2, and walls only -1, 0 and +1.
type pl struct {
	pts  []Point
	tail int
}

func constant(v *big.Rat) pl { return pl{pts: []Point{{T: new(big.Rat), V: v}}} }

// at returns f(t) for t >= 0.
func (f pl) at(t *big.Rat) *big.Rat {
	i := f.segment(t)
	p := f.pts[i]
	if i == len(f.pts)-1 {
		return addSlope(p.V, f.tail, sub(t, p.T))
	}
	q := f.pts[i+1]
	slope := quo(sub(q.V, p.V), sub(q.T, p.T))
	return add(p.V, mul(slope, sub(t, p.T)))
}

// segment returns the index of the last breakpoint at or before t.
func (f pl) segment(t *big.Rat) int {
	i := 0
	for i+1 < len(f.pts) && f.pts[i+1].T.Cmp(t) <= 0 {
		i++
	}
	return i
}

// slopeAfter returns the slope of the piece that starts at breakpoint i.
func (f pl) slopeAfter(i int) *big.Rat {
	if i == len(f.pts)-1 {
		return ratInt(int64(f.tail))
	}
	return quo(sub(f.pts[i+1].V, f.pts[i].V), sub(f.pts[i+1].T, f.pts[i].T))
}

// slopeBefore returns the slope of f just below t > 0.
func (f pl) slopeBefore(t *big.Rat) *big.Rat {
	i := f.segment(t)
	if f.pts[i].T.Cmp(t) == 0 {
		i--
	}
	return f.slopeAfter(i)
}

// shift returns f(t) + s*t.
func (f pl) shift(s int) pl {
	g := pl{pts: make([]Point, len(f.pts)), tail: f.tail + s}
	for i, p := range f.pts {
		g.pts[i] = Point{T: p.T, V: addSlope(p.V, s, p.T)}
	}
	return g
}

// combine returns the pointwise max (or min) of f and g.
func combine(f, g pl, isMax bool) pl {
	ts := mergeTimes(f, g)
	better := func(d *big.Rat) bool { return d.Sign() > 0 == isMax } // f wins
	var out []Point
	push := func(t *big.Rat) {
		fv, gv := f.at(t), g.at(t)
		d := sub(fv, gv)
		v := gv
		if d.Sign() != 0 && better(d) {
			v = fv
		}
		out = append(out, Point{T: t, V: v})
	}
	var dPrev *big.Rat
	for i, t := range ts {
		d := sub(f.at(t), g.at(t))
		if i > 0 && dPrev.Sign()*d.Sign() < 0 {
			// The functions cross strictly inside (ts[i-1], t).
			push(add(ts[i-1], quo(mul(dPrev, sub(t, ts[i-1])), sub(dPrev, d))))
		}
		push(t)
		dPrev = d
	}
	last := ts[len(ts)-1]
	ds := f.tail - g.tail // slope of f-g on the final ray
	if dPrev.Sign() != 0 && ds != 0 && (dPrev.Sign() > 0) != (ds > 0) {
		tc := add(last, quo(new(big.Rat).Abs(dPrev), ratInt(int64(abs(ds)))))
		push(tc)
		dPrev = new(big.Rat) // equal at the crossing
	}
	// Which function is on top after the last point.
	var tail int
	switch {
	case dPrev.Sign() != 0:
		tail = g.tail
		if better(dPrev) {
			tail = f.tail
		}
	case isMax:
		tail = max(f.tail, g.tail)
	default:
		tail = min(f.tail, g.tail)
	}
	return simplify(pl{pts: out, tail: tail})
}

func mergeTimes(f, g pl) []*big.Rat {
	var ts []*big.Rat
	i, j := 0, 0
	for i < len(f.pts) || j < len(g.pts) {
		var t *big.Rat
		switch {
		case j == len(g.pts) || i < len(f.pts) && f.pts[i].T.Cmp(g.pts[j].T) < 0:
			t = f.pts[i].T
			i++
		case i == len(f.pts) || g.pts[j].T.Cmp(f.pts[i].T) < 0:
			t = g.pts[j].T
			j++
		default:
			t = f.pts[i].T
			i++
			j++
		}
		ts = append(ts, t)
	}
	return ts
}

// simplify drops breakpoints where the slope does not change.
func simplify(f pl) pl {
	out := []Point{f.pts[0]}
	for i := 1; i < len(f.pts); i++ {
		p, prev := f.pts[i], out[len(out)-1]
		in := quo(sub(p.V, prev.V), sub(p.T, prev.T))
		var next *big.Rat
		if i == len(f.pts)-1 {
			next = ratInt(int64(f.tail))
		} else {
			next = quo(sub(f.pts[i+1].V, p.V), sub(f.pts[i+1].T, p.T))
		}
		if in.Cmp(next) != 0 {
			out = append(out, p)
		}
	}
	return pl{pts: out, tail: f.tail}
}

// meet returns the lowest t >= 0 with lambda(t) <= rho(t). lambda - rho must
// be non-increasing and eventually negative, which the scaffolds of a
// non-number always are.
func meet(lambda, rho pl) *big.Rat {
	ts := mergeTimes(lambda, rho)
	var dPrev *big.Rat
	for i, t := range ts {
		d := sub(lambda.at(t), rho.at(t))
		if d.Sign() <= 0 {
			if i == 0 {
				return t
			}
			return add(ts[i-1], quo(mul(dPrev, sub(t, ts[i-1])), sub(dPrev, d)))
		}
		dPrev = d
	}
	ds := lambda.tail - rho.tail
	if ds >= 0 {
		panic("thermo: internal error: scaffolds never meet")
	}
	return add(ts[len(ts)-1], quo(dPrev, ratInt(int64(-ds))))
}

// cut returns f below tau and the constant m from tau on.
func cut(f pl, tau, m *big.Rat) pl {
	var out []Point
	for _, p := range f.pts {
		if p.T.Cmp(tau) < 0 {
			out = append(out, p)
		}
	}
	out = append(out, Point{T: tau, V: m})
	return simplify(pl{pts: out, tail: 0})
}

// A Wall is one side of a thermograph: a continuous piecewise-linear
// function of the temperature t >= 0 whose pieces have slopes -1, 0 or +1
// (value per unit of t) and which is constant, the mast, from the last
// breakpoint on. A left wall never increases with t, a right wall never
// decreases. The zero Wall is not valid; walls come from Analyze.
type Wall struct {
	f pl
}

// At returns the wall's value at temperature t. It panics if t < 0 or the
// Wall is the zero Wall.
func (w Wall) At(t *big.Rat) *big.Rat {
	if len(w.f.pts) == 0 {
		panic("thermo: At of a zero Wall")
	}
	if t.Sign() < 0 {
		panic("thermo: Wall.At of a negative temperature")
	}
	return w.f.at(t)
}

// Points returns copies of the wall's breakpoints, in increasing T from
// T = 0; the wall is linear between them and constant after the last.
func (w Wall) Points() []Point {
	out := make([]Point, len(w.f.pts))
	for i, p := range w.f.pts {
		out[i] = Point{T: cp(p.T), V: cp(p.V)}
	}
	return out
}

// String returns the wall as a formula in t, nesting max and min of its
// linear pieces from the coldest outwards: each corner where the slope
// grows adds a max, each where it falls adds a min. For example the left
// wall that is -4 up to t = 1, then -3-t up to t = 2, then -5 prints as
// "max(min(-4, -3-t), -5)". Numbers print exactly ("13/4-t"). The zero
// Wall prints as "".
func (w Wall) String() string { return w.f.formula() }

func (f pl) formula() string {
	if len(f.pts) == 0 {
		return ""
	}
	expr := ""
	var prev *big.Rat
	for i, p := range f.pts {
		s := f.slopeAfter(i)
		piece := linear(sub(p.V, mul(s, p.T)), s)
		switch {
		case i == 0:
			expr = piece
		case s.Cmp(prev) > 0:
			expr = "max(" + expr + ", " + piece + ")"
		default:
			expr = "min(" + expr + ", " + piece + ")"
		}
		prev = s
	}
	return expr
}

// linear formats a + s*t in the style of "Calculating a Thermograph": "-3-t", "-7+t", "t", "13/4".
func linear(a, s *big.Rat) string {
	if s.Sign() == 0 {
		return a.RatString()
	}
	var b strings.Builder
	if a.Sign() != 0 {
		b.WriteString(a.RatString())
	}
	switch {
	case s.Cmp(ratOne) == 0:
		if a.Sign() != 0 {
			b.WriteString("+")
		}
	case s.Cmp(neg(ratOne)) == 0:
		b.WriteString("-")
	default:
		if s.Sign() > 0 && a.Sign() != 0 {
			b.WriteString("+")
		}
		b.WriteString(s.RatString())
		b.WriteString("*")
	}
	b.WriteString("t")
	return b.String()
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
