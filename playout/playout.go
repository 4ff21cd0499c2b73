package playout

import (
	"goeval/board"
)

const (
	// maxPad is the length of the per-cell arrays: a power of two at
	// least the number of cells of the largest padded board, so that an
	// index masked with m needs no bounds check.
	maxPad = 1024
	m      = maxPad - 1
	// edge marks the ring of cells around the board.
	edge int8 = 2
	// none is the padded index that is no point: the corner of the ring.
	// It is the head of every cell without a stone, and its per-head
	// entries (libs, lsum, lsq) are a sink: updates meant for a
	// neighbour's chain go there when the neighbour has none, so that
	// they need no test, and nothing reads them.
	none int16 = 0
	// stride is the row stride of the padded board, the same for every
	// size, so that the neighbours' offsets are constants: the largest
	// board, 25x25, and its ring take 27 cells of each of 27 rows.
	stride = 32
)

// neighbours returns the padded indices of the four neighbours of p.
func neighbours(p int16) [4]int16 { return [4]int16{p - stride, p - 1, p + 1, p + stride} }

// The largest padded board fits in a row stride and in the arrays.
var (
	_ [stride - (board.MaxSize + 2)]struct{}
	_ [maxPad - (board.MaxSize+2)*stride]struct{}
)

// Board is a position made for playing fast: a padded board with a ring
// of edge cells, every chain a ring of stones with a head, and each head
// holding the chain's pseudo-liberties (the number of stone–empty
// adjacencies, so an empty point next to two of its stones counts twice)
// with the sum of their padded indices and of their squares. A chain is
// captured when its pseudo-liberties reach 0, and it has a single liberty
// exactly when its pseudo-liberties are all one point: when n·Σq² = (Σq)²
// for n pseudo-liberties q (Cauchy–Schwarz), the point being Σq/n. So
// whether a chain is in atari, and where, takes no walk along the chain.
// The empty points are kept in a list for drawing moves.
// The zero value is not ready; Load a position first.
type Board struct {
	size int

	cell  [maxPad]int8  // Empty, Black, White or edge
	head  [maxPad]int16 // a stone's chain head; none on every other cell
	next  [maxPad]int16 // the next stone of the chain's ring
	libs  [maxPad]int16 // per head: pseudo-liberties
	lsum  [maxPad]int32 // per head: the sum of the pseudo-liberties' padded indices
	lsq   [maxPad]int32 // per head: the sum of their squares
	count [maxPad]int16 // per head: stones
	// nb holds per cell its neighbours by kind, a byte each: empty in
	// bits 0-7, Black in 8-15, White in 16-23, edge in 24-31 (kept on
	// every cell, so that a captured stone's point has them).
	nb [maxPad]uint32

	empty  [maxPad]int16 // the empty points, in no order
	where  [maxPad]int16 // an empty point's index in empty
	nEmpty int

	ko     int16 // the point the side to move may not retake, or none
	toMove int8

	pad [board.MaxPoints]int16 // point -> padded index
}

// Load sets the board to b's position, with its side to move and ko.
func (pb *Board) Load(b *board.Board) { pb.LoadTransformed(b, board.Identity) }

