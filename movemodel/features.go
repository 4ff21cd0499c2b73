package movemodel

import (
	"cmp"
	"slices"
	"strings"

	"goeval/board"
	"goeval/tactics"
)

// Group is one kind of feature. A move has at most one feature of each
// group, a value from 1 to the group's size; 0 means it has none.
type Group int

// The feature groups.
const (
	// Pass: 1 for a pass, 2 for a pass answering a pass.
	GroupPass Group = iota
	// Capture: the move captures stones. 1 when a captured chain touches
	// a chain of the mover in atari (the capture saves it), 2 when it
	// captures the stones of the previous move, 3 for a ko capture, 4 for
	// another capture of 1 or 2 stones, 5 of 3 or more.
	GroupCapture
	// Extension: the move extends a chain of the mover in atari without
	// capturing. 1 when the chain then escapes (package tactics cannot
	// capture it with the opponent to move), 2 when it does not.
	GroupExtension
	// Atari: the move leaves an opponent chain one liberty. 1 when the
	// chain is then dead whoever moves (a working ladder or net, by
	// package tactics), 2 when a ko is on the board, 3 otherwise.
	GroupAtari
	// SelfAtari: the move leaves its own chain one liberty without
	// capturing; 1 for a chain of 1 or 2 stones, 2 for a bigger one.
	GroupSelfAtari
	// DistPrev and DistPrev2: the distance d = |dx| + |dy| + max(|dx|,
	// |dy|) to the previous move and to the move before it, as d-1 for d
	// from 2 to 16, and 16 for 17 or more; none after a pass or at the
	// start.
	GroupDistPrev
	GroupDistPrev2
	// Edge: the move's line, counted from the nearest edge: 1 to 4, 5 for
	// the fifth line or further in.
	GroupEdge
	// Shape: the 3x3 neighbourhood with the liberties (1, 2, 3+) of the
	// adjacent chains, by its index in the model's shape table.
	GroupShape
	// Pattern: the largest spatial pattern (sizes 3 to 10) around the move
	// that the model's pattern table holds, by its index there.
	GroupPattern
	// Gain: the move's place in the one-ply ranking by an estimator's
	// gain (Position.Gain), best first: 1, 2, 3, 4-5, 6-8, 9-12, 13-20,
	// 21-35, 36-60, 61 or later; none without gains.
	GroupGain
	// Owner: who the point belongs to before the move by an estimator's
	// map (Position.Owner), from the mover's side, in 8 bins of width
	// 0.25 from -1 (the opponent's) to 1 (the mover's); none without a map.
	GroupOwner
	// NumGroups counts the groups.
	NumGroups
)

var groupNames = [NumGroups]string{"pass", "capture", "extension", "atari", "self-atari", "distance to the previous move", "distance to the move before", "edge", "3x3 shape", "pattern", "one-ply gain", "owner"}

var groupShort = [NumGroups]string{"pass", "capture", "extension", "atari", "self-atari", "distance", "distance2", "edge", "shape", "pattern", "gain", "owner"}

// String returns the group's name.
func (g Group) String() string { return groupNames[g] }

// Short returns the group's short name, as the command line takes it.
func (g Group) Short() string { return groupShort[g] }

// ParseGroup returns the group of a short name.
func ParseGroup(name string) (Group, bool) {
	for g, s := range groupShort {
		if s == name {
			return Group(g), true
		}
	}
	return 0, false
}

// ShortNames returns the groups' short names (Group.Short), in order.
func ShortNames() []string { return append([]string(nil), groupShort[:]...) }

// ParseGroups reads a comma-separated list of groups' short names
// (ParseGroup), skipping blank entries and spaces around names. For a name
// that is no group's it returns that name as bad, and the groups read
// before it.
func ParseGroups(list string) (groups []Group, bad string) {
	for _, name := range strings.Split(list, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		g, ok := ParseGroup(name)
		if !ok {
			return groups, name
		}
		groups = append(groups, g)
	}
	return groups, ""
}

// fixedSize is the number of values of the groups whose values are fixed;
// the table groups (Shape, Pattern) take their size from the model.
var fixedSize = [NumGroups]int{
	GroupPass:      2,
	GroupCapture:   5,
	GroupExtension: 2,
	GroupAtari:     3,
	GroupSelfAtari: 2,
	GroupDistPrev:  16,
	GroupDistPrev2: 16,
	GroupEdge:      5,
	GroupGain:      10,
	GroupOwner:     8,
}

