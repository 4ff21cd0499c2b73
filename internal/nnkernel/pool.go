package nnkernel

import (
	"fmt"
	"math"
)

// GlobalPool computes KataGo's global pooling (poolRowsGPool) of n
// positions of points×c values (NHWC) whose off-board points are masked
// (mask 0, one value per point). For each position it writes 3c values to
// dst: the mean over the A = Σ mask on-board points, the mean times
// (sqrt(A)-14)/10, and the maximum of x+mask-1 over all points (at least
// -1; on-board points give x). It panics if the lengths do not match or a
// position has no on-board point.
func GlobalPool(dst, src, mask []float32, n, points, c int) {
	pool(dst, src, mask, n, points, c, true)
}

// ValueHeadPool computes KataGo's value-head pooling (poolRowsValueHead):
// like GlobalPool, but the third group of c values is the mean times
// ((sqrt(A)-14)²/100 - 0.1) instead of a maximum.
func ValueHeadPool(dst, src, mask []float32, n, points, c int) {
	pool(dst, src, mask, n, points, c, false)
}

func pool(dst, src, mask []float32, n, points, c int, withMax bool) {
	if len(src) != n*points*c || len(mask) != n*points || len(dst) != n*3*c {
		panic(fmt.Sprintf("nnkernel: pooling %d positions of %d points x %d channels: src %d, mask %d, dst %d floats", n, points, c, len(src), len(mask), len(dst)))
	}
	for i := range n {
		sum := dst[i*3*c : i*3*c+c]
		scaled := dst[i*3*c+c : i*3*c+2*c]
		third := dst[i*3*c+2*c : (i+1)*3*c]
		clear(sum)
		for ch := range third {
			third[ch] = -1
		}
		var area float32
		for p, m := range mask[i*points : (i+1)*points] {
			area += m
			row := src[(i*points+p)*c : (i*points+p+1)*c]
			for ch, v := range row {
				sum[ch] += v
			}
			if withMax {
				for ch, v := range row {
					third[ch] = max(third[ch], v+m-1)
				}
			}
		}
		if area <= 0 {
			panic(fmt.Sprintf("nnkernel: pooling position %d with no on-board point", i))
		}
		s := float32(math.Sqrt(float64(area))) - 14
		k1 := s * 0.1
		k2 := s*s*0.01 - 0.1
		for ch := range sum {
			mean := sum[ch] / area
			sum[ch] = mean
			scaled[ch] = mean * k1
			if !withMax {
				third[ch] = mean * k2
			}
		}
	}
}