// LoadTransformed sets the board to the image of b's position under the
// symmetry s (as b.Transformed(s) would give it, without allocating): its
// points, empty-point list and chains are laid out in the image's own
// point order (a chain's head is its first stone in that order, and its
// ring runs through its stones in that order), so that the board, and the
// playouts from it, depend on the image only, not on which board and
// symmetry it came from.
func (pb *Board) LoadTransformed(b *board.Board, s board.Symmetry) {
	g := b.Geometry()
	n := g.Size
	pb.setSize(n)
	pb.clearCells()
	cells := b.Cells()
	pb.nEmpty = 0
	o, dx, dy := affine(g, inverse(s))
	for y := range n {
		for x := range n {
			c := cells[o+x*dx+y*dy]
			q := pb.pad[y*n+x]
			pb.cell[q&m] = int8(c)
			if c == board.Empty {
				pb.addEmpty(q)
			}
		}
	}
	for p := range cells {
		q := pb.pad[p]
		v := uint32(0)
		for _, r := range neighbours(q) {
			v += nbOf[(pb.cell[r&m]+1)&3]
		}
		pb.nb[q&m] = v
	}
	// Chains: flood each unlabelled stone's chain, its first stone in
	// point order becoming its head, then link the rings in point order.
	var tail [maxPad]int16
	for p := range cells {
		q := pb.pad[p]
		if pb.cell[q&m] == int8(board.Empty) {
			continue
		}
		if h := pb.head[q&m]; h == none {
			pb.flood(q)
			pb.next[q&m], tail[q&m] = q, q
		} else {
			pb.next[q&m], pb.next[tail[h&m]&m], tail[h&m] = h, q, q
		}
	}
	pb.toMove = int8(b.ToMove())
	pb.ko = none
	if k := b.Ko(); k != board.Pass {
		pb.ko = pb.pad[g.Transform(k, s)]
	}
}

// nbOf is what a neighbour adds to a cell's nb, by its cell value plus 1
// (White, Empty, Black, edge).
var nbOf = [4]uint32{1 << shiftWhite, 1, 1 << shiftBlack, 1 << 24}

// setSize lays the board out for size n.
func (pb *Board) setSize(n int) {
	if pb.size == n {
		return
	}
	pb.size = n
	for y := range n {
		for x := range n {
			pb.pad[y*n+x] = int16((y+1)*stride + x + 1)
		}
	}
}

// clearCells makes every cell an edge cell with no chain, ready for the
// board's points to be written in.
func (pb *Board) clearCells() {
	for i := range (pb.size + 2) * stride {
		pb.cell[i&m], pb.head[i&m] = edge, none
	}
}

// image sets pb to base's position under the symmetry s, exactly as
// LoadTransformed(b, s) would from the position b that base was loaded from (by
// Load), but in one pass over the points and one over the empty points, without
// flooding: the chains, their stone counts and pseudo-liberties and every
// point's neighbours by kind are the same in every image, only the layout and
// the order of the points change (and with the layout the sums of the
// pseudo-liberties' indices). first and last are scratch, one cell per chain
// head of base.
func (pb *Board) image(base *Board, b *board.Board, s board.Symmetry, first, last *[maxPad]int16) {
	g := b.Geometry()
	n := g.Size
	pb.setSize(n)
	pb.clearCells()
	for i := range (base.size + 2) * stride {
		first[i&m] = none
	}
	pb.nEmpty = 0
	o, dx, dy := affine(g, inverse(s))
	for y := range n {
		for x := range n {
			q := pb.pad[y*n+x]
			src := base.pad[o+x*dx+y*dy]
			c := base.cell[src&m]
			pb.cell[q&m], pb.nb[q&m] = c, base.nb[src&m]
			if c == int8(board.Empty) {
				pb.addEmpty(q)
				continue
			}
			bh := base.head[src&m]
			if h := first[bh&m]; h == none {
				first[bh&m], last[bh&m] = q, q
				pb.head[q&m], pb.next[q&m] = q, q
				pb.count[q&m], pb.libs[q&m] = base.count[bh&m], 0
				pb.lsum[q&m], pb.lsq[q&m] = 0, 0
			} else {
				pb.head[q&m], pb.next[q&m], pb.next[last[bh&m]&m], last[bh&m] = h, h, q, q
			}
		}
	}
	// The pseudo-liberties are the same in every image, but the sums of
	// their indices change with the layout: count them again, from the
	// empty points (a neighbour without a stone counting in the sink).
	for _, q := range pb.empty[:pb.nEmpty] {
		for _, r := range neighbours(q) {
			pb.addLiberty(pb.head[r&m], q)
		}
	}
	pb.toMove = base.toMove
	pb.ko = none
	if k := b.Ko(); k != board.Pass {
		pb.ko = pb.pad[g.Transform(k, s)]
	}
}