// NoMove stands for a move that does not exist (before the first move), in
// Position.Last and Last2; board.Pass stands for a pass.
const NoMove board.Point = -2

// LastMoves returns Position.Last and Last2 of the position after moves:
// the last move's point and the one before, board.Pass for a pass, NoMove
// where there was none.
func LastMoves(moves []board.Move) (last, last2 board.Point) {
	last, last2 = NoMove, NoMove
	if n := len(moves); n >= 1 {
		last = moves[n-1].Point
		if n >= 2 {
			last2 = moves[n-2].Point
		}
	}
	return last, last2
}

// Position is a position with the history the features need.
type Position struct {
	// Board holds the stones, the ko and the side to move, whose moves are
	// the candidates.
	Board *board.Board
	// Last is the previous move's point, Last2 the one before: board.Pass
	// for a pass, NoMove where there was none.
	Last, Last2 board.Point
	// Gain, if not nil, holds for every point the gain of the mover's
	// play there by some estimator (see package rank), in map order;
	// only its order among the legal moves counts.
	Gain []float64
	// Owner, if not nil, holds an estimator's control map of the position
	// (Black positive, in [-1, 1]), in map order.
	Owner []float64
}

// Candidate is one legal move of the side to move with its features.
type Candidate struct {
	Point board.Point // board.Pass for the pass
	F     [NumGroups]uint32
}

// Tables are the shape and pattern tables that give the table groups'
// values: a canonical shape code or pattern key maps to its value (from 1).
type Tables struct {
	Shapes   map[uint32]uint32
	Patterns map[uint64]uint32
}

// Extractor computes the features of every legal move of a position. It
// owns scratch memory and a tactics.Reader: it is not safe for concurrent
// use; give each goroutine its own.
type Extractor struct {
	t      *Tables
	cs     board.Chains
	libs   [board.MaxPoints][2]board.Point // the first two liberties of each chain
	reader tactics.Reader
	tmp    board.Board
	order  []int32
}

// ReadBudget is the tactics.Reader budget of the ladder questions of the
// Extension and Atari groups.
const ReadBudget = 1000

// NewExtractor returns an Extractor that looks shapes and patterns up in t.
func NewExtractor(t *Tables) *Extractor {
	e := &Extractor{t: t}
	e.reader.Budget = ReadBudget
	return e
}

// Extract appends to dst (reused) every legal move of pos's side to move,
// in map order, then the pass, each with its features, and returns it.
func (e *Extractor) Extract(dst []Candidate, pos Position) []Candidate {
	dst = dst[:0]
	b := pos.Board
	g := b.Geometry()
	c := b.ToMove()
	b.Chains(&e.cs)
	e.findLiberties(b)
	ko := b.Ko()
	cells := b.Cells()
	koOnBoard := ko != board.Pass || e.koThreatened(b)
	for pi, v := range cells {
		p := board.Point(pi)
		if v != board.Empty || p == ko || !e.legal(b, p, c) {
			continue
		}
		var cd Candidate
		cd.Point = p
		e.tactical(&cd, b, pos, p, c, koOnBoard)
		cd.F[GroupDistPrev] = distFeature(g, p, pos.Last)
		cd.F[GroupDistPrev2] = distFeature(g, p, pos.Last2)
		cd.F[GroupEdge] = uint32(min(g.Line(p), 5))
		if e.t != nil {
			cd.F[GroupShape] = e.t.Shapes[e.shape(b, p, c)]
			cd.F[GroupPattern] = e.pattern(b, p, c)
		}
		if pos.Owner != nil {
			o := float64(c) * pos.Owner[p]
			cd.F[GroupOwner] = uint32(min(max(int((o+1)*4), 0), 7)) + 1
		}
		dst = append(dst, cd)
	}
	if pos.Gain != nil {
		e.gainRanks(dst, pos.Gain)
	}
	pass := Candidate{Point: board.Pass}
	pass.F[GroupPass] = 1
	if pos.Last == board.Pass {
		pass.F[GroupPass] = 2
	}
	return append(dst, pass)
}

// gainBins are the upper ends of the Gain group's places.
var gainBins = [...]int{1, 2, 3, 5, 8, 12, 20, 35, 60}

