package influence

import "goeval/board"

// jacobi32 is jacobi in float32, with the points' κG looked up in val as
// the AVX-512 kernel looks it up (see tables32): it sets y[p] = a[p]·S1 +
// b[p]·S3 + κG for the n cells p from first and returns Σ(y[p]-x[p])². As
// in jacobi, every operation is odd in x and val, so negating them
// negates y exactly.
func jacobi32(y, x, a, b []float32, ci []int32, val []float32, masks []uint16, nt, first, n, w int) float32 {
	x = x[first-w : first+n+w]
	y, a, b, ci = y[first:first+n], a[first:first+n], b[first:first+n], ci[first:first+n]
	var sq float32
	for i := range y {
		var kg float32
		for k, m := range masks[i/lanes32*nt:][:nt] {
			if m>>(i%lanes32)&1 != 0 {
				kg = val[32*k+int(ci[i]%32)]
			}
		}
		c := i + w
		nn, ww, ee, ss := x[c-w], x[c-1], x[c+1], x[c+w]
		v := (nn+ww)*(a[i]+b[i]*(ee*ss)) + (ee+ss)*(a[i]+b[i]*(nn*ww)) + kg
		d := v - x[c]
		y[i] = v
		sq += d * d
	}
	return sq
}

// chains32 is chains in float32 for the chain rows of tables32: it sets
// val[c] = kc[c]·(1 - 2P) for each of the nc chains c, P being the
// product of the chain's factors (1/2 - hrow·x[adj]) in its lane of the
// rows, each lane handing its running product on to val at the rows
// named by ends (see tables32). val must have 16 cells to spare after
// nc, as the kernel writes a whole row at a time.
func chains32(val, kc []float32, adj []int32, hrow []float32, ends []uint16, eoff []int32, nc int, x []float32) {
	var prod [lanes32]float32
	for l := range prod {
		prod[l] = 1
	}
	for e, m := range ends {
		k := eoff[e]
		for l := range prod {
			prod[l] *= 0.5 - hrow[lanes32*e+l]*x[adj[lanes32*e+l]]
			if m>>l&1 != 0 {
				val[k] = prod[l]
				prod[l] = 1
				k++
			}
		}
	}
	for c := range nc {
		val[c] = kc[c] * (1 - 2*val[c])
	}
}

// prepareArgs are the arguments of prepareRowsAVX512: the board's
// colours, its size, the padded layout (row stride w, first point at
// first) and tables32's per-cell slices (from index 0).
type prepareArgs struct {
	cells          *board.Color
	size, w, first int
	state          *uint32
	a, b           *float32
	ci             *int32
	aE, aS, bE, bS *uint32
	stones         *int32
}
