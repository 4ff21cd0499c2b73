package influence

// The propagating influence estimator (SPEC section 1; seed 003, sections
// 2.2-2.5; GnuGo's influence function, simplified).
//
// Definition. Every stone is a source, +1 for Black and -1 for White. A
// source reaches an empty point p with weight alpha^d, where d is the length
// of the shortest path from the stone to p through empty points only: d = 1
// for an empty point next to the stone, and influence passes through no
// stone of either colour. The stone's own point is not part of the path, so
// a stone's distances depend only on its empty neighbours (its liberties):
//
//	d_s(p) = 1 + min over liberties q of s of dist(q, p),
//
// dist being the path length through empty points. A stone without
// liberties reaches nothing; a point that no path reaches gets nothing from
// that stone. Black's influence at p is B(p) = sum of alpha^d_s(p) over the
// black stones s, White's W(p) likewise, and the control of an empty point is
//
//	CapEach  (default): min(B, 1) - min(W, 1)
//	CapTotal          : clamp(B - W, -1, 1)   (the seed's Figure 2)
//
// Stones keep control +1 or -1 (every stone is taken to be alive).
// MaxDistance > 0 drops every contribution with d > MaxDistance.
//
// Why CapEach is the default (seed 003, section 2.3): in a width-one
// corridor walled by Black with a white stone at its mouth, Black's walls
// saturate B at 1 on every corridor point while the invader's influence
// halves with each step, so the k-th point from the mouth gets 1 - 2^-k,
// the miai-counting value of the corridor; capping the total instead lets
// the wall's surplus swallow the invader.
//
// How it is computed. The straightforward form, a breadth-first search from
// every stone, is the test twin (see propagate_test.go). A search from each
// chain instead would not be exact: the stones of one chain have different
// liberties, so their distances differ. The estimator computes the same
// sums bit-parallel over the stones, 64 to a machine word:
//
//   - Only stones with a liberty are sources, one bit each, Black's first;
//     a point's stone set takes words = ceil(sources/64) words.
//   - Every empty point p holds S_t(p), the set of stones within distance t
//     of p. S_1(p) is the set of stones next to p. A shortest path to p
//     arrives through an empty neighbour of p, so
//     S_{t+1}(p) = S_t(p) | S_t(q1) | ... | S_t(q4) over p's neighbours
//     (stones and the padding hold no bits), and the stones at distance
//     exactly t+1 are S_{t+1}(p) &^ S_t(p). Their numbers, by colour (a
//     popcount, summed over the words), times alpha^(t+1) are added to B(p)
//     and W(p). One step costs a few word operations per point for 64
//     stones at once, where the twin pays a queue visit per point for every
//     stone.
//   - So B(p) is summed as (number of black stones at distance d) *
//     alpha^d in increasing d, whatever the order of the sources: the
//     result is exactly invariant under the board's symmetries and the
//     colour swap (tested with ==), and equals the twin's to rounding (the
//     tests hold them within 1e-12).
//   - A point whose set holds every stone that can reach its empty region
//     is final: it leaves the work list after one more step, so that both
//     buffers of the double-buffered sets hold the final set. The passes
//     end when no point is left or at MaxDistance. Points in regions no
//     stone can reach are never visited. Within a short reach (MaxDistance
//     up to 8, such as the moyo estimator's atsumi) few points become final
//     before the end, so the regions are not labelled and the whole board
//     counts as one.
//   - The board is padded with an off-board border, so a step reads its
//     four neighbours without tests. One and two words have loops of their
//     own; each distance's products n * alpha^d come from a table filled
//     once per distance. The scratch lives in the Propagate value: an
//     estimate does not allocate.
//
// Cost: one step per point per word for every distance from 2 up to the
// farthest stone that reaches it, about 10^4 word steps for a 19x19
// middle-game position (7,500 with one word at move 50, 15,000-20,000 with
// two at move 150). No cutoff by weight is taken: with alpha = 1/2 a
// weight drops below what could move a value by 1e-12 only beyond
// distance 40 or so, farther than most paths on a 19x19 board, and points
// where B >= 1 (where cap-each stops listening to Black) are few, about a
// quarter of the empty points for each colour at move 150 and one in
// twenty at move 50, so saturation would save little either. The cost per
// step is mostly per point (the work list, the counts and the sums), not
// per word: splitting the stones by the parity of x+y (a stone reaches a
// point only at distances of one parity, so each step needs one class per
// point, updated in place) halved the words but not the time, and was
// left out.

import (
	"errors"
	"fmt"
	"math"
	"math/bits"

	"goeval/board"
	"goeval/control"
)