// addLiberty counts q as one more pseudo-liberty of the chain headed h.
func (pb *Board) addLiberty(h, q int16) {
	pb.libs[h&m]++
	pb.lsum[h&m] += int32(q)
	pb.lsq[h&m] += int32(q) * int32(q)
}

// affine returns the image of the point (0, 0) under s and how the image
// moves when x or y grows by one: the image of the point (x, y) is
// o + x·dx + y·dy, as every symmetry of the square is affine.
func affine(g *board.Geometry, s board.Symmetry) (o, dx, dy int) {
	o = int(g.Transform(g.At(0, 0), s))
	if g.Size == 1 {
		return o, 0, 0
	}
	return o, int(g.Transform(g.At(1, 0), s)) - o, int(g.Transform(g.At(0, 1), s)) - o
}

// shift returns where a cell's nb counts the neighbours of colour c
// (Black or White).
func shift(c int8) uint { return uint(12 - 4*int(c)) }

// The shifts of Black's and White's counts in nb.
const (
	shiftBlack = 8
	shiftWhite = 16
)

// free returns the number of p's empty neighbours.
func (pb *Board) free(p int16) uint32 { return pb.nb[p&m] & 0xff }

// own returns the number of p's neighbours of colour c.
func (pb *Board) own(p int16, c int8) uint32 { return pb.nb[p&m] >> shift(c) & 0xff }

// inverse returns the symmetry that undoes s.
func inverse(s board.Symmetry) board.Symmetry {
	switch s {
	case board.Rotate90:
		return board.Rotate270
	case board.Rotate270:
		return board.Rotate90
	}
	return s
}

// hash returns a hash of the position as the side to move sees it: the
// stones as its own or the opponent's, the ko, and the size. Swapping the
// colours (and so the side to move) leaves it unchanged.
func (pb *Board) hash() uint64 { return pb.hashAffine(0, 1, int(pb.size), pb.ko) }

// hashAffine returns hash of the image whose point (x, y) is pb's point
// o + x·dx + y·dy and whose ko is ko (a padded index).
func (pb *Board) hashAffine(o, dx, dy int, ko int16) uint64 {
	n := int(pb.size)
	h := uint64(14695981039346656037) ^ uint64(pb.size)
	for y := range n {
		for x := range n {
			v := pb.cell[pb.pad[o+x*dx+y*dy]&m] * pb.toMove
			h = (h ^ uint64(v+2)) * 1099511628211
		}
	}
	if ko != none {
		// The ko enters the hash by its index on the board padded by one
		// ring (row stride n+2), as it did before the board took a fixed
		// stride: so the generators' seeds, and with them the games, stay the same.
		ko = int16(int(ko)/stride*(n+2) + int(ko)%stride)
	}
	return (h ^ uint64(ko)) * 1099511628211
}

// imageHash returns the hash of pb's position under the symmetry s, b
// being the position pb was loaded from: the hash of the image that image
// would lay out, without laying it out.
func (pb *Board) imageHash(b *board.Board, s board.Symmetry) uint64 {
	g := b.Geometry()
	o, dx, dy := affine(g, inverse(s))
	ko := none
	if k := b.Ko(); k != board.Pass {
		ko = pb.pad[g.Transform(k, s)]
	}
	return pb.hashAffine(o, dx, dy, ko)
}

// flood labels the chain of the stone at h with head h. The ring it links
// is its own work list: each new stone goes in after the last one added,
// and the walk along the ring from h meets every stone once.
func (pb *Board) flood(h int16) {
	c := pb.cell[h&m]
	pb.head[h&m], pb.next[h&m] = h, h
	pb.libs[h&m], pb.lsum[h&m], pb.lsq[h&m] = 0, 0, 0
	count := int16(0)
	last := h
	for s := h; ; {
		count++
		for _, q := range neighbours(s) {
			switch pb.cell[q&m] {
			case int8(board.Empty):
				pb.addLiberty(h, q)
			case c:
				if pb.head[q&m] == none {
					pb.head[q&m] = h
					pb.next[q&m], pb.next[last&m] = h, q
					last = q
				}
			}
		}
		s = pb.next[s&m]
		if s == h {
			break
		}
	}
	pb.count[h&m] = count
}

