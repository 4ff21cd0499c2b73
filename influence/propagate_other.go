//go:build !amd64

package influence

// usePropAsm and usePropAVX2 are false: there are no assembly kernels for
// the propagating estimator on this architecture.
var usePropAsm, usePropAVX2 = false, false

// propRowAVX2 is never called: usePropAVX2 is false.
func propRowAVX2(fin, fout, set *uint64, accB, accW *float64, stride, words int, visit uint32, w float64, black0, black1 uint64) uint32 {
	panic("influence: no assembly kernel")
}

// propBlocksAVX512, propBandsAVX512, propUnbandAVX512 and
// propControlAVX512 are never called: usePropAsm is false on this
// architecture.
func propBlocksAVX512(a *propBlockArgs) { panic("influence: no assembly kernel") }

func propBandsAVX512(a *propBandArgs) { panic("influence: no assembly kernel") }

func propUnbandAVX512(dst, src *float64, J int) { panic("influence: no assembly kernel") }

func propControlAVX512(dst, accB, accW *float64, cells *uint8, size, stride int, capTotal bool) {
	panic("influence: no assembly kernel")
}