// Combine says how a propagating estimator combines Black's influence B and
// White's influence W on an empty point into control.
type Combine int

const (
	// CapEach caps each colour at 1 before subtracting: min(B,1) - min(W,1).
	// It is the default (the zero value).
	CapEach Combine = iota
	// CapTotal caps the difference: clamp(B - W, -1, 1).
	CapTotal
)

// String returns "cap-each" or "cap-total".
func (c Combine) String() string {
	switch c {
	case CapEach:
		return "cap-each"
	case CapTotal:
		return "cap-total"
	}
	return fmt.Sprintf("Combine(%d)", int(c))
}

// DefaultAttenuation is the propagating estimator's default attenuation
// alpha: influence halves with every step.
const DefaultAttenuation = 0.5

// ErrPropagateSettings reports invalid PropagateSettings; errors from
// NewPropagate wrap it and say which setting is wrong.
var ErrPropagateSettings = errors.New("influence: invalid propagate settings")

// PropagateSettings are the parameters of the propagating estimator. The
// zero value means the defaults: attenuation 1/2, unbounded distance,
// CapEach.
type PropagateSettings struct {
	// Attenuation is alpha, the weight factor per step, in (0, 1); 0 means
	// DefaultAttenuation (1/2).
	Attenuation float64
	// MaxDistance, when positive, drops contributions from stones more than
	// MaxDistance steps away; 0 means unbounded. It must not be negative.
	MaxDistance int
	// Combine is how B and W are combined (CapEach by default).
	Combine Combine
}

// AtsumiSettings returns the settings that SPEC section 3 uses for the moyo
// estimator's atsumi: CapEach, attenuation 1/2, and the given reach as
// MaxDistance (4 in the SPEC, "as far as the 4th dame").
func AtsumiSettings(reach int) PropagateSettings {
	return PropagateSettings{Attenuation: DefaultAttenuation, MaxDistance: reach, Combine: CapEach}
}

// withDefaults returns s with its zero fields replaced by the defaults.
func (s PropagateSettings) withDefaults() PropagateSettings {
	if s.Attenuation == 0 {
		s.Attenuation = DefaultAttenuation
	}
	return s
}

// Validate returns nil if s (after defaults) is usable, else an error
// wrapping ErrPropagateSettings that names the setting.
func (s PropagateSettings) Validate() error {
	s = s.withDefaults()
	if !(s.Attenuation > 0 && s.Attenuation < 1) {
		return fmt.Errorf("%w: attenuation %v is not in (0, 1)", ErrPropagateSettings, s.Attenuation)
	}
	if s.MaxDistance < 0 {
		return fmt.Errorf("%w: max-distance %d is negative", ErrPropagateSettings, s.MaxDistance)
	}
	if s.Combine != CapEach && s.Combine != CapTotal {
		return fmt.Errorf("%w: unknown combination %v", ErrPropagateSettings, s.Combine)
	}
	return nil
}

// propPadMax is the number of points of the largest padded board: the rows
// of a board plus one border row above and below, each row one point longer
// than the board (its last point is the border on both sides).
const propPadMax = (board.MaxSize + 2) * (board.MaxSize + 1)

// propMaxWords is the largest number of 64-stone words a point's set needs.
const propMaxWords = (board.MaxPoints + 63) / 64

// Propagate is the propagating influence estimator (see the comment at the
// top of this file, and SPEC section 1). Make one with NewPropagate. It owns
// its scratch, so it is not safe for concurrent use; an estimate does not
// allocate.
type Propagate struct {
	s PropagateSettings
	// pow[d] is alpha^d.
	pow [board.MaxPoints + 2]float64

	// Padded geometry of the last board size seen.
	geo    *board.Geometry
	stride int                    // padded row length, Size+1
	pad    [board.MaxPoints]int16 // board point -> padded point

	// Per-estimate scratch, indexed by padded point unless said otherwise.
	empty   [propPadMax]bool
	region  [propPadMax]int16 // empty region id; propNoRegion on stones and off the board
	accB    [propPadMax]float64
	accW    [propPadMax]float64
	empties [board.MaxPoints]int16 // padded empty points, in map order
	stones  [board.MaxPoints]int16 // board points of stones, in map order
	active  [board.MaxPoints]int16
	stack   [board.MaxPoints]int16
	srcLib  [board.MaxPoints][4]int16 // per source: its liberties
	srcN    [board.MaxPoints]uint8
	// weight[n] is n * alpha^t for the distance t being added: a table
	// lookup in place of a conversion and a multiplication per point.
	weight [256]float64
	// The stone sets, words words per padded point: set point pp, word k
	// is at pp*words+k. setA and setB double-buffer S_t; full holds the
	// stones that can reach the point's region.
	setA, setB, full []uint64
	regFull          []uint64 // per region, words words
	black            [propMaxWords]uint64
}

