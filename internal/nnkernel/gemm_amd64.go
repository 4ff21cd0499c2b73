package nnkernel

// The micro-kernels of gemm in AVX2 and FMA (gemm_amd64.s), one for each
// height of block.

//go:noescape
func microKernel6AVX2(c *float32, ldc int, a *float32, lda int, b *float32, k int)

//go:noescape
func microKernel5AVX2(c *float32, ldc int, a *float32, lda int, b *float32, k int)

//go:noescape
func microKernel4AVX2(c *float32, ldc int, a *float32, lda int, b *float32, k int)

// microKernelAsm is microKernel in assembly: the caller has checked the
// bounds and that k > 0.
func microKernelAsm(c []float32, ldc int, a []float32, lda int, b []float32, k, mr int) {
	switch mr {
	case 6:
		microKernel6AVX2(&c[0], ldc, &a[0], lda, &b[0], k)
	case 5:
		microKernel5AVX2(&c[0], ldc, &a[0], lda, &b[0], k)
	default:
		microKernel4AVX2(&c[0], ldc, &a[0], lda, &b[0], k)
	}
}
