package nnkernel

import "fmt"

// Conv is a prepared convolution layer of KY×KX kernels from IC input
// channels to OC output channels. It is immutable once made and safe for
// concurrent use.
type Conv struct {
	KY, KX, IC, OC int
	// w holds the weights as the file gives them: [y][x][ic][oc].
	w []float32
}

// NewConv prepares a convolution from weights in KataGo's file order,
// [y][x][ic][oc] (oc fastest). It copies w. It panics if len(w) is not
// ky*kx*ic*oc or a size is not positive, or a kernel size is even.
func NewConv(ky, kx, ic, oc int, w []float32) *Conv {
	if ky <= 0 || kx <= 0 || ic <= 0 || oc <= 0 || ky%2 == 0 || kx%2 == 0 {
		panic(fmt.Sprintf("nnkernel: conv shape %dx%d %d->%d", ky, kx, ic, oc))
	}
	if len(w) != ky*kx*ic*oc {
		panic(fmt.Sprintf("nnkernel: conv %dx%d %d->%d has %d weights, want %d", ky, kx, ic, oc, len(w), ky*kx*ic*oc))
	}
	return &Conv{KY: ky, KX: kx, IC: ic, OC: oc, w: append([]float32(nil), w...)}
}

// Weights returns the layer's weights in file order, [y][x][ic][oc]. The
// slice aliases the layer: callers must not modify it.
func (cv *Conv) Weights() []float32 { return cv.w }

// Workspace is the scratch memory of one goroutine's kernels. The zero
// value is ready to use; it grows as needed and is reused across calls.
type Workspace struct {
	buf []float32
}

// floats returns a scratch slice of n floats (contents undefined).
func (ws *Workspace) floats(n int) []float32 {
	if cap(ws.buf) < n {
		ws.buf = make([]float32, n)
	}
	return ws.buf[:n]
}

// Apply computes dst = conv(src) for a batch of n boards of h×w points:
// src holds n*h*w*IC floats and dst n*h*w*OC, both NHWC. Points outside the
// h×w board count as zero. It panics if the lengths do not match.
func (cv *Conv) Apply(dst, src []float32, n, h, w int, ws *Workspace) {
	if len(src) != n*h*w*cv.IC || len(dst) != n*h*w*cv.OC {
		panic(fmt.Sprintf("nnkernel: conv %d->%d on %dx%dx%d: src %d, dst %d floats", cv.IC, cv.OC, n, h, w, len(src), len(dst)))
	}
	convDirect(cv, dst, src, n, h, w)
}

// convDirect is the plain direct convolution: for every output point, the
// sum over the kernel taps of a row of the input times a weight matrix,
// accumulated as axpy over the output channels.
func convDirect(cv *Conv, dst, src []float32, n, h, w int) {
	clear(dst)
	ic, oc := cv.IC, cv.OC
	ry, rx := cv.KY/2, cv.KX/2
	for i := 0; i < n; i++ {
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				out := dst[((i*h+y)*w+x)*oc:][:oc]
				for dy := 0; dy < cv.KY; dy++ {
					sy := y + dy - ry
					if sy < 0 || sy >= h {
						continue
					}
					for dx := 0; dx < cv.KX; dx++ {
						sx := x + dx - rx
						if sx < 0 || sx >= w {
							continue
						}
						in := src[((i*h+sy)*w+sx)*ic:][:ic]
						wt := cv.w[(dy*cv.KX+dx)*ic*oc:][:ic*oc]
						for c, v := range in {
							if v == 0 {
								continue
							}
							row := wt[c*oc:][:oc]
							for o := range out {
								out[o] += v * row[o]
							}
						}
					}
				}
			}
		}
	}
}
