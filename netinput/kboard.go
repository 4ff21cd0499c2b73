package netinput

// This file holds kboard, a board laid out the way KataGo's Board
// (game/board.cpp) lays out its own: a padded array with a wall around
// the playing area, stones linked into circular per-chain lists, and
// liberty and stone counts kept at each chain's head. The layout itself is
// a fact the ladder search depends on: KataGo walks a chain's stones in
// list order and a stone's neighbours in the order up, left, right, down,
// and with a node budget the order can change the answer. Playing,
// capturing, merging and undoing therefore rebuild the lists in the same
// order KataGo does, so that a board reached by the same moves has the
// same lists. Nothing here is exported.

// Layout constants of kboard. A location (loc) is (x+1) + (y+1)*(xSize+1);
// location 0 is never on the board and stands for "no location".
const (
	maxLen  = 19
	maxArr  = (maxLen+1)*(maxLen+2) + 1
	noLoc   = 0
	passLoc = 1

	empty int8 = 0
	black int8 = 1
	white int8 = -1
	wall  int8 = 2
)

// kboard is a board with KataGo's chain representation. The zero value
// is not usable; call reset. A kboard is a value: assignment copies it.
type kboard struct {
	xSize, ySize int
	adj          [4]int16 // offsets up, left, right, down

	color  [maxArr]int8
	head   [maxArr]int16 // chain head of each stone
	next   [maxArr]int16 // next stone in the chain's circular list
	stones [maxArr]int16 // stone count, valid at heads
	libs   [maxArr]int16 // liberty count, valid at heads

	ko int16 // the point the side to move may not play, or noLoc

	// blackCaptured and whiteCaptured count stones of that colour
	// captured so far.
	blackCaptured, whiteCaptured int

	hash uint64 // Zobrist hash of the stones
}

