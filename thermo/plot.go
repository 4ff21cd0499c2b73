package thermo

import (
	"fmt"
	"math/big"
	"strings"
)

// PlotOptions sets the size of a text plot. The zero value means the
// defaults.
type PlotOptions struct {
	// Width is the most columns the plotting area may take; 0 or less
	// means DefaultPlotWidth.
	Width int
	// Height is the most rows the plotting area may take; 0 or less means
	// DefaultPlotHeight.
	Height int
}

// The defaults of PlotOptions, which goeval miai shows as its own.
const (
	DefaultPlotWidth  = 64
	DefaultPlotHeight = 20
)

// Plot draws the thermograph as text, in the orientation of the sources'
// pictures and of CGT books: values run horizontally with Black's (higher)
// values to the LEFT, temperature runs up from 0 at the bottom. One row and
// one column stand for the same amount, so the sloped parts of the walls
// are diagonal: '/' for the left wall falling as t rises, '\' for the right
// wall rising, '|' for vertical pieces and for the mast. The plot shows t
// from 0 to at least one unit above the temperature and values from one
// unit outside the walls; the scale is the largest of 8, 4, 2, 1, 1/2, ...
// columns per point that fits the options. Numbers of more than 12 digits
// are shortened in the plot to their first digits and power of ten
// ("~2.68e3000"; the walls' formulas are exact), so that a plot of a tree
// with huge values is as wide, and costs about as much, as any other. The
// output is deterministic and ends with a newline.
func (th *Thermograph) Plot(opt PlotOptions) string {
	width, height := opt.Width, opt.Height
	if width <= 0 {
		width = DefaultPlotWidth
	}
	if height <= 0 {
		height = DefaultPlotHeight
	}
	// The plot's arithmetic is on integers and powers of two, never a
	// rational with a huge denominator to reduce, so that drawing a tree
	// with huge values costs no more than analysing it (BenchmarkPlot).
	T := th.Temperature
	tTop := ceil(add(T, ratOne)) // at least 1 above T
	hi := ceil(add(th.Left.At(ratZero), ratOne))
	lo := new(big.Int).Neg(ceil(sub(ratOne, th.Right.At(ratZero))))
	span := new(big.Int).Sub(hi, lo)

	// Columns (and rows) per point: 2^e, the largest power of two up to 8
	// that fits, found from the numbers' lengths in bits.
	// The tighter of (width-1)/span and (height-1)/tTop.
	fitN, fitD := big.NewInt(int64(width-1)), span
	if byRowsN := big.NewInt(int64(height - 1)); new(big.Int).Mul(byRowsN, span).Cmp(new(big.Int).Mul(fitN, tTop)) < 0 {
		fitN, fitD = byRowsN, tTop
	}
	e := min(floorLog2(fitN, fitD), 3)
	ncols := int(ceilMul2(span, e).Int64()) + 1
	nrows := int(ceilMul2(tTop, e).Int64()) + 1
	// Column 0 is a blank margin beside the temperature axis; value v is
	// in column 1 + round((hi - v) * 2^e), halves up.
	col := func(v *big.Rat) int {
		num := new(big.Int).Mul(hi, v.Denom())
		num.Sub(num, v.Num())
		den := new(big.Int).Set(v.Denom())
		if e >= 0 {
			num.Lsh(num, uint(e))
		} else {
			den.Lsh(den, uint(-e))
		}
		// floor(num/den + 1/2) = floor((2 num + den) / (2 den)); Div is
		// Euclidean, so floor for den > 0.
		num.Lsh(num, 1).Add(num, den)
		den.Lsh(den, 1)
		return 1 + int(num.Div(num, den).Int64())
	}
	ncols++

	// Temperature labels: at integer t. Row k is at t = k / 2^e.
	var lab labeller
	labelW := 1
	rowLabels := make([]string, nrows)
	for k := range rowLabels {
		switch kk := big.NewInt(int64(k)); {
		case e <= 0:
			rowLabels[k] = lab.label(kk.Lsh(kk, uint(-e)))
		case k%(1<<e) == 0:
			rowLabels[k] = lab.label(kk.Rsh(kk, uint(e)))
		}
		labelW = max(labelW, len(rowLabels[k]))
	}

	var b strings.Builder
	fmt.Fprintf(&b, "count %s, miai value %s; Black's values to the left, t up\n", lab.rat(th.Count), lab.rat(T))
	left, right := wallColumns(th.Left.f, e, col), wallColumns(th.Right.f, e, col)
	below := int(ceilScaled(T, e).Int64()) // the rows below the temperature
	for k := nrows - 1; k >= 0; k-- {
		line := []byte(strings.Repeat(" ", ncols))
		cl, sl := left.at(k)
		cr, sr := right.at(k)
		lc, rc := byte('|'), byte('|')
		if k < below {
			if sl != 0 {
				lc = '/'
			}
			if sr != 0 {
				rc = '\\'
			}
		}
		line[cl] = lc
		line[cr] = rc
		fmt.Fprintf(&b, "%*s |%s\n", labelW, rowLabels[k], strings.TrimRight(string(line), " "))
	}

	// Value axis: ticks at multiples of step, the smallest of 1, 2, 5, 10,
	// 20, 50, ... that leaves room for the labels.
	labelRoom := big.NewInt(int64(max(len(lab.label(hi)), len(lab.label(lo))) + 1))
	step := lab.tickStep(ceilMul2(labelRoom, -e))
	axis := []byte(strings.Repeat("-", ncols))
	labels := []byte(strings.Repeat(" ", ncols+labelW+2))
	first := new(big.Int).Neg(lo)
	first.Div(first, step).Neg(first) // ceil(lo / step)
	for v := new(big.Int).Mul(first, step); v.Cmp(hi) <= 0; v.Add(v, step) {
		c := col(new(big.Rat).SetInt(v))
		axis[c] = '+'
		s := lab.label(v)
		start := labelW + 2 + c - len(s)/2
		if start >= 0 && start+len(s) <= len(labels) {
			copy(labels[start:], s)
		}
	}
	fmt.Fprintf(&b, "%*s +%s\n", labelW, "", axis)
	fmt.Fprintf(&b, "%s\n", strings.TrimRight(string(labels), " "))
	return b.String()
}

