package moyo

import (
	"errors"
	"fmt"

	"goeval/board"
	"goeval/control"
	"goeval/influence"
)

// DefaultAtsumiReach is the default reach of the atsumi: the propagating
// influence counts stones up to 4 steps away ("as far as the 4th dame").
const DefaultAtsumiReach = 4

// Thresholds of the atsumi (docs/estimators.md §3).
const (
	// CutoffAtsumi is the atsumi from which a vacant point is a cutoff
	// point of its colour.
	CutoffAtsumi = 0.8
	// ObjectValue is the control of a cutoff object other than a stone or
	// territory.
	ObjectValue = 0.8
)

// ErrSettings reports invalid Settings; errors from New wrap it.
var ErrSettings = errors.New("moyo: invalid settings")

// Settings are the moyo estimator's parameters. The zero value means the
// defaults: atsumi reach 4, no region override.
type Settings struct {
	// AtsumiReach is the maximum path length at which a stone still adds
	// to the atsumi; 0 means DefaultAtsumiReach. It must not be negative.
	AtsumiReach int
	// RegionOverride applies the paper's variation 5.3(1): on a vacant
	// point that is not a cutoff object, where the equidistance region's
	// colour and the sign of D disagree, the region's colour wins (|D| is
	// kept).
	RegionOverride bool
}

func (s Settings) withDefaults() Settings {
	if s.AtsumiReach == 0 {
		s.AtsumiReach = DefaultAtsumiReach
	}
	return s
}

// Kind is the kind of a point as a cutoff object.
type Kind uint8

// The kinds of cutoff object. A vacant point that is several kinds of
// object of one colour is reported as the first that applies in the order
// Territory, CutoffPoint, Leg, Span.
const (
	// NotObject is a vacant point that is no cutoff object, including a
	// point claimed by both colours.
	NotObject Kind = iota
	// Stone is a stone: an object of its own colour.
	Stone
	// Territory is a vacant point whose atsumi for its colour is 1.
	Territory
	// CutoffPoint is a vacant point whose atsumi for its colour is at
	// least 0.8 (and below 1).
	CutoffPoint
	// Leg is a vacant point on the perpendicular from a stone on line 1-4
	// to that edge (an n-leg).
	Leg
	// Span is a first-line point between two legs of one colour that reach
	// the same edge at most 6 points apart (a same-colour span).
	Span
)

var kindNames = [...]string{"", "stone", "territory", "cutoff", "leg", "span"}

// String returns "", "stone", "territory", "cutoff", "leg" or "span", the
// names used in JSON output.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Analysis is everything the moyo estimator computes for one position.
// Every slice has Size*Size entries in map order (row-major from the
// top-left point). Fill one with Moyo.Analyze; reusing an Analysis reuses
// its memory.
type Analysis struct {
	// Size is the board size.
	Size int
	// Atsumi is the signed atsumi v on vacant points, in [-1, 1]: Black's
	// atsumi is max(v, 0), White's max(-v, 0). It is 0 on stones.
	Atsumi []float64
	// Kind is the point's kind of cutoff object (Stone on stones,
	// NotObject on vacant points that are none).
	Kind []Kind
	// Color is the colour of the point's cutoff object: Black or White,
	// Empty where Kind is NotObject.
	Color []board.Color
	// Contested marks the vacant points claimed as objects by both
	// colours: objects of neither.
	Contested []bool
	// B and W are Black's and White's cutoff numbers (0-4, B+W <= 4) on
	// vacant points that are not cutoff objects; 0 elsewhere.
	B, W []int8
	// Region is the equidistance region: the colour whose nearest stone is
	// strictly closer by path length through vacant points, Empty on the
	// equidistance line and where no stone is reachable. Stones are in
	// their own colour's region.
	Region []board.Color
	// Control is the estimator's control map: stones and territory +1 or
	// -1, other cutoff objects +0.8 or -0.8, every other vacant point its
	// enclosed equivalent size D = 2(B-W)/10 (with the region override if
	// set).
	Control []float64
	// S is the sum of Control over the vacant points, and SPrime the same
	// sum with the signed atsumi in place of the value on every vacant
	// point whose atsumi is not 0 (the paper's S and S').
	S, SPrime float64
}

