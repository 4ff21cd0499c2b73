package influence

import (
	"math"
	"math/bits"
	"slices"
	"unsafe"

	"goeval/board"
)

// tables32 is the working memory of the float32 path of Symmetric: the
// position in the padded layout of tables (row stride w = size+1, a ring
// of zeros), in float32, shifted by lead32 cells, with the chain tables
// laid out for 16-lane vectors. Like tables, it is rebuilt only when the
// stones change.
//
// A step reads every stone's κG from val, so that the chain pass writes
// one value per chain and no pass scatters values to stones: a stone's
// value is val[32k + ci%32], k being the table of val that masks names for
// it (see masks); an empty point's is 0. With the fixed preset val holds
// +1 and -1, the values of black and white stones.
type tables32 struct {
	size   int
	stones [board.MaxPoints]board.Color // the stones the tables were built for
	builds int                          // how many times prepare built them (for tests)
	w      int                          // row stride
	first  int                          // padded index of the top-left point
	n      int                          // cells a pass computes from first: a multiple of 16

	// Per padded index.
	a, b   []float32 // coefficients of S1 and S3 (times 1-κ on stones)
	ci     []int32   // the index in val of the point's κG
	ncells int       // the length of the per-cell slices
	x, y   []float32 // current and next values; the last two cells hold -1 and +1 (see padOne)
	// aS and bS are a and b on stones, aE and bE on empty points, as
	// bits (prepare chooses between them without a branch).
	aE, aS, bE, bS []uint32
	// state is, for findChains, by padded index (within cellsMax, so that
	// an index masked by cellsMax-1 needs no bounds check): in bits 0-1
	// the colour (1 black, 3 white, 0 empty, 2 off the board), in bits
	// 2-15 1 + the chain of a stone, in bits 16-31 1 + the last chain that
	// listed the cell in its A(C).
	state [cellsMax]uint32

	// The chain pass runs over rows of 16 lanes; a lane works through
	// the A(C) of one chain after another (see findChains), keeping a
	// running product, and hands it on at the last entry of a chain.
	// Per row and lane: adj is the cell of the entry (relative to first)
	// and hrow the half colour of its chain (factor 1/2 - hrow·x); per
	// row: ends has the bits of the lanes that finish a chain, and eoff
	// the number of chains finished by earlier rows, so that the chains
	// finished by a row go to val[eoff:], in lane order. Then val[c] =
	// kc[c]·(1 - 2·val[c]) makes each κG; kc is κ·colour, by val's order.
	val []float32 // κG, rewritten every step; zeros up to 32·nt, and 16 cells to spare
	// adjPad and hrowPad are adj and hrow filled with factors 1, as many
	// as adj has needed so far: findChains copies them in before it lays
	// the chains out.
	adjPad  []int32
	hrowPad []float32
	kc      []float32
	adj     []int32
	hrow    []float32
	ends    []uint16
	eoff    []int32
	nc      int // chains (0 for the fixed preset)
	// masks tells the point pass where to look up a stone's κG: it reads
	// val as nt ≥ 2 tables of 32, and for block j of 16 cells from first
	// and table k, bit l of masks[j·nt + k] is set if the cell is a stone
	// and its value is in table k.
	masks []uint16
	nt    int

	stoneList []int32 // padded indices of the stones, in board order
	chains    chainScratch
}

// chainScratch is the scratch memory of findChains, in arrays of fixed
// size indexed under a mask (so that indexing needs no bounds checks): at
// most one chain and one queue entry per point, at most four A(C) entries
// per stone.
type chainScratch struct {
	st     [cellsMax]int32       // the stones, chain by chain
	stCh   [cellsMax]int32       // the chain of each stone of st
	tmp    [4 * cellsMax]int32   // the A(C), chain by chain
	tmpOff [cellsMax + 1]int32   // where each chain's A(C) starts in tmp
	length [cellsMax]int32       // max(1, the length of each A(C))
	colour [cellsMax]board.Color // of each chain
	byLen  [cellsMax]int32       // the chains by length
	count  [cellsMax + 2]int32   // counting sort (lengths are below cellsMax)
	start  [cellsMax]int32       // the row of a chain's first entry
	lane   [cellsMax]int32       // the lane of a chain
	slot   [cellsMax]int32       // where a chain's value goes in val
}

