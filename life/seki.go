package life

import (
	"slices"

	"goeval/board"
)

// MaxSekiLibs bounds the liberties of the chains that the seki rule looks
// at: a seki's chains have few.
const MaxSekiLibs = 4

// Seki is the verdict of the seki rule on one position (AnalyzeSeki).
// Reuse one Seki across calls to avoid allocation.
type Seki struct {
	// InSeki holds, per chain (indexed as board.Chains.List), whether the
	// chain is in seki.
	InSeki []bool
	// Shared holds, per point, whether the point is a liberty shared in
	// seki: dame, which neither side fills.
	Shared []bool
	// Settled holds, per chain, the fate of a false seki that a sacrifice
	// decides: +1 for the chain that dies (the capturer), -1 for the chain
	// that sacrifices and lives, 0 for every other chain.
	Settled []int8

	libs     []board.Point // the liberties of the chains with few, by chain
	libStart []int32       // chain id's liberties are libs[libStart[id]:libStart[id+1]]
	partners []int16       // the opponent chains next to one chain, each once
}

// AnalyzeSeki applies the seki rule to b, whose chains are cs (as b.Chains
// gives them), and stores the verdict in dst, reusing its memory.
//
// Two adjacent chains of opposite colours, each with at most MaxSekiLibs
// liberties, are in seki when every liberty of each is either shared with
// the other or an eye of its own (an empty point whose neighbours are all
// stones of its colour, of the chain itself or of chains with more than
// two liberties, which cannot be taken on the eye point at once), there
// are at least two shared liberties if neither has an eye, and at least
// one if each has one: whoever fills a shared liberty puts both in atari
// and is captured first, so neither does. The shared liberties are dame.
//
// No pair is in seki when one of its chains can fill one of its liberties
// (shared, or an eye) and come out with a liberty that neither had,
// through an empty point next to it, another chain of its colour or a
// capture: it then has the longer count of liberties and captures the
// other, in a race that the rule leaves to others to judge.
//
// Another look-alike is no seki: when neither chain has an eye and they
// share exactly two liberties, a small chain may fill one on purpose. Its
// capture leaves the capturer its stones and that point as the only eye
// space, and if that space is closed and a dead shape (nakade: DeadShape)
// the sacrifice kills the capturer. Such a pair is Settled instead: the
// capturer dies and the sacrificing chain lives.
func AnalyzeSeki(dst *Seki, b *board.Board, cs *board.Chains) {
	n, nc := b.Geometry().N, len(cs.List)
	if cap(dst.Shared) < n {
		dst.Shared = make([]bool, n)
	}
	if cap(dst.InSeki) < nc {
		dst.InSeki = make([]bool, nc, nc+nc/2)
		dst.Settled = make([]int8, nc, nc+nc/2)
	}
	dst.Shared, dst.InSeki, dst.Settled = dst.Shared[:n], dst.InSeki[:nc], dst.Settled[:nc]
	clear(dst.Shared)
	clear(dst.InSeki)
	clear(dst.Settled)
	dst.analyze(b, cs)
}

// analyze is AnalyzeSeki once dst is sized and cleared.
func (s *Seki) analyze(b *board.Board, cs *board.Chains) {
	g := b.Geometry()
	cells := b.Cells()
	// Liberties of the chains with few.
	s.libs = s.libs[:0]
	if cap(s.libStart) < len(cs.List)+1 {
		s.libStart = make([]int32, len(cs.List)+1)
	}
	s.libStart = s.libStart[:len(cs.List)+1]
	for id, ch := range cs.List {
		start := len(s.libs)
		s.libStart[id] = int32(start)
		if ch.Liberties > MaxSekiLibs {
			continue
		}
		for p := ch.Head; ; {
			for _, q := range g.Neighbors(p) {
				if cells[q] == board.Empty && !slices.Contains(s.libs[start:], q) {
					s.libs = append(s.libs, q)
				}
			}
			p = cs.Next(p)
			if p == ch.Head {
				break
			}
		}
	}
	s.libStart[len(cs.List)] = int32(len(s.libs))
	libsOf := func(id int) []board.Point { return s.libs[s.libStart[id]:s.libStart[id+1]] }
	// An eye of chain id: every neighbour is a stone of its colour, of the
	// chain itself or of a chain with more than two liberties (one that
	// the opponent cannot capture at once to break the eye).
	isEye := func(p board.Point, id int) bool {
		c := cs.List[id].Color
		for _, q := range g.Neighbors(p) {
			if cells[q] != c {
				return false
			}
			if o := int(cs.ID[q]); o != id && cs.List[o].Liberties <= 2 {
				return false
			}
		}
		return true
	}
	// approach reports whether chain own, paired with chain other, can
	// fill its liberty l (shared, or an eye of its own) and come out with
	// a liberty that neither chain has: through an empty point next to l,
	// another of its chains next to l, or the capture of a third chain
	// whose last liberty l is. It then has more liberties than other,
	// which cannot fill the last shared one back, and wins. (An "eye"
	// next to a strong chain of the same colour is such a point: filling
	// it joins that chain.)
	approach := func(l board.Point, own, other int) bool {
		c := cs.List[own].Color
		la, lb := libsOf(own), libsOf(other)
		outside := func(q board.Point) bool { return q != l && !slices.Contains(la, q) && !slices.Contains(lb, q) }
		for _, q := range g.Neighbors(l) {
			switch v := cells[q]; {
			case v == board.Empty:
				if outside(q) {
					return true
				}
			case v == -c:
				if o := int(cs.ID[q]); o != other && cs.List[o].Liberties == 1 {
					return true
				}
			case v == c:
				o := int(cs.ID[q])
				if o == own {
					continue
				}
				if cs.List[o].Liberties > MaxSekiLibs {
					return true
				}
				for _, m := range libsOf(o) {
					if outside(m) {
						return true
					}
				}
			}
		}
		return false
	}
	// approachable reports whether either chain of the pair can fill one
	// of its liberties that way: then the pair is a race, not a seki.
	approachable := func(a, b int) bool {
		for _, l := range libsOf(a) {
			if approach(l, a, b) {
				return true
			}
		}
		for _, l := range libsOf(b) {
			if approach(l, b, a) {
				return true
			}
		}
		return false
	}
	for a, ca := range cs.List {
		if ca.Liberties > MaxSekiLibs {
			continue
		}
		s.partners = s.partners[:0]
		for p := ca.Head; ; {
			for _, q := range g.Neighbors(p) {
				if cells[q] != -ca.Color {
					continue
				}
				bID := int(cs.ID[q])
				if bID < a || slices.Contains(s.partners, cs.ID[q]) || cs.List[bID].Liberties > MaxSekiLibs {
					continue // each pair once
				}
				s.partners = append(s.partners, cs.ID[q])
				kind := sekiPair(libsOf(a), libsOf(bID), a, bID, isEye)
				if kind == noSeki || approachable(a, bID) {
					continue
				}
				if kind == sekiNoEyes && len(libsOf(a)) == 2 {
					ka := sacrificeKills(g, cells, cs, bID, a, libsOf(a))
					kb := sacrificeKills(g, cells, cs, a, bID, libsOf(a))
					if ka != kb {
						dead, alive := a, bID
						if kb {
							dead, alive = bID, a
						}
						s.Settled[dead], s.Settled[alive] = 1, -1
						continue
					}
				}
				s.InSeki[a], s.InSeki[bID] = true, true
				for _, l := range libsOf(a) {
					if slices.Contains(libsOf(bID), l) {
						s.Shared[l] = true
					}
				}
			}
			p = cs.Next(p)
			if p == ca.Head {
				break
			}
		}
	}
}

