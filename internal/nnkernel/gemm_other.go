//go:build !amd64

package nnkernel

// microKernelAsm is never called: useAsm is false.
func microKernelAsm(c []float32, ldc int, a []float32, lda int, b []float32, k, mr int) {
	panic("nnkernel: no assembly kernel")
}
