package thermo

import (
	"fmt"
	"math/big"
	"strings"
)

// PlotOptions sets the size of a text plot. The zero value means the
// defaults.
type PlotOptions struct {
	// Width is the most columns the plotting area may take; 0 means 64.
	Width int
	// Height is the most rows the plotting area may take; 0 means 20.
	Height int
}

// Plot draws the thermograph as text, in the orientation of the seeds'
// pictures and of CGT books: values run horizontally with Black's (higher)
// values to the LEFT, temperature runs up from 0 at the bottom. One row and
// one column stand for the same amount, so the sloped parts of the walls
// are diagonal: '/' for the left wall falling as t rises, '\' for the right
// wall rising, '|' for vertical pieces and for the mast. The plot shows t
// from 0 to at least one unit above the temperature and values from one
// unit outside the walls; the scale is the largest of 8, 4, 2, 1, 1/2, ...
// columns per point that fits the options. The output is deterministic and
// ends with a newline.
func (th *Thermograph) Plot(opt PlotOptions) string {
	width, height := opt.Width, opt.Height
	if width <= 0 {
		width = 64
	}
	if height <= 0 {
		height = 20
	}
	T := th.Temperature
	tTop := new(big.Rat).SetInt(ceil(add(T, ratOne))) // at least 1 above T
	hi := new(big.Rat).SetInt(ceil(add(th.Left.At(ratZero), ratOne)))
	lo := neg(new(big.Rat).SetInt(ceil(sub(ratOne, th.Right.At(ratZero)))))
	span := sub(hi, lo)

	// Columns (and rows) per point.
	scale := big.NewRat(8, 1)
	for {
		cols := mul(span, scale)
		rows := mul(tTop, scale)
		if cols.Cmp(ratInt(int64(width-1))) <= 0 && rows.Cmp(ratInt(int64(height-1))) <= 0 {
			break
		}
		scale = quo(scale, ratInt(2))
	}
	ncols := int(ceil(mul(span, scale)).Int64()) + 1
	nrows := int(ceil(mul(tTop, scale)).Int64()) + 1
	// Column 0 is a blank margin beside the temperature axis.
	col := func(v *big.Rat) int { return 1 + roundHalfUp(mul(sub(hi, v), scale)) }
	ncols++

	// Temperature labels: at integer t.
	type row struct {
		t     *big.Rat
		label string
	}
	rows := make([]row, nrows)
	labelW := 1
	for k := range rows {
		t := quo(ratInt(int64(k)), scale)
		rows[k].t = t
		if t.IsInt() {
			rows[k].label = t.RatString()
			labelW = max(labelW, len(rows[k].label))
		}
	}

	var b strings.Builder
	fmt.Fprintf(&b, "count %s, miai value %s; Black's values to the left, t up\n", th.Count.RatString(), T.RatString())
	for k := nrows - 1; k >= 0; k-- {
		t := rows[k].t
		line := []byte(strings.Repeat(" ", ncols))
		cl, cr := col(th.Left.At(t)), col(th.Right.At(t))
		lc, rc := byte('|'), byte('|')
		if t.Cmp(T) < 0 {
			if th.Left.f.slopeAfter(th.Left.f.segment(t)).Sign() != 0 {
				lc = '/'
			}
			if th.Right.f.slopeAfter(th.Right.f.segment(t)).Sign() != 0 {
				rc = '\\'
			}
		}
		line[cl] = lc
		line[cr] = rc
		fmt.Fprintf(&b, "%*s |%s\n", labelW, rows[k].label, strings.TrimRight(string(line), " "))
	}

	// Value axis: ticks at multiples of step, the smallest of 1, 2, 5, 10,
	// 20, 50, ... that leaves room for the labels.
	labelRoom := ratInt(int64(max(len(hi.RatString()), len(lo.RatString())) + 1))
	var step *big.Int
	for k := 0; ; k++ {
		m := []int64{1, 2, 5}[k%3]
		step = new(big.Int).Mul(big.NewInt(m), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k/3)), nil))
		if mul(new(big.Rat).SetInt(step), scale).Cmp(labelRoom) >= 0 {
			break
		}
	}
	axis := []byte(strings.Repeat("-", ncols))
	labels := []byte(strings.Repeat(" ", ncols+labelW+2))
	first := ceil(quo(lo, new(big.Rat).SetInt(step)))
	for v := new(big.Int).Mul(first, step); new(big.Rat).SetInt(v).Cmp(hi) <= 0; v.Add(v, step) {
		rv := new(big.Rat).SetInt(v)
		c := col(rv)
		axis[c] = '+'
		s := v.String()
		start := labelW + 2 + c - len(s)/2
		if start >= 0 && start+len(s) <= len(labels) {
			copy(labels[start:], s)
		}
	}
	fmt.Fprintf(&b, "%*s +%s\n", labelW, "", axis)
	fmt.Fprintf(&b, "%s\n", strings.TrimRight(string(labels), " "))
	return b.String()
}

// roundHalfUp rounds r to the nearest integer, halves up.
func roundHalfUp(r *big.Rat) int {
	f := new(big.Int).Neg(ceil(neg(add(r, big.NewRat(1, 2)))))
	return int(f.Int64())
}
