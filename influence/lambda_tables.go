package influence

import (
	"slices"

	"goeval/board"
)

// tables is the working memory of Symmetric: the position in a padded
// layout, the update coefficients of every point and the chain tables,
// rebuilt only when the stones change.
//
// The padded layout has one border column, shared by neighbouring rows,
// and a border row above and below: the point in column x and row y is at
// index (y+1)·w + x + 1 with w = size+1. Border cells hold 0 and never
// change, so that the four padded neighbours of every point give the right
// sums S1 and S3 of its on-board neighbours.
type tables struct {
	size   int
	stones [board.MaxPoints]board.Color // the stones the tables were built for
	builds int                          // how many times prepare built them (for tests)
	w      int                          // row stride
	first  int                          // index of the top-left point
	end    int                          // one past the index of the bottom-right point

	// Per padded index.
	a0, b0 []float64     // coefficients of S1 and S3 for an empty point (they depend on the degree)
	a, b   []float64     // coefficients of S1 and S3 (times 1-κ on stones)
	kg     []float64     // κ·G of the point's chain, rewritten every step; 0 on empty points
	x, y   []float64     // current and next values
	col    []board.Color // colour, or offBoard
	label  []int32       // 1 + chain, on stones
	mark   []int32       // 1 + the last chain that listed the cell in its A(C)

	// Chains, sorted by the length of A(C) and grouped in quads of four
	// (the last quad filled up with dummies), so that one vector holds a
	// quad. Per chain slot (4 per quad):
	half []float64 // colour/2; 1/2 for a dummy
	kc   []float64 // κ·colour; 0 for a dummy
	val  []float64 // κ·G, rewritten every step
	// Per quad: qlen is the length of the longest A(C) of the quad,
	// rounded up to even (the assembly keeps two running products); its
	// entries follow the previous quad's in adj, entry-major (entry k of
	// slot l at 4k+l), as padded indices; a shorter A(C) is filled up with
	// a cell whose factor is 1 (padOne).
	qlen []int32
	adj  []int32
	st   []int32 // padded indices of the stones
	stCh []int32 // per stone: its chain (in board order; scratch)
	// Per stone: its padded index in the low 16 bits and the slot of its
	// chain in the high 16 (both below 1024 on a 25x25 board).
	stones2 []uint32

	stoneList []int32 // padded indices of the stones in map order

	// Scratch of findChains.
	tmpOff, tmp, count, rank, qoff []int32
	colour                         []board.Color
}

// offBoard marks border cells in tables.col.
const offBoard board.Color = 2

// rowStart returns the padded index of the first point of row y.
func (t *tables) rowStart(y int) int { return (y+1)*t.w + 1 }

// resize allocates the tables for a size x size board and sets the
// coefficients of empty points for λ.
func (t *tables) resize(size int, lambda float64) {
	t.size = size
	t.w = size + 1
	t.first = t.rowStart(0)
	t.end = t.rowStart(size-1) + size
	// 8 cells of room for the vector kernel's last block, then the two
	// cells of padOne.
	n := (size+2)*t.w + 1 + 8 + 2
	t.a0, t.b0 = make([]float64, n), make([]float64, n)
	t.a, t.b, t.kg = make([]float64, n), make([]float64, n), make([]float64, n)
	t.x, t.y = make([]float64, n), make([]float64, n)
	t.col = make([]board.Color, n)
	t.label, t.mark = make([]int32, n), make([]int32, n)
	t.stoneList = make([]int32, 0, size*size)
	for _, v := range [][]float64{t.x, t.y} {
		v[n-2], v[n-1] = -1, 1 // see padOne
	}
	for i := range t.col {
		t.col[i] = offBoard
	}
	for y := range size {
		for x := range size {
			i := t.rowStart(y) + x
			t.col[i] = board.Empty
			deg := 4
			if x == 0 || x == size-1 {
				deg--
			}
			if y == 0 || y == size-1 {
				deg--
			}
			switch deg {
			case 4: // F = ((1+2λ)S1 + (1-2λ)S3)/8
				t.a0[i], t.b0[i] = (1+2*lambda)/8, (1-2*lambda)/8
			case 3: // F = (S1+S3)/4 + λ(S1-3S3)/4
				t.a0[i], t.b0[i] = (1+lambda)/4, (1-3*lambda)/4
			case 2: // F = (x1+x2)/2, and S3 = 0
				t.a0[i], t.b0[i] = 0.5, 0
			}
		}
	}
}

// padOne returns the index of the cell whose factor (1 - s·x)/2 in the
// product of a chain of colour s is 1: the cell holding -s.
func (t *tables) padOne(s float64) int32 {
	if s > 0 {
		return int32(len(t.x) - 2) // holds -1
	}
	return int32(len(t.x) - 1) // holds +1
}

// prepare builds the tables for b unless they were built for the same
// stones (and size).
func (t *tables) prepare(b *board.Board, r *resolved) {
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
	kappa := r.kappa
	scale := [3]float64{1 - kappa, 1, 1 - kappa} // by colour+1
	stones := t.stoneList[:cap(t.stoneList)]
	ns := 0
	for y := range size {
		row := cells[y*size : (y+1)*size]
		i0 := t.rowStart(y)
		col, a0, b0 := t.col[i0:][:size], t.a0[i0:][:size], t.b0[i0:][:size]
		a, b, kg := t.a[i0:][:size], t.b[i0:][:size], t.kg[i0:][:size]
		for x, c := range row {
			col[x] = c
			f := scale[c+1]
			a[x], b[x], kg[x] = f*a0[x], f*b0[x], kappa*float64(c)
			stones[ns] = int32(i0 + x)
			ns += int(c & 1) // 1 for a stone, without a branch
		}
	}
	t.stoneList = stones[:ns]
	if r.fixed {
		return // kg holds ±1 on stones for good
	}
	t.findChains(kappa)
}