// atariLiberty returns the only liberty of the chain headed h, or none if
// it has more than one, or none at all: its n pseudo-liberties are all one
// point q exactly when n·Σq² = (Σq)², which is then Σq/n. (Play never
// leaves a chain without a liberty, but setup stones can: such a chain
// cannot be captured until it gains one, so it has no liberty to answer.)
func (pb *Board) atariLiberty(h int16) int16 {
	q, _ := onePoint(int64(pb.libs[h&m]), int64(pb.lsum[h&m]), int64(pb.lsq[h&m]))
	return q
}

// onlyLiberty reports whether p is the only liberty of the chain headed h:
// whether its n pseudo-liberties are all p, that is n·p = Σq and n·p² = Σq²
// (if both hold, n·Σq² = (Σq)², so they are all one point, p). It is
// atariLiberty(h) == p without the division, in int32: on the largest board
// n·p² is below 2,500·858² (the last point of 25x25 is padded index 858),
// within range.
func (pb *Board) onlyLiberty(h, p int16) bool {
	n, q := int32(pb.libs[h&m]), int32(p)
	return n*q == pb.lsum[h&m] && n*q*q == pb.lsq[h&m]
}

// onePoint returns the point q if n > 0 points whose indices sum to s and
// whose squares sum to sq are all q, and whether they are: they are
// exactly when n·sq = s² (Cauchy–Schwarz), and then q = s/n. It returns
// none, false otherwise, and for n = 0.
func onePoint(n, s, sq int64) (int16, bool) {
	if n*sq != s*s || n == 0 {
		return none, false
	}
	return int16(s / n), true
}

// legal reports whether c may play the empty point p: it is not the ko
// point and the stone will have a liberty, through an empty neighbour, a
// friendly chain with a liberty besides p or a capture.
func (pb *Board) legal(p int16, c int8) bool {
	if p == pb.ko && c == pb.toMove {
		return false
	}
	return pb.free(p) != 0 ||
		pb.gives(p-stride, p, c) || pb.gives(p-1, p, c) || pb.gives(p+1, p, c) || pb.gives(p+stride, p, c)
}

// gives reports whether the neighbour q of the empty point p gives a c
// stone played on p a liberty without an empty point: q is a friendly
// chain with a liberty besides p, or an enemy chain without one.
func (pb *Board) gives(q, p int16, c int8) bool {
	v := pb.cell[q&m]
	return v != edge && v != int8(board.Empty) && (v == c) != pb.onlyLiberty(pb.head[q&m], p)
}

// eyelike reports whether p is an eye of c for the playouts' purpose:
// every neighbour c's or off the board, and at most one diagonal the
// opponent's (none on the edge).
func (pb *Board) eyelike(p int16, c int8) bool {
	v := pb.nb[p&m]
	edges := v >> 24
	if v>>shift(c)&0xff+edges != 4 {
		return false
	}
	foes := pb.foe(p-stride-1, c) + pb.foe(p-stride+1, c) + pb.foe(p+stride-1, c) + pb.foe(p+stride+1, c)
	if edges != 0 {
		return foes == 0
	}
	return foes < 2
}

// foe returns 1 if q holds a stone of the opponent of c, else 0.
func (pb *Board) foe(q int16, c int8) int {
	if pb.cell[q&m] == -c {
		return 1
	}
	return 0
}

