package netinput

// This file is the area of planes 18/19 under area scoring: KataGo's
// Board::calculateArea with nonPassAliveStones, safeBigTerritories and
// unsafeBigTerritories all true, which runs Board::calculateAreaForPla
// (Benson's algorithm plus territory marking) for Black, then White.

// areaScratch holds the work space of area, reused between calls.
type areaScratch struct {
	region  [maxArr]int16 // region index of an empty-or-opp point, -1 otherwise
	points  []int16       // the points of all regions, region by region
	first   []int         // region r's points are points[first[r]:first[r+1]]
	vital   [][]int16     // heads of the chains region r is vital for
	inner   []int         // points of region r not next to a pla stone, up to 2
	hasOpp  []bool        // region r holds an opponent stone
	borders []bool        // region r touches a chain that is not pass-alive
	count   [maxArr]int   // vital regions per chain head
	killed  [maxArr]bool  // chain head found not pass-alive
	heads   []int16
	queue   []int16
}

// area fills out (indexed by location) with the owner KataGo gives each
// point: pass-alive chains and the territory they enclose, empty regions
// bordered by one colour only, and every other stone for its own colour.
// suicideLegal selects Benson's variant for rules where multi-stone
// suicide is legal.
func (s *areaScratch) area(b *kboard, suicideLegal bool, out *[maxArr]int8) {
	for i := range out {
		out[i] = empty
	}
	s.forPla(b, black, suicideLegal, out)
	s.forPla(b, white, suicideLegal, out)
	for y := 0; y < b.ySize; y++ {
		for x := 0; x < b.xSize; x++ {
			if l := b.loc(x, y); out[l] == empty {
				out[l] = b.color[l]
			}
		}
	}
}

func (s *areaScratch) adjacentToPla(b *kboard, l int16, pla int8) bool {
	for _, d := range b.adj {
		if b.color[l+d] == pla {
			return true
		}
	}
	return false
}

func (s *areaScratch) adjacentToHead(b *kboard, l int16, pla int8, h int16) bool {
	for _, d := range b.adj {
		if a := l + d; b.color[a] == pla && b.head[a] == h {
			return true
		}
	}
	return false
}

func (s *areaScratch) forPla(b *kboard, pla int8, suicideLegal bool, out *[maxArr]int8) {
	opp := -pla
	for i := range s.region {
		s.region[i] = -1
	}
	s.points = s.points[:0]
	s.first = s.first[:0]
	s.inner = s.inner[:0]
	s.hasOpp = s.hasOpp[:0]
	s.borders = s.borders[:0]
	for i := range s.vital {
		s.vital[i] = s.vital[i][:0]
	}
	anyPla := false

	// Regions: maximal connected sets of empty-or-opp points, each grown
	// from its first empty point in row-major order.
	nRegions := 0
	for y := 0; y < b.ySize; y++ {
		for x := 0; x < b.xSize; x++ {
			l := b.loc(x, y)
			if s.region[l] >= 0 {
				continue
			}
			if b.color[l] != empty {
				anyPla = anyPla || b.color[l] == pla
				continue
			}
			r := nRegions
			nRegions++
			if len(s.vital) <= r {
				s.vital = append(s.vital, nil)
			}
			// Candidates: the pla chains next to the first point; every
			// later point (only empty ones unless suicide is legal) keeps
			// those it touches.
			v := s.vital[r][:0]
			for _, d := range b.adj {
				if a := l + d; b.color[a] == pla {
					h := b.head[a]
					dup := false
					for _, w := range v {
						dup = dup || w == h
					}
					if !dup {
						v = append(v, h)
					}
				}
			}
			s.first = append(s.first, len(s.points))
			inner, hasOpp := 0, false
			s.queue = append(s.queue[:0], l)
			s.region[l] = int16(r)
			for qi := 0; qi < len(s.queue); qi++ {
				p := s.queue[qi]
				if len(v) > 0 && (suicideLegal || b.color[p] == empty) {
					k := 0
					for _, h := range v {
						if s.adjacentToHead(b, p, pla, h) {
							v[k] = h
							k++
						}
					}
					v = v[:k]
				}
				if inner < 2 && !s.adjacentToPla(b, p, pla) {
					inner++
				}
				hasOpp = hasOpp || b.color[p] == opp
				s.points = append(s.points, p)
				for _, d := range b.adj {
					if a := p + d; (b.color[a] == empty || b.color[a] == opp) && s.region[a] < 0 {
						s.region[a] = int16(r)
						s.queue = append(s.queue, a)
					}
				}
			}
			s.vital[r] = v
			s.inner = append(s.inner, inner)
			s.hasOpp = append(s.hasOpp, hasOpp)
			s.borders = append(s.borders, false)
		}
	}
	s.first = append(s.first, len(s.points))

	// Benson: a chain with fewer than two vital regions is not
	// pass-alive; the regions it touches stop counting as vital for the
	// others, until nothing changes.
	s.heads = s.heads[:0]
	for y := 0; y < b.ySize; y++ {
		for x := 0; x < b.xSize; x++ {
			if l := b.loc(x, y); b.color[l] == pla && b.head[l] == l {
				s.heads = append(s.heads, l)
				s.count[l] = 0
				s.killed[l] = false
			}
		}
	}
	for r := 0; r < nRegions; r++ {
		for _, h := range s.vital[r] {
			s.count[h]++
		}
	}
	for changed := true; changed; {
		changed = false
		for _, h := range s.heads {
			if s.killed[h] || s.count[h] >= 2 {
				continue
			}
			s.killed[h] = true
			changed = true
			cur := h
			for {
				for _, d := range b.adj {
					a := cur + d
					r := s.region[a]
					if r < 0 || s.borders[r] {
						continue
					}
					s.borders[r] = true
					for _, vh := range s.vital[r] {
						s.count[vh]--
					}
				}
				cur = b.next[cur]
				if cur == h {
					break
				}
			}
		}
	}

	for _, h := range s.heads {
		if s.killed[h] {
			continue
		}
		cur := h
		for {
			out[cur] = pla
			cur = b.next[cur]
			if cur == h {
				break
			}
		}
	}
	if !anyPla {
		return
	}
	for r := 0; r < nRegions; r++ {
		pts := s.points[s.first[r]:s.first[r+1]]
		passAlive := s.inner[r] <= 1 && !s.borders[r]
		safeBig := !s.hasOpp[r] && !s.borders[r]
		switch {
		case passAlive || safeBig:
			for _, p := range pts {
				out[p] = pla
			}
		case !s.hasOpp[r]:
			for _, p := range pts {
				if out[p] == empty {
					out[p] = pla
				}
			}
		}
	}
}