// columns is a wall as the plot sees it: piece i starts at row from[i]
// (the first row at or above its breakpoint), where its column would be
// base[i] at row 0, and moves slope[i] columns left per row up.
type columns struct {
	from, base, slope []int
}

// wallColumns turns wall f into columns, with one exact evaluation per
// breakpoint: row k is at t = k / 2^e, where a piece of slope s is s*k
// columns further right than at row 0, because one row and one column
// stand for the same amount. Walls have slopes -1, 0 and +1 only.
func wallColumns(f pl, e int, col func(*big.Rat) int) columns {
	var c columns
	for i, p := range f.pts {
		s := f.slopeAfter(i)
		if !s.IsInt() || s.Num().CmpAbs(big.NewInt(1)) > 0 {
			panic("thermo: a wall with slope " + s.RatString())
		}
		si := int(s.Num().Int64())
		c.from = append(c.from, int(ceilScaled(p.T, e).Int64()))
		// The piece's value at t = 0, extended: V - s*T.
		c.base = append(c.base, col(addSlope(p.V, -si, p.T)))
		c.slope = append(c.slope, si)
	}
	return c
}

// at returns the column of the wall at row k and the slope of its piece.
func (c columns) at(k int) (col, slope int) {
	i := 0
	for i+1 < len(c.from) && c.from[i+1] <= k {
		i++
	}
	// The value rises by slope*k/2^e; columns run the other way.
	return c.base[i] - c.slope[i]*k, c.slope[i]
}

// ceilScaled returns the smallest integer >= r * 2^e, in integers: a
// rational with a huge numerator and a huge power of two for denominator
// would cost a slow reduction.
func ceilScaled(r *big.Rat, e int) *big.Int {
	num, den := new(big.Int).Set(r.Num()), new(big.Int).Set(r.Denom())
	if e >= 0 {
		num.Lsh(num, uint(e))
	} else {
		den.Lsh(den, uint(-e))
	}
	// ceil(n/d) = -floor(-n/d); Div is Euclidean, so floor for d > 0.
	num.Neg(num).Div(num, den)
	return num.Neg(num)
}

