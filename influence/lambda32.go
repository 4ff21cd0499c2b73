package influence

import (
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
	a0, b0 []float64 // coefficients of S1 and S3 for an empty point
	a, b   []float32 // coefficients of S1 and S3 (times 1-κ on stones)
	ci     []int32   // the index in val of the point's κG
	x, y   []float32 // current and next values; the last two cells hold -1 and +1 (see padOne)
	col    []board.Color
	// For findChains, by padded index (within cellsMax, so that an index
	// masked by cellsMax-1 needs no bounds check): the colour, 1 + the
	// chain of a stone, and 1 + the last chain that listed the cell in
	// its A(C).
	colour32 [cellsMax]board.Color
	label    [cellsMax]int32
	mark     [cellsMax]int32

	// The chain pass runs over rows of 16 lanes; a lane works through
	// the A(C) of one chain after another (see findChains), keeping a
	// running product, and hands it on at the last entry of a chain.
	// Per row and lane: adj is the cell of the entry (relative to first)
	// and hrow the half colour of its chain (factor 1/2 - hrow·x); per
	// row: ends has the bits of the lanes that finish a chain, and eoff
	// the number of chains finished by earlier rows, so that the chains
	// finished by a row go to val[eoff:], in lane order. Then val[c] =
	// kc[c]·(1 - 2·val[c]) makes each κG; kc is κ·colour, by val's order.
	val      []float32 // κG, rewritten every step; zeros up to 32·nt, and 16 cells to spare
	kc       []float32
	adj      []int32
	hrow     []float32
	ends     []uint16
	eoff     []int32
	nc       int // chains (0 for the fixed preset)
	endChain []int32
	slot     []int32
	// masks tells the point pass where to look up a stone's κG: it reads
	// val as nt ≥ 2 tables of 32, and for block j of 16 cells from first
	// and table k, bit l of masks[j·nt + k] is set if the cell is a stone
	// and its value is in table k.
	masks []uint16
	nt    int

	// Scratch of findChains.
	stoneList, st, stCh, tmp, tmpOff, count, byLen, start, lane []int32
	colour                                                      []board.Color
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
func (t *tables32) resize(size int, lambda float64) {
	t.size = size
	t.w = size + 1
	t.first = t.rowStart(0)
	end := t.rowStart(size-1) + size
	t.n = (end - t.first + lanes32 - 1) &^ (lanes32 - 1)
	// A pass reads w cells and the block of 16 beyond first+n; then the
	// two cells of padOne.
	n := t.first + t.n + max(t.w, lanes32) + 2
	t.a0, t.b0 = make([]float64, n), make([]float64, n)
	t.a, t.b = aligned[float32](n, t.first), aligned[float32](n, t.first)
	t.ci = aligned[int32](n, t.first)
	t.x, t.y = aligned[float32](n, t.first), aligned[float32](n, t.first)
	t.col = make([]board.Color, n)
	if n > cellsMax {
		panic("influence: board too large for tables32")
	}
	t.stoneList = make([]int32, 0, size*size)
	// At most one chain per point.
	slots := (size*size + lanes32 - 1) &^ (lanes32 - 1)
	maxVal := max(64, (slots+31)&^31)
	t.val = aligned[float32](maxVal+lanes32, 0)[:maxVal]
	t.kc = make([]float32, slots)
	t.masks = make([]uint16, t.n/lanes32*maxVal/32)
	for _, v := range [][]float32{t.x, t.y} {
		v[n-2], v[n-1] = -1, 1
	}
	for i := range t.col {
		t.col[i] = offBoard
	}
	for y := range size {
		for x := range size {
			i := t.rowStart(y) + x
			t.col[i] = board.Empty
			t.a0[i], t.b0[i] = emptyCoefficients(x, y, size, lambda)
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
		t.resize(size, r.lambda)
	}
	copy(t.stones[:], cells)
	t.builds++
	scale := [3]float64{1 - r.kappa, 1, 1 - r.kappa} // by colour+1
	fixedSlot := [3]int32{1, 0, 0}                   // by colour+1
	stones := t.stoneList[:cap(t.stoneList)]
	ns := 0
	for y := range size {
		row := cells[y*size : (y+1)*size]
		i0 := t.rowStart(y)
		col, a0, b0 := t.col[i0:][:size], t.a0[i0:][:size], t.b0[i0:][:size]
		a, bb, ci := t.a[i0:][:size], t.b[i0:][:size], t.ci[i0:][:size]
		for x, c := range row {
			col[x] = c
			f := scale[c+1]
			a[x], bb[x], ci[x] = float32(f*a0[x]), float32(f*b0[x]), fixedSlot[c+1]
			stones[ns] = int32(i0 + x)
			ns += int(c & 1) // 1 for a stone, without a branch
		}
	}
	t.stoneList = stones[:ns]
	t.adj, t.ends, t.nc = t.adj[:0], t.ends[:0], 0
	if r.fixed {
		t.val = t.val[:2]
		t.val[0], t.val[1] = 1, -1 // ci points at them on stones for good
	} else {
		t.findChains(float32(r.kappa))
		t.nc = len(t.colour)
	}
	t.buildMasks()
}

// buildMasks pads val with zeros to nt tables of 32 and sets masks.
func (t *tables32) buildMasks() {
	nv := len(t.val)
	nt := max(2, (nv+31)/32)
	t.nt = nt
	t.val = t.val[:32*nt]
	clear(t.val[nv:])
	masks := t.masks[:t.n/lanes32*nt]
	clear(masks)
	first := int32(t.first)
	for _, p := range t.stoneList {
		i := p - first
		masks[int(i/lanes32)*nt+int(t.ci[p]/32)] |= 1 << (i % lanes32)
	}
	t.masks = masks
}

// b2i is 1 for true and 0 for false.
func b2i(b bool) int32 {
	var i int32
	if b {
		i = 1
	}
	return i
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
	const m = cellsMax - 1
	col, label, mark := &t.colour32, &t.label, &t.mark
	copy(col[:], t.col)
	clear(label[:len(t.col)])
	clear(mark[:len(t.col)])
	w := int32(t.w)
	// A breadth-first fill per chain, with the list of stones as its
	// queue; every stone is listed once and every cell at most four times
	// in A(C)s, so the buffers are large enough.
	// The board's contents make branches here unpredictable, so a
	// neighbour is written to both lists and counted in one or neither
	// (the buffers have a cell to spare for that), and mark is set on
	// every neighbour, as only this chain reads it.
	n := len(t.stoneList)
	st := slices.Grow(t.st[:0], n+1)[:n+1]
	stCh := slices.Grow(t.stCh[:0], n)[:n]
	tmp := slices.Grow(t.tmp[:0], 4*n+1)[:4*n+1]
	tmpOff := append(t.tmpOff[:0], 0)
	colour := t.colour[:0]
	nst, ntmp, nc := 0, 0, int32(0)
	dirs := [4]int32{-w, -1, 1, w}
	for _, start := range t.stoneList {
		if label[start&m] != 0 {
			continue
		}
		c := col[start&m]
		id := nc + 1
		colour = append(colour, c)
		label[start&m], mark[start&m] = id, id
		st[nst] = start
		for head := nst; head <= nst; head++ {
			p := st[head]
			stCh[head] = nc
			for _, d := range dirs {
				q := (p + d) & m
				cq := col[q]
				same := b2i(cq == c) & b2i(label[q] == 0)
				label[q] |= id & -same
				st[nst+1] = q
				nst += int(same)
				adj := b2i(cq != c) & b2i(cq != offBoard) & b2i(mark[q] != id)
				mark[q] = id
				tmp[ntmp] = q
				ntmp += int(adj)
			}
		}
		nst++
		nc++
		tmpOff = append(tmpOff, int32(ntmp))
	}
	t.st, t.stCh, t.tmp, t.tmpOff, t.colour = st[:n], stCh, tmp[:ntmp], tmpOff, colour

	// Sort the chains by the length of A(C) (a stable counting sort) and
	// deal them out, longest first, each to the lane with the fewest
	// entries so far.
	length := func(i int32) int32 { return max(1, tmpOff[i+1]-tmpOff[i]) }
	longest := int32(1)
	for i := range nc {
		longest = max(longest, length(i))
	}
	count := slices.Grow(t.count[:0], int(longest)+2)[:longest+2]
	clear(count)
	for i := range nc {
		count[length(i)+1]++
	}
	for k := 1; k < len(count); k++ {
		count[k] += count[k-1]
	}
	byLen := slices.Grow(t.byLen[:0], int(nc))[:nc]
	for i := range nc {
		byLen[count[length(i)]] = i
		count[length(i)]++
	}
	start := slices.Grow(t.start[:0], int(nc))[:nc]
	lane := slices.Grow(t.lane[:0], int(nc))[:nc]
	// A lane's key is its load times 16 plus its number: the least key
	// is the least loaded lane (the lowest numbered of a tie).
	var key [lanes32]int32
	for l := range key {
		key[l] = int32(l)
	}
	for k := nc - 1; k >= 0; k-- {
		i := byLen[k]
		least := min(
			min(min(key[0], key[1]), min(key[2], key[3])),
			min(min(key[4], key[5]), min(key[6], key[7])),
			min(min(key[8], key[9]), min(key[10], key[11])),
			min(min(key[12], key[13]), min(key[14], key[15])))
		l := least % lanes32
		start[i], lane[i] = least/lanes32, l
		key[l] += length(i) * lanes32
	}
	var load [lanes32]int32
	for l, k := range key {
		load[l] = k / lanes32
	}
	rows := slices.Max(load[:])
	t.count, t.byLen, t.start, t.lane = count, byLen, start, lane

	// The rows: entries relative to first, with one[s+1] the cell whose
	// factor is 1 for a chain of colour s, and one[1-s] the cell whose
	// factor is 0; a lane's tail is filled up with factors 1.
	cells := lanes32 * int(rows)
	t.adj = slices.Grow(t.adj[:0], cells)[:cells]
	t.hrow = slices.Grow(t.hrow[:0], cells)[:cells]
	endChain := slices.Grow(t.endChain[:0], cells)[:cells]
	t.ends = slices.Grow(t.ends[:0], int(rows))[:rows]
	t.eoff = slices.Grow(t.eoff[:0], int(rows))[:rows]
	clear(t.ends)
	first := int32(t.first)
	one := [3]int32{t.padOne(board.White) - first, 0, t.padOne(board.Black) - first}
	for l, n := range load {
		for e := n; e < rows; e++ {
			t.adj[lanes32*e+int32(l)], t.hrow[lanes32*e+int32(l)] = one[2], 0.5
		}
	}
	for i := range nc {
		s := colour[i]
		h := float32(s) / 2
		list := tmp[tmpOff[i]:tmpOff[i+1]]
		base := lanes32*start[i] + lane[i]
		for e, q := range list {
			t.adj[base+lanes32*int32(e)], t.hrow[base+lanes32*int32(e)] = q-first, h
		}
		if len(list) == 0 {
			// A chain with no adjacent point (it fills the board) has G =
			// its colour: a factor 0 makes the product 0.
			t.adj[base], t.hrow[base] = one[1-s], h
		}
		end := start[i] + length(i) - 1
		t.ends[end] |= 1 << lane[i]
		endChain[lanes32*end+lane[i]] = i
	}
	t.endChain = endChain

	// Number the chains in the order the rows finish them: that is where
	// the chain pass writes their values.
	slot := slices.Grow(t.slot[:0], int(nc))[:nc]
	k := int32(0)
	for e, m := range t.ends {
		t.eoff[e] = k
		for l := range int32(lanes32) {
			if m>>l&1 != 0 {
				slot[endChain[lanes32*int32(e)+l]] = k
				k++
			}
		}
	}
	t.slot = slot
	blocks := (nc + lanes32 - 1) / lanes32
	t.kc = t.kc[:lanes32*blocks]
	clear(t.kc[nc:])
	for i := range nc {
		t.kc[slot[i]] = kappa * float32(colour[i])
	}
	t.val = t.val[:nc]
	for j, i := range stCh {
		t.ci[st[j]] = slot[i]
	}
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
