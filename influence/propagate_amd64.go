package influence

//go:noescape
func propBlocksAVX512(a *propBlockArgs)

//go:noescape
func propBandsAVX512(a *propBandArgs)

// propUnbandAVX512 transposes the bands' sums src (8 per vector, J
// vectors) into dst, the line of padded points from the first board
// point's: dst[b*J+j] = src[8*j+b]. J is a multiple of 8.
//
//go:noescape
func propUnbandAVX512(dst, src *float64, J int)

// propControlAVX512 is the loop of Propagate.control without the sum:
// dst[y*size+x] is the combination of accB and accW at x of padded row
// y (rows stride apart, from row 1 of the planes) plus cells[y*size+x].
// It reads cells up to 7 bytes past the board.
//
//go:noescape
func propControlAVX512(dst, accB, accW *float64, cells *uint8, size, stride int, capTotal bool)

// haveAVX512 reports whether the processor and the operating system
// support the AVX-512 instructions of propSearchAVX512: AVX512F, AVX512DQ
// and AVX512_VPOPCNTDQ, with the ZMM and mask registers saved.
var haveAVX512 = func() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, c1, _ := cpuid(1, 0)
	const osxsave = 1 << 27
	if c1&osxsave == 0 {
		return false
	}
	// XMM, YMM, the opmask registers and both halves of the ZMM state.
	if xgetbv0()&0xe6 != 0xe6 {
		return false
	}
	_, b7, c7, _ := cpuid(7, 0)
	const avx512f, avx512dq, vpopcntdq = 1 << 16, 1 << 17, 1 << 14
	return b7&avx512f != 0 && b7&avx512dq != 0 && c7&vpopcntdq != 0
}()

//go:noescape
func propRowAVX2(fin, fout, set *uint64, accB, accW *float64, stride, words int, visit uint32, w float64, black0, black1 uint64) (got uint32)

// usePropAsm selects the propagating estimator's assembly kernel; tests
// turn it off to compare.
var usePropAsm = haveAVX512

// usePropAVX2 selects propRowAVX2 in the portable kernel (propSearchGo),
// for one or two words, where the processor has AVX2 (haveAVX2 includes
// FMA, which the sums use); tests turn it off to compare.
var usePropAVX2 = haveAVX2

// The assembly kernel finds a point's second word propPadMax words after
// its first: propPlaneBytes in propagate_amd64.s.
const propPlaneBytes = 6656

var _ [propPadMax*8 - propPlaneBytes]struct{}
var _ [propPlaneBytes - propPadMax*8]struct{}