// maxLabel is the longest axis label written out in full.
const maxLabel = 12

// labeller writes axis labels: x in decimal, or, if that takes more than
// maxLabel characters, its first three digits and its power of ten,
// "~2.68e3000". The exact values are in the walls' formulas, and writing
// out a huge number on every row would cost more than the analysis. It
// keeps the last power of ten it computed, since an axis's labels are of
// about the same length.
type labeller struct {
	j int64    // p = 10^j, when p is not nil
	p *big.Int //
}

// rat returns r exactly if its numerator and denominator are short, else
// its integer part, shortened as label does, after a "~".
func (l *labeller) rat(r *big.Rat) string {
	if r.Num().BitLen() <= 39 && r.Denom().BitLen() <= 39 {
		return r.RatString()
	}
	s := l.label(new(big.Int).Quo(r.Num(), r.Denom()))
	if !strings.HasPrefix(s, "~") {
		s = "~" + s
	}
	return s
}

// floorPow10 sets l.p = 10^l.j to the largest power of ten <= x, for x >=
// 1, and returns it: j from x's length in bits (log10 2 < 0.30103), or
// from the last power when it is near; then corrected a step at a time.
func (l *labeller) floorPow10(x *big.Int) *big.Int {
	ten := big.NewInt(10)
	if j := int64(float64(x.BitLen()-1) * 0.30102999566398); l.p == nil || l.j-j > 3 || j-l.j > 3 {
		l.j, l.p = j, new(big.Int).Exp(ten, big.NewInt(j), nil)
	}
	for l.p.Cmp(x) > 0 {
		l.p.Quo(l.p, ten)
		l.j--
	}
	for next := new(big.Int).Mul(l.p, ten); next.Cmp(x) <= 0; next.Mul(l.p, ten) {
		l.p.Set(next)
		l.j++
	}
	return new(big.Int).Set(l.p)
}

func (l *labeller) label(x *big.Int) string {
	n := x.BitLen()
	if n <= 39 { // under 10^12: in full
		return x.String()
	}
	ax := new(big.Int).Abs(x)
	l.floorPow10(ax)
	if l.j < maxLabel {
		return x.String()
	}
	lead := new(big.Int).Quo(new(big.Int).Mul(ax, big.NewInt(100)), l.p).Int64() // 100..999, truncated
	sign := ""
	if x.Sign() < 0 {
		sign = "-"
	}
	return fmt.Sprintf("~%s%d.%02de%d", sign, lead/100, lead%100, l.j)
}

// ceilMul2 returns the smallest integer >= x * 2^e.
func ceilMul2(x *big.Int, e int) *big.Int {
	if e >= 0 {
		return shl(x, e)
	}
	// ceil(x / 2^n) = -floor(-x / 2^n), and Rsh floors.
	n := new(big.Int).Neg(x)
	n.Rsh(n, uint(-e))
	return n.Neg(n)
}

// floorLog2 returns the largest e with 2^e <= a/b, for a, b > 0.
func floorLog2(a, b *big.Int) int {
	// With a of la bits and b of lb bits, 2^(la-lb-1) < a/b < 2^(la-lb+1).
	e := a.BitLen() - b.BitLen()
	var atLeast bool // 2^e <= a/b
	if e >= 0 {
		atLeast = a.Cmp(shl(b, e)) >= 0
	} else {
		atLeast = shl(a, -e).Cmp(b) >= 0
	}
	if !atLeast {
		e--
	}
	return e
}

// shl returns x * 2^n, for n >= 0.
func shl(x *big.Int, n int) *big.Int { return new(big.Int).Lsh(x, uint(n)) }

// tickStep returns the smallest of 1, 2, 5, 10, 20, 50, ... that is at
// least need.
func (l *labeller) tickStep(need *big.Int) *big.Int {
	if need.Cmp(big.NewInt(1)) <= 0 {
		return big.NewInt(1)
	}
	p := l.floorPow10(need)
	for _, m := range []int64{1, 2, 5, 10} {
		if s := new(big.Int).Mul(p, big.NewInt(m)); s.Cmp(need) >= 0 {
			return s
		}
	}
	panic("unreachable")
}