// NewPropagate returns a propagating estimator with settings s (zero fields
// meaning the defaults), or an error wrapping ErrPropagateSettings.
func NewPropagate(s PropagateSettings) (*Propagate, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	e := &Propagate{
		s:       s.withDefaults(),
		setA:    make([]uint64, propPadMax*propMaxWords),
		setB:    make([]uint64, propPadMax*propMaxWords),
		full:    make([]uint64, propPadMax*propMaxWords),
		regFull: make([]uint64, board.MaxPoints*propMaxWords),
	}
	e.pow[0] = 1
	for d := 1; d < len(e.pow); d++ {
		e.pow[d] = e.pow[d-1] * e.s.Attenuation
	}
	return e, nil
}

// Settings returns the settings in effect, defaults filled in.
func (e *Propagate) Settings() PropagateSettings { return e.s }

// Name returns "propagate" for CapEach and "propagate-total" for CapTotal,
// the estimator's names on the command line.
func (e *Propagate) Name() string {
	if e.s.Combine == CapTotal {
		return "propagate-total"
	}
	return "propagate"
}

// Params returns attenuation and max-distance.
func (e *Propagate) Params() []control.Param {
	return []control.Param{
		{Name: "attenuation", Value: e.s.Attenuation},
		{Name: "max-distance", Value: float64(e.s.MaxDistance)},
	}
}

// Estimate evaluates b into dst: the control map of Control and its sum.
func (e *Propagate) Estimate(dst *control.Result, b *board.Board) error {
	dst.Reset(b.Geometry().N)
	e.Control(dst.Control, b)
	dst.Sum()
	dst.Converged = true
	return nil
}

// Control writes the control of every point of b into dst, in map order:
// +1 or -1 on stones, the combined influence (see Combine) on empty points.
// It panics with an "influence: ..." message if len(dst) is not the number
// of points of b. It does not allocate.
func (e *Propagate) Control(dst []float64, b *board.Board) {
	g := b.Geometry()
	if len(dst) != g.N {
		panic(fmt.Sprintf("influence: Control: %d values for %d points", len(dst), g.N))
	}
	e.influence(b)
	capTotal := e.s.Combine == CapTotal
	for p, c := range b.Cells() {
		if c != board.Empty {
			dst[p] = float64(c)
			continue
		}
		pp := e.pad[p]
		bl, wh := e.accB[pp], e.accW[pp]
		if capTotal {
			dst[p] = max(-1, min(1, bl-wh))
		} else {
			dst[p] = min(bl, 1) - min(wh, 1)
		}
	}
}

// Influence writes Black's influence B(p) into black and White's W(p) into
// white for every empty point (0 on stones), before any capping. It panics
// with an "influence: ..." message if a slice's length is not the number of
// points of b.
func (e *Propagate) Influence(black, white []float64, b *board.Board) {
	g := b.Geometry()
	if len(black) != g.N || len(white) != g.N {
		panic(fmt.Sprintf("influence: Influence: %d and %d values for %d points", len(black), len(white), g.N))
	}
	e.influence(b)
	for p, c := range b.Cells() {
		if c != board.Empty {
			black[p], white[p] = 0, 0
			continue
		}
		black[p], white[p] = e.accB[e.pad[p]], e.accW[e.pad[p]]
	}
}

// propSetGeometry builds the padded tables for g's size.
func (e *Propagate) propSetGeometry(g *board.Geometry) {
	if e.geo == g {
		return
	}
	e.geo = g
	e.stride = g.Size + 1
	for p := 0; p < g.N; p++ {
		x, y := g.XY(board.Point(p))
		e.pad[p] = int16((y+1)*e.stride + x)
	}
	// Padded points off the board stay not empty and in no region for
	// ever.
	clear(e.empty[:])
	for i := range e.region {
		e.region[i] = propNoRegion
	}
}

// propNoRegion is the region of a stone or an off-board point.
const propNoRegion = math.MaxInt16

