package nnkernel

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The spec's matrices (katago-net-v8.md §4.2), row by row.
var (
	specBT = [6][6]float64{
		{4, 0, -5, 0, 1, 0}, {0, -4, -4, 1, 1, 0}, {0, 4, -4, -1, 1, 0},
		{0, -2, -1, 2, 1, 0}, {0, 2, -1, -2, 1, 0}, {0, 4, 0, -5, 0, 1},
	}
	specG3 = [6][3]float64{
		{1. / 4, 0, 0}, {-1. / 6, -1. / 6, -1. / 6}, {-1. / 6, 1. / 6, -1. / 6},
		{1. / 24, 1. / 12, 1. / 6}, {1. / 24, -1. / 12, 1. / 6}, {0, 0, 1},
	}
	specAT4 = [4][6]float64{{1, 1, 1, 1, 1, 0}, {0, 1, -1, 2, -2, 0}, {0, 1, 1, 4, 4, 0}, {0, 1, -1, 8, -8, 1}}
	specAT2 = [2][6]float64{{1, 1, 1, 1, 1, 0}, {0, 1, -1, 2, -2, 1}}
)

// TestWinoMatrices checks that the transforms are the spec's: winoG(3)
// equals its G, and bt6, at4, at2 applied to unit vectors give the columns
// of its Bᵀ and Aᵀ.
func TestWinoMatrices(t *testing.T) {
	g := winoG(3)
	for i := range 6 {
		for j := range 3 {
			if math.Abs(g[i][j]-specG3[i][j]) > 1e-15 {
				t.Errorf("G[%d][%d] = %v, want %v", i, j, g[i][j], specG3[i][j])
			}
		}
	}
	for j := range 6 {
		var e [6]float32
		e[j] = 1
		var r [6]float32
		r[0], r[1], r[2], r[3], r[4], r[5] = bt6(e[0], e[1], e[2], e[3], e[4], e[5])
		for i := range 6 {
			if float64(r[i]) != specBT[i][j] {
				t.Errorf("Bᵀ[%d][%d] = %v, want %v", i, j, r[i], specBT[i][j])
			}
		}
		var o [4]float32
		o[0], o[1], o[2], o[3] = at4(e[0], e[1], e[2], e[3], e[4], e[5])
		for i := range 4 {
			if float64(o[i]) != specAT4[i][j] {
				t.Errorf("Aᵀ(4)[%d][%d] = %v, want %v", i, j, o[i], specAT4[i][j])
			}
		}
		o[0], o[1] = at2(e[0], e[1], e[2], e[3], e[4], e[5])
		for i := range 2 {
			if float64(o[i]) != specAT2[i][j] {
				t.Errorf("Aᵀ(2)[%d][%d] = %v, want %v", i, j, o[i], specAT2[i][j])
			}
		}
	}
}

// TestWinoExact checks the one-dimensional identity behind the transforms
// in float64: Aᵀ[(G g) ⊙ (Bᵀ d)] is the correlation of d (6 values) with
// g (3 or 5), for F(4,3) and for F(2,5), whose G the spec does not list.
func TestWinoExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, k := range []int{3, 5} {
		g := winoG(k)
		at := specAT4[:]
		if k == 5 {
			at = [][6]float64{specAT2[0], specAT2[1]}
		}
		for range 20 {
			var d [6]float64
			for i := range d {
				d[i] = 2*rng.Float64() - 1
			}
			w := make([]float64, k)
			for i := range w {
				w[i] = 2*rng.Float64() - 1
			}
			var prod [6]float64
			for i := range 6 {
				var gw, bd float64
				for q := range k {
					gw += g[i][q] * w[q]
				}
				for q := range 6 {
					bd += specBT[i][q] * d[q]
				}
				prod[i] = gw * bd
			}
			for y := range at {
				got, want := 0.0, 0.0
				for i := range 6 {
					got += at[y][i] * prod[i]
				}
				for q := range k {
					want += d[y+q] * w[q]
				}
				if math.Abs(got-want) > 1e-12 {
					t.Fatalf("F(%d,%d) output %d = %v, want %v", 7-k, k, y, got, want)
				}
			}
		}
	}
}

// TestRowBlocks checks that rowBlocks covers every m from 4 to 200 with
// blocks of 4 to 6 rows that end at m (overlapping only for m = 7).
func TestRowBlocks(t *testing.T) {
	for m := 4; m <= 200; m++ {
		n6, n5, n4 := rowBlocks(m)
		if n6 < 0 || n5 < 0 || n4 < 0 {
			t.Fatalf("m = %d: blocks %d, %d, %d", m, n6, n5, n4)
		}
		rows := 6*n6 + 5*n5 + 4*n4
		if rows != m && !(m == 7 && rows == 8) {
			t.Errorf("m = %d: blocks %d×6 + %d×5 + %d×4 cover %d rows", m, n6, n5, n4, rows)
		}
	}
}
