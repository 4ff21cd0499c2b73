package board

// Regions labels the empty regions of a position: the maximal connected
// sets of empty points, each with its size and the colour that alone
// borders it. Fill it with Board.Regions; reusing one value avoids
// allocation.
type Regions struct {
	// ID holds, per point, the index of the region of an empty point, or
	// -1 on a stone.
	ID [MaxPoints]int16
	// Size holds the number of points of each region.
	Size []int32
	// Border holds the colour that alone borders each region: Black or
	// White, or Empty when both do or none does (dame, seki, an empty
	// board).
	Border []Color

	queue [MaxPoints]Point
}

// Regions labels the empty regions of b into dst.
func (b *Board) Regions(dst *Regions) {
	g := b.geo
	cells := b.cells[:g.N]
	dst.Size, dst.Border = dst.Size[:0], dst.Border[:0]
	for p := range cells {
		dst.ID[p] = -1
	}
	for start, c := range cells {
		if c != Empty || dst.ID[start] >= 0 {
			continue
		}
		id := int16(len(dst.Size))
		dst.ID[start] = id
		dst.queue[0] = Point(start)
		n := 1
		black, white := false, false
		for i := 0; i < n; i++ {
			for _, q := range g.Neighbors(dst.queue[i]) {
				switch cells[q] {
				case Black:
					black = true
				case White:
					white = true
				default:
					if dst.ID[q] < 0 {
						dst.ID[q] = id
						dst.queue[n] = q
						n++
					}
				}
			}
		}
		border := Empty
		switch {
		case black && !white:
			border = Black
		case white && !black:
			border = White
		}
		dst.Size = append(dst.Size, int32(n))
		dst.Border = append(dst.Border, border)
	}
}

// Area writes into dst (one value per point, reusing its memory) the area
// ownership of b taken as finished: every stone owns its point, and every
// empty point belongs to the colour that alone borders its region (0 for
// dame and seki). It returns dst and the area score, Black positive: the
// sum of dst. Remove dead stones first (Set) to score a finished game.
func (b *Board) Area(dst []int8) ([]int8, float64) {
	var r Regions
	b.Regions(&r)
	n := b.geo.N
	if cap(dst) < n {
		dst = make([]int8, n)
	}
	dst = dst[:n]
	area := 0.0
	for p, c := range b.cells[:n] {
		v := int8(c)
		if c == Empty {
			v = int8(r.Border[r.ID[p]])
		}
		dst[p] = v
		area += float64(v)
	}
	return dst, area
}

// DameSize is the largest empty region bordered by both colours that CountArea
// takes for dame; a larger one is still open.
const DameSize = 3

// CountArea counts b as a finished game is counted under area rules, with the
// stones at dead taken off: every other stone owns its point, and every
// empty region the colour that alone borders it (as Area does). It returns
// Black's points less White's, and the number of open points: the empty
// points in regions larger than DameSize that both colours border, which
// the count gives to neither (a finished game has none, but for a large
// seki; smaller such regions are dame, or the liberties of a seki). r is
// scratch.
func (b *Board) CountArea(dead []Point, r *Regions) (area float64, open int) {
	pos := *b
	for _, p := range dead {
		pos.Set(p, Empty)
	}
	pos.Regions(r)
	for p, c := range pos.cells[:pos.geo.N] {
		if c != Empty {
			area += float64(c)
			continue
		}
		id := r.ID[p]
		switch border := r.Border[id]; {
		case border != Empty:
			area += float64(border)
		case r.Size[id] > DameSize:
			open++
		}
	}
	return area, open
}