// influence fills accB and accW (padded) with B(p) and W(p) on the empty
// points of b; other entries are left as they were.
func (e *Propagate) influence(b *board.Board) {
	g := b.Geometry()
	e.propSetGeometry(g)
	cells := b.Cells()
	W := e.stride
	empty := &e.empty

	// The padded board and its empty points.
	nEmpty, nStones := 0, 0
	for p, c := range cells {
		pp := e.pad[p]
		empty[pp] = c == board.Empty
		if c == board.Empty {
			e.region[pp] = -1
			e.empties[nEmpty] = pp
			nEmpty++
		} else {
			e.region[pp] = propNoRegion
			e.stones[nStones] = int16(p)
			nStones++
		}
	}
	empties := e.empties[:nEmpty]
	for _, pp := range empties {
		e.accB[pp], e.accW[pp] = 0, 0
	}

	// Sources: stones with a liberty, Black's first. The order does not
	// matter for the result: only counts per distance are summed.
	nSrc, nBlack := 0, 0
	for _, col := range [2]board.Color{board.Black, board.White} {
		for _, p := range e.stones[:nStones] {
			if cells[p] != col {
				continue
			}
			pp := int(e.pad[p])
			lib := &e.srcLib[nSrc]
			k := 0
			if empty[pp-W] {
				lib[k] = int16(pp - W)
				k++
			}
			if empty[pp-1] {
				lib[k] = int16(pp - 1)
				k++
			}
			if empty[pp+1] {
				lib[k] = int16(pp + 1)
				k++
			}
			if empty[pp+W] {
				lib[k] = int16(pp + W)
				k++
			}
			if k > 0 {
				e.srcN[nSrc] = uint8(k)
				nSrc++
			}
		}
		if col == board.Black {
			nBlack = nSrc
		}
	}
	if nSrc == 0 {
		return
	}
	words := (nSrc + 63) / 64
	for k := 0; k < words; k++ {
		lo, hi := 64*k, min(64*k+64, nSrc)
		e.black[k] = 0
		if nb := min(nBlack, hi) - lo; nb > 0 {
			e.black[k] = ^uint64(0) >> (64 - nb)
		}
	}
	// The regions tell when a point has heard every stone that can reach
	// it. Within a short reach few points get there before the passes end,
	// so one region stands for the board and the flood fill is saved.
	nRegions := 1
	if maxD := e.s.MaxDistance; maxD > 0 && maxD <= propShortReach {
		for _, pp := range empties {
			e.region[pp] = 0
		}
	} else {
		nRegions = e.propRegions(empties)
	}
	e.propSpread(empties, nRegions, nSrc, words)
}

// propShortReach is the largest MaxDistance for which influence does not
// label the empty regions.
const propShortReach = 8

// propRegions labels the connected regions of empties, returning their
// number.
func (e *Propagate) propRegions(empties []int16) int {
	W := e.stride
	region := &e.region
	stack := &e.stack
	n := 0
	for _, start := range empties {
		if region[start] >= 0 {
			continue
		}
		id := int16(n)
		n++
		region[start] = id
		stack[0] = start
		k := 1
		for k > 0 {
			k--
			p := int(stack[k])
			// Stones and the border hold propNoRegion, never -1.
			if q := p - W; region[q] == -1 {
				region[q] = id
				stack[k] = int16(q)
				k++
			}
			if q := p - 1; region[q] == -1 {
				region[q] = id
				stack[k] = int16(q)
				k++
			}
			if q := p + 1; region[q] == -1 {
				region[q] = id
				stack[k] = int16(q)
				k++
			}
			if q := p + W; region[q] == -1 {
				region[q] = id
				stack[k] = int16(q)
				k++
			}
		}
	}
	return n
}

