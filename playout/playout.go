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
	none int16 = 0
)

// Board is a position made for playing fast: a padded board with a ring
// of edge cells, every chain a ring of stones with a head, and each head
// holding the chain's pseudo-liberties (the number of stone–empty
// adjacencies, so an empty point next to two of its stones counts twice).
// A chain is captured when its pseudo-liberties reach 0, and it has a
// liberty besides p when its pseudo-liberties exceed the number of its
// stones next to p. The empty points are kept in a list for drawing moves.
// The zero value is not ready; Load a position first.
type Board struct {
	size, stride int
	dir          [4]int16 // offsets of the four neighbours
	diag         [4]int16 // offsets of the four diagonal neighbours

	cell  [maxPad]int8  // Empty, Black, White or edge
	head  [maxPad]int16 // a stone's chain head; none on every other cell
	next  [maxPad]int16 // the next stone of the chain's ring
	libs  [maxPad]int16 // per head: pseudo-liberties
	count [maxPad]int16 // per head: stones
	// nb holds per cell its neighbours by kind, a byte each: empty in
	// bits 0-7, Black in 8-15, White in 16-23, edge in 24-31 (kept on
	// every cell, so that a captured stone's point has them).
	nb [maxPad]uint32

	empty  [maxPad]int16 // the empty points, in no order
	where  [maxPad]int16 // an empty point's index in empty
	nEmpty int

	mark   [maxPad]uint32 // liberty marks of selfAtari, by generation
	gen    uint32
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
		for _, d := range pb.dir {
			v += nbOf[(pb.cell[(q+d)&m]+1)&3]
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
	pb.size, pb.stride = n, n+2
	s := int16(pb.stride)
	pb.dir = [4]int16{-s, -1, 1, s}
	pb.diag = [4]int16{-s - 1, -s + 1, s - 1, s + 1}
	for y := range n {
		for x := range n {
			pb.pad[y*n+x] = int16((y+1)*pb.stride + x + 1)
		}
	}
}

// clearCells makes every cell an edge cell with no chain, ready for the
// board's points to be written in.
func (pb *Board) clearCells() {
	for i := range pb.stride * pb.stride {
		pb.cell[i&m], pb.head[i&m] = edge, none
	}
}

// image sets pb to base's position under the symmetry s, exactly as
// LoadTransformed(b, s) would from the position b that base was loaded
// from (by Load), but in one pass over the points and without flooding:
// the chains, their stone counts and pseudo-liberties and every point's
// neighbours by kind are the same in every image, only the layout and the
// order of the points change. first and last are scratch, one cell per
// chain head of base.
func (pb *Board) image(base *Board, b *board.Board, s board.Symmetry, first, last *[maxPad]int16) {
	g := b.Geometry()
	n := g.Size
	pb.setSize(n)
	pb.clearCells()
	for i := range base.stride * base.stride {
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
				pb.count[q&m], pb.libs[q&m] = base.count[bh&m], base.libs[bh&m]
			} else {
				pb.head[q&m], pb.next[q&m], pb.next[last[bh&m]&m], last[bh&m] = h, h, q, q
			}
		}
	}
	pb.toMove = base.toMove
	pb.ko = none
	if k := b.Ko(); k != board.Pass {
		pb.ko = pb.pad[g.Transform(k, s)]
	}
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
	count, libs := int16(0), int16(0)
	last := h
	for s := h; ; {
		count++
		for _, d := range pb.dir {
			q := s + d
			switch pb.cell[q&m] {
			case int8(board.Empty):
				libs++
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
	pb.count[h&m], pb.libs[h&m] = count, libs
}

// adjacent returns how many of p's neighbours belong to the chain headed h.
func (pb *Board) adjacent(p, h int16) int16 {
	k := int16(0)
	for _, d := range pb.dir {
		q := p + d
		if pb.head[q&m] == h {
			k++
		}
	}
	return k
}

// legal reports whether c may play the empty point p: it is not the ko
// point and the stone will have a liberty, through an empty neighbour, a
// friendly chain with a liberty besides p or a capture.
func (pb *Board) legal(p int16, c int8) bool {
	if p == pb.ko && c == pb.toMove {
		return false
	}
	for _, d := range pb.dir {
		q := p + d
		switch v := pb.cell[q&m]; v {
		case int8(board.Empty):
			return true
		case edge:
		default:
			h := pb.head[q&m]
			left := pb.libs[h&m]
			if left <= 4 { // else a liberty besides p for sure: p is next to at most 4 stones
				left -= pb.adjacent(p, h)
			}
			if (v == c) == (left > 0) {
				return true
			}
		}
	}
	return false
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
	onEdge := edges != 0
	foes := 0
	for _, d := range pb.diag {
		if pb.cell[(p+d)&m] == -c {
			foes++
		}
	}
	if onEdge {
		return foes == 0
	}
	return foes < 2
}

// play puts a c stone on the empty point p, which must be legal for c, and
// makes the capture, the ko and the turn follow.
func (pb *Board) play(p int16, c int8) {
	pb.removeEmpty(p)
	pb.cell[p&m] = c
	pb.head[p&m], pb.next[p&m] = p, p
	pb.count[p&m], pb.libs[p&m] = 1, int16(pb.free(p))
	add := uint32(1)<<shift(c) - 1 // a neighbour's empty count down, its c count up
	dir := pb.dir
	// One pass: count the stone in every neighbour's nb, take a liberty
	// from every neighbouring chain, and join the friendly ones, in
	// neighbour order (the liberty counts only add up, so the order does
	// not matter).
	for _, d := range dir {
		q := p + d
		pb.nb[q&m] += add
		switch v := pb.cell[q&m]; v {
		case int8(board.Empty), edge:
		default:
			hq := pb.head[q&m]
			pb.libs[hq&m]--
			if hp := pb.head[p&m]; v == c && hq != hp {
				pb.merge(hp, hq)
			}
		}
	}
	captured, last := 0, none
	for _, d := range dir {
		q := p + d
		if pb.cell[q&m] == -c && pb.libs[pb.head[q&m]&m] == 0 {
			captured += pb.capture(pb.head[q&m])
			last = q
		}
	}
	pb.ko = none
	if h := pb.head[p&m]; captured == 1 && pb.count[h&m] == 1 && pb.libs[h&m] == 1 {
		pb.ko = last
	}
	pb.toMove = -c
}

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
	for {
		pb.head[s&m] = none
		for _, d := range pb.dir {
			q := s + d
			pb.nb[q&m] += sub
			if v := pb.cell[q&m]; v != edge && v != int8(board.Empty) {
				pb.libs[pb.head[q&m]&m]++
			}
		}
		s = pb.next[s&m]
		if s == h {
			break
		}
	}
	return n
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
// need). It counts the chain's liberties exactly, marking them by
// generation, and stops at the second.
func (pb *Board) selfAtari(p int16, c int8) bool {
	if pb.free(p) > 1 || pb.own(p, c) == 0 {
		return false // two liberties, or a single stone
	}
	pb.gen++
	g := pb.gen
	pb.mark[p&m] = g // p is no liberty of the new chain
	libs := 0
	var seen [4]int16
	chains := 0
	for _, d := range pb.dir {
		q := p + d
		switch v := pb.cell[q&m]; v {
		case int8(board.Empty):
			pb.mark[q&m] = g
			libs++
		case edge:
		case c:
			h := pb.head[q&m]
			if pb.libs[h&m] > 8 {
				// A point is next to at most four of the chain's
				// stones, so more than 8 pseudo-liberties are at least
				// three liberties: two besides p.
				return false
			}
			if h != seen[0] && h != seen[1] && h != seen[2] {
				seen[chains&3] = h
				chains++
			}
		default:
			if h := pb.head[q&m]; pb.libs[h&m] == pb.adjacent(p, h) {
				return false // a capture
			}
		}
	}
	for _, h := range seen[:chains] {
		for s := h; ; {
			for _, d := range pb.dir {
				q := s + d
				if pb.cell[q&m] == int8(board.Empty) && pb.mark[q&m] != g {
					pb.mark[q&m] = g
					libs++
					if libs > 1 {
						return false
					}
				}
			}
			s = pb.next[s&m]
			if s == h {
				break
			}
		}
	}
	return true
}
