//go:build !amd64

package nnkernel

// winoInputAsm, winoOutput4Asm and winoOutput2Asm are never called:
// useAsm is false.
func winoInputAsm(v []float32, vs int, p []float32, rs, c int) { panic("nnkernel: no assembly kernel") }

func winoOutput4Asm(d []float32, drs int, mm []float32, mstride, c, nc, ny, nx int) {
	panic("nnkernel: no assembly kernel")
}

func winoOutput2Asm(d []float32, drs int, mm []float32, mstride, c, nc, ny, nx int) {
	panic("nnkernel: no assembly kernel")
}