// Kinds of seki, as sekiPair finds them.
const (
	noSeki     = iota
	sekiEyes   // each chain has one eye
	sekiNoEyes // neither has an eye; they share two or more liberties
)

// sekiPair decides the seki rule for chains a and b of opposite colours,
// with liberties la and lb, returning noSeki, sekiEyes or sekiNoEyes.
func sekiPair(la, lb []board.Point, a, b int, isEye func(board.Point, int) bool) int {
	shared, eyesA, eyesB := 0, 0, 0
	for _, p := range la {
		switch {
		case slices.Contains(lb, p):
			shared++
		case isEye(p, a):
			eyesA++
		default:
			return noSeki // a liberty of its own that is no eye: not locked
		}
	}
	for _, p := range lb {
		if !slices.Contains(la, p) {
			if !isEye(p, b) {
				return noSeki
			}
			eyesB++
		}
	}
	switch {
	case eyesA == 0 && eyesB == 0 && shared >= 2:
		return sekiNoEyes
	case eyesA == 1 && eyesB == 1 && shared >= 1:
		return sekiEyes
	}
	return noSeki
}

// sacrificeKills reports whether chain id of cs, locked in a seki without
// eyes with its partner (the two shared liberties shared), can kill the
// partner by filling one of them: its stones and that point, captured,
// would be the partner's whole eye space, with the sacrificing side to
// move. The argument needs the space closed: only the two chains and the
// shared liberties may touch it, and the other shared liberty, where the
// partner captures, may give it no new liberty and no link to another
// chain of its colour.
func sacrificeKills(g *board.Geometry, cells []board.Color, cs *board.Chains, id, partner int, shared []board.Point) bool {
	if cs.List[id].Stones+1 > MaxNakade {
		return false
	}
	partnerColour := cs.List[partner].Color
	// closed: p's neighbours are the two chains' stones and the shared
	// liberties only.
	closed := func(p board.Point) bool {
		for _, q := range g.Neighbors(p) {
			if cells[q] == board.Empty {
				if !slices.Contains(shared, q) {
					return false
				}
			} else if o := int(cs.ID[q]); o != id && o != partner {
				return false
			}
		}
		return true
	}
	// captures: the partner's stone on p takes no new liberty and joins
	// no other chain of its colour.
	captures := func(p, filled board.Point) bool {
		for _, q := range g.Neighbors(p) {
			switch {
			case cells[q] == board.Empty:
				if q != filled {
					return false
				}
			case cells[q] == partnerColour && int(cs.ID[q]) != partner:
				return false
			}
		}
		return true
	}
	var xy [MaxNakade][2]int
	n := 0
	for p := cs.List[id].Head; ; {
		if !closed(p) {
			return false
		}
		xy[n][0], xy[n][1] = g.XY(p)
		n++
		p = cs.Next(p)
		if p == cs.List[id].Head {
			break
		}
	}
	for k, l := range shared {
		other := shared[1-k]
		if !closed(l) || !captures(other, l) {
			continue
		}
		xy[n][0], xy[n][1] = g.XY(l)
		if dead, _ := DeadShape(xy[:n+1]); dead {
			return true
		}
	}
	return false
}
