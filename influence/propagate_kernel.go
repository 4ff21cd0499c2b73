package influence

import (
	"encoding/binary"
	"math"
	"math/bits"
	"unsafe"
)

// propSearch sums the stones at distances 1, 2, ... into accB and accW
// (on the padded points of the board). On entry freshA holds each
// source's bit on its own point's entry (propSlots) and nothing
// elsewhere, and emptyRow marks the empty points; the rest of the
// scratch is the kernel's.
//
// The stones at distance d from a point (its new stones at step d) are
// those its neighbours got at step d-1 that it does not hold yet, a
// stone's neighbours getting the stone itself at step 1. So a point can
// get some only next to a point that got some in the last step, and the
// search ends when none did, or after distance maxD (see propReach). The
// AVX-512 kernel of one word visits blocks of 24 padded points next to a
// block that got some; that of two words every vector of 8 points of its
// bands (propBandSlots); the portable one (propSearchGo) single points.
func (e *Propagate) propSearch(words, maxD int) {
	size := e.geo.Size
	W := e.stride
	used := e.propUsed()
	if usePropAsm && words == 1 {
		// The sums start at 0, both planes as T_0: the sources' bits on
		// their points.
		clear(e.accB[:used])
		clear(e.accW[:used])
		copy(e.freshB[:used], e.freshA[:used])
		// The empty points, bit pp for the padded point pp.
		clear(e.emptyBits[:])
		for y := 1; y <= size; y++ {
			pp := y * W
			m := uint64(e.emptyRow[y])
			e.emptyBits[pp/64] |= m << (pp % 64)
			e.emptyBits[pp/64+1] |= m >> (64 - pp%64) // 0 if pp%64 == 0
		}
		// Every block may hold sources. A point's neighbours are at most
		// W points away: reach blocks of 24 either side.
		first, blocks := e.propBlocks()
		clear(e.blockA[:])
		clear(e.blockB[:])
		for b := 0; b < blocks; b++ {
			e.blockA[propFlagMargin+b] = 1
		}
		reach := (W + 23) / 24
		a := propBlockArgs{
			tin: &e.freshA[0], tout: &e.freshB[0],
			empty: &(*[8 * len(e.emptyBits)]uint8)(unsafe.Pointer(&e.emptyBits))[first],
			accB:  &e.accB[0], accW: &e.accW[0],
			rin: &e.blockA[propFlagMargin], rout: &e.blockB[propFlagMargin],
			pow:   &e.pow[0],
			first: first, blocks: blocks, stride: 8 * W, maxD: maxD,
			black:  e.black[0],
			window: 1<<(8*(2*reach+1)) - 1, reach: reach,
			halves: e.black[0] == 1<<32-1,
		}
		propBlocksAVX512(&a)
		return
	}
	if usePropAsm && words == 2 {
		// freshA holds T_0, the sources' bits on their points; the
		// kernel writes all of tout at every step.
		J := e.bands
		clear(e.sumB[:8*J])
		clear(e.sumW[:8*J])
		// The empty points, bit b of byte j for point j of band b: the
		// empty points of the line as bits, then per 8 points of the
		// bands the 8x8 bit matrix of their bytes (byte b the band,
		// bit i the point j+i), transposed.
		line := &e.emptyLine
		clear(line[:(8*J+63)/64+1])
		for y := 1; y <= size; y++ {
			t := (y - 1) * W
			m := uint64(e.emptyRow[y])
			line[t/64] |= m << (t % 64)
			line[t/64+1] |= m >> (64 - t%64) // 0 if t%64 == 0
		}
		lineBytes := (*[8 * len(e.emptyLine)]uint8)(unsafe.Pointer(line))
		for j := 0; j < J; j += 8 {
			var x uint64
			for b := 0; b < 8; b++ {
				x |= uint64(lineBytes[(b*J+j)/8]) << (8 * b)
			}
			t := (x ^ x>>7) & 0x00aa00aa00aa00aa
			x ^= t ^ t<<7
			t = (x ^ x>>14) & 0x0000cccc0000cccc
			x ^= t ^ t<<14
			t = (x ^ x>>28) & 0x00000000f0f0f0f0
			x ^= t ^ t<<28
			binary.LittleEndian.PutUint64(e.emptyBand[j:], x)
		}
		mode := 2
		if e.black[0] == ^uint64(0) && e.black[1] == 0 {
			mode = 3
		}
		a := propBandArgs{
			tin: &e.freshA[8], tout: &e.freshB[8],
			empty: &e.emptyBand[0],
			accB:  &e.sumB[0], accW: &e.sumW[0],
			pow:   &e.pow[0],
			bands: J, stride: W, maxD: maxD, mode: mode,
			black0: e.black[0], black1: e.black[1],
		}
		propBandsAVX512(&a)
		// Back to the padded points: the sums are a J x 8 matrix.
		propUnbandAVX512(&e.accB[W], &e.sumB[0], J)
		propUnbandAVX512(&e.accW[W], &e.sumW[0], J)
		return
	}
	// The Go kernel's sums start at 0, its planes with freshB empty, and
	// set every stone on stones and off the board (where it stays from
	// propSetGeometry) and none on empty points.
	clear(e.accB[:used])
	clear(e.accW[:used])
	for k := 0; k < words; k++ {
		clear(e.freshB[k*propPadMax : k*propPadMax+used])
		set := e.set[k*propPadMax:]
		for y := 1; y <= size; y++ {
			emp := e.emptyRow[y]
			row := set[y*W : y*W+size]
			for x := range row {
				row[x] = uint64(emp>>x&1) - 1
			}
		}
	}
	propSearchGo(e, words, maxD)
}