// lanes32 is the number of float32 values the kernels handle at once:
// the grouping of chains and the rounding of the cells of a pass.
const lanes32 = 16

// cellsMax is a power of 2 above the number of cells of tables32 on the
// largest board (727 on 25x25).
const cellsMax = 1024

// lead32 is the number of cells before the padded layout in tables32,
// so that a pass may read the block of 16 before the first point.
const lead32 = 16

func (t *tables32) rowStart(y int) int { return lead32 + (y+1)*t.w + 1 }

// resize allocates the tables for a size x size board and sets the
// coefficients of empty points for λ.
func (t *tables32) resize(size int, lambda, kappa float64) {
	t.size = size
	t.w = size + 1
	t.first = t.rowStart(0)
	end := t.rowStart(size-1) + size
	t.n = (end - t.first + lanes32 - 1) &^ (lanes32 - 1)
	// A pass reads w cells and the block of 16 beyond first+n; then the
	// two cells of padOne.
	n := t.first + t.n + max(t.w, lanes32) + 2
	t.a, t.b = aligned[float32](n, t.first), aligned[float32](n, t.first)
	t.aE, t.aS, t.bE, t.bS = make([]uint32, n), make([]uint32, n), make([]uint32, n), make([]uint32, n)
	t.ci = aligned[int32](n, t.first)
	t.x, t.y = aligned[float32](n, t.first), aligned[float32](n, t.first)
	t.ncells = n
	if n > cellsMax {
		panic("influence: board too large for tables32")
	}
	t.stoneList = make([]int32, 0, size*size)
	t.adjPad, t.hrowPad = nil, nil // one (padOne) depends on the size
	// At most one chain per point.
	slots := (size*size + lanes32 - 1) &^ (lanes32 - 1)
	maxVal := max(64, (slots+31)&^31)
	t.val = aligned[float32](maxVal+lanes32, 0)[:maxVal]
	t.kc = make([]float32, slots)
	t.masks = make([]uint16, t.n/lanes32*maxVal/32)
	for _, v := range [][]float32{t.x, t.y} {
		v[n-2], v[n-1] = -1, 1
	}
	for i := range n {
		t.state[i] = uint32(offBoard)
	}
	for y := range size {
		for x := range size {
			i := t.rowStart(y) + x
			t.state[i] = uint32(board.Empty)
			a, b := emptyCoefficients(x, y, size, lambda)
			t.aE[i], t.bE[i] = math.Float32bits(float32(a)), math.Float32bits(float32(b))
			t.aS[i] = math.Float32bits(float32((1 - kappa) * a))
			t.bS[i] = math.Float32bits(float32((1 - kappa) * b))
		}
	}
}

// emptyCoefficients returns the coefficients of S1 and S3 in F for the
// point in column x and row y of a size x size board.
func emptyCoefficients(x, y, size int, lambda float64) (a, b float64) {
	deg := 4
	if x == 0 || x == size-1 {
		deg--
	}
	if y == 0 || y == size-1 {
		deg--
	}
	switch deg {
	case 4: // F = ((1+2λ)S1 + (1-2λ)S3)/8
		return (1 + 2*lambda) / 8, (1 - 2*lambda) / 8
	case 3: // F = (S1+S3)/4 + λ(S1-3S3)/4
		return (1 + lambda) / 4, (1 - 3*lambda) / 4
	default: // F = (x1+x2)/2, and S3 = 0
		return 0.5, 0
	}
}

// loadColours sets x on every point to its colour in cells (±1 on
// stones, 0 elsewhere), in AVX-512 where the processor runs the float32
// kernels (colours32AVX512), else in Go (loadColoursGo).
func (t *tables32) loadColours(cells []board.Color) {
	if !useAsm32 {
		t.loadColoursGo(cells)
		return
	}
	_ = cells[t.size*t.size-1]
	_ = t.x[t.rowStart(t.size-1)+t.size-1]
	colours32AVX512(&t.x[t.first], &cells[0], t.size, t.w)
}

