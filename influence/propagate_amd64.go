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
