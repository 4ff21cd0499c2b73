package board

// Chain describes one maximal connected group of stones of one colour.
type Chain struct {
	Color     Color
	Head      Point // the chain's first stone in map order
	Stones    int   // number of stones
	Liberties int   // number of distinct empty points adjacent to the chain
}

// Chains is the chain structure of a position: which chain every stone
// belongs to, and each chain's stones and liberties. Fill it with
// Board.Chains; reusing one Chains value avoids allocation.
type Chains struct {
	// ID holds, per point, the index into List of the chain on it, or -1
	// for an empty point.
	ID [MaxPoints]int16
	// List holds the chains in order of their first stone in map order.
	List []Chain

	next [MaxPoints]Point // circular list of each chain's stones
}

// Chains computes the chain structure of b into dst, reusing dst's memory.
func (b *Board) Chains(dst *Chains) {
	g := b.geo
	dst.List = dst.List[:0]
	for p := 0; p < g.N; p++ {
		dst.ID[p] = -1
	}
	var libMark [MaxPoints]int16 // last chain id+1 that counted this liberty
	var stack [MaxPoints]Point
	for start := Point(0); int(start) < g.N; start++ {
		c := b.cells[start]
		if c == Empty || dst.ID[start] >= 0 {
			continue
		}
		id := int16(len(dst.List))
		ch := Chain{Color: c, Head: start}
		dst.ID[start] = id
		stack[0] = start
		n := 1
		prev := start
		for n > 0 {
			n--
			p := stack[n]
			ch.Stones++
			if p != start {
				dst.next[prev] = p
				prev = p
			}
			for _, q := range g.Neighbors(p) {
				switch v := b.cells[q]; {
				case v == Empty:
					if libMark[q] != id+1 {
						libMark[q] = id + 1
						ch.Liberties++
					}
				case v == c && dst.ID[q] < 0:
					dst.ID[q] = id
					stack[n] = q
					n++
				}
			}
		}
		dst.next[prev] = start
		dst.List = append(dst.List, ch)
	}
}

// Stones appends the stones of chain id to dst, head first, and returns it.
func (cs *Chains) Stones(id int, dst []Point) []Point {
	head := cs.List[id].Head
	p := head
	for {
		dst = append(dst, p)
		p = cs.next[p]
		if p == head {
			return dst
		}
	}
}

// Next returns the stone after p in its chain's circular list of stones; it
// returns the chain's head after its last stone. It lets callers walk a chain
// without allocating.
func (cs *Chains) Next(p Point) Point { return cs.next[p] }
