//go:build !amd64

package nnkernel

// bnRowAsm and addAsm are never called: useAsm is false.
func bnRowAsm(dst, src, scale, bias []float32, n int, relu bool) {
	panic("nnkernel: no assembly kernel")
}

func addAsm(dst, src []float32, n int) { panic("nnkernel: no assembly kernel") }
