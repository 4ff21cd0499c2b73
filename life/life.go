package life

import "goeval/board"

// Result is the verdict of Benson's algorithm on one position. Reuse one
// Result across calls to avoid allocation.
type Result struct {
	// Alive holds, per point, whether the point holds a stone of a
	// pass-alive chain (of either colour).
	Alive []bool
	// Owner holds, per point, the colour that owns the point beyond doubt:
	// a pass-alive stone's own colour, or the colour whose pass-alive
	// territory the point lies in (its empty points and the opponent's
	// stones there, which are dead). Empty where nothing is certain.
	Owner []board.Color

	chains  board.Chains
	w       work
	regions []region
	pairs   []pair
}

// region is one c-enclosed region: its points are regionPts[start:end].
type region struct {
	start, end int32
	empty      int32 // number of empty points
	pairs      [2]int32
	ok         bool
}

// pair is a chain bordering a region.
type pair struct {
	chain int16
	vital bool
}

type work struct {
	regionID  [board.MaxPoints]int32
	regionPts [board.MaxPoints]board.Point
	seen      [board.MaxPoints]int32 // per chain: region stamp
	libs      [board.MaxPoints]int32 // per chain: empty points of the current region adjacent to it
	alive     [board.MaxPoints]bool  // per chain
	vitalN    [board.MaxPoints]int32 // per chain
}

// Analyze runs Benson's algorithm for both colours on b and stores the
// verdict in dst, reusing dst's memory. It does not allocate once dst has
// been used for a board of the same size.
func Analyze(dst *Result, b *board.Board) {
	b.Chains(&dst.chains)
	AnalyzeChains(dst, b, &dst.chains)
}

// AnalyzeChains is Analyze for a caller that already holds b's chains, cs
// (as b.Chains gives them), and so saves finding them again.
func AnalyzeChains(dst *Result, b *board.Board, cs *board.Chains) {
	n := b.Geometry().N
	if cap(dst.Alive) < n {
		dst.Alive = make([]bool, n)
		dst.Owner = make([]board.Color, n)
	}
	dst.Alive, dst.Owner = dst.Alive[:n], dst.Owner[:n]
	clear(dst.Alive)
	clear(dst.Owner)
	for _, c := range [...]board.Color{board.Black, board.White} {
		dst.analyze(b, cs, c)
	}
}

// Of returns the verdict on b as a new Result.
func Of(b *board.Board) *Result {
	r := &Result{}
	Analyze(r, b)
	return r
}

// analyze runs the algorithm for colour c and adds its verdicts to dst.
func (dst *Result) analyze(b *board.Board, cs *board.Chains, c board.Color) {
	g := b.Geometry()
	cells := b.Cells()
	w := &dst.w
	dst.regions = dst.regions[:0]
	dst.pairs = dst.pairs[:0]
	for p := range cells {
		w.regionID[p] = -1
	}
	for k := range cs.List {
		w.seen[k] = -1
		w.alive[k] = cs.List[k].Color == c
	}

	// Find the regions, their bordering chains and which are vital.
	top := int32(0)
	for start := range cells {
		if cells[start] == c || w.regionID[start] >= 0 {
			continue
		}
		id := int32(len(dst.regions))
		r := region{start: top, ok: true}
		r.pairs[0] = int32(len(dst.pairs))
		w.regionID[start] = id
		w.regionPts[top] = board.Point(start)
		top++
		for i := r.start; i < top; i++ {
			p := w.regionPts[i]
			empty := cells[p] == board.Empty
			if empty {
				r.empty++
			}
			// Record the c chains next to p as bordering the region and,
			// if p is empty, count it once as a liberty of each.
			var counted [4]int16
			nc := 0
		next:
			for _, q := range g.Neighbors(p) {
				v := cells[q]
				if v != c {
					if w.regionID[q] < 0 {
						w.regionID[q] = id
						w.regionPts[top] = q
						top++
					}
					continue
				}
				k := cs.ID[q]
				if w.seen[k] != id {
					w.seen[k] = id
					w.libs[k] = 0
					dst.pairs = append(dst.pairs, pair{chain: k})
				}
				if !empty {
					continue
				}
				for _, d := range counted[:nc] {
					if d == k {
						continue next
					}
				}
				counted[nc] = k
				nc++
				w.libs[k]++
			}
		}
		r.end = top
		r.pairs[1] = int32(len(dst.pairs))
		for i := r.pairs[0]; i < r.pairs[1]; i++ {
			pr := &dst.pairs[i]
			pr.vital = r.empty > 0 && w.libs[pr.chain] == r.empty
		}
		dst.regions = append(dst.regions, r)
	}

	// Drop chains with fewer than two vital regions and regions next to a
	// dropped chain, until nothing changes.
	for changed := true; changed; {
		changed = false
		for k := range cs.List {
			w.vitalN[k] = 0
		}
		for _, r := range dst.regions {
			if !r.ok {
				continue
			}
			for _, pr := range dst.pairs[r.pairs[0]:r.pairs[1]] {
				if pr.vital {
					w.vitalN[pr.chain]++
				}
			}
		}
		for k := range cs.List {
			if w.alive[k] && w.vitalN[k] < 2 {
				w.alive[k] = false
				changed = true
			}
		}
		for i := range dst.regions {
			r := &dst.regions[i]
			if !r.ok {
				continue
			}
			for _, pr := range dst.pairs[r.pairs[0]:r.pairs[1]] {
				if !w.alive[pr.chain] {
					r.ok = false
					changed = true
					break
				}
			}
		}
	}

	// Record the verdicts.
	for p, v := range cells {
		if v == c && w.alive[cs.ID[p]] {
			dst.Alive[p] = true
			dst.Owner[p] = c
		}
	}
	for _, r := range dst.regions {
		if !r.ok || r.pairs[0] == r.pairs[1] {
			continue
		}
		pts := w.regionPts[r.start:r.end]
		if !everyEmptyTouches(g, cells, pts, c) {
			continue
		}
		for _, p := range pts {
			if dst.Owner[p] == -c {
				dst.Owner[p] = board.Empty // cannot happen; never claim both
			} else {
				dst.Owner[p] = c
			}
		}
	}
}

// everyEmptyTouches reports whether every empty point of pts is adjacent to
// a stone of c.
func everyEmptyTouches(g *board.Geometry, cells []board.Color, pts []board.Point, c board.Color) bool {
	for _, p := range pts {
		if cells[p] != board.Empty {
			continue
		}
		touches := false
		for _, q := range g.Neighbors(p) {
			touches = touches || cells[q] == c
		}
		if !touches {
			return false
		}
	}
	return true
}
