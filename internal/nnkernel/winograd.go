package nnkernel

// Winograd's minimal filtering (Lavin & Gray 2015) on 6×6 input tiles, as
// KataGo's Eigen backend does it: F(4×4,3×3) for 3×3 kernels and
// F(2×2,5×5) for 5×5, both on the interpolation points 0, 1, −1, 2, −2
// and ∞, with the matrices KataGo's eigenbackend.cpp uses (transform3x3_6):
//
//	Bᵀ = [4 0 −5 0 1 0; 0 −4 −4 1 1 0; 0 4 −4 −1 1 0; 0 −2 −1 2 1 0; 0 2 −1 −2 1 0; 0 4 0 −5 0 1]
//	G (3×3) rows: s·[1 a a²] for (a, s) = (0, 1/4), (1, −1/6), (−1, −1/6),
//	  (2, 1/24), (−2, 1/24), and [0 0 1] for ∞
//	G (5×5) rows: s·[1 a a² a³ a⁴] for the same (a, s), and [0 0 0 0 1]
//	Aᵀ (4×4) = [1 1 1 1 1 0; 0 1 −1 2 −2 0; 0 1 1 4 4 0; 0 1 −1 8 −8 1]
//	Aᵀ (2×2) = [1 1 1 1 1 0; 0 1 −1 2 −2 1]
//
// An output tile of m×m points (m = 4 or 2) is Aᵀ[(G g Gᵀ) ⊙ (Bᵀ d B)]A
// for the 6×6 input window d around it and the kernel g. Summed over the
// input channels, the 36 element-wise products become 36 independent
// matrix products, one per point ξ of the 6×6 Winograd domain:
//
//	M_ξ (tiles×OC) = V_ξ (tiles×IC) · U_ξ (IC×OC)
//
// with V_ξ the transformed input tiles (row per tile, channel fastest, as
// NHWC gives them) and U_ξ the transformed kernels, packed once.

// winoPoints are the finite interpolation points and the scale of G's row
// for each; the sixth row of G is the point at infinity.
var winoPoints = [5]struct{ a, s float64 }{{0, 1. / 4}, {1, -1. / 6}, {-1, -1. / 6}, {2, 1. / 24}, {-2, 1. / 24}}

// winoG returns the 6×k matrix G of F(m×m, k×k), m = 7−k, row by row.
func winoG(k int) [6][]float64 {
	var g [6][]float64
	for i, p := range winoPoints {
		g[i] = make([]float64, k)
		v := p.s
		for q := range k {
			g[i][q] = v
			v *= p.a
		}
	}
	g[5] = make([]float64, k)
	g[5][k-1] = 1
	return g
}

// winoChunkFloats bounds the scratch of one round of transforms and
// products: the transformed input and the products of a chunk of tiles,
// 36·tiles·(IC+OC) floats, are kept within it (but a chunk has at least
// gemmMR tiles). Larger chunks read the transformed weights (36·IC·OC
// floats, more than the second-level cache holds) fewer times; smaller
// ones keep V and M closer. Measured on the 19×19 96→96 layer, batch 32:
// 1.2 MB is about the best, and 0.6 MB a fifth slower.
var winoChunkFloats = 320 << 10

// winoChunk returns the number of tiles in a chunk, of total tiles with
// ch = IC+OC channels: the fewest chunks within winoChunkFloats, of equal
// sizes rounded up to multiples of gemmMR, so that the last one is not a
// sliver that costs as much as a full block.
func winoChunk(total, ch int) int {
	limit := max(gemmMR, winoChunkFloats/(36*ch))
	if total <= limit {
		return total
	}
	nch := (total + limit - 1) / limit
	return min(total, roundUp((total+nch-1)/nch, gemmMR))
}

// winograd is the prepared form of a 3×3 or 5×5 convolution.
type winograd struct {
	m      int // output tile size: 4 (3×3) or 2 (5×5)
	ic, oc int
	icp    int // ic rounded up to a multiple of 8; the padding is zero
	// u holds the 36 matrices U_ξ, each icp×oc packed by packB and
	// ustride floats long, ξ = 6i+j for row i and column j of the domain.
	u       []float32
	ustride int
}

