package nnkernel

//go:noescape
func microKernelAVX2(c *float32, ldc int, a *float32, lda int, b *float32, k int)

// microKernelAsm is microKernel in AVX2 and FMA (gemm_amd64.s): the
// caller has checked the bounds and that k > 0.
func microKernelAsm(c []float32, ldc int, a []float32, lda int, b []float32, k int) {
	microKernelAVX2(&c[0], ldc, &a[0], lda, &b[0], k)
}
