package influence

import "math/bits"

// propSearch adds the stones at distances 1, 2, ... to accB and accW,
// which are 0 on entry. On entry freshA holds each source's bit on its
// own point (and nothing elsewhere), freshB nothing, and set every stone
// on stones and off the board and none on empty points.
//
// The stones at distance d from a point (its new stones at step d) are
// those its neighbours got at step d-1 that it does not hold yet, a
// stone's neighbours getting the stone itself at step 1. So a point can
// get some only next to a point that got some in the last step: a row is
// visited if it or a row next to it did, and the search ends when no row
// did (or at MaxDistance).
func (e *Propagate) propSearch(words int) {
	size := e.geo.Size
	rin, rout := &e.rowA, &e.rowB
	// Every row may hold sources; freshB holds nothing.
	clear(rin[:])
	clear(rout[:])
	for y := 1; y <= size; y++ {
		rin[y] = 1
	}
	maxD := e.s.MaxDistance
	if maxD == 0 {
		// No path is longer than the number of points.
		maxD = len(e.pow) - 1
	}
	if usePropAsm && words <= 2 {
		a := propSearchArgs{
			fin: &e.freshA[0], fout: &e.freshB[0], set: &e.set[0],
			accB: &e.accB[0], accW: &e.accW[0],
			rin: &rin[0], rout: &rout[0], pow: &e.pow[0],
			rows: size, stride: 8 * e.stride, groups: e.stride / 8, maxD: maxD, words: words,
			black0: e.black[0], black1: e.black[1],
		}
		propSearchAVX512(&a)
		return
	}
	propSearchGo(e, words, maxD)
}

// propSearchArgs are the arguments of propSearchAVX512 (the offsets are
// spelled out in propagate_amd64.s).
type propSearchArgs struct {
	fin, fout, set *uint64
	accB, accW     *float64
	rin, rout      *uint8
	pow            *float64
	rows           int // board rows: padded rows 1 to rows
	stride         int // padded row, in bytes
	groups         int // groups of 8 points per row
	maxD           int
	words          int
	black0, black1 uint64
}

// propSearchGo is propSearch in Go; the assembly kernel does the same
// operations in the same order (on 8 points at a time), so the two agree
// bit for bit.
func propSearchGo(e *Propagate, words, maxD int) {
	size := e.geo.Size
	W := e.stride
	fin, fout := e.freshA, e.freshB
	rin, rout := &e.rowA, &e.rowB
	set, accB, accW := e.set, e.accB, e.accW
	for d := 1; d <= maxD; d++ {
		w := e.pow[d]
		any := false
		for y := 1; y <= size; y++ {
			if rin[y-1]|rin[y]|rin[y+1] == 0 {
				// The rows of fout not visited must hold nothing: rout
				// says which held something, two steps ago.
				if rout[y] != 0 {
					for k := 0; k < words; k++ {
						clear(fout[k*propPadMax+y*W : k*propPadMax+(y+1)*W])
					}
					rout[y] = 0
				}
				continue
			}
			got := uint64(0)
			for i := y * W; i < (y+1)*W; i++ {
				nb, nw := 0, 0
				for k := 0; k < words; k++ {
					j := k*propPadMax + i
					f := (fin[j-W] | fin[j-1] | fin[j+1] | fin[j+W]) &^ set[j]
					fout[j] = f
					set[j] |= f
					got |= f
					nb += bits.OnesCount64(f & e.black[k])
					nw += bits.OnesCount64(f &^ e.black[k])
				}
				// Adding 0 would change nothing.
				if nb|nw != 0 {
					accB[i] += float64(float64(nb) * w)
					accW[i] += float64(float64(nw) * w)
				}
			}
			rout[y] = 0
			if got != 0 {
				rout[y] = 1
				any = true
			}
		}
		if !any {
			return
		}
		fin, fout = fout, fin
		rin, rout = rout, rin
	}
}
