//go:build !amd64

package influence

// useAsm is false: there are no assembly kernels on this architecture.
var useAsm = false

// jacobiFast is jacobi: there is no assembly version on this architecture.
func jacobiFast(y, x, a, b, kg []float64, first, end, w int) float64 {
	return jacobi(y, x, a, b, kg, first, end, w)
}

// chainsFast is chains: there is no assembly version on this architecture.
func chainsFast(val, half, kc []float64, adj, qlen []int32, x []float64) {
	chains(val, half, kc, adj, qlen, x)
}

// haveAVX2, haveAVX512, usePropAsm and usePropAVX2 are false: there are
// no assembly kernels for the propagating estimator on this architecture.
var haveAVX2, haveAVX512, usePropAsm, usePropAVX2 = false, false, false, false

func propSearchAVX512(a *propSearchArgs) { panic("influence: no assembly kernel") }

func propRowAVX2(fin, fout, set *uint64, accB, accW *float64, stride, words int, visit uint32, w float64, black0, black1 uint64) uint32 {
	panic("influence: no assembly kernel")
}

// use32 and useAsm32 are false: without the AVX-512 kernels the float32
// path would be no faster than the float64 one.
var use32, useAsm32 = false, false

// jacobi32Fast is jacobi32: there is no assembly version on this
// architecture.
func jacobi32Fast(y, x, a, b []float32, ci []int32, val []float32, masks []uint16, first, n, w int) float32 {
	return jacobi32(y, x, a, b, ci, val, first, n, w)
}

// chains32Fast is chains32: there is no assembly version on this
// architecture.
func chains32Fast(val, half, kc []float32, adj, glen []int32, x []float32) {
	chains32(val, half, kc, adj, glen, x)
}