// propFlagMargin is the number of bytes before and after the AVX-512
// kernel's block flags (Propagate.blockA and blockB) that it reads and
// that stay 0.
const propFlagMargin = 8

// propBlockArgs are the arguments of propBlocksAVX512 (the offsets are
// spelled out in propagate_amd64.s).
type propBlockArgs struct {
	tin, tout *uint64
	// empty has bit i of byte j for the padded point 8(first+j)+i if
	// empty.
	empty      *uint8
	accB, accW *float64
	// rin flags the blocks that got new stones in the last step, rout
	// those of this one (block b at byte b).
	rin, rout *uint8
	pow       *float64
	first     int // the first block's first group of 8 padded points
	blocks    int // the number of blocks of 3 groups
	stride    int // padded row, in bytes
	maxD      int
	black     uint64
	// A block is visited if one of the reach blocks either side of it,
	// or itself, got new stones in the last step: the 8 flags from reach
	// before it under window = 2^(8*(2*reach+1)) - 1.
	window uint64
	reach  int
	// halves says that Black's sources are bits 0-31 and White's 32-63.
	halves bool
}

// propBandArgs are the arguments of propBandsAVX512 (the offsets are
// spelled out in propagate_amd64.s).
type propBandArgs struct {
	// tin and tout are the planes at vector 0 (slot 8).
	tin, tout *uint64
	// empty has bit b of byte j for an empty point j of band b.
	empty *uint8
	// accB and accW are the sums, 8 per vector of a plane.
	accB, accW *float64
	pow        *float64
	bands      int // J, the points of a band (vectors of a plane)
	stride     int // the padded row, in points; 2*stride <= bands
	maxD       int
	mode       int // 2, or 3 where word 0 is Black's and word 1 White's
	black0     uint64
	black1     uint64
}

// propSearchGo is propSearch in Go. It computes the same sets and adds
// the same terms in the same order as the assembly kernel, so the two
// agree bit for bit; but where the assembly kernel visits whole blocks, 8
// points to a register, this one visits single points, and only those that
// can get new stones: the empty points next to a point that got some in the
// last step. A bit mask per row says which points got some (actA, actB,
// double-buffered like the sets), so the points to visit in row y are
//
//	(act[y]<<1 | act[y]>>1 | act[y-1] | act[y+1]) & empty[y]
//
// At the start every stone counts as having got some (its own bit, F_0).
// The points of fout not visited must hold nothing: those that held
// something two steps ago (the old mask) are cleared.
func propSearchGo(e *Propagate, words, maxD int) {
	size := e.geo.Size
	W := e.stride
	emp := &e.emptyRow
	ain, aout := &e.actA, &e.actB
	onBoard := uint32(1)<<size - 1
	ain[0], aout[0] = 0, 0
	ain[size+1], aout[size+1] = 0, 0
	for y := 1; y <= size; y++ {
		ain[y], aout[y] = onBoard&^emp[y], 0
	}
	fin, fout := e.freshA, e.freshB
	set, accB, accW := e.set, e.accB, e.accW
	for d := 1; d <= maxD; d++ {
		w := e.pow[d]
		any := uint32(0)
		for y := 1; y <= size; y++ {
			a := ain[y]
			visit := (a<<1 | a>>1 | ain[y-1] | ain[y+1]) & emp[y]
			row := y * W
			for m := aout[y] &^ visit; m != 0; m &= m - 1 {
				i := row + bits.TrailingZeros32(m)
				for k := 0; k < words; k++ {
					fout[k*propPadMax+i] = 0
				}
			}
			got := uint32(0)
			switch {
			case visit == 0:
			case usePropAVX2 && words <= 2:
				got = propRowAVX2(&fin[row], &fout[row], &set[row], &accB[row], &accW[row],
					8*W, words, visit, w, e.black[0], e.black[1])
			case words == 1:
				got = propRow1(fin[:propPadMax], fout[:propPadMax], set[:propPadMax],
					accB, accW, e.black[0], w, row, W, visit)
			case words == 2:
				got = propRow2(fin[:2*propPadMax], fout[:2*propPadMax], set[:2*propPadMax],
					accB, accW, e.black[0], e.black[1], w, row, W, visit)
			default:
				got = propRowN(fin, fout, set, accB, accW, e.black[:words], w, row, W, visit)
			}
			aout[y] = got
			any |= got
		}
		if any == 0 {
			return
		}
		fin, fout = fout, fin
		ain, aout = aout, ain
	}
}