// newWinograd transforms the k×k kernels w ([y][x][ic][oc]) into the 36
// packed matrices U_ξ = (G g Gᵀ)_ξ, computed in float64: G g first (6×k),
// then times Gᵀ, for each pair of channels.
func newWinograd(k, ic, oc int, w []float32) *winograd {
	wg := &winograd{m: 7 - k, ic: ic, oc: oc, icp: roundUp(ic, 8)}
	wg.ustride = packedLen(wg.icp, oc)
	wg.u = make([]float32, 36*wg.ustride)
	g := winoG(k)
	mats := make([]float32, 36*wg.icp*oc) // the U_ξ unpacked, icp×oc each
	// For each input channel, G g for every output channel at once, as
	// rows over oc (gg[i][x] is 6×k rows of oc), so that every inner loop
	// runs along oc, contiguous in w and in mats.
	var gg [6][5][]float64
	for i := range 6 {
		for x := range k {
			gg[i][x] = make([]float64, oc)
		}
	}
	acc := make([]float64, oc)
	for c := range ic {
		for i := range 6 {
			for x := range k {
				row := gg[i][x]
				clear(row)
				for y := range k {
					gy := g[i][y]
					if gy == 0 {
						continue
					}
					wr := w[((y*k+x)*ic+c)*oc:][:oc]
					for o, v := range wr {
						row[o] += gy * float64(v)
					}
				}
			}
		}
		for xi := range 36 {
			i, j := xi/6, xi%6
			clear(acc)
			for x := range k {
				gj := g[j][x]
				if gj == 0 {
					continue
				}
				for o, v := range gg[i][x] {
					acc[o] += v * gj
				}
			}
			out := mats[(xi*wg.icp+c)*oc:][:oc]
			for o, v := range acc {
				out[o] = float32(v)
			}
		}
	}
	for xi := range 36 {
		packB(wg.u[xi*wg.ustride:][:wg.ustride], mats[xi*wg.icp*oc:][:wg.icp*oc], wg.icp, oc, oc)
	}
	return wg
}

// apply computes the convolution of n boards of h×w points (see
// Conv.Apply). It goes through the tiles of all boards in order, in chunks:
// each board is copied with a zero border (and zero channels up to icp)
// into scratch, its tiles are transformed into V; when a chunk is full, the
// 36 products give M, and the output transform writes the chunk's tiles
// into dst (only their points on the board).
func (wg *winograd) apply(dst, src []float32, n, h, w int, ws *Workspace) {
	m, icp, oc := wg.m, wg.icp, wg.oc
	ty, tx := (h+m-1)/m, (w+m-1)/m
	per := ty * tx
	total := n * per
	ph, pw := (ty-1)*m+6, (tx-1)*m+6
	chunk := winoChunk(total, icp+oc)
	buf := ws.floats(ph*pw*icp + 36*chunk*(icp+oc))
	pad := buf[:ph*pw*icp]
	v := buf[len(pad):][:36*chunk*icp]
	mm := buf[len(pad)+len(v):][:36*chunk*oc]

	start, rows := 0, 0 // the chunk's first tile and its number of tiles
	// V and M hold each tile's 36 vectors together (tile-major): the input
	// transform writes a tile's in one stretch and the output transform
	// reads them so, and the products see V_ξ, M_ξ as matrices of row
	// stride 36·icp, 36·oc.
	vx, vt, mx, mt := icp, 36*icp, oc, 36*oc
	flush := func() {
		for xi := range 36 {
			gemm(mm[xi*mx:], mt, v[xi*vx:], vt, wg.u[xi*wg.ustride:][:wg.ustride], rows, oc, icp, ws)
		}
		for r := range rows {
			t := start + r
			b, q := t/per, t%per
			oy, ox := q/tx*m, q%tx*m
			d := dst[((b*h+oy)*w+ox)*oc:]
			wg.output(d, w*oc, mm[r*mt:], mx, min(m, h-oy), min(m, w-ox))
		}
		start += rows
		rows = 0
	}
	for b := range n {
		wg.pad(pad, src[b*h*w*wg.ic:][:h*w*wg.ic], h, w, pw)
		for q := range per {
			p := pad[(q/tx*m*pw+q%tx*m)*icp:]
			winoInput(v[rows*vt:], vx, p, pw*icp, icp)
			rows++
			if rows == chunk {
				flush()
			}
		}
	}
	if rows > 0 {
		flush()
	}
}

// pad copies one board of h×w points (src, ic channels) into pad, ph×pw
// points of icp channels, at offset r = (6−m)/2 in both directions, zero
// elsewhere.
func (wg *winograd) pad(pad, src []float32, h, w, pw int) {
	ic, icp, r := wg.ic, wg.icp, (6-wg.m)/2
	ph := len(pad) / (pw * icp)
	for py := range ph {
		row := pad[py*pw*icp:][:pw*icp]
		y := py - r
		if y < 0 || y >= h {
			clear(row)
			continue
		}
		clear(row[:r*icp])
		in := src[y*w*ic:][:w*ic]
		if ic == icp {
			copy(row[r*icp:], in)
		} else {
			for x := range w {
				seg := row[(r+x)*icp:][:icp]
				copy(seg, in[x*ic:][:ic])
				clear(seg[ic:])
			}
		}
		clear(row[(r+w)*icp:])
	}
}

// output writes one tile of ny×nx points (ny, nx ≤ m) into d (row stride
// drs, OC channels per point) from its 36 products in mm (stride mstride
// from one ξ to the next).
func (wg *winograd) output(d []float32, drs int, mm []float32, mstride int, ny, nx int) {
	if wg.m == 4 {
		winoOutput4(d, drs, mm, mstride, wg.oc, ny, nx)
	} else {
		winoOutput2(d, drs, mm, mstride, wg.oc, ny, nx)
	}
}