// reset sizes a for a size x size board, reusing its memory.
func (a *Analysis) reset(size int) {
	n := size * size
	a.Size = size
	a.Atsumi = resize(a.Atsumi, n)
	a.Kind = resize(a.Kind, n)
	a.Color = resize(a.Color, n)
	a.Contested = resize(a.Contested, n)
	a.B = resize(a.B, n)
	a.W = resize(a.W, n)
	a.Region = resize(a.Region, n)
	a.Control = resize(a.Control, n)
	a.S, a.SPrime = 0, 0
}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// HasPair reports whether point p carries cutoff numbers: whether it is a
// vacant point that is no cutoff object.
func (a *Analysis) HasPair(p board.Point) bool {
	return a.Kind[p] == NotObject
}

// Diff returns d = B - W at p (0 where p has no pair).
func (a *Analysis) Diff(p board.Point) int { return int(a.B[p]) - int(a.W[p]) }

// Moyo is the cutoff-number enclosed-equivalent-size estimator (see the
// package comment). Make one with New. It owns scratch memory, so it is not
// safe for concurrent use; Estimate does not allocate once it has seen a
// board of that size.
type Moyo struct {
	s      Settings
	atsumi *influence.Propagate
	a      Analysis // Estimate's, View's and Report's analysis

	// Per-position scratch, by point.
	flags [board.MaxPoints]uint8
	own   [board.MaxPoints]board.Color // object colour, stones included
	// end[e][i] is the colour of a leg reaching edge e at its i-th
	// first-line point (Empty for none).
	end   [4][board.MaxSize]board.Color
	dist  [board.MaxPoints]int16 // path length to the nearest stone
	label [board.MaxPoints]uint8 // the colours of the nearest stones
	queue [board.MaxPoints]board.Point
}

// Bits of Moyo.flags.
const (
	flagLegB uint8 = 1 << iota
	flagLegW
	flagSpanB
	flagSpanW
)

// New returns a moyo estimator with settings s (zero fields meaning the
// defaults), or an error wrapping ErrSettings.
func New(s Settings) (*Moyo, error) {
	if s.AtsumiReach < 0 {
		return nil, fmt.Errorf("%w: atsumi reach %d is negative", ErrSettings, s.AtsumiReach)
	}
	s = s.withDefaults()
	p, err := influence.NewPropagate(influence.AtsumiSettings(s.AtsumiReach))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSettings, err)
	}
	return &Moyo{s: s, atsumi: p}, nil
}

// Settings returns the settings in effect, defaults filled in.
func (m *Moyo) Settings() Settings { return m.s }

// Name returns "moyo".
func (m *Moyo) Name() string { return "moyo" }

// Params returns atsumi-reach and region-override (0 or 1).
func (m *Moyo) Params() []control.Param {
	o := 0.0
	if m.s.RegionOverride {
		o = 1
	}
	return []control.Param{
		{Name: "atsumi-reach", Value: float64(m.s.AtsumiReach)},
		{Name: "region-override", Value: o},
	}
}

// Estimate evaluates b into dst: the control map of the analysis (see
// Analysis.Control) and its sum.
func (m *Moyo) Estimate(dst *control.Result, b *board.Board) error {
	m.analyze(&m.a, b, m.s.RegionOverride)
	dst.Reset(len(m.a.Control))
	copy(dst.Control, m.a.Control)
	dst.Sum()
	dst.Converged = true
	return nil
}

// Analyze computes the full analysis of b into dst, reusing dst's memory.
func (m *Moyo) Analyze(dst *Analysis, b *board.Board) {
	m.analyze(dst, b, true)
}