// propRowLen is the length of the Go kernel's row windows: at least
// propStrideMax, and a power of 2.
const propRowLen = 32

// propRowWin is a window of one row of a plane: at index x+1, the padded
// point x of the row, so that x-1 (the previous row's off-board point for
// x = 0) and x+1 are in it too. With x < 32 (x&31, which changes nothing
// as rows are shorter than propRowLen = 32 points), indexing it and the
// other windows needs no bounds checks.
type propRowWin = [propRowLen + 2]uint64

// propRow1 is one step on the points of visit in the row starting at
// padded point row, for one word per set (planes of propPadMax entries);
// it returns the mask of the points that got new stones.
func propRow1(fin, fout, set []uint64, accB, accW []float64, black uint64, w float64, row, W int, visit uint32) uint32 {
	up := (*[propRowLen]uint64)(fin[row-W:])
	mid := (*propRowWin)(fin[row-1:])
	down := (*[propRowLen]uint64)(fin[row+W:])
	out := (*[propRowLen]uint64)(fout[row:])
	st := (*[propRowLen]uint64)(set[row:])
	ab := (*[propRowLen]float64)(accB[row:])
	aw := (*[propRowLen]float64)(accW[row:])
	got := uint32(0)
	for m := visit; m != 0; m &= m - 1 {
		x := bits.TrailingZeros32(m) & 31
		s := st[x]
		f := (up[x] | mid[x] | mid[x+2] | down[x]) &^ s
		out[x] = f
		st[x] = s | f
		if f != 0 {
			got |= 1 << x
		}
		nb := bits.OnesCount64(f & black)
		nw := bits.OnesCount64(f &^ black)
		ab[x] = math.FMA(float64(nb), w, ab[x])
		aw[x] = math.FMA(float64(nw), w, aw[x])
	}
	return got
}

// propRow2 is propRow1 for two words per set, the second propPadMax
// entries after the first.
func propRow2(fin, fout, set []uint64, accB, accW []float64, black0, black1 uint64, w float64, row, W int, visit uint32) uint32 {
	const P = propPadMax
	up0 := (*[propRowLen]uint64)(fin[row-W:])
	mid0 := (*propRowWin)(fin[row-1:])
	down0 := (*[propRowLen]uint64)(fin[row+W:])
	out0 := (*[propRowLen]uint64)(fout[row:])
	st0 := (*[propRowLen]uint64)(set[row:])
	up1 := (*[propRowLen]uint64)(fin[P+row-W:])
	mid1 := (*propRowWin)(fin[P+row-1:])
	down1 := (*[propRowLen]uint64)(fin[P+row+W:])
	out1 := (*[propRowLen]uint64)(fout[P+row:])
	st1 := (*[propRowLen]uint64)(set[P+row:])
	ab := (*[propRowLen]float64)(accB[row:])
	aw := (*[propRowLen]float64)(accW[row:])
	got := uint32(0)
	for m := visit; m != 0; m &= m - 1 {
		x := bits.TrailingZeros32(m) & 31
		s0, s1 := st0[x], st1[x]
		f0 := (up0[x] | mid0[x] | mid0[x+2] | down0[x]) &^ s0
		f1 := (up1[x] | mid1[x] | mid1[x+2] | down1[x]) &^ s1
		out0[x], out1[x] = f0, f1
		st0[x], st1[x] = s0|f0, s1|f1
		if f0|f1 != 0 {
			got |= 1 << x
		}
		nb := bits.OnesCount64(f0&black0) + bits.OnesCount64(f1&black1)
		nw := bits.OnesCount64(f0&^black0) + bits.OnesCount64(f1&^black1)
		ab[x] = math.FMA(float64(nb), w, ab[x])
		aw[x] = math.FMA(float64(nw), w, aw[x])
	}
	return got
}

// propRowN is propRow1 for any number of words, len(black).
func propRowN(fin, fout, set []uint64, accB, accW []float64, black []uint64, w float64, row, W int, visit uint32) uint32 {
	got := uint32(0)
	for m := visit; m != 0; m &= m - 1 {
		x := bits.TrailingZeros32(m)
		i := row + x
		nb, nw := 0, 0
		for k, bk := range black {
			j := k*propPadMax + i
			f := (fin[j-W] | fin[j-1] | fin[j+1] | fin[j+W]) &^ set[j]
			fout[j] = f
			set[j] |= f
			nb += bits.OnesCount64(f & bk)
			nw += bits.OnesCount64(f &^ bk)
		}
		if nb|nw == 0 {
			continue
		}
		got |= 1 << x
		accB[i] = math.FMA(float64(nb), w, accB[i])
		accW[i] = math.FMA(float64(nw), w, accW[i])
	}
	return got
}
