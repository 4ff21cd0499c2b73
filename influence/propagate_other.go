//go:build !amd64

package influence

// propBlocksAVX512, propBandsAVX512, propUnbandAVX512 and
// propControlAVX512 are never called: usePropAsm is false on this
// architecture.
func propBlocksAVX512(a *propBlockArgs) { panic("influence: no assembly kernel") }

func propBandsAVX512(a *propBandArgs) { panic("influence: no assembly kernel") }

func propUnbandAVX512(dst, src *float64, J int) { panic("influence: no assembly kernel") }

func propControlAVX512(dst, accB, accW *float64, cells *uint8, size, stride int, capTotal bool) {
	panic("influence: no assembly kernel")
}