// propSpread adds every source's influence to accB and accW: source i is
// bit i%64 of word i/64 of the points' sets.
func (e *Propagate) propSpread(empties []int16, nRegions, nSrc, words int) {
	W := e.stride
	regFull := e.regFull[:nRegions*words]
	clear(regFull)
	setA, setB, full := e.setA, e.setB, e.full
	// Stones and the border must hold no bits; the layout changes with
	// words, so both buffers are cleared over the whole padded board.
	used := (e.geo.Size + 2) * W * words
	clear(setA[:used])
	clear(setB[:used])
	for s := 0; s < nSrc; s++ {
		k, bit := s/64, uint64(1)<<(s%64)
		for _, q := range e.srcLib[s][:e.srcN[s]] {
			setA[int(q)*words+k] |= bit
			regFull[int(e.region[q])*words+k] |= bit
		}
	}
	black := e.black[:words]

	// Distance 1: the stones next to each point. The work list holds the
	// points some stone can reach.
	n := 0
	for _, pp := range empties {
		i, r := int(pp)*words, int(e.region[pp])*words
		reach := uint64(0)
		nb, nw := 0, 0
		for k := 0; k < words; k++ {
			f := regFull[r+k]
			full[i+k] = f
			reach |= f
			s := setA[i+k]
			nb += bits.OnesCount64(s & black[k])
			nw += bits.OnesCount64(s &^ black[k])
		}
		if reach == 0 {
			continue
		}
		e.active[n] = pp
		n++
		e.accB[pp] += e.pow[1] * float64(nb)
		e.accW[pp] += e.pow[1] * float64(nw)
	}

	// Distances 2, 3, ...: S_{t+1}(p) = S_t(p) | S_t(neighbours); the new
	// bits are the stones at distance t+1. Counts are summed over the words
	// before one multiply-add per colour, so that B(p) is the sum over d of
	// (number of black stones at distance d) * alpha^d in increasing d,
	// whatever the order of the sources: the result is exactly invariant
	// under symmetries and the colour swap.
	switch words {
	case 1:
		e.propSteps1(n)
		return
	case 2:
		e.propSteps2(n)
		return
	}
	cur, next := setA, setB
	up, side := W*words, words
	maxD := e.s.MaxDistance
	for t := 1; n > 0 && (maxD == 0 || t < maxD); t++ {
		w := e.pow[t+1]
		active := e.active[:n]
		n = 0
		for _, p16 := range active {
			i := int(p16) * words
			nb, nt := 0, 0
			pending := uint64(0)
			for k := i; k < i+words; k++ {
				old := cur[k]
				s := old | cur[k-up] | cur[k-side] | cur[k+side] | cur[k+up]
				next[k] = s
				fresh := s ^ old
				nb += bits.OnesCount64(fresh & black[k-i])
				nt += bits.OnesCount64(fresh)
				pending |= old ^ full[k]
			}
			e.accB[p16] += w * float64(nb)
			e.accW[p16] += w * float64(nt-nb)
			// A point whose sets were already full now holds them in
			// both buffers and is done.
			e.active[n] = p16
			if pending != 0 {
				n++
			}
		}
		cur, next = next, cur
	}
}

// propSteps1 is the distance loop of propSpread for a single word.
func (e *Propagate) propSteps1(n int) {
	W := e.stride
	cur, next := e.setA[:propPadMax], e.setB[:propPadMax]
	full := e.full[:propPadMax]
	accB, accW := e.accB[:], e.accW[:]
	act := e.active[:]
	black := e.black[0]
	maxD := e.s.MaxDistance
	wt := &e.weight
	for t := 1; n > 0 && (maxD == 0 || t < maxD); t++ {
		e.propWeights(t+1, 64)
		m := 0
		for _, p16 := range act[:n] {
			p := int(p16)
			old := cur[p]
			s := old | cur[p-W] | cur[p-1] | cur[p+1] | cur[p+W]
			next[p] = s
			fresh := s ^ old
			nb := bits.OnesCount64(fresh & black)
			nt := bits.OnesCount64(fresh)
			accB[p] += wt[nb&127]
			accW[p] += wt[(nt-nb)&127]
			act[m] = p16
			if old != full[p] {
				m++
			}
		}
		n = m
		cur, next = next, cur
	}
}

// propSteps2 is the distance loop of propSpread for two words.
func (e *Propagate) propSteps2(n int) {
	up := 2 * e.stride
	cur, next := e.setA, e.setB
	full := e.full
	accB, accW := e.accB[:], e.accW[:]
	act := e.active[:]
	black0, black1 := e.black[0], e.black[1]
	maxD := e.s.MaxDistance
	wt := &e.weight
	for t := 1; n > 0 && (maxD == 0 || t < maxD); t++ {
		e.propWeights(t+1, 128)
		m := 0
		for _, p16 := range act[:n] {
			p := int(p16)
			i := 2 * p
			old0, old1 := cur[i], cur[i+1]
			s0 := old0 | cur[i-up] | cur[i-2] | cur[i+2] | cur[i+up]
			s1 := old1 | cur[i+1-up] | cur[i-1] | cur[i+3] | cur[i+1+up]
			next[i], next[i+1] = s0, s1
			f0, f1 := s0^old0, s1^old1
			nb := bits.OnesCount64(f0&black0) + bits.OnesCount64(f1&black1)
			nt := bits.OnesCount64(f0) + bits.OnesCount64(f1)
			accB[p] += wt[nb&255]
			accW[p] += wt[(nt-nb)&255]
			act[m] = p16
			if old0 != full[i] || old1 != full[i+1] {
				m++
			}
		}
		n = m
		cur, next = next, cur
	}
}

// propWeights fills e.weight[0..n] with k * alpha^d, computed exactly as
// float64(k) * alpha^d would be in place.
func (e *Propagate) propWeights(d, n int) {
	w := e.pow[d]
	for k := 0; k <= n; k++ {
		e.weight[k] = float64(k) * w
	}
}
