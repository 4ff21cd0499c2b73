package judge

import "goeval/board"

// maxSekiLibs bounds the liberties of the chains that the seki rule looks
// at: a seki's chains have few.
const maxSekiLibs = 4

// seki finds chains in seki and their shared liberties (dame). Two adjacent
// chains of opposite colours are in seki when every liberty of each is
// either shared with the other or an eye of its own (an empty point whose
// neighbours are all of its own colour), there are at least two shared
// liberties if neither has an eye, and at least one if each has one:
// whoever fills a shared liberty puts both in atari and is captured first,
// so neither does. It sets inSeki (per chain) and dame (per point).
func (j *Judge) seki(b *board.Board, inSeki []bool, dame []bool) {
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
	isEye := func(p board.Point, c board.Color) bool {
		for _, q := range g.Neighbors(p) {
			if cells[q] != c {
				return false
			}
		}
		return true
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
				if sekiPair(libsOf(a), libsOf(bID), ca.Color, isEye) {
					inSeki[a], inSeki[bID] = true, true
					for _, s := range libsOf(a) {
						if contains(libsOf(bID), s) {
							dame[s] = true
						}
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

// sekiPair decides the seki rule for chains with liberties la (colour c)
// and lb (colour -c).
func sekiPair(la, lb []board.Point, c board.Color, isEye func(board.Point, board.Color) bool) bool {
	shared, eyesA, eyesB := 0, 0, 0
	for _, p := range la {
		switch {
		case contains(lb, p):
			shared++
		case isEye(p, c):
			eyesA++
		default:
			return false // a liberty of its own that is no eye: not locked
		}
	}
	for _, p := range lb {
		if !contains(la, p) {
			if !isEye(p, -c) {
				return false
			}
			eyesB++
		}
	}
	switch {
	case eyesA == 0 && eyesB == 0:
		return shared >= 2
	case eyesA == 1 && eyesB == 1:
		return shared >= 1
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
