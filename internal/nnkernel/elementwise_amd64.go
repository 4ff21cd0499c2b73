package nnkernel

// The elementwise kernels in AVX2 (elementwise_amd64.s); n is a positive
// multiple of 8 and the callers have checked the bounds.

//go:noescape
func bnRowAVX2(dst, src, scale, bias *float32, n int, relu bool)

//go:noescape
func addAVX2(dst, src *float32, n int)

// bnRowAsm computes one point's first n channels of BatchNormAct.
func bnRowAsm(dst, src, scale, bias []float32, n int, relu bool) {
	bnRowAVX2(&dst[0], &src[0], &scale[0], &bias[0], n, relu)
}

// addAsm adds the first n values of src to dst.
func addAsm(dst, src []float32, n int) {
	addAVX2(&dst[0], &src[0], n)
}