// findChains labels the chains, lists their A(C) and builds the chain
// tables.
func (t *tables) findChains(kappa float64) {
	col, label, mark := t.col, t.label, t.mark
	clear(label)
	clear(mark)
	w := int32(t.w)
	// A breadth-first fill per chain, with the list of stones as its
	// queue; every stone is listed once and every cell at most four times
	// in A(C)s, so the buffers are large enough.
	n := len(t.stoneList)
	st := slices.Grow(t.st[:0], n)[:n]
	stCh := slices.Grow(t.stCh[:0], n)[:n]
	tmp := slices.Grow(t.tmp[:0], 4*n)[:4*n]
	tmpOff := append(t.tmpOff[:0], 0)
	colour := t.colour[:0]
	nst, ntmp, nc := 0, int32(0), int32(0)
	for _, start := range t.stoneList {
		if label[start] != 0 {
			continue
		}
		c := col[start]
		colour = append(colour, c)
		label[start] = nc + 1
		st[nst] = start
		for head := nst; head <= nst; head++ {
			p := st[head]
			stCh[head] = nc
			for _, q := range [4]int32{p - w, p - 1, p + 1, p + w} {
				switch cq := col[q]; {
				case cq == c:
					if label[q] == 0 {
						label[q] = nc + 1
						nst++
						st[nst] = q
					}
				case cq != offBoard && mark[q] != nc+1:
					mark[q] = nc + 1
					tmp[ntmp] = q
					ntmp++
				}
			}
		}
		nst++
		nc++
		tmpOff = append(tmpOff, ntmp)
	}
	t.st, t.stCh, t.tmp, t.tmpOff, t.colour = st, stCh, tmp[:ntmp], tmpOff, colour

	// Sort the chains by the length of A(C) (a stable counting sort): the
	// chains of a quad then have similar lengths, and the kernel's inner
	// loop runs the same number of times for long stretches.
	length := func(i int32) int32 { return max(1, t.tmpOff[i+1]-t.tmpOff[i]) }
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
	rank := slices.Grow(t.rank[:0], int(nc))[:nc]
	for i := range nc {
		rank[i] = count[length(i)]
		count[length(i)]++
	}
	t.count, t.rank = count, rank

	nq := (nc + 3) / 4
	slots := 4 * nq
	t.half = slices.Grow(t.half[:0], int(slots))[:slots]
	t.kc = slices.Grow(t.kc[:0], int(slots))[:slots]
	t.val = slices.Grow(t.val[:0], int(slots))[:slots]
	t.qlen = slices.Grow(t.qlen[:0], int(nq))[:nq]
	for k := range slots {
		t.half[k], t.kc[k] = 0.5, 0 // dummies
	}
	clear(t.qlen)
	entries := 0
	for i := range nc {
		k := rank[i]
		s := float64(t.colour[i])
		t.half[k], t.kc[k] = s/2, kappa*s
		t.qlen[k/4] = max(t.qlen[k/4], (length(i)+1)&^1) // even, for the kernel's two products
	}
	for _, l := range t.qlen {
		entries += 4 * int(l)
	}
	t.adj = slices.Grow(t.adj[:0], entries)[:entries]
	one := t.padOne(1)
	for i := range t.adj {
		t.adj[i] = one // dummies' entries
	}
	qoff := slices.Grow(t.qoff[:0], int(nq))[:nq]
	off := int32(0)
	for q, l := range t.qlen {
		qoff[q] = off
		off += 4 * l
	}
	t.qoff = qoff
	for i := range nc {
		k := rank[i]
		s := float64(t.colour[i])
		list := t.tmp[t.tmpOff[i]:t.tmpOff[i+1]]
		zero := t.padOne(-s)
		one := t.padOne(s)
		dst := t.adj[qoff[k/4]:]
		for e := range t.qlen[k/4] {
			v := one
			switch {
			case int(e) < len(list):
				v = list[e]
			case e == 0:
				// A chain with no adjacent point (it fills the board)
				// has G = its colour: a factor 0 makes the product 0.
				v = zero
			}
			dst[4*e+k%4] = v
		}
	}
	t.stones2 = t.stones2[:0]
	for j, i := range t.stCh {
		t.stones2 = append(t.stones2, uint32(t.st[j])|uint32(rank[i])<<16)
	}
}

// step takes one Jacobi step from x, swaps x and y (so that x holds the
// new values) and returns the sum of squared changes. A step first sets
// kg on every stone to κ·G of its chain (updateChains), then computes every
// point's new value a·S1 + b·S3 + kg in one pass over the padded layout
// (jacobiFast).
func (t *tables) step(fixed bool) float64 {
	if !fixed {
		t.updateChains()
	}
	sq := jacobiFast(t.y, t.x, t.a, t.b, t.kg, t.first, t.end, t.w)
	t.x, t.y = t.y, t.x
	return sq
}

// updateChains sets kg on every stone to κ·G of its chain, from x.
func (t *tables) updateChains() {
	chainsFast(t.val, t.half, t.kc, t.adj, t.qlen, t.x)
	kg, val := t.kg, t.val
	for _, ps := range t.stones2 {
		kg[ps&0xffff] = val[ps>>16]
	}
}