// zobrist holds the hash keys of kboard: one per location and colour,
// then one per side to move. They come from a fixed seed, so hashes are
// the same from run to run.
var zobrist, zobristToMove = func() (t [maxArr][2]uint64, p [2]uint64) {
	s := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 { // splitmix64
		s += 0x9e3779b97f4a7c15
		z := s
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	for i := range t {
		t[i][0], t[i][1] = next(), next()
	}
	p[0], p[1] = next(), next()
	return t, p
}()

func colorIdx(c int8) int {
	if c == black {
		return 0
	}
	return 1
}

// reset makes b an empty xSize×ySize board (both 1..19).
func (b *kboard) reset(xSize, ySize int) {
	b.xSize, b.ySize = xSize, ySize
	stride := int16(xSize + 1)
	b.adj = [4]int16{-stride, -1, 1, stride}
	for i := range b.color {
		b.color[i] = wall
	}
	for y := 0; y < ySize; y++ {
		for x := 0; x < xSize; x++ {
			b.color[b.loc(x, y)] = empty
		}
	}
	b.ko = noLoc
	b.blackCaptured, b.whiteCaptured = 0, 0
	b.hash = 0
}

// loc returns the location of column x, row y (from the top-left).
func (b *kboard) loc(x, y int) int16 { return int16((x + 1) + (y+1)*(b.xSize+1)) }

// xy returns the column and row of an on-board location.
func (b *kboard) xy(l int16) (x, y int) {
	return int(l)%(b.xSize+1) - 1, int(l)/(b.xSize+1) - 1
}

// adjacent reports whether two locations are neighbours.
func (b *kboard) adjacent(l0, l1 int16) bool {
	d := l0 - l1
	return d == b.adj[0] || d == b.adj[1] || d == b.adj[2] || d == b.adj[3]
}

func (b *kboard) numLibs(l int16) int { return int(b.libs[b.head[l]]) }

func (b *kboard) immediateLibs(l int16) int {
	n := 0
	for _, d := range b.adj {
		if b.color[l+d] == empty {
			n++
		}
	}
	return n
}

// isLibertyOf reports whether the empty point l touches the chain headed
// by h.
func (b *kboard) isLibertyOf(l, h int16) bool {
	c := b.color[h]
	for _, d := range b.adj {
		if a := l + d; b.color[a] == c && b.head[a] == h {
			return true
		}
	}
	return false
}

// changeLibs adds delta to the liberties of each distinct chain of colour
// c next to l.
func (b *kboard) changeLibs(l int16, c int8, delta int16) {
	var seen [4]int16
	n := 0
	for _, d := range b.adj {
		a := l + d
		if b.color[a] != c {
			continue
		}
		h := b.head[a]
		dup := false
		for _, s := range seen[:n] {
			if s == h {
				dup = true
				break
			}
		}
		if !dup {
			b.libs[h] += delta
			seen[n] = h
			n++
		}
	}
}

// play plays pla at l (passLoc to pass) without checking legality, as
// KataGo's Board::playMoveAssumeLegal: merges, captures, the ko point and
// the removal of a suicided chain.
func (b *kboard) play(l int16, pla int8) {
	if l == passLoc {
		b.ko = noLoc
		return
	}
	opp := -pla
	b.color[l] = pla
	b.hash ^= zobrist[l][colorIdx(pla)]
	b.head[l] = l
	b.next[l] = l
	b.stones[l] = 1
	b.libs[l] = int16(b.immediateLibs(l))

	captured := 0
	koCandidate := int16(noLoc)
	var oppSeen [4]int16
	nOpp := 0
	for _, d := range b.adj {
		a := l + d
		switch b.color[a] {
		case pla:
			if b.head[a] == b.head[l] {
				continue
			}
			b.libs[b.head[a]]--
			b.merge(a, l)
		case opp:
			h := b.head[a]
			dup := false
			for _, s := range oppSeen[:nOpp] {
				if s == h {
					dup = true
					break
				}
			}
			if dup {
				continue
			}
			b.libs[h]--
			oppSeen[nOpp] = h
			nOpp++
			if b.libs[h] == 0 {
				captured += b.removeChain(a)
				koCandidate = a
			}
		}
	}
	h := b.head[l]
	if captured == 1 && b.stones[h] == 1 && b.libs[h] == 1 {
		b.ko = koCandidate
	} else {
		b.ko = noLoc
	}
	if pla == black {
		b.whiteCaptured += captured
	} else {
		b.blackCaptured += captured
	}
	if b.libs[b.head[l]] == 0 {
		n := int(b.stones[b.head[l]])
		b.removeChain(l)
		if pla == black {
			b.blackCaptured += n
		} else {
			b.whiteCaptured += n
		}
	}
}

// merge joins the chains through l1 and l2. The bigger chain (the first
// on a tie) keeps its head, and the other chain's list is spliced in
// right after that head.
func (b *kboard) merge(l1, l2 int16) {
	h1, h2 := b.head[l1], b.head[l2]
	if b.stones[h1] < b.stones[h2] {
		h1, h2 = h2, h1
	}
	b.stones[h1] += b.stones[h2]
	newLibs := int16(0)
	l := h2
	for {
		for _, d := range b.adj {
			if a := l + d; b.color[a] == empty && !b.isLibertyOf(a, h1) {
				newLibs++
			}
		}
		b.head[l] = h1
		if b.next[l] == h2 {
			break
		}
		l = b.next[l]
	}
	b.libs[h1] += newLibs
	// l is now the last stone of h2's list.
	b.next[l] = b.next[h1]
	b.next[h1] = h2
}

// removeChain empties the chain through l, giving liberties back to the
// chains around it, and returns its size.
func (b *kboard) removeChain(l int16) int {
	n := 0
	c := b.color[l]
	cur := l
	for {
		b.hash ^= zobrist[cur][colorIdx(c)]
		b.color[cur] = empty
		n++
		b.changeLibs(cur, -c, 1)
		cur = b.next[cur]
		if cur == l {
			return n
		}
	}
}

// addChain refills the empty region through l with pla stones as one
// chain headed by l (used by undo to restore a captured chain).
func (b *kboard) addChain(l int16, pla int8) {
	b.libs[l] = 0
	b.stones[l] = 0
	front := b.addChainFrom(l, l, l, pla)
	b.next[l] = front
}

// addChainFrom fills l and, depth first, the empty points around it. It
// links each new stone to the previous one (tail) and returns the last.
func (b *kboard) addChainFrom(h, tail, l int16, pla int8) int16 {
	b.color[l] = pla
	b.hash ^= zobrist[l][colorIdx(pla)]
	b.head[l] = h
	b.stones[h]++
	b.next[l] = tail
	b.changeLibs(l, -pla, -1)
	last := l
	for _, d := range b.adj {
		if a := l + d; b.color[a] == empty {
			last = b.addChainFrom(h, last, a, pla)
		}
	}
	return last
}

// rebuildChain relinks and recounts the pla chain through l, whose heads
// must point to no chain of theirs, making l its head.
func (b *kboard) rebuildChain(l int16, pla int8) {
	b.libs[l] = 0
	b.stones[l] = 0
	front := b.rebuildFrom(l, l, l, pla)
	b.next[l] = front
}

func (b *kboard) rebuildFrom(h, tail, l int16, pla int8) int16 {
	for _, d := range b.adj {
		if a := l + d; b.color[a] == empty && !b.isLibertyOf(a, h) {
			b.libs[h]++
		}
	}
	b.head[l] = h
	b.stones[h]++
	b.next[l] = tail
	last := l
	for _, d := range b.adj {
		if a := l + d; b.color[a] == pla && b.head[a] != h {
			last = b.rebuildFrom(h, last, a, pla)
		}
	}
	return last
}

// moveRecord is what undo needs to take a move back.
type moveRecord struct {
	loc     int16
	pla     int8
	ko      int16
	capDirs uint8 // bit i: captured in direction i; 0x10: suicide
}

// playRecorded plays like play and returns the record for undo.
func (b *kboard) playRecorded(l int16, pla int8) moveRecord {
	r := moveRecord{loc: l, pla: pla, ko: b.ko}
	if l != passLoc {
		for i, d := range b.adj {
			if a := l + d; b.color[a] == -pla && b.numLibs(a) == 1 {
				r.capDirs |= 1 << i
			}
		}
		if r.capDirs == 0 && b.isSuicide(l, pla) {
			r.capDirs = 0x10
		}
	}
	b.play(l, pla)
	return r
}

// undo takes back the last move played, given its record. Like KataGo's
// Board::undo it may leave different heads and list orders than before
// the move; later searches see those, as KataGo's do.
func (b *kboard) undo(r moveRecord) {
	b.ko = r.ko
	l := r.loc
	if l == passLoc {
		return
	}
	opp := -r.pla
	for i, d := range b.adj {
		a := l + d
		if r.capDirs&(1<<i) != 0 && b.color[a] == empty {
			b.addChain(a, opp)
			n := int(b.stones[b.head[a]])
			if r.pla == black {
				b.whiteCaptured -= n
			} else {
				b.blackCaptured -= n
			}
		}
	}
	if r.capDirs == 0x10 {
		b.addChain(l, r.pla)
		n := int(b.stones[b.head[l]])
		if r.pla == black {
			b.blackCaptured -= n
		} else {
			b.whiteCaptured -= n
		}
	}
	b.hash ^= zobrist[l][colorIdx(b.color[l])]
	b.color[l] = empty
	b.changeLibs(l, opp, 1)

	h := b.head[l]
	if b.stones[h] <= 1 {
		return
	}
	friends := 0
	for _, d := range b.adj {
		if b.color[l+d] == r.pla {
			friends++
		}
	}
	if friends <= 1 {
		// The chain stays connected: cut l out of its list.
		if h == l {
			nh := b.next[l]
			cur := l
			for {
				b.head[cur] = nh
				cur = b.next[cur]
				if cur == l {
					break
				}
			}
			b.stones[nh], b.libs[nh] = b.stones[h], b.libs[h]
			h = nh
		}
		cur := h
		for b.next[cur] != l {
			cur = b.next[cur]
		}
		b.next[cur] = b.next[l]
		delta := int16(1)
		for _, d := range b.adj {
			if a := l + d; b.color[a] == empty && !b.isLibertyOf(a, h) {
				delta--
			}
		}
		b.libs[h] += delta
		b.stones[h]--
		return
	}
	// The chain may fall apart: rebuild every piece next to l.
	cur := l
	for {
		b.head[cur] = noLoc
		cur = b.next[cur]
		if cur == l {
			break
		}
	}
	for _, d := range b.adj {
		if a := l + d; b.color[a] == r.pla && b.head[a] == noLoc {
			b.rebuildChain(a, r.pla)
		}
	}
}

// isSuicide reports whether pla playing the empty point l would leave
// its own chain without liberties and capture nothing.
func (b *kboard) isSuicide(l int16, pla int8) bool {
	if l == passLoc {
		return false
	}
	for _, d := range b.adj {
		a := l + d
		switch b.color[a] {
		case empty:
			return false
		case pla:
			if b.numLibs(a) > 1 {
				return false
			}
		case -pla:
			if b.numLibs(a) == 1 {
				return false
			}
		}
	}
	return true
}

// legal reports whether pla may play l under simple ko with suicide
// illegal (the rules of the ladder search and of goeval's rule sets).
func (b *kboard) legal(l int16, pla int8) bool {
	if l == passLoc {
		return true
	}
	return b.color[l] == empty && l != b.ko && !b.isSuicide(l, pla)
}

// boundLibsAfterPlay returns cheap lower and upper bounds on the
// liberties of pla's chain after pla plays l.
func (b *kboard) boundLibsAfterPlay(l int16, pla int8) (lower, upper int) {
	immediate, caps, capStones, connSum, connMax := 0, 0, 0, 0, 0
	for _, d := range b.adj {
		a := l + d
		switch b.color[a] {
		case empty:
			immediate++
		case -pla:
			if b.numLibs(a) == 1 {
				caps++
				capStones += int(b.stones[b.head[a]])
			}
		case pla:
			c := b.numLibs(a) - 1
			connSum += c
			connMax = max(connMax, c)
		}
	}
	return caps + max(connMax, immediate), immediate + capStones + connSum
}

// libsAfterPlay returns the number of liberties pla's chain would have
// after playing l, or limit if it would have at least limit.
func (b *kboard) libsAfterPlay(l int16, pla int8, limit int) int {
	var libs [maxArr]int16
	n := 0
	var capHeads [4]int16
	nCap := 0
	for _, d := range b.adj {
		a := l + d
		if b.color[a] == empty || (b.color[a] == -pla && b.numLibs(a) == 1) {
			libs[n] = a
			n++
			if n >= limit {
				return limit
			}
			if b.color[a] == -pla {
				h := b.head[a]
				dup := false
				for _, s := range capHeads[:nCap] {
					dup = dup || s == h
				}
				if !dup {
					capHeads[nCap] = h
					nCap++
				}
			}
		}
	}
	wouldBeEmpty := func(p int16) bool {
		if b.color[p] == empty {
			return true
		}
		if b.color[p] == -pla {
			for _, s := range capHeads[:nCap] {
				if s == b.head[p] {
					return true
				}
			}
		}
		return false
	}
	var conn [4]int16
	nConn := 0
	for _, d := range b.adj {
		a := l + d
		if b.color[a] != pla {
			continue
		}
		h := b.head[a]
		dup := false
		for _, s := range conn[:nConn] {
			dup = dup || s == h
		}
		if dup {
			continue
		}
		conn[nConn] = h
		nConn++
		cur := a
		for {
			for _, e := range b.adj {
				p := cur + e
				if p == l || !wouldBeEmpty(p) {
					continue
				}
				counted := false
				for _, q := range libs[:n] {
					if q == p {
						counted = true
						break
					}
				}
				if !counted {
					libs[n] = p
					n++
					if n >= limit {
						return limit
					}
				}
			}
			cur = b.next[cur]
			if cur == a {
				break
			}
		}
	}
	return n
}

// connLibsX2 is KataGo's heuristic for ordering the attacker's two
// moves: for each neighbouring pla chain with more than one liberty,
// twice its liberties minus 3.
func (b *kboard) connLibsX2(l int16, pla int8) int {
	n := 0
	for _, d := range b.adj {
		if a := l + d; b.color[a] == pla {
			if libs := b.numLibs(a); libs > 1 {
				n += 2*libs - 3
			}
		}
	}
	return n
}

// wouldBeKoCapture reports whether pla playing the empty point l would
// capture exactly one lone stone with every neighbour of l an opponent
// stone or the edge.
func (b *kboard) wouldBeKoCapture(l int16, pla int8) bool {
	if b.color[l] != empty {
		return false
	}
	capturable := int16(noLoc)
	for _, d := range b.adj {
		a := l + d
		if b.color[a] != wall && b.color[a] != -pla {
			return false
		}
		if b.color[a] == -pla && b.numLibs(a) == 1 {
			if capturable != noLoc {
				return false
			}
			capturable = a
		}
	}
	return capturable != noLoc && b.stones[b.head[capturable]] == 1
}

// put stores v at buf[i], growing buf as needed.
func put(buf []int16, i int, v int16) []int16 {
	for i >= len(buf) {
		buf = append(buf, 0)
	}
	buf[i] = v
	return buf
}

// findLiberties appends the liberties of the chain through l to buf at
// index at, in chain-list order and neighbour order, skipping any already
// in buf[from:at+found]. It returns buf and the number added.
func (b *kboard) findLiberties(l int16, buf []int16, from, at int) ([]int16, int) {
	found := 0
	cur := l
	for {
		for _, d := range b.adj {
			p := cur + d
			if b.color[p] != empty {
				continue
			}
			dup := false
			for _, q := range buf[from : at+found] {
				if q == p {
					dup = true
					break
				}
			}
			if !dup {
				buf = put(buf, at+found, p)
				found++
			}
		}
		cur = b.next[cur]
		if cur == l {
			return buf, found
		}
	}
}

// findCaptures appends the moves that capture an opponent chain in atari
// next to the chain through l (the liberties of those chains), like
// findLiberties.
func (b *kboard) findCaptures(l int16, buf []int16, from, at int) ([]int16, int) {
	opp := -b.color[l]
	var checked [maxArr]int16
	nChecked := 0
	found := 0
	cur := l
	for {
		for _, d := range b.adj {
			a := cur + d
			if b.color[a] != opp {
				continue
			}
			h := b.head[a]
			if b.libs[h] != 1 {
				continue
			}
			dup := false
			for _, s := range checked[:nChecked] {
				if s == h {
					dup = true
					break
				}
			}
			if dup {
				continue
			}
			var n int
			buf, n = b.findLiberties(a, buf, from, at+found)
			found += n
			checked[nChecked] = h
			nChecked++
		}
		cur = b.next[cur]
		if cur == l {
			return buf, found
		}
	}
}

// hasCaptures reports whether an opponent chain next to the chain
// through l is in atari.
func (b *kboard) hasCaptures(l int16) bool {
	opp := -b.color[l]
	cur := l
	for {
		for _, d := range b.adj {
			if a := cur + d; b.color[a] == opp && b.numLibs(a) == 1 {
				return true
			}
		}
		cur = b.next[cur]
		if cur == l {
			return false
		}
	}
}
