package netinput

// This file is the ladder search behind planes 14–17: KataGo's
// Board::searchIsLadderCaptured, Board::searchIsLadderCapturedAttackerFirst2Libs
// and iterLadders (neuralnet/nninputs.cpp), with their move orders, their
// node budget and their stack limit.

// ladderBudget is the number of moves a ladder search may play before it
// gives up and answers "not captured" (KataGo's
// MAX_LADDER_SEARCH_NODE_BUDGET).
const ladderBudget = 25000

// ladderFrame is one level of the search: its moves are
// buf[start:start+n], cur is the one being tried (-1 before the list is
// made), and rec undoes it.
type ladderFrame struct {
	start, n, cur int
	rec           moveRecord
}

// ladderSearch holds the scratch space of the searches, reused between
// calls.
type ladderSearch struct {
	buf     []int16
	frames  []ladderFrame
	work    []int16
	heads   []int16
	results []bool
	copy    kboard
}

// captured reports whether the chain through l, with one liberty (or two
// when the attacker moves first), is captured in a ladder: the defender
// keeps adding liberties or capturing, the attacker keeps the chain in
// atari. It plays on b and takes its moves back. Kos are assumed to work
// for the defender: the ko ban is lifted at the root when the defender
// moves first, and a ko point left by the attacker counts as an escape.
// When the node budget runs out the search answers false and, as KataGo
// does, leaves b's ko point cleared when it had cleared it.
func (s *ladderSearch) captured(b *kboard, l int16, defenderFirst bool) bool {
	pla := b.color[l]
	if pla != black && pla != white {
		return false
	}
	if libs := b.numLibs(l); libs > 2 || (defenderFirst && libs > 1) {
		return false
	}
	opp := -pla
	savedKo := b.ko
	if defenderFirst {
		b.ko = noLoc
	}
	limit := b.xSize*b.ySize*3/2 + 1
	if len(s.frames) < limit {
		s.frames = make([]ladderFrame, limit)
	}
	frames := s.frames
	depth, nodes := 0, 0
	frames[0] = ladderFrame{cur: -1}
	result, fromDeeper := false, false

	// up leaves the current level with the answer r.
	up := func(r bool) {
		result, fromDeeper = r, true
		depth--
	}
	for {
		if depth < 0 {
			b.ko = savedKo
			return result
		}
		if depth >= limit-1 {
			up(true)
			continue
		}
		if nodes >= ladderBudget {
			for d := depth - 1; d >= 0; d-- {
				b.undo(frames[d].rec)
			}
			return false
		}
		defending := (depth%2 == 0) == defenderFirst
		f := &frames[depth]
		if f.cur == -1 {
			libs := b.numLibs(l)
			switch {
			case !defending && libs <= 1:
				up(true)
				continue
			case !defending && libs >= 3, defending && libs >= 2:
				up(false)
				continue
			case defending && b.ko != noLoc:
				// The attacker's last move left a ko: count it as an
				// escape rather than trust a ladder that needs a ko.
				up(false)
				continue
			}
			start := f.start
			var n int
			if defending {
				var m int
				s.buf, n = b.findCaptures(l, s.buf, start, start)
				s.buf, m = b.findLiberties(l, s.buf, start, start+n)
				n += m
				lower, upper := b.boundLibsAfterPlay(s.buf[start+n-1], pla)
				if lower >= 3 {
					up(false)
					continue
				}
				if n == 1 && upper <= 1 {
					up(true)
					continue
				}
			} else {
				s.buf, n = b.findLiberties(l, s.buf, start, start)
				m0, m1 := s.buf[start], s.buf[start+1]
				libs0, libs1 := b.immediateLibs(m0), b.immediateLibs(m1)
				// Double ko: both liberties are ko mouths, filling either
				// gains nothing and the defender cannot capture.
				if libs0 == 0 && libs1 == 0 && b.wouldBeKoCapture(m0, opp) && b.wouldBeKoCapture(m1, opp) &&
					b.libsAfterPlay(m0, pla, 3) <= 2 && b.libsAfterPlay(m1, pla, 3) <= 2 && !b.hasCaptures(l) {
					up(true)
					continue
				}
				if !b.adjacent(m0, m1) {
					switch {
					case libs0 >= 3 && libs1 >= 3:
						up(false)
						continue
					case libs0 >= 3:
						n = 1
					case libs1 >= 3:
						s.buf[start] = m1
						n = 1
					}
				}
				if n > 1 {
					k0 := 2*libs0 + b.connLibsX2(m0, pla)
					k1 := 2*libs1 + b.connLibsX2(m1, pla)
					if k1 > k0 {
						s.buf[start], s.buf[start+1] = m1, m0
					}
				}
			}
			f.n, f.cur = n, 0
		} else {
			if fromDeeper {
				b.undo(f.rec)
			}
			if defending != result {
				// The defender found an escape, or the attacker a capture.
				fromDeeper = true
				depth--
				continue
			}
			f.cur++
		}
		if f.cur >= f.n {
			up(defending)
			continue
		}
		mv := s.buf[f.start+f.cur]
		mover := opp
		if defending {
			mover = pla
		}
		if !b.legal(mv, mover) {
			// Try the next move of this level.
			result, fromDeeper = defending, false
			continue
		}
		f.rec = b.playRecorded(mv, mover)
		nodes++
		depth++
		frames[depth] = ladderFrame{start: f.start + f.n, cur: -1}
	}
}

