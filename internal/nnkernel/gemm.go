package nnkernel

import "fmt"

// The GEMM of the convolutions computes C = A·B for an m×k matrix A given
// row by row (any row stride), a k×n matrix B packed once in panels of
// gemmNR columns (packB), and C row by row. The work is cut into blocks of
// 4, 5 or 6 rows by gemmNR columns, each computed by a micro-kernel over the
// whole of k: k is a layer's input channels (at most a few hundred), so a
// panel of B (k×16 floats) stays in the first-level cache while the rows of
// A stream past it. Blocks of three heights let every m ≥ 4 but 7 be cut
// without padding: a 19×19 board's 25 Winograd tiles are blocks of
// 6+6+5+4+4 rows, where blocks of 6 alone would compute 30 rows. All three
// heights run at the same speed per flop (BenchmarkMicroKernel).
const (
	gemmMR = 6  // the most rows of A per micro-kernel call
	gemmNR = 16 // columns of B per panel and micro-kernel call
)

// packedLen returns the length of a k×n matrix packed by packB: k rows of
// n rounded up to a multiple of gemmNR.
func packedLen(k, n int) int { return k * roundUp(n, gemmNR) }

// roundUp returns n rounded up to a multiple of m.
func roundUp(n, m int) int { return (n + m - 1) / m * m }

// packB writes the k×n matrix b (row stride ldb) into dst in panels of
// gemmNR columns: panel j holds columns [j·16, j·16+16) as k rows of 16
// floats, zero beyond column n. It panics unless len(dst) is
// packedLen(k, n) and b holds the matrix.
func packB(dst, b []float32, k, n, ldb int) {
	if len(dst) != packedLen(k, n) || k > 0 && n > 0 && len(b) < (k-1)*ldb+n || ldb < n {
		panic(fmt.Sprintf("nnkernel: packB %dx%d (ldb %d) from %d floats into %d", k, n, ldb, len(b), len(dst)))
	}
	for j := 0; j < n; j += gemmNR {
		panel := dst[j*k:][:k*gemmNR]
		nc := min(gemmNR, n-j)
		for p := 0; p < k; p++ {
			row := panel[p*gemmNR:][:gemmNR]
			copy(row, b[p*ldb+j:][:nc])
			clear(row[nc:])
		}
	}
}

// gemm computes c = a·bp: a is m×k with row stride lda, bp a k×n matrix
// packed by packB, c m×n with row stride ldc (its other elements are left
// alone). The rows go in blocks of 6, 5 and 4 (see rowBlocks); when m < 4,
// they are first copied into a zero-padded scratch block. Columns beyond the
// last full panel go through a scratch block too. It panics if a slice is
// too short for the shapes.
func gemm(c []float32, ldc int, a []float32, lda int, bp []float32, m, n, k int, ws *Workspace) {
	if m <= 0 || n <= 0 {
		return
	}
	if k <= 0 || lda < k || ldc < n || len(a) < (m-1)*lda+k || len(c) < (m-1)*ldc+n || len(bp) != packedLen(k, n) {
		panic(fmt.Sprintf("nnkernel: gemm %dx%dx%d: a %d (lda %d), packed b %d, c %d (ldc %d)",
			m, n, k, len(a), lda, len(bp), len(c), ldc))
	}
	ma := m // rows of a, at least 4
	if m < 4 {
		pa := ws.gemmA(k)
		for i := 0; i < m; i++ {
			copy(pa[i*k:][:k], a[i*lda:][:k])
		}
		a, lda, ma = pa, k, 4
	}
	n6, n5, n4 := rowBlocks(ma)
	full := n / gemmNR * gemmNR
	for j := 0; j < n; j += gemmNR {
		panel := bp[j*k:][:k*gemmNR]
		if useAsm && j < full && m >= 4 && m != 7 {
			// The whole panel in one call: the checks above cover it.
			gemmPanelAsm(c[j:], ldc, a, lda, panel, k, m)
			continue
		}
		for blk := range n6 + n5 + n4 {
			i0, mr := 6*blk, 6
			if blk >= n6 {
				i0, mr = 6*n6+5*(blk-n6), 5
				if blk >= n6+n5 {
					i0, mr = 6*n6+5*n5+4*(blk-n6-n5), 4
				}
			}
			i0 = min(i0, ma-mr) // m = 7: the second block of 4 overlaps the first
			ai := a[i0*lda:]
			if j < full && m >= 4 {
				microKernel(c[i0*ldc+j:], ldc, ai, lda, panel, k, mr)
				continue
			}
			t := ws.tile[:]
			microKernel(t, gemmNR, ai, lda, panel, k, mr)
			for r := 0; r < min(mr, m-i0); r++ {
				copy(c[(i0+r)*ldc+j:][:min(gemmNR, n-j)], t[r*gemmNR:])
			}
		}
	}
}