// loadColoursGo is loadColours in Go.
func (t *tables32) loadColoursGo(cells []board.Color) {
	for y := range t.size {
		x := t.x[t.rowStart(y):][:t.size]
		for i, c := range cells[y*t.size:][:len(x)] {
			x[i] = float32(c)
		}
	}
}

// store writes x of every point into dst, in map order, as float64, and
// returns their sum, in AVX-512 where the processor runs the float32
// kernels (unpad32AVX512), else in Go (storeGo). The sum is taken in
// eight lanes as the values are written (see storeGo), not point by point
// as Result.Sum takes it, so the two may differ in the last bits; it is
// the same in assembly and in Go, and it is negated exactly when the
// values are.
func (t *tables32) store(dst []float64) float64 {
	if !useAsm32 {
		return t.storeGo(dst)
	}
	_ = dst[t.size*t.size-1]
	_ = t.x[t.rowStart(t.size-1)+t.size-1]
	return unpad32AVX512(&dst[0], &t.x[t.first], t.size, t.w)
}

// storeGo is store in Go. It adds the points of a row, eight at a time
// (column c to lane c%8), to three sums of eight lanes: the whole
// blocks of eight in turn to the first two, the rest of the row to the
// third; then it adds the three sums, and the eight lanes as a tree.
func (t *tables32) storeGo(dst []float64) float64 {
	var acc [3][8]float64
	full := t.size &^ 7
	for y := range t.size {
		row := dst[y*t.size : (y+1)*t.size]
		for i, v := range t.x[t.rowStart(y):][:t.size] {
			row[i] = float64(v)
		}
		for c := 0; c < full; c += 8 {
			a := &acc[c/8%2]
			for l, v := range row[c : c+8] {
				a[l] += v
			}
		}
		for l, v := range row[full:] {
			acc[2][l] += v
		}
	}
	var s [8]float64
	for l := range s {
		s[l] = acc[0][l] + acc[1][l] + acc[2][l]
	}
	u0 := (s[0] + s[4]) + (s[2] + s[6])
	u1 := (s[1] + s[5]) + (s[3] + s[7])
	return u0 + u1
}

// padOne returns the index of the cell whose factor (1 - s·x)/2 in the
// product of a chain of colour s is 1: the cell holding -s.
func (t *tables32) padOne(s board.Color) int32 {
	if s > 0 {
		return int32(len(t.x) - 2) // holds -1
	}
	return int32(len(t.x) - 1) // holds +1
}

// prepare builds the tables for b unless they were built for the same
// stones (and size).
func (t *tables32) prepare(b *board.Board, r *resolved) {
	size := b.Size()
	cells := b.Cells()
	if size == t.size && slices.Equal(cells, t.stones[:len(cells)]) {
		return
	}
	if size != t.size {
		t.resize(size, r.lambda, r.kappa)
	}
	copy(t.stones[:], cells)
	t.builds++
	stones := t.stoneList[:cap(t.stoneList)]
	var ns int
	if useAsm32 {
		_ = stones[size*size-1]
		_, _, _, _ = t.aE[t.ncells-1], t.aS[t.ncells-1], t.bE[t.ncells-1], t.bS[t.ncells-1]
		_, _, _ = t.a[t.ncells-1], t.b[t.ncells-1], t.ci[t.ncells-1]
		ns = prepareRowsAVX512(&prepareArgs{
			cells: &cells[0], size: size, w: t.w, first: t.first,
			state: &t.state[0], a: &t.a[0], b: &t.b[0], ci: &t.ci[0],
			aE: &t.aE[0], aS: &t.aS[0], bE: &t.bE[0], bS: &t.bS[0], stones: &stones[0],
		})
	} else {
		ns = t.prepareRows(cells, stones)
	}
	t.stoneList = stones[:ns]
	t.adj, t.ends, t.nc = t.adj[:0], t.ends[:0], 0
	if r.fixed {
		t.val = t.val[:2]
		t.val[0], t.val[1] = 1, -1 // ci points at them on stones for good
		t.setMasks(t.stoneList)
		return
	}
	t.findChains(float32(r.kappa))
}

