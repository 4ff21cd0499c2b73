package nnkernel

// useAsm is false: there are no assembly kernels on this architecture.
var useAsm = false

// microKernelAsm is never called: useAsm is false.
func microKernelAsm(c []float32, ldc int, a []float32, lda int, b []float32, k int) {
	panic("nnkernel: no assembly kernel")
}

// winoInputAsm, winoOutput4Asm and winoOutput2Asm are never called:
// useAsm is false.
func winoInputAsm(v []float32, vs int, p []float32, rs, c int) { panic("nnkernel: no assembly kernel") }

func winoOutput4Asm(d []float32, drs int, mm []float32, mstride, c, ny, nx int) {
	panic("nnkernel: no assembly kernel")
}

func winoOutput2Asm(d []float32, drs int, mm []float32, mstride, c, ny, nx int) {
	panic("nnkernel: no assembly kernel")
}