// analyze fills a; the regions are computed only if regions is set (they
// are Empty otherwise).
func (m *Moyo) analyze(a *Analysis, b *board.Board, regions bool) {
	g := b.Geometry()
	size := g.Size
	a.reset(size)
	cells := b.Cells()

	// Atsumi: the propagating influence, cap-each, alpha 1/2, reach 4
	// (Control puts +-1 on stones; the objects loop below clears them).
	m.atsumi.Control(a.Atsumi, b)
	clear(m.flags[:g.N])

	m.legs(b)
	m.spans(b)

	// Objects: stones, cutoff points (territory included), legs and spans
	// of each colour; a vacant point claimed by both is neither's.
	for p, c := range cells {
		a.Contested[p] = false
		if c != board.Empty {
			m.own[p], a.Kind[p], a.Color[p] = c, Stone, c
			a.Atsumi[p] = 0
			continue
		}
		v, f := a.Atsumi[p], m.flags[p]
		black := v >= CutoffAtsumi || f&(flagLegB|flagSpanB) != 0
		white := v <= -CutoffAtsumi || f&(flagLegW|flagSpanW) != 0
		switch {
		case black && white:
			m.own[p], a.Kind[p], a.Color[p] = board.Empty, NotObject, board.Empty
			a.Contested[p] = true
		case black:
			m.own[p], a.Kind[p], a.Color[p] = board.Black, objectKind(v, f&flagLegB != 0), board.Black
		case white:
			m.own[p], a.Kind[p], a.Color[p] = board.White, objectKind(-v, f&flagLegW != 0), board.White
		default:
			m.own[p], a.Kind[p], a.Color[p] = board.Empty, NotObject, board.Empty
		}
	}

	m.cutoffNumbers(a, g)

	if regions {
		m.regions(a, b)
	} else {
		clear(a.Region)
	}

	// Control map and the sums over vacant points.
	s, s2 := 0.0, 0.0
	for p, c := range cells {
		var v float64
		switch k := a.Kind[p]; {
		case c != board.Empty:
			a.Control[p] = float64(c)
			continue
		case k == Territory:
			v = float64(a.Color[p])
		case k != NotObject:
			v = ObjectValue * float64(a.Color[p])
		default:
			d := int(a.B[p]) - int(a.W[p])
			if m.s.RegionOverride {
				if r := int(a.Region[p]); r != 0 && d*r < 0 {
					d = -d
				}
			}
			v = float64(2*d) / 10
		}
		a.Control[p] = v
		s += v
		if at := a.Atsumi[p]; at != 0 {
			v = at
		}
		s2 += v
	}
	a.S, a.SPrime = s, s2
}

// objectKind returns the kind of a vacant object of a colour whose atsumi
// for it is v.
func objectKind(v float64, leg bool) Kind {
	switch {
	case v == 1:
		return Territory
	case v >= CutoffAtsumi:
		return CutoffPoint
	case leg:
		return Leg
	}
	return Span
}

// Edges, as indices of Moyo.end.
const (
	edgeTop = iota
	edgeBottom
	edgeLeft
	edgeRight
)

// legs marks the n-legs in m.flags and records in m.end where they reach
// the first line. A stone on the first line counts as a leg of length 0
// reaching that edge at its own point.
func (m *Moyo) legs(b *board.Board) {
	g := b.Geometry()
	size := g.Size
	cells := b.Cells()
	for e := range m.end {
		clear(m.end[e][:size])
	}
	for p, c := range cells {
		if c == board.Empty {
			continue
		}
		flag := flagLegB
		if c == board.White {
			flag = flagLegW
		}
		x, y := g.XY(board.Point(p))
		if min(x, y, size-1-x, size-1-y) >= 4 {
			continue // line 5 or more from every edge
		}
		// Toward each edge within 4 lines: (dx, dy) the step, n the
		// stone's line from that edge, i its place along the edge.
		for _, dir := range [4]struct{ e, dx, dy, n, i int }{
			{edgeTop, 0, -1, y + 1, x},
			{edgeBottom, 0, 1, size - y, x},
			{edgeLeft, -1, 0, x + 1, y},
			{edgeRight, 1, 0, size - x, y},
		} {
			if dir.n > 4 {
				continue
			}
			reached := true
			for k := 1; k < dir.n; k++ {
				q := g.At(x+k*dir.dx, y+k*dir.dy)
				if cells[q] != board.Empty {
					reached = false
					break
				}
				m.flags[q] |= flag
			}
			if reached {
				m.end[dir.e][dir.i] = c
			}
		}
	}
}

