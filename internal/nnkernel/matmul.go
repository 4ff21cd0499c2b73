package nnkernel

import "fmt"

// MatMul computes dst = src · w for n rows: src holds n×ic values, w the
// ic×oc matrix in [in][out] order, dst n×oc values. It panics if the
// lengths do not match.
func MatMul(dst, src, w []float32, n, ic, oc int) {
	if len(src) != n*ic || len(w) != ic*oc || len(dst) != n*oc {
		panic(fmt.Sprintf("nnkernel: matmul %d->%d of %d rows: src %d, w %d, dst %d floats", ic, oc, n, len(src), len(w), len(dst)))
	}
	for i := range n {
		out := dst[i*oc : (i+1)*oc]
		clear(out)
		for c, v := range src[i*ic : (i+1)*ic] {
			row := w[c*oc : (c+1)*oc]
			for o := range out {
				out[o] += v * row[o]
			}
		}
	}
}

// AddBias adds b to every row of len(b) values of dst. It panics if len(dst)
// is not a multiple of len(b).
func AddBias(dst, b []float32) {
	c := len(b)
	if c == 0 || len(dst)%c != 0 {
		panic(fmt.Sprintf("nnkernel: bias of %d values on %d floats", c, len(dst)))
	}
	for i := 0; i < len(dst); i += c {
		Add(dst[i:i+c], b)
	}
}

// AddBroadcast adds to every point of each of n positions that position's
// row of c values: dst holds n×points×c values (NHWC), bias n×c. It is how
// a per-channel bias computed from global values (global inputs, pooled
// features) reaches the board. It panics if the lengths do not match.
func AddBroadcast(dst, bias []float32, n, points, c int) {
	if len(dst) != n*points*c || len(bias) != n*c {
		panic(fmt.Sprintf("nnkernel: broadcast of %d rows of %d over %d points: bias %d, dst %d floats", n, c, points, len(bias), len(dst)))
	}
	for i := range n {
		b := bias[i*c : (i+1)*c]
		AddBias(dst[i*points*c:(i+1)*points*c], b)
	}
}

// Add computes dst += src elementwise. It panics if the lengths differ.
func Add(dst, src []float32) {
	if len(dst) != len(src) {
		panic(fmt.Sprintf("nnkernel: add of %d floats to %d", len(src), len(dst)))
	}
	if n := len(src) &^ 7; useAsm && n > 0 {
		addAsm(dst, src, n)
		dst, src = dst[n:], src[n:]
	}
	for i, v := range src {
		dst[i] += v
	}
}