// gainRanks sets the Gain feature of cands (the legal moves, map order)
// by their place in gain's order, best first, equal gains in map order.
func (e *Extractor) gainRanks(cands []Candidate, gain []float64) {
	e.order = e.order[:0]
	for i := range cands {
		e.order = append(e.order, int32(i))
	}
	slices.SortStableFunc(e.order, func(a, b int32) int {
		return cmp.Compare(gain[cands[b].Point], gain[cands[a].Point])
	})
	for place, i := range e.order {
		v := len(gainBins) + 1
		for k, hi := range gainBins {
			if place < hi {
				v = k + 1
				break
			}
		}
		cands[i].F[GroupGain] = uint32(v)
	}
}

// koThreatened reports whether the side not to move is barred from a ko
// point: a ko is being fought whoever is to move.
func (e *Extractor) koThreatened(b *board.Board) bool {
	t := *b
	t.SetToMove(-b.ToMove())
	return t.Ko() != board.Pass
}

// findLiberties records the first two liberties of every chain.
func (e *Extractor) findLiberties(b *board.Board) {
	g := b.Geometry()
	n := len(e.cs.List)
	for i := range n {
		e.libs[i] = [2]board.Point{board.Pass, board.Pass}
	}
	for pi, v := range b.Cells() {
		if v != board.Empty {
			continue
		}
		p := board.Point(pi)
		var seen [4]int16
		ns := 0
	nbr:
		for _, q := range g.Neighbors(p) {
			id := e.cs.ID[q]
			if id < 0 {
				continue
			}
			for _, s := range seen[:ns] {
				if s == id {
					continue nbr
				}
			}
			seen[ns] = id
			ns++
			l := &e.libs[id]
			if l[0] == board.Pass {
				l[0] = p
			} else if l[1] == board.Pass {
				l[1] = p
			}
		}
	}
}

// legal reports whether c may play the empty point p (the ko aside): it
// has an empty neighbour, joins a chain of its own with another liberty,
// or captures.
func (e *Extractor) legal(b *board.Board, p board.Point, c board.Color) bool {
	for _, q := range b.Geometry().Neighbors(p) {
		v := b.At(q)
		if v == board.Empty {
			return true
		}
		libs := e.cs.List[e.cs.ID[q]].Liberties
		if (v == c) == (libs > 1) {
			return true
		}
	}
	return false
}

// tactical sets the capture, extension, atari and self-atari features of
// c playing p.
func (e *Extractor) tactical(cd *Candidate, b *board.Board, pos Position, p board.Point, c board.Color, koOnBoard bool) {
	g := b.Geometry()
	var adj [4]int16
	na := 0
	empties := 0
	var newLibs [2]board.Point // liberties of the played stone's chain besides p, up to 2
	nl := 0
	addLib := func(q board.Point) {
		if q == p || q == board.Pass {
			return
		}
		for _, l := range newLibs[:nl] {
			if l == q {
				return
			}
		}
		if nl < 2 {
			newLibs[nl] = q
			nl++
		}
	}
nbr:
	for _, q := range g.Neighbors(p) {
		id := e.cs.ID[q]
		if id < 0 {
			empties++
			addLib(q)
			continue
		}
		for _, a := range adj[:na] {
			if a == id {
				continue nbr
			}
		}
		adj[na] = id
		na++
	}
	captured, capturedChains := 0, 0
	saves, prev := false, false
	ownAtari, ownAdj := false, false
	manyLibs := false
	var atari []int16
	for _, id := range adj[:na] {
		ch := e.cs.List[id]
		if ch.Color == c {
			ownAdj = true
			if ch.Liberties == 1 {
				ownAtari = true
			}
			if ch.Liberties >= 3 {
				manyLibs = true
			} else {
				addLib(e.libs[id][0])
				addLib(e.libs[id][1])
			}
			continue
		}
		switch ch.Liberties {
		case 1:
			captured += ch.Stones
			capturedChains++
			if pos.Last >= 0 && e.cs.ID[pos.Last] == id {
				prev = true
			}
			if e.touchesOwnAtari(b, id, c) {
				saves = true
			}
			addLib(ch.Head) // a captured point becomes a liberty
		case 2:
			atari = append(atari, id)
		}
	}
	if captured > 0 {
		switch {
		case saves:
			cd.F[GroupCapture] = 1
		case prev:
			cd.F[GroupCapture] = 2
		case captured == 1 && empties == 0 && !ownAdj:
			// One stone taken by a lone stone with no other liberty: a ko.
			cd.F[GroupCapture] = 3
		case captured <= 2:
			cd.F[GroupCapture] = 4
		default:
			cd.F[GroupCapture] = 5
		}
	}
	libsAfter := nl
	if manyLibs {
		libsAfter = 2
	}
	if captured == 0 && libsAfter <= 1 {
		if e.stonesAfter(b, p, c, adj[:na]) <= 2 {
			cd.F[GroupSelfAtari] = 1
		} else {
			cd.F[GroupSelfAtari] = 2
		}
	}
	if ownAtari && captured == 0 {
		cd.F[GroupExtension] = 2
		if libsAfter >= 2 {
			e.tmp = *b
			if e.tmp.Play(c, p) == nil && e.reader.Read(&e.tmp, p) == tactics.Safe {
				cd.F[GroupExtension] = 1
			}
		}
	}
	if len(atari) > 0 {
		cd.F[GroupAtari] = 3
		if koOnBoard {
			cd.F[GroupAtari] = 2
		}
		if libsAfter >= 2 || captured > 0 {
			e.tmp = *b
			if e.tmp.Play(c, p) == nil {
				for _, id := range atari {
					if e.reader.Read(&e.tmp, e.cs.List[id].Head) == tactics.Dead {
						cd.F[GroupAtari] = 1
						break
					}
				}
			}
		}
	}
}