// spans marks the same-colour spans in m.flags: along each edge's first
// line, between two consecutive leg ends of one colour at most 6 apart with
// no stone or leg of the other colour between them.
func (m *Moyo) spans(b *board.Board) {
	g := b.Geometry()
	size := g.Size
	cells := b.Cells()
	for e := range m.end {
		at := func(i int) board.Point {
			switch e {
			case edgeTop:
				return g.At(i, 0)
			case edgeBottom:
				return g.At(i, size-1)
			case edgeLeft:
				return g.At(0, i)
			}
			return g.At(size-1, i)
		}
		for _, c := range [2]board.Color{board.Black, board.White} {
			span, otherLeg := flagSpanB, flagLegW
			if c == board.White {
				span, otherLeg = flagSpanW, flagLegB
			}
			last, broken := -1, false
			for i := 0; i < size; i++ {
				q := at(i)
				if m.end[e][i] == c {
					if last >= 0 && !broken && i-last <= 6 {
						for j := last + 1; j < i; j++ {
							m.flags[at(j)] |= span
						}
					}
					last, broken = i, false
					continue
				}
				if cells[q] == -c || m.flags[q]&otherLeg != 0 {
					broken = true
				}
			}
		}
	}
}

// cutoffNumbers fills a.B and a.W: from every vacant point that is no
// object, the first object met along each of the four lines decides that
// direction for its colour; the edge decides nothing. One sweep per
// direction carries the colour of the last object passed.
func (m *Moyo) cutoffNumbers(a *Analysis, g *board.Geometry) {
	size := g.Size
	clear(a.B)
	clear(a.W)
	own := m.own[:g.N]
	bs, ws := a.B[:g.N], a.W[:g.N]
	// Each sweep: first point, step along the line, step to the next line.
	for _, sw := range [4]struct{ start, step, next int }{
		{0, 1, size},                  // rows, left to right
		{size - 1, -1, size},          // rows, right to left
		{0, size, 1},                  // columns, top to bottom
		{(size - 1) * size, -size, 1}, // columns, bottom to top
	} {
		for line := 0; line < size; line++ {
			last := board.Empty
			p := sw.start + line*sw.next
			for k := 0; k < size; k, p = k+1, p+sw.step {
				switch o := own[p]; {
				case o != board.Empty:
					last = o
				case last == board.Black:
					bs[p]++
				case last == board.White:
					ws[p]++
				}
			}
		}
	}
}

// Region labels in Moyo.label.
const (
	labelB uint8 = 1 << iota
	labelW
)

// regions fills a.Region from one breadth-first search through vacant
// points from all stones at once: a point's label is the union of the
// labels of its neighbours one step nearer, so it holds a colour exactly
// when that colour's nearest stone is at the point's distance; both
// colours make the equidistance line.
func (m *Moyo) regions(a *Analysis, b *board.Board) {
	g := b.Geometry()
	cells := b.Cells()
	dist, label := m.dist[:g.N], m.label[:g.N]
	for p := range dist {
		dist[p], label[p] = -1, 0
	}
	n := 0
	for p, c := range cells {
		if c == board.Empty {
			continue
		}
		l := labelB
		if c == board.White {
			l = labelW
		}
		for _, q := range g.Neighbors(board.Point(p)) {
			if cells[q] != board.Empty {
				continue
			}
			if dist[q] < 0 {
				dist[q] = 1
				m.queue[n] = q
				n++
			}
			label[q] |= l
		}
	}
	for head := 0; head < n; head++ {
		p := m.queue[head]
		d, l := dist[p]+1, label[p]
		for _, q := range g.Neighbors(p) {
			switch {
			case cells[q] != board.Empty:
			case dist[q] < 0:
				dist[q], label[q] = d, l
				m.queue[n] = q
				n++
			case dist[q] == d:
				label[q] |= l
			}
		}
	}
	for p, c := range cells {
		switch {
		case c != board.Empty:
			a.Region[p] = c
		case label[p] == labelB:
			a.Region[p] = board.Black
		case label[p] == labelW:
			a.Region[p] = board.White
		default:
			a.Region[p] = board.Empty
		}
	}
}