// capturedAttackerFirst reports whether the chain through l, which has
// exactly two liberties, can be captured in a ladder by an attacker who
// fills one of them first. It returns the liberties that work, in the
// order the chain's liberties are found, in s.work.
func (s *ladderSearch) capturedAttackerFirst(b *kboard, l int16) bool {
	s.work = s.work[:0]
	pla := b.color[l]
	if (pla != black && pla != white) || b.numLibs(l) != 2 {
		return false
	}
	s.buf, _ = b.findLiberties(l, s.buf, 0, 0)
	m0, m1 := s.buf[0], s.buf[1]
	opp := -pla
	works0, works1 := false, false
	if b.legal(m0, opp) {
		r := b.playRecorded(m0, opp)
		works0 = s.captured(b, l, true)
		b.undo(r)
	}
	if b.legal(m1, opp) {
		r := b.playRecorded(m1, opp)
		works1 = s.captured(b, l, true)
		b.undo(r)
	}
	if works0 {
		s.work = append(s.work, m0)
	}
	if works1 {
		s.work = append(s.work, m1)
	}
	return works0 || works1
}

// ladders calls mark for every stone of b whose chain is captured in a
// ladder (one liberty) or can be put into one (two liberties), in
// row-major order. For the first stone of a two-liberty chain it passes
// the working attacker moves; for later stones of an already solved chain
// it passes none, as KataGo's iterLadders does. The searches run on one
// copy of b, which keeps whatever list order the undos leave.
func (s *ladderSearch) ladders(b *kboard, mark func(l int16, working []int16)) {
	s.copy = *b
	s.heads = s.heads[:0]
	s.results = s.results[:0]
	for y := 0; y < b.ySize; y++ {
		for x := 0; x < b.xSize; x++ {
			l := b.loc(x, y)
			if c := b.color[l]; c != black && c != white {
				continue
			}
			libs := b.numLibs(l)
			if libs != 1 && libs != 2 {
				continue
			}
			h := b.head[l]
			solved := false
			for i, sh := range s.heads {
				if sh == h {
					solved = true
					if s.results[i] {
						mark(l, nil)
					}
					break
				}
			}
			if solved {
				continue
			}
			var laddered bool
			if libs == 1 {
				s.work = s.work[:0]
				laddered = s.captured(&s.copy, l, true)
			} else {
				laddered = s.capturedAttackerFirst(&s.copy, l)
			}
			s.heads = append(s.heads, h)
			s.results = append(s.results, laddered)
			if laddered {
				mark(l, s.work)
			}
		}
	}
}