// touchesOwnAtari reports whether the chain id touches a chain of c with
// one liberty.
func (e *Extractor) touchesOwnAtari(b *board.Board, id int16, c board.Color) bool {
	g := b.Geometry()
	head := e.cs.List[id].Head
	q := head
	for {
		for _, r := range g.Neighbors(q) {
			if b.At(r) == c && e.cs.List[e.cs.ID[r]].Liberties == 1 {
				return true
			}
		}
		q = e.cs.Next(q)
		if q == head {
			return false
		}
	}
}

// stonesAfter is the number of stones of the chain c makes by playing p.
func (e *Extractor) stonesAfter(b *board.Board, p board.Point, c board.Color, adj []int16) int {
	n := 1
	for _, id := range adj {
		if ch := e.cs.List[id]; ch.Color == c {
			n += ch.Stones
		}
	}
	return n
}

// shape returns the canonical 3x3 shape code of c playing p.
func (e *Extractor) shape(b *board.Board, p board.Point, c board.Color) uint32 {
	g := b.Geometry()
	x0, y0 := g.XY(p)
	var st [8]uint8
	for i, o := range ring {
		x, y := x0+o.dx, y0+o.dy
		if !g.OnBoard(x, y) {
			if i < 4 {
				st[i] = shOff
			} else {
				st[i] = stOff
			}
			continue
		}
		q := g.At(x, y)
		v := b.At(q)
		if i >= 4 {
			switch v {
			case board.Empty:
				st[i] = stEmpty
			case c:
				st[i] = stOwn
			default:
				st[i] = stFoe
			}
			continue
		}
		if v == board.Empty {
			st[i] = shEmpty
			continue
		}
		libs := min(e.cs.List[e.cs.ID[q]].Liberties, 3)
		if v == c {
			st[i] = uint8(shOwn1 + libs - 1)
		} else {
			st[i] = uint8(shFoe1 + libs - 1)
		}
	}
	return canonicalShape(&st)
}

// pattern returns the value of the largest pattern around p that the
// tables hold, 0 if none.
func (e *Extractor) pattern(b *board.Board, p board.Point, c board.Color) uint32 {
	var keys [numSizes]uint64
	PatternKeys(&keys, b, p, c)
	for k := numSizes - 1; k >= 0; k-- {
		if v, ok := e.t.Patterns[keys[k]]; ok {
			return v
		}
	}
	return 0
}

// distFeature is the DistPrev value of p for a previous move at q.
func distFeature(g *board.Geometry, p, q board.Point) uint32 {
	if q < 0 {
		return 0
	}
	x0, y0 := g.XY(p)
	x1, y1 := g.XY(q)
	d := dist(x1-x0, y1-y0)
	return uint32(min(max(d, 2), 17) - 1)
}

// Sizes returns the number of values of each group with the tables t.
func Sizes(t *Tables) [NumGroups]int {
	s := fixedSize
	s[GroupShape] = len(t.Shapes)
	s[GroupPattern] = len(t.Patterns)
	return s
}
