package nnkernel

import "fmt"

// Conv is a prepared convolution layer of KY×KX kernels from IC input
// channels to OC output channels. It is immutable once made and safe for
// concurrent use.
type Conv struct {
	KY, KX, IC, OC int
	// w holds the weights as the file gives them: [y][x][ic][oc].
	w []float32
	// algo is how Apply computes the layer, and u its prepared weights:
	// for convWinograd, the transformed kernels (see newWinograd); for
	// convGEMM and convIm2col, the (KY·KX·IC)×OC weight matrix packed by
	// packB.
	algo convAlgo
	u    []float32
	wino *winograd // for convWinograd
}

// convAlgo is an algorithm of Conv.Apply.
type convAlgo int

const (
	convGEMM     convAlgo = iota // 1×1: one GEMM over the points
	convWinograd                 // 3×3 and 5×5: Winograd with 6×6 tiles
	convIm2col                   // other sizes: patches in rows, times the weights
)

// NewConv prepares a convolution from weights in KataGo's file order,
// [y][x][ic][oc] (oc fastest). It keeps w, which the caller must not
// modify afterwards (the prepared forms are its own). It panics if len(w) is not
// ky*kx*ic*oc or a size is not positive, or a kernel size is even.
//
// It chooses the algorithm of Apply from the kernel size: Winograd
// F(4×4,3×3) for 3×3, F(2×2,5×5) for 5×5 (both on 6×6 tiles, with the
// kernels transformed here once), a single GEMM for 1×1, and patches in
// rows times the weights (im2col) for the other sizes.
func NewConv(ky, kx, ic, oc int, w []float32) *Conv {
	if ky <= 0 || kx <= 0 || ic <= 0 || oc <= 0 || ky%2 == 0 || kx%2 == 0 {
		panic(fmt.Sprintf("nnkernel: conv shape %dx%d %d->%d", ky, kx, ic, oc))
	}
	if len(w) != ky*kx*ic*oc {
		panic(fmt.Sprintf("nnkernel: conv %dx%d %d->%d has %d weights, want %d", ky, kx, ic, oc, len(w), ky*kx*ic*oc))
	}
	algo := convIm2col
	switch {
	case ky == 1 && kx == 1:
		algo = convGEMM
	case ky == kx && (ky == 3 || ky == 5):
		algo = convWinograd
	}
	return newConv(ky, kx, ic, oc, w, algo)
}

// newConv is NewConv with the algorithm given (tests and benchmarks
// compare them): convGEMM only for 1×1, convWinograd only for 3×3 and 5×5.
func newConv(ky, kx, ic, oc int, w []float32, algo convAlgo) *Conv {
	cv := &Conv{KY: ky, KX: kx, IC: ic, OC: oc, w: w, algo: algo}
	if algo == convWinograd {
		cv.wino = newWinograd(ky, ic, oc, cv.w)
		return cv
	}
	k := ky * kx * ic
	cv.u = make([]float32, packedLen(k, oc))
	packB(cv.u, cv.w, k, oc, oc)
	return cv
}

// Weights returns the layer's weights in file order, [y][x][ic][oc]. The
// slice aliases the layer: callers must not modify it.
func (cv *Conv) Weights() []float32 { return cv.w }

// Workspace is the scratch memory of one goroutine's kernels. The zero
// value is ready to use; it grows as needed and is reused across calls.
type Workspace struct {
	buf []float32
	// gemmBuf is gemm's copy of a matrix of fewer than gemmMR rows, and
	// tile its block for the columns beyond the last full panel.
	gemmBuf []float32
	tile    [gemmMR * gemmNR]float32
}

// floats returns a scratch slice of n floats (contents undefined).
func (ws *Workspace) floats(n int) []float32 {
	if cap(ws.buf) < n {
		ws.buf = make([]float32, n)
	}
	return ws.buf[:n]
}

// gemmA returns gemm's zeroed scratch block of gemmMR rows of k floats.
func (ws *Workspace) gemmA(k int) []float32 {
	if cap(ws.gemmBuf) < gemmMR*k {
		ws.gemmBuf = make([]float32, gemmMR*k)
	}
	b := ws.gemmBuf[:gemmMR*k]
	clear(b)
	return b
}

// Apply computes dst = conv(src) for a batch of n boards of h×w points:
// src holds n*h*w*IC floats and dst n*h*w*OC, both NHWC, and they must not
// overlap. Points outside the h×w board count as zero. It panics if the lengths do not match. The
// result is within float32 rounding of the exact convolution (see the
// tests for the tolerance). Scratch comes from ws, which Apply grows on
// first use and then reuses without allocating; a nil ws gets a fresh
// Workspace for the call.
func (cv *Conv) Apply(dst, src []float32, n, h, w int, ws *Workspace) {
	if n < 0 || h < 0 || w < 0 || len(src) != n*h*w*cv.IC || len(dst) != n*h*w*cv.OC {
		panic(fmt.Sprintf("nnkernel: conv %d->%d on %dx%dx%d: src %d, dst %d floats", cv.IC, cv.OC, n, h, w, len(src), len(dst)))
	}
	if n*h*w == 0 {
		return
	}
	if ws == nil {
		ws = new(Workspace)
	}
	switch cv.algo {
	case convGEMM:
		gemm(dst, cv.OC, src, cv.IC, cv.u, n*h*w, cv.OC, cv.IC, ws)
	case convWinograd:
		cv.wino.apply(dst, src, n, h, w, ws)
	default:
		cv.im2col(dst, src, n, h, w, ws)
	}
}

// im2colRows is how many output points im2col puts in one block of rows.
const im2colRows = 16 * gemmMR

// im2col computes the convolution as GEMMs: blocks of im2colRows output
// points, each a row of its KY·KX·IC input neighbours (zero outside the
// board), times the (KY·KX·IC)×OC weights.
func (cv *Conv) im2col(dst, src []float32, n, h, w int, ws *Workspace) {
	ic, k := cv.IC, cv.KY*cv.KX*cv.IC
	pts := n * h * w
	rows := ws.floats(min(pts, im2colRows) * k)
	for p0 := 0; p0 < pts; p0 += im2colRows {
		np := min(im2colRows, pts-p0)
		for r := 0; r < np; r++ {
			p := p0 + r
			i, y, x := p/(h*w), p/w%h, p%w
			row := rows[r*k:][:k]
			for dy := 0; dy < cv.KY; dy++ {
				for dx := 0; dx < cv.KX; dx++ {
					seg := row[(dy*cv.KX+dx)*ic:][:ic]
					sy, sx := y+dy-cv.KY/2, x+dx-cv.KX/2
					if sy < 0 || sy >= h || sx < 0 || sx >= w {
						clear(seg)
						continue
					}
					copy(seg, src[((i*h+sy)*w+sx)*ic:][:ic])
				}
			}
		}
		gemm(dst[p0*cv.OC:], cv.OC, rows, k, cv.u, np, cv.OC, k, ws)
	}
}
