package nnkernel

// gemmPanelAVX2 is gemm's work on one panel in AVX2 and FMA
// (gemm_amd64.s): n6 blocks of 6 rows, then n5 of 5 and n4 of 4.
//
//go:noescape
func gemmPanelAVX2(c *float32, ldc int, a *float32, lda int, b *float32, k, n6, n5, n4 int)

// gemmPanelAsm does the blocks of rowBlocks(m) on one panel of b in
// assembly: c and a start at row 0 of the product and the panel's first
// column. The caller has checked that m ≥ 4 rows (not 7) and 16 columns of
// c and k columns of a lie within the slices, and that k > 0.
func gemmPanelAsm(c []float32, ldc int, a []float32, lda int, b []float32, k, m int) {
	n6, n5, n4 := rowBlocks(m)
	gemmPanelAVX2(&c[0], ldc, &a[0], lda, &b[0], k, n6, n5, n4)
}

// microKernelAsm is microKernel in assembly: the caller has checked the
// bounds and that k > 0.
func microKernelAsm(c []float32, ldc int, a []float32, lda int, b []float32, k, mr int) {
	n6, n5, n4 := 0, 0, 0
	switch mr {
	case 6:
		n6 = 1
	case 5:
		n5 = 1
	default:
		n4 = 1
	}
	gemmPanelAVX2(&c[0], ldc, &a[0], lda, &b[0], k, n6, n5, n4)
}
