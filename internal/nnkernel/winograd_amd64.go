package nnkernel

// The Winograd transforms in AVX2 and FMA (winograd_amd64.s), 8 channels
// to a register; strides are in floats, the number of channels done (c for
// the input, nc for the output) a positive multiple of 8, and the callers
// have checked the bounds.

//go:noescape
func winoInputAVX2(v *float32, vs int, p *float32, rs, c int)

//go:noescape
func winoOutput4AVX2(d *float32, drs int, mm *float32, mstride, c, nc, ny, nx int)

//go:noescape
func winoOutput2AVX2(d *float32, drs int, mm *float32, mstride, c, nc, ny, nx int)

// winoInputAsm is winoInputGo in assembly.
func winoInputAsm(v []float32, vs int, p []float32, rs, c int) {
	winoInputAVX2(&v[0], vs, &p[0], rs, c)
}

// winoOutput4Asm is the loop of winoOutput4 over its first nc channels
// (of c), in assembly.
func winoOutput4Asm(d []float32, drs int, mm []float32, mstride, c, nc, ny, nx int) {
	winoOutput4AVX2(&d[0], drs, &mm[0], mstride, c, nc, ny, nx)
}

// winoOutput2Asm is the loop of winoOutput2 over its first nc channels
// (of c), in assembly.
func winoOutput2Asm(d []float32, drs int, mm []float32, mstride, c, nc, ny, nx int) {
	winoOutput2AVX2(&d[0], drs, &mm[0], mstride, c, nc, ny, nx)
}
