package judge

import (
	"goeval/board"
	"goeval/life"
)

// maxSekiLibs bounds the liberties of the chains that the seki rule looks
// at: a seki's chains have few.
const maxSekiLibs = 4

// seki finds chains in seki and their shared liberties (dame). Two adjacent
// chains of opposite colours are in seki when every liberty of each is
// either shared with the other or an eye of its own (an empty point whose
// neighbours are all stones of its colour, of the chain itself or of
// chains with more than two liberties, which cannot be taken on the eye
// point at once), there are at least two shared liberties if neither has
// an eye, and at least one if each has one: whoever fills a shared
// liberty puts both in atari and is captured first, so neither does. It
// sets inSeki (per chain) and dame (per point).
//
// No pair is in seki when one of its chains can fill one of its liberties
// (shared, or an eye) and come out with a liberty that neither had,
// through an empty point next to it, another chain of its colour or a
// capture (approachable): it then has the longer count of liberties and
// captures the other.
//
// Another look-alike is no seki: when neither chain has an eye and they share
// exactly two liberties, a small chain may fill one on purpose. Its
// capture leaves the capturer its stones and that point as the only eye
// space, and if that space is closed and a dead shape (nakade: see
// sacrificeKills and life.DeadShape) the sacrifice kills the capturer.
// Such a pair is settled instead: settled is +1 for the capturer (dead)
// and -1 for the sacrificing chain (alive, as its side takes the area), 0
// for every other chain.
func (j *Judge) seki(b *board.Board, inSeki []bool, dame []bool, settled []int8) {
	cs := &j.feat.Chains
	g := b.Geometry()
	cells := b.Cells()
	// Liberties of the chains with few.
	j.libs = j.libs[:0]
	if cap(j.libStart) < len(cs.List)+1 {
		j.libStart = make([]int32, len(cs.List)+1)
	}
	j.libStart = j.libStart[:len(cs.List)+1]
	var gen int32
	for id, ch := range cs.List {
		j.libStart[id] = int32(len(j.libs))
		if ch.Liberties > maxSekiLibs {
			continue
		}
		gen = j.feat.nextGen()
		for p := ch.Head; ; {
			for _, q := range g.Neighbors(p) {
				if cells[q] == board.Empty && j.feat.stamp[q] != gen {
					j.feat.stamp[q] = gen
					j.libs = append(j.libs, q)
				}
			}
			p = cs.Next(p)
			if p == ch.Head {
				break
			}
		}
	}
	j.libStart[len(cs.List)] = int32(len(j.libs))
	libsOf := func(id int) []board.Point { return j.libs[j.libStart[id]:j.libStart[id+1]] }
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
	// fill its liberty s (shared, or an eye of its own) and come out with
	// a liberty that neither chain has: through an empty point next to s,
	// another of its chains next to s, or the capture of a third chain
	// whose last liberty s is. It then has more liberties than other,
	// which cannot fill the last shared one back, and wins. (An "eye"
	// next to a strong chain of the same colour is such a point: filling
	// it joins that chain.)
	approach := func(s board.Point, own, other int) bool {
		c := cs.List[own].Color
		la, lb := libsOf(own), libsOf(other)
		outside := func(q board.Point) bool { return q != s && !contains(la, q) && !contains(lb, q) }
		for _, q := range g.Neighbors(s) {
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
				if cs.List[o].Liberties > maxSekiLibs {
					return true
				}
				for _, l := range libsOf(o) {
					if outside(l) {
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
		for _, s := range libsOf(a) {
			if approach(s, a, b) {
				return true
			}
		}
		for _, s := range libsOf(b) {
			if approach(s, b, a) {
				return true
			}
		}
		return false
	}
	for a, ca := range cs.List {
		if ca.Liberties > maxSekiLibs {
			continue
		}
		gen = j.feat.nextGen()
		for p := ca.Head; ; {
			for _, q := range g.Neighbors(p) {
				if cells[q] != -ca.Color {
					continue
				}
				bID := int(cs.ID[q])
				if bID < a || j.feat.stamp[bID] == gen || cs.List[bID].Liberties > maxSekiLibs {
					continue // each pair once
				}
				j.feat.stamp[bID] = gen
				kind := sekiPair(libsOf(a), libsOf(bID), a, bID, isEye)
				if kind == noSeki || approachable(a, bID) {
					continue
				}
				if kind == sekiNoEyes && len(libsOf(a)) == 2 {
					ka := j.sacrificeKills(g, cells, bID, a, libsOf(a))
					kb := j.sacrificeKills(g, cells, a, bID, libsOf(a))
					if ka != kb {
						dead, alive := a, bID
						if kb {
							dead, alive = bID, a
						}
						settled[dead], settled[alive] = 1, -1
						continue
					}
				}
				inSeki[a], inSeki[bID] = true, true
				for _, s := range libsOf(a) {
					if contains(libsOf(bID), s) {
						dame[s] = true
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
		case contains(lb, p):
			shared++
		case isEye(p, a):
			eyesA++
		default:
			return noSeki // a liberty of its own that is no eye: not locked
		}
	}
	for _, p := range lb {
		if !contains(la, p) {
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

// sacrificeKills reports whether chain id, locked in a seki without eyes
// with its partner (the two shared liberties shared), can kill the
// partner by filling one of them: its stones and that point, captured,
// would be the partner's whole eye space, with the sacrificing side to
// move. The argument needs the space closed: only the two chains and the
// shared liberties may touch it, and the other shared liberty, where the
// partner captures, may give it no new liberty and no link to another
// chain of its colour.
func (j *Judge) sacrificeKills(g *board.Geometry, cells []board.Color, id, partner int, shared []board.Point) bool {
	cs := &j.feat.Chains
	if cs.List[id].Stones+1 > life.MaxNakade {
		return false
	}
	partnerColour := cs.List[partner].Color
	// closed: p's neighbours are the two chains' stones and the shared
	// liberties only.
	closed := func(p board.Point) bool {
		for _, q := range g.Neighbors(p) {
			if cells[q] == board.Empty {
				if !contains(shared, q) {
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
	var xy [life.MaxNakade][2]int
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
		if dead, _ := life.DeadShape(xy[:n+1]); dead {
			return true
		}
	}
	return false
}

func contains(ps []board.Point, p board.Point) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}