// prepareRows sets state, a, b and ci of every point from the colours in
// cells, lists the stones in stones and returns their number.
func (t *tables32) prepareRows(cells []board.Color, stones []int32) int {
	size := t.size
	ns := 0
	for y := range size {
		row := cells[y*size : (y+1)*size]
		i0 := t.rowStart(y)
		state := t.state[i0:][:size]
		aE, aS, bE, bS := t.aE[i0:][:size], t.aS[i0:][:size], t.bE[i0:][:size], t.bS[i0:][:size]
		a, bb, ci := t.a[i0:][:size], t.b[i0:][:size], t.ci[i0:][:size]
		for x, c := range row {
			stone := uint32(c & 1) // 1 for a stone
			state[x] = uint32(c) & 3
			a[x] = math.Float32frombits(aE[x] ^ (aE[x]^aS[x])&-stone)
			bb[x] = math.Float32frombits(bE[x] ^ (bE[x]^bS[x])&-stone)
			ci[x] = int32(uint32(c)>>1) & 1 // 0 for black, 1 for white (the fixed preset)
			stones[ns] = int32(i0 + x)
			ns += int(stone)
		}
	}
	return ns
}

// setMasks pads val with zeros to nt tables of 32 and sets masks from the
// stones (padded indices, board order) and their ci, in AVX-512 where the
// processor runs the float32 kernels (masksAVX512, from the colours in
// state), else in Go.
func (t *tables32) setMasks(stones []int32) {
	masks := t.padVal()
	if useAsm32 {
		_ = t.ci[t.first+t.n-1]
		_ = t.state[t.first+t.n-1]
		masksAVX512(&masks[0], &t.ci[t.first], &t.state[t.first], t.n/lanes32, t.nt)
		return
	}
	first := int(t.first)
	ci := t.ci[:t.ncells]
	for _, p := range stones {
		i := int(p) - first
		masks[i/lanes32*t.nt+int(ci[p]/32)] |= 1 << (i % lanes32)
	}
}

// padVal pads val with zeros to nt tables of 32 and returns masks, sized
// for them and cleared.
func (t *tables32) padVal() []uint16 {
	nv := len(t.val)
	nt := max(2, (nv+31)/32)
	t.nt = nt
	t.val = t.val[:32*nt]
	clear(t.val[nv:])
	masks := t.masks[:t.n/lanes32*nt]
	clear(masks)
	t.masks = masks
	return masks
}

// aligned returns a slice of n zeros whose element at is 64-byte aligned,
// the width of an AVX-512 register.
func aligned[T float32 | int32](n, at int) []T {
	const per = 64 / 4
	s := make([]T, n+per)
	off := int(-uintptr(unsafe.Pointer(&s[at])) % 64 / 4)
	return s[off : off+n : off+n]
}

// findChains labels the chains, lists their A(C), builds the chain tables
// and points ci of every stone at its chain's slot.
func (t *tables32) findChains(kappa float32) {
	cs := &t.chains
	nc, ntmp := t.fill()
	rows := cs.deal(nc)

	// The rows: entries relative to first, with one[s+1] the cell whose
	// factor is 1 for a chain of colour s, and one[1-s] the cell whose
	// factor is 0; a lane's tail is filled up with factors 1.
	// (In locals: stores through t.adj would make the compiler load the
	// slice from t again at every element.)
	cells := lanes32 * int(rows)
	adj := slices.Grow(t.adj[:0], cells)[:cells]
	hrow := slices.Grow(t.hrow[:0], cells)[:cells]
	ends := slices.Grow(t.ends[:0], int(rows))[:rows]
	t.adj, t.hrow, t.ends = adj, hrow, ends
	t.eoff = slices.Grow(t.eoff[:0], int(rows))[:rows]
	one := t.padOne(board.Black) - int32(t.first)
	if len(t.adjPad) < cells {
		t.adjPad = make([]int32, cells)
		t.hrowPad = make([]float32, cells)
		for i := range t.adjPad {
			t.adjPad[i], t.hrowPad[i] = one, 0.5
		}
	}
	copy(adj, t.adjPad)
	copy(hrow, t.hrowPad)
	clear(ends)
	cs.lay(adj, hrow, ends, nc, int32(t.first), [3]int32{t.padOne(board.White), 0, t.padOne(board.Black)})
	_ = ntmp

	// Number the chains in the order the rows finish them, row by row and
	// in lane order: that is where the chain pass writes their values. (A
	// chain's number is its row's eoff plus the chains ending in the
	// lanes before its own, counted without a branch.)
	k := int32(0)
	for e, m := range t.ends {
		t.eoff[e] = k
		k += int32(bits.OnesCount16(m))
	}
	blocks := (nc + lanes32 - 1) / lanes32
	t.kc = t.kc[:lanes32*blocks]
	clear(t.kc[nc:])
	eoff, ends := t.eoff, t.ends
	for i := range nc {
		i &= cellsMax - 1
		e := cs.start[i] + cs.length[i] - 1
		c := eoff[e] + int32(bits.OnesCount16(ends[e]&(1<<cs.lane[i]-1)))
		cs.slot[i] = c
		t.kc[c] = kappa * float32(cs.colour[i])
	}
	t.val, t.nc = t.val[:nc], int(nc)
	st := cs.st[:len(t.stoneList)]
	stCh := cs.stCh[:len(st)]
	ci := t.ci[:t.ncells]
	for j, p := range st {
		ci[p] = cs.slot[stCh[j]&(cellsMax-1)]
	}
	t.setMasks(t.stoneList)
}