// play puts a c stone on the empty point p, which must be legal for c, and
// makes the capture, the ko and the turn follow.
func (pb *Board) play(p int16, c int8) {
	pb.removeEmpty(p)
	pb.cell[p&m] = c
	pb.head[p&m], pb.next[p&m] = p, p
	pb.count[p&m], pb.libs[p&m] = 1, int16(pb.free(p))
	pb.lsum[p&m], pb.lsq[p&m] = 0, 0
	add := uint32(1)<<shift(c) - 1 // a neighbour's empty count down, its c count up
	p1, p2 := int32(p), int32(p)*int32(p)
	// Count the stone in every neighbour's nb, take a liberty from every
	// neighbouring chain, and sum the stone's own, without a branch; then
	// join the friendly chains (the liberty counts and sums only add up,
	// so the order does not matter, and the stone's own go to its chain's
	// head at the end). The four neighbours are written out, at constant
	// offsets.
	e0 := pb.touch(p-stride, add, p1, p2)
	e1 := pb.touch(p-1, add, p1, p2)
	e2 := pb.touch(p+1, add, p1, p2)
	e3 := pb.touch(p+stride, add, p1, p2)
	q0, q1, q2, q3 := p1-stride, p1-1, p1+1, p1+stride
	s1 := e0*q0 + e1*q1 + e2*q2 + e3*q3
	s2 := e0*q0*q0 + e1*q1*q1 + e2*q2*q2 + e3*q3*q3
	if pb.own(p, c) != 0 {
		for _, q := range neighbours(p) {
			if pb.joins(p, q, c) {
				pb.merge(pb.head[p&m], pb.head[q&m])
			}
		}
	}
	h := pb.head[p&m]
	pb.lsum[h&m] += s1
	pb.lsq[h&m] += s2
	// An opponent chain left without a liberty is captured; whether there
	// is one is asked without a branch, as there seldom is.
	dead := pb.lost(p-stride, c) | pb.lost(p-1, c) | pb.lost(p+1, c) | pb.lost(p+stride, c)
	captured, last := 0, none
	if dead != 0 {
		for _, q := range neighbours(p) {
			if pb.cell[q&m] == -c && pb.libs[pb.head[q&m]&m] == 0 {
				captured += pb.capture(pb.head[q&m])
				last = q
			}
		}
	}
	pb.ko = none
	if captured == 1 && pb.count[h&m] == 1 && pb.libs[h&m] == 1 {
		pb.ko = last
	}
	pb.toMove = -c
}

// touch does play's work on the neighbour q of the stone just put on the
// point p (p1 = p, p2 = p²): it counts the stone in q's nb (add) and takes
// the liberty p from q's chain (from the sink if q has none); it returns
// 1 if q is empty (a liberty of the stone), else 0.
func (pb *Board) touch(q int16, add uint32, p1, p2 int32) int32 {
	pb.nb[q&m] += add
	hq := pb.head[q&m]
	pb.libs[hq&m]--
	pb.lsum[hq&m] -= p1
	pb.lsq[hq&m] -= p2
	return isZero(int32(pb.cell[q&m]))
}

// joins reports whether the neighbour q of the stone at p is a c stone of
// another chain, to be merged with p's.
func (pb *Board) joins(p, q int16, c int8) bool {
	return pb.cell[q&m] == c && pb.head[q&m] != pb.head[p&m]
}

// lost returns 1 if q holds a stone of the opponent of c whose chain has
// no liberty left, else 0, without a branch.
func (pb *Board) lost(q int16, c int8) int32 {
	return isZero(int32(pb.cell[q&m])*int32(c)+1) & isZero(int32(pb.libs[pb.head[q&m]&m]))
}

// isZero returns 1 if x is 0, else 0, without a branch.
func isZero(x int32) int32 { return (x|-x)>>31 + 1 }

// merge joins the chains headed a and b under the head of the larger.
func (pb *Board) merge(a, b int16) {
	if pb.count[a&m] < pb.count[b&m] {
		a, b = b, a
	}
	for s := b; ; {
		pb.head[s&m] = a
		s = pb.next[s&m]
		if s == b {
			break
		}
	}
	pb.next[a&m], pb.next[b&m] = pb.next[b&m], pb.next[a&m]
	pb.count[a&m] += pb.count[b&m]
	pb.libs[a&m] += pb.libs[b&m]
	pb.lsum[a&m] += pb.lsum[b&m]
	pb.lsq[a&m] += pb.lsq[b&m]
}

