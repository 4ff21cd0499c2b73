package movemodel

import (
	"goeval/board"
)

// Pattern sizes. A spatial pattern of size k holds the points at distance
// d(dx, dy) = |dx| + |dy| + max(|dx|, |dy|) from 1 to k of the move (the
// distance of Stern, Herbrich and Graepel's nested patterns, also used by
// Coulom): size 3 is the 3x3 square, size 4 adds the four points two lines
// away, and so on up to MaxPatternSize.
const (
	MinPatternSize = 3
	MaxPatternSize = 10
	numSizes       = MaxPatternSize - MinPatternSize + 1
)

// Point states in a spatial pattern, relative to the side to move.
const (
	stEmpty = iota
	stOwn
	stFoe
	stOff
)

type offset struct{ dx, dy int }

// dist is the pattern distance of an offset.
func dist(dx, dy int) int {
	dx, dy = abs(dx), abs(dy)
	return dx + dy + max(dx, dy)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// symOffset applies symmetry s (0..7) to an offset: the four rotations,
// then the four reflections.
func symOffset(o offset, s int) offset {
	x, y := o.dx, o.dy
	switch s {
	case 1:
		x, y = -y, x
	case 2:
		x, y = -x, -y
	case 3:
		x, y = y, -x
	case 4:
		x = -x
	case 5:
		y = -y
	case 6:
		x, y = y, x
	case 7:
		x, y = -y, -x
	}
	return offset{x, y}
}

// spatial lists the offsets of the largest pattern, nearest first (by
// distance, then row, then column); sizeEnd[k] is the number of them in
// a pattern of size k. zob[s][i][st] is the Zobrist key of offset i's
// image under symmetry s holding state st (0 for empty, so that a key is
// the XOR of the keys of its stones and off-board points).
var (
	spatial []offset
	sizeEnd [MaxPatternSize + 1]int
	zob     [8][][4]uint64
	sizeMix [MaxPatternSize + 1]uint64
)

func init() {
	for d := 2; d <= MaxPatternSize; d++ {
		for dy := -MaxPatternSize; dy <= MaxPatternSize; dy++ {
			for dx := -MaxPatternSize; dx <= MaxPatternSize; dx++ {
				if dist(dx, dy) == d {
					spatial = append(spatial, offset{dx, dy})
				}
			}
		}
		sizeEnd[d] = len(spatial)
	}
	index := make(map[offset]int, len(spatial))
	for i, o := range spatial {
		index[o] = i
	}
	// The keys come from a fixed sequence, never from the clock: they are
	// stored in parameter files.
	rng := splitmix(0x676f6576616c) // "goeval"
	base := make([][4]uint64, len(spatial))
	for i := range base {
		for st := 1; st < 4; st++ {
			base[i][st] = rng.next()
		}
	}
	for k := range sizeMix {
		sizeMix[k] = rng.next()
	}
	for s := range 8 {
		zob[s] = make([][4]uint64, len(spatial))
		for i, o := range spatial {
			zob[s][i] = base[index[symOffset(o, s)]]
		}
	}
}

// splitmix is the SplitMix64 generator of Steele, Lea and Flood: a fixed
// stream of well-mixed 64-bit values from a seed.
type splitmix uint64

func (s *splitmix) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// PatternKeys computes into keys[k-MinPatternSize] the canonical key of the
// spatial pattern of size k around p (an empty point of b) for the player
// c, for every size from MinPatternSize to MaxPatternSize. Stones are seen
// as c's own or the opponent's, so a pattern and its colour-swapped twin
// for the other player have the same key; the key is the least of the
// pattern's eight symmetric images, so the eight images of a pattern share
// it. Sizes' keys differ by a constant, so patterns of different sizes
// never share a key.
func PatternKeys(keys *[numSizes]uint64, b *board.Board, p board.Point, c board.Color) {
	g := b.Geometry()
	x0, y0 := g.XY(p)
	n := g.Size
	cells := b.Cells()
	var h [8]uint64
	k := MinPatternSize
	for i, o := range spatial {
		x, y := x0+o.dx, y0+o.dy
		st := stOff
		if x >= 0 && y >= 0 && x < n && y < n {
			switch cells[y*n+x] {
			case board.Empty:
				st = stEmpty
			case c:
				st = stOwn
			default:
				st = stFoe
			}
		}
		if st != stEmpty {
			for s := range h {
				h[s] ^= zob[s][i][st]
			}
		}
		if i+1 == sizeEnd[k] {
			keys[k-MinPatternSize] = minKey(&h) ^ sizeMix[k]
			k++
		}
	}
}

func minKey(h *[8]uint64) uint64 {
	m := h[0]
	for _, v := range h[1:] {
		m = min(m, v)
	}
	return m
}

// The local shape of a move: its eight neighbours, each empty, off the
// board, or a stone of the mover or the opponent; for the four adjacent
// points, the stone's chain's liberties too (1, 2, 3 or more). Codes:
// adjacent points take 3 bits (shNone..), diagonal points 2 (stEmpty..).
const (
	shEmpty = iota
	shOff
	shOwn1
	shOwn2
	shOwn3
	shFoe1
	shFoe2
	shFoe3
)

// ring lists the eight neighbours: the adjacent four (N, E, S, W), then
// the diagonal four (NE, SE, SW, NW). shapePerm[s][i] is the index whose
// offset symmetry s carries offset i to.
var (
	ring      = [8]offset{{0, -1}, {1, 0}, {0, 1}, {-1, 0}, {1, -1}, {1, 1}, {-1, 1}, {-1, -1}}
	shapePerm [8][8]int
)

func init() {
	for s := range 8 {
		for i, o := range ring {
			t := symOffset(o, s)
			for j, r := range ring {
				if r == t {
					shapePerm[s][i] = j
				}
			}
		}
	}
}

// shapeCode packs eight neighbour states (adjacent four of 3 bits, then
// diagonal four of 2 bits) into a 20-bit code.
func shapeCode(st *[8]uint8) uint32 {
	var code uint32
	for i := range 4 {
		code |= uint32(st[i]) << (3 * i)
	}
	for i := 4; i < 8; i++ {
		code |= uint32(st[i]) << (12 + 2*(i-4))
	}
	return code
}

// canonicalShape returns the least code among the eight symmetric images
// of the neighbour states st.
func canonicalShape(st *[8]uint8) uint32 {
	best := ^uint32(0)
	for s := range 8 {
		var t [8]uint8
		for i := range 8 {
			t[shapePerm[s][i]] = st[i]
		}
		best = min(best, shapeCode(&t))
	}
	return best
}