// fill is fillChains on the tables' stones, in assembly where the
// processor runs the AVX-512 kernels (fillChainsAsm, plain amd64 code).
func (t *tables32) fill() (nc, ntmp int32) {
	if !useAsm32 || len(t.stoneList) == 0 {
		return fillChains(&t.state, t.stoneList, int32(t.w), &t.chains)
	}
	return fillChainsAsm(&t.state, &t.stoneList[0], len(t.stoneList), int32(t.w), &t.chains)
}

// fillChains labels the chains of the stones (padded indices, board
// order) in state by breadth-first fills, listing each chain's stones in
// cs.st (with their chain in cs.stCh), its A(C) in cs.tmp from
// cs.tmpOff, and its colour and length; it returns the number of chains
// and of A(C) entries.
//
// The board's contents make branches here unpredictable, so a neighbour
// is written to both lists and counted in one or neither, and its mark
// is set whatever it is, as only this chain reads it.
func fillChains(state *[cellsMax]uint32, stones []int32, w int32, cs *chainScratch) (nc, ntmp int32) {
	const m = cellsMax - 1
	const mt = 4*cellsMax - 1
	nst := int32(0)
	for _, start := range stones {
		s0 := state[start&m]
		if s0&0xfffc != 0 {
			continue // labelled
		}
		cc := s0 & 3
		id := uint32(nc + 1)
		// The codes of the cells that can be in A(C): empty (0) and the
		// other colour (cc^2).
		ok := uint32(1) | 1<<(cc^2)
		cs.colour[nc&m] = board.Color(int8(cc<<6) >> 6)
		state[start&m] = cc | id<<2 | id<<16
		cs.st[nst&m] = start
		for head := nst; head <= nst; head++ {
			p := cs.st[head&m]
			cs.stCh[head&m] = nc
			for _, q := range [4]int32{p - w, p - 1, p + 1, p + w} {
				q &= m
				s := state[q]
				same := b2u(s&0xffff == cc) // the colour, unlabelled
				adj := ok >> (s & 3) & b2u(s>>16 != id)
				state[q] = s&0xffff | id<<16 | id<<2&-same
				cs.st[(nst+1)&m] = q
				nst += int32(same)
				cs.tmp[ntmp&mt] = q
				ntmp += int32(adj)
			}
		}
		nst++
		cs.tmpOff[(nc+1)&m] = ntmp
		cs.length[nc&m] = max(1, ntmp-cs.tmpOff[nc&m])
		nc++
	}
	return nc, ntmp
}