// rowBlocks returns how gemm cuts m ≥ 4 rows: n6 blocks of 6 rows, then
// n5 of 5, then n4 of 4, which add up to m exactly, but for m = 7: two
// blocks of 4 that share a row.
func rowBlocks(m int) (n6, n5, n4 int) {
	if m == 7 {
		return 0, 0, 2
	}
	n6 = m / 6
	switch m % 6 {
	case 1: // 13 = 5+4+4
		n6, n5, n4 = n6-2, 1, 2
	case 2: // 8 = 4+4
		n6, n4 = n6-1, 2
	case 3: // 9 = 5+4
		n6, n5, n4 = n6-1, 1, 1
	case 4:
		n4 = 1
	case 5:
		n5 = 1
	}
	return n6, n5, n4
}

// microKernel computes the mr×gemmNR block c = a·b (mr = 4, 5 or 6; row
// strides ldc and lda; b one packed panel of k rows), in assembly where the
// processor allows (see gemm_amd64.go).
func microKernel(c []float32, ldc int, a []float32, lda int, b []float32, k, mr int) {
	_ = c[(mr-1)*ldc+gemmNR-1]
	_ = a[(mr-1)*lda+k-1]
	_ = b[k*gemmNR-1]
	if useAsm {
		microKernelAsm(c, ldc, a, lda, b, k, mr)
		return
	}
	microKernelGo(c, ldc, a, lda, b, k, mr)
}

// microKernelGo is microKernel in plain Go: the block in pieces of 2 rows
// by 4 columns (for mr = 5, the last piece starts a row lower and computes
// that row again), whose 8 sums the compiler keeps in registers; each step
// of k reads 4 elements of b and 2 of a for 8 products. (Pieces of 3 rows
// need more registers than amd64 has and ran slower.)
func microKernelGo(c []float32, ldc int, a []float32, lda int, b []float32, k, mr int) {
	b = b[:k*gemmNR]
	for i := 0; i < mr; i += 2 {
		i = min(i, mr-2)
		a0 := a[i*lda:][:k]
		a1 := a[(i+1)*lda:][:k]
		for j := 0; j < gemmNR; j += 4 {
			var c00, c01, c02, c03, c10, c11, c12, c13 float32
			bj := b[j:]
			for p, x := range a0 {
				bq := bj[p*gemmNR : p*gemmNR+4 : p*gemmNR+4]
				y := a1[p]
				b0, b1, b2, b3 := bq[0], bq[1], bq[2], bq[3]
				c00 += x * b0
				c01 += x * b1
				c02 += x * b2
				c03 += x * b3
				c10 += y * b0
				c11 += y * b1
				c12 += y * b2
				c13 += y * b3
			}
			r0 := c[i*ldc+j:][:4]
			r1 := c[(i+1)*ldc+j:][:4]
			r0[0], r0[1], r0[2], r0[3] = c00, c01, c02, c03
			r1[0], r1[1], r1[2], r1[3] = c10, c11, c12, c13
		}
	}
}