// capture removes the chain headed h and returns its number of stones.
func (pb *Board) capture(h int16) int {
	n := int(pb.count[h&m])
	sub := 1 - uint32(1)<<shift(pb.cell[h&m]) // a neighbour's empty count up, the stone's colour's down
	s := h
	for {
		pb.cell[s&m] = int8(board.Empty)
		pb.addEmpty(s)
		s = pb.next[s&m]
		if s == h {
			break
		}
	}
	// Every neighbour of a removed stone gains it as a liberty, without a
	// branch: one without a chain (empty, the edge, or a stone removed
	// already) through the sink, and a removed stone not yet unlinked
	// through its old head, which nothing reads again before a stone is
	// played there.
	for {
		pb.head[s&m] = none
		pb.freed(s-stride, s, sub)
		pb.freed(s-1, s, sub)
		pb.freed(s+1, s, sub)
		pb.freed(s+stride, s, sub)
		s = pb.next[s&m]
		if s == h {
			break
		}
	}
	return n
}

// freed does capture's work on the neighbour q of the removed stone s:
// q's nb counts s as empty again (sub), and q's chain gains s as a
// liberty.
func (pb *Board) freed(q, s int16, sub uint32) {
	pb.nb[q&m] += sub
	pb.addLiberty(pb.head[q&m], s)
}

func (pb *Board) addEmpty(p int16) {
	pb.where[p&m] = int16(pb.nEmpty)
	pb.empty[pb.nEmpty&m] = p
	pb.nEmpty++
}

func (pb *Board) removeEmpty(p int16) {
	i := pb.where[p&m]
	pb.nEmpty--
	last := pb.empty[pb.nEmpty&m]
	pb.empty[i&m] = last
	pb.where[last&m] = i
}

// selfAtari reports whether c playing the legal empty point p would make
// a chain of two or more stones with a single liberty without capturing:
// a move random play should not make, since it throws away a group that
// may be alive (a single stone may still be thrown in, as killing shapes
// need). The new chain's liberties are p's empty neighbours and each
// friendly neighbour chain's liberties besides p, which the liberty sums
// tell without a walk (see libertyBesides); it stops at the second.
func (pb *Board) selfAtari(p int16, c int8) bool {
	if pb.free(p) > 1 || pb.own(p, c) == 0 {
		return false // two liberties, or a single stone
	}
	lib := none // the one liberty found so far
	for _, q := range neighbours(p) {
		x := none
		switch v := pb.cell[q&m]; v {
		case int8(board.Empty):
			x = q
		case edge:
			continue
		case c:
			var two bool
			if x, two = pb.libertyBesides(pb.head[q&m], p); two {
				return false
			}
		default:
			if pb.onlyLiberty(pb.head[q&m], p) {
				return false // a capture
			}
			continue
		}
		if x != none {
			if lib != none && x != lib {
				return false
			}
			lib = x
		}
	}
	return true
}

// of returns 1 if the cell q is a stone of the chain headed h, else 0,
// without a branch.
func (pb *Board) of(q, h int16) int32 { return isZero(int32(pb.head[q&m]) - int32(h)) }

// libertyBesides returns the liberty of the chain headed h besides its
// liberty p, none if it has no other, and whether it has two or more
// others instead: the sums less p's share, p being counted once for each
// of its neighbours in the chain.
func (pb *Board) libertyBesides(h, p int16) (lib int16, two bool) {
	k := int64(pb.of(p-stride, h) + pb.of(p-1, h) + pb.of(p+1, h) + pb.of(p+stride, h))
	q := int64(p)
	n := int64(pb.libs[h&m]) - k
	if n == 0 {
		return none, false
	}
	lib, one := onePoint(n, int64(pb.lsum[h&m])-k*q, int64(pb.lsq[h&m])-k*q*q)
	return lib, !one
}