// deal sorts the nc chains by the length of A(C) (a stable counting sort)
// and deals them out, longest first, each to the lane with the fewest
// entries so far, setting start and lane; it returns the number of rows.
func (cs *chainScratch) deal(nc int32) (rows int32) {
	const m = cellsMax - 1
	longest := int32(1)
	for i := range nc {
		longest = max(longest, cs.length[i&m])
	}
	count := cs.count[:longest+2]
	clear(count)
	for i := range nc {
		count[cs.length[i&m]+1]++
	}
	for k := 1; k < len(count); k++ {
		count[k] += count[k-1]
	}
	for i := range nc {
		l := cs.length[i&m]
		cs.byLen[count[l]&m] = i
		count[l]++
	}
	if useAsm32 && nc > 0 {
		return dealLanesAsm(cs, int(nc))
	}
	return cs.dealLanes(nc)
}

// dealLanes deals the nc chains out, byLen from last to first, each to
// the lane with the fewest entries so far, setting start and lane, and
// returns the number of rows.
func (cs *chainScratch) dealLanes(nc int32) (rows int32) {
	const m = cellsMax - 1
	// A lane's key is its load times 16 plus its number: the least key
	// is the least loaded lane (the lowest numbered of a tie).
	var key [lanes32]int32
	for l := range key {
		key[l] = int32(l)
	}
	for k := nc - 1; k >= 0; k-- {
		i := cs.byLen[k&m] & m
		least := min(
			min(min(key[0], key[1]), min(key[2], key[3])),
			min(min(key[4], key[5]), min(key[6], key[7])),
			min(min(key[8], key[9]), min(key[10], key[11])),
			min(min(key[12], key[13]), min(key[14], key[15])))
		l := least % lanes32
		cs.start[i], cs.lane[i] = least/lanes32, l
		key[l] += cs.length[i] * lanes32
	}
	for _, k := range key {
		rows = max(rows, k/lanes32)
	}
	return rows
}

// layRows writes the chains' A(C) into the rows adj and hrow (as padded
// indices less first) and marks their ends, given the cells one[s+1]
// whose factor is 1 and one[1-s] whose factor is 0 for a chain of colour
// s. The rows must be filled with factors 1 already.
func (cs *chainScratch) layRows(adj []int32, hrow []float32, ends []uint16, nc, first int32, one [3]int32) {
	const m = cellsMax - 1
	for i := range nc {
		i &= m
		s := cs.colour[i]
		h := float32(s) / 2
		base := lanes32*cs.start[i] + cs.lane[i]
		list := cs.tmp[cs.tmpOff[i]&(4*cellsMax-1) : cs.tmpOff[i+1]&(4*cellsMax-1)]
		dst := adj[base:]
		hdst := hrow[base:]
		for e, q := range list {
			dst[lanes32*e], hdst[lanes32*e] = q-first, h
		}
		if len(list) == 0 {
			// A chain with no adjacent point (it fills the board) has G =
			// its colour: a factor 0 makes the product 0.
			dst[0], hdst[0] = one[1-s]-first, h
		}
		end := cs.start[i] + cs.length[i] - 1
		ends[end] |= 1 << cs.lane[i]
	}
}

// b2u is 1 for true and 0 for false.
func b2u(b bool) uint32 {
	var i uint32
	if b {
		i = 1
	}
	return i
}

// step takes one Jacobi step from x in Go, swaps x and y (so that x holds
// the new values) and returns the sum of squared changes: the chain pass
// sets κG of every chain in val, then the point pass computes every
// point's new value a·S1 + b·S3 + κG.
func (t *tables32) step() float32 {
	if t.nc > 0 {
		chains32(t.val[:cap(t.val)], t.kc, t.adj, t.hrow, t.ends, t.eoff, t.nc, t.x[t.first:])
	}
	sq := jacobi32(t.y, t.x, t.a, t.b, t.ci, t.val, t.masks, t.nt, t.first, t.n, t.w)
	t.x, t.y = t.y, t.x
	return sq
}

// steps takes up to max steps, stopping after one whose sum of squared
// changes is below hi, and returns the number taken and the last sum; x
// holds the last step's values. It runs in AVX-512 where the processor
// has it (solve32AVX512), else in Go.
func (t *tables32) steps(max int, hi float32) (n int, sq float32) {
	if !useAsm32 {
		for n < max {
			n++
			if sq = t.step(); sq < hi {
				break
			}
		}
		return n, sq
	}
	return t.stepsAVX512(max, hi)
}