// winoInput writes V = Bᵀ d B for one 6×6 window, each of its c channels:
// the window's point (i, j) is p[i*rs+j*c+ch], and V_ξ goes to v[ξ*vs+ch].
func winoInput(v []float32, vs int, p []float32, rs, c int) {
	_ = p[5*rs+5*c+c-1]
	_ = v[35*vs+c-1]
	if useAsm && c%8 == 0 {
		winoInputAsm(v, vs, p, rs, c)
		return
	}
	winoInputGo(v, vs, p, rs, c)
}

// winoInputGo is winoInput in plain Go, one channel at a time.
func winoInputGo(v []float32, vs int, p []float32, rs, c int) {
	_ = p[5*rs+5*c+c-1]
	_ = v[35*vs+c-1]
	for ch := range c {
		var t [6][6]float32
		for j := range 6 {
			q := p[j*c+ch:]
			t[0][j], t[1][j], t[2][j], t[3][j], t[4][j], t[5][j] =
				bt6(q[0], q[rs], q[2*rs], q[3*rs], q[4*rs], q[5*rs])
		}
		for i := range 6 {
			r0, r1, r2, r3, r4, r5 := bt6(t[i][0], t[i][1], t[i][2], t[i][3], t[i][4], t[i][5])
			o := v[6*i*vs+ch:]
			o[0], o[vs], o[2*vs], o[3*vs], o[4*vs], o[5*vs] = r0, r1, r2, r3, r4, r5
		}
	}
}

// bt6 returns Bᵀd for one column (or row) d of a 6×6 window.
func bt6(d0, d1, d2, d3, d4, d5 float32) (r0, r1, r2, r3, r4, r5 float32) {
	r0 = 4*d0 - 5*d2 + d4
	r1 = (d3 + d4) - 4*(d1+d2)
	r2 = (d4 - d3) + 4*(d1-d2)
	r3 = (d4 - d2) + 2*(d3-d1)
	r4 = (d4 - d2) - 2*(d3-d1)
	r5 = 4*d1 - 5*d3 + d5
	return
}

// winoOutput4 writes the ny×nx points (ny, nx ≤ 4) of one F(4×4,3×3)
// output tile, c channels each, to d[y*drs+x*c+ch] from the products
// mm[ξ*mstride+ch]: Aᵀ M A, in assembly where the processor allows for the
// channels in multiples of 8.
func winoOutput4(d []float32, drs int, mm []float32, mstride, c, ny, nx int) {
	_ = mm[35*mstride+c-1]
	_ = d[(ny-1)*drs+nx*c-1]
	c8 := 0
	if useAsm {
		c8 = c &^ 7
		if c8 > 0 {
			winoOutput4Asm(d, drs, mm, mstride, c, c8, ny, nx)
		}
	}
	for ch := c8; ch < c; ch++ {
		var s [4][6]float32
		for j := range 6 {
			q := mm[j*mstride+ch:]
			s[0][j], s[1][j], s[2][j], s[3][j] = at4(q[0], q[6*mstride], q[12*mstride], q[18*mstride], q[24*mstride], q[30*mstride])
		}
		for y := range ny {
			var o [4]float32
			o[0], o[1], o[2], o[3] = at4(s[y][0], s[y][1], s[y][2], s[y][3], s[y][4], s[y][5])
			for x := range nx {
				d[y*drs+x*c+ch] = o[x]
			}
		}
	}
}

// at4 returns Aᵀm of F(4,3) for one column (or row) m.
func at4(m0, m1, m2, m3, m4, m5 float32) (o0, o1, o2, o3 float32) {
	a, b := m1+m2, m1-m2
	e, f := m3+m4, m3-m4
	o0 = m0 + a + e
	o1 = b + 2*f
	o2 = a + 4*e
	o3 = b + 8*f + m5
	return
}

// winoOutput2 is winoOutput4 for F(2×2,5×5): ny, nx ≤ 2.
func winoOutput2(d []float32, drs int, mm []float32, mstride, c, ny, nx int) {
	_ = mm[35*mstride+c-1]
	_ = d[(ny-1)*drs+nx*c-1]
	c8 := 0
	if useAsm {
		c8 = c &^ 7
		if c8 > 0 {
			winoOutput2Asm(d, drs, mm, mstride, c, c8, ny, nx)
		}
	}
	for ch := c8; ch < c; ch++ {
		var s [2][6]float32
		for j := range 6 {
			q := mm[j*mstride+ch:]
			s[0][j], s[1][j] = at2(q[0], q[6*mstride], q[12*mstride], q[18*mstride], q[24*mstride], q[30*mstride])
		}
		for y := range ny {
			var o [2]float32
			o[0], o[1] = at2(s[y][0], s[y][1], s[y][2], s[y][3], s[y][4], s[y][5])
			for x := range nx {
				d[y*drs+x*c+ch] = o[x]
			}
		}
	}
}

// at2 returns Aᵀm of F(2,5) for one column (or row) m.
func at2(m0, m1, m2, m3, m4, m5 float32) (o0, o1 float32) {
	o0 = m0 + (m1 + m2) + (m3 + m4)
	o1 = (m1 - m2) + 2*(m3-m4) + m5
	return
}
