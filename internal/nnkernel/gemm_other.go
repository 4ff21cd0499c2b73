//go:build !amd64

package nnkernel

// gemmPanelAsm and microKernelAsm are never called: useAsm is false.
func gemmPanelAsm(c []float32, ldc int, a []float32, lda int, b []float32, k, m int) {
	panic("nnkernel: no assembly kernel")
}

func microKernelAsm(c []float32, ldc int, a []float32, lda int, b []float32, k, mr int) {
	panic("nnkernel: no assembly kernel")
}
