package judge

import (
	"fmt"
	"sort"
	"strings"

	"goeval/board"
	"goeval/control"
	"goeval/influence"
	"goeval/life"
)

// Judge is the judging estimator. It owns scratch memory: a value is not
// safe for concurrent use.
type Judge struct {
	name string
	p    Params
	cur  *Params // p or p.Late: the parameters of the last Estimate
	// lk is the λ/κ estimate of p, lkLate that of p.Late (lk if they
	// have the same λ and κ).
	lk, lkLate *influence.Symmetric
	feat       Features
	life       life.Result
	r1         control.Result
	r2         control.Result

	a     Analysis
	start []float64
	last  board.Board // the position of the last Estimate, for Report
	score float64     // and its score
	done  bool

	seki life.Seki

	p1    []float64 // per chain: first-round death probability
	p2    []float64 // per chain: second-round death probability
	links []Links
	round round2
	f2    [][NumRound2]float64

	regions board.Regions // scratch of the count
	removed []board.Point // scratch of the count: the stones taken off
	area    float64       // the count's area (Count), set by Estimate
}

// Analysis is what Estimate found, beyond the map: each chain's probability
// of being dead, and the stones taken off the board.
type Analysis struct {
	// Dead holds, per point, the probability that the stone there is dead
	// (0 on empty points).
	Dead []float64
	// Removed holds, per point, whether the stone there was judged dead
	// (Dead above DeadAt, neither pass-alive nor in seki).
	Removed []bool
	// Seki holds, per point, whether the stone there is in seki, or the
	// empty point a liberty shared in seki (control 0).
	Seki []bool
	// Sum is the count the score model turns into the score: the control
	// map's empty points, plus every stone counted whole for the colour
	// that owns its point (the opponent's if Removed). Counting stones
	// whole rather than by 1-2P picks more winners on the dev set (at 20
	// moves before the end, 0.71 against 0.64).
	Sum float64
	// Doubt is the expected number of misjudged stones: the sum over
	// stones of min(P, 1-P).
	Doubt float64
	// RiskAlive and RiskDead are the stones at risk, by side: the sums of
	// colour·P (Black +1, White -1) over the stones counted alive (that
	// may yet die) and over those judged dead.
	RiskAlive, RiskDead float64
	// Open is the number of points the count leaves open (Count): empty
	// regions of more than board.DameSize points that both colours border.
	Open float64
	// Stage is the number of stones over the number of points.
	Stage float64
}

// ScoreInput returns what the score model reads of the analysis, with
// toMove to move.
func (a *Analysis) ScoreInput(toMove board.Color) ScoreInput {
	t := 1.0
	if toMove == board.White {
		t = -1
	}
	return ScoreInput{Sum: a.Sum, Stage: a.Stage, ToMove: t, Doubt: a.Doubt, RiskAlive: a.RiskAlive, RiskDead: a.RiskDead,
		Open: a.Open, Points: float64(len(a.Dead))}
}

var (
	_ control.Counter      = (*Judge)(nil)
	_ control.Reporter     = (*Judge)(nil)
	_ control.Noter        = (*Judge)(nil)
	_ control.WinPredictor = (*Judge)(nil)
)

// New returns a judge with parameters p, named "judge".
func New(p Params) (*Judge, error) { return NewNamed("judge", p) }

// NewNamed returns a judge with parameters p and the given name (its
// name in the estimator registry).
func NewNamed(name string, p Params) (*Judge, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	lk, err := newEstimate(&p)
	if err != nil {
		return nil, err
	}
	j := &Judge{name: name, p: p, lk: lk, lkLate: lk}
	if p.OwnLateEstimate() {
		if j.lkLate, err = newEstimate(p.Late); err != nil {
			return nil, err
		}
	}
	j.cur = &j.p
	return j, nil
}

// newEstimate returns the λ/κ estimator of parameters p.
func newEstimate(p *Params) (*influence.Symmetric, error) {
	lk, err := influence.NewSymmetric(influence.SymmetricSettings{
		Preset: "lambda-kappa",
		Lambda: influence.Set(p.Lambda),
		Kappa:  influence.Set(p.Kappa),
	})
	if err != nil {
		return nil, fmt.Errorf("judge: %w", err)
	}
	return lk, nil
}

// Name returns the judge's name.
func (j *Judge) Name() string { return j.name }

// Params returns the parameters of the estimate underneath, and the
// number of playouts and the stage from which they are played, if any.
func (j *Judge) Params() []control.Param {
	ps := []control.Param{{Name: "lambda", Value: j.p.Lambda}, {Name: "kappa", Value: j.p.Kappa}, {Name: "dead-at", Value: j.p.DeadAt}}
	if j.p.Playouts > 0 {
		ps = append(ps, control.Param{Name: "playouts", Value: float64(j.p.Playouts)})
	}
	if l := j.p.Late; l != nil {
		ps = append(ps, control.Param{Name: "late-from", Value: j.p.LateFrom})
		if j.p.OwnLateEstimate() {
			ps = append(ps, control.Param{Name: "late-lambda", Value: l.Lambda}, control.Param{Name: "late-kappa", Value: l.Kappa})
		}
		ps = append(ps, control.Param{Name: "late-dead-at", Value: l.DeadAt})
		if l.Playouts > 0 {
			ps = append(ps, control.Param{Name: "late-playouts", Value: float64(l.Playouts)})
		}
	}
	return ps
}

// Analysis returns the analysis of the last Estimate. It is overwritten
// by the next one.
func (j *Judge) Analysis() *Analysis { return &j.a }

// deathProbability returns σ(w·f).
func deathProbability(w, f []float64) float64 {
	return sigmoid(dot(w, f))
}

// fixed returns the death probability of chain id when the rules decide
// it, not the model: 0 for pass-alive chains, chains in seki and the
// sacrificer of a false seki; 1 for chains inside the opponent's
// pass-alive territory and the capturer of a false seki (see
// life.AnalyzeSeki).
func (j *Judge) fixed(id int, ch board.Chain) (p float64, ok bool) {
	switch {
	case j.life.Alive[ch.Head] || j.seki.InSeki[id] || j.seki.Settled[id] < 0:
		return 0, true
	case j.seki.Settled[id] > 0 || j.life.Owner[ch.Head] == -ch.Color:
		return 1, true
	}
	return 0, false
}

// deaths computes every chain's death probability into j.p2: the first
// round from its own features, then, if the parameters have one, the
// second round from its neighbours' first-round probabilities. Chains
// whose fate the rules fix (see fixed) keep it in both rounds.
func (j *Judge) deaths() {
	cs := &j.feat.Chains
	n := len(cs.List)
	if cap(j.p1) < n {
		j.p1 = make([]float64, n, n+n/2)
		j.p2 = make([]float64, n, n+n/2)
		j.links = make([]Links, n, n+n/2)
		j.f2 = make([][NumRound2]float64, n, n+n/2)
	}
	j.p1, j.p2, j.links, j.f2 = j.p1[:n], j.p2[:n], j.links[:n], j.f2[:n]
	for id, ch := range cs.List {
		if p, ok := j.fixed(id, ch); ok {
			j.p1[id] = p
		} else {
			j.p1[id] = deathProbability(j.cur.death[:], j.feat.Of[id][:])
		}
	}
	copy(j.p2, j.p1)
	if !j.cur.hasR2 {
		return
	}
	for id := range cs.List {
		j.links[id] = j.feat.Links(id)
	}
	j.round.features(j.links, j.p1, j.f2)
	for id, ch := range cs.List {
		if _, ok := j.fixed(id, ch); !ok {
			j.p2[id] = deathProbability(j.cur.round2[:], j.f2[id][:])
		}
	}
}

// Estimate judges b into dst.
func (j *Judge) Estimate(dst *control.Result, b *board.Board) error {
	stage := Stage(b)
	j.cur = j.p.For(stage)
	lk := j.lk
	if j.cur != &j.p {
		lk = j.lkLate
	}
	if err := lk.Estimate(&j.r1, b); err != nil {
		return err
	}
	x := j.r1.Control
	j.feat.Playouts = j.cur.Playouts
	j.feat.Compute(b, x)
	life.AnalyzeChains(&j.life, b, &j.feat.Chains)
	g := b.Geometry()
	n := g.N
	if cap(j.a.Dead) < n {
		j.a.Dead = make([]float64, n)
		j.a.Removed = make([]bool, n)
		j.a.Seki = make([]bool, n)
		j.start = make([]float64, n)
	}
	j.a.Dead, j.a.Removed, j.a.Seki, j.start = j.a.Dead[:n], j.a.Removed[:n], j.a.Seki[:n], j.start[:n]
	clear(j.a.Dead)
	clear(j.a.Removed)
	life.AnalyzeSeki(&j.seki, b, &j.feat.Chains)
	copy(j.a.Seki, j.seki.Shared) // the stones' below
	copy(j.start, x)
	b2 := *b
	removed := false
	j.deaths()
	for id, ch := range j.feat.Chains.List {
		pd := j.p2[id]
		kill := pd > j.cur.DeadAt
		removed = removed || kill
		for p := ch.Head; ; {
			j.a.Dead[p] = pd
			j.a.Seki[p] = j.seki.InSeki[id]
			if kill {
				j.a.Removed[p] = true
				b2.Set(p, -ch.Color)
				j.start[p] = float64(-ch.Color)
			}
			p = j.feat.Chains.Next(p)
			if p == ch.Head {
				break
			}
		}
	}
	x2 := x
	iterations, converged := j.r1.Iterations, j.r1.Converged
	if removed {
		if err := lk.EstimateFrom(&j.r2, &b2, j.start); err != nil {
			return err
		}
		x2 = j.r2.Control
		iterations += j.r2.Iterations
		converged = converged && j.r2.Converged
	}
	dst.Reset(n)
	cells := b.Cells()
	j.a.Sum = 0
	for p, c := range cells {
		switch {
		case c == board.Empty:
			if !j.a.Seki[p] {
				dst.Control[p] = x2[p]
				j.a.Sum += x2[p]
			}
			continue
		case j.a.Removed[p]:
			j.a.Sum -= float64(c)
		default:
			j.a.Sum += float64(c)
		}
		dst.Control[p] = float64(c) * (1 - 2*j.a.Dead[p])
	}
	j.a.Doubt, j.a.RiskAlive, j.a.RiskDead = 0, 0, 0
	for p, pd := range j.a.Dead {
		j.a.Doubt += min(pd, 1-pd)
		if j.a.Removed[p] {
			j.a.RiskDead += float64(cells[p]) * pd
		} else {
			j.a.RiskAlive += float64(cells[p]) * pd
		}
	}
	j.a.Stage = stage
	j.removed = j.removed[:0]
	for p, r := range j.a.Removed {
		if r {
			j.removed = append(j.removed, board.Point(p))
		}
	}
	area, open := b.CountArea(j.removed, &j.regions)
	j.area, j.a.Open = area, float64(open)
	dst.Score = j.cur.Score.Of(j.a.ScoreInput(b.ToMove()))
	dst.Iterative, dst.Iterations, dst.Converged = true, iterations, converged
	j.last, j.score, j.done = *b, dst.Score, true
	return nil
}

// WinProbability returns the probability that Black wins from b with komi
// komi, by the win model of the parameters that judged b (Params.Win), or
// ok false if they have none. It reuses the last Estimate when that was
// of b.
func (j *Judge) WinProbability(b *board.Board, komi float64) (p float64, ok bool, err error) {
	if err := j.estimated(b); err != nil {
		return 0, false, err
	}
	w := j.cur.Win
	if w == nil {
		return 0, false, nil
	}
	return w.Of(j.score, komi, j.a.Stage, j.a.Doubt), true, nil
}

// UnsettledFrom and UnsettledTo bound the death probability of the chains
// the judge calls unsettled: those whose fate it cannot tell.
const (
	UnsettledFrom = 0.2
	UnsettledTo   = 0.8
)

// Unsettled is a chain whose fate the judge cannot tell.
type Unsettled struct {
	// Stone is the chain's first stone in map order, as a GTP vertex.
	Stone string `json:"stone"`
	// Stones is its number of stones, and Dead its death probability.
	Stones int     `json:"stones"`
	Dead   float64 `json:"dead"`
}

// estimated makes sure that the last Estimate was of b.
func (j *Judge) estimated(b *board.Board) error {
	if j.done && j.last == *b {
		return nil
	}
	var r control.Result
	return j.Estimate(&r, b)
}

// Unsettled returns the chains of b whose death probability is from
// UnsettledFrom to UnsettledTo, the biggest first (then in map order). It
// reuses the last Estimate when that was of b.
func (j *Judge) Unsettled(b *board.Board) ([]Unsettled, error) {
	if err := j.estimated(b); err != nil {
		return nil, err
	}
	var chains board.Chains
	b.Chains(&chains)
	out := []Unsettled{}
	for _, ch := range chains.List {
		if p := j.a.Dead[ch.Head]; p >= UnsettledFrom && p <= UnsettledTo {
			out = append(out, Unsettled{Stone: b.Geometry().GTP(ch.Head), Stones: ch.Stones, Dead: p})
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Stones > out[b].Stones })
	return out, nil
}

// Notes returns the judge's line for the text output: its unsettled
// chains, the biggest first (at most 8 named), or nothing if there are
// none.
func (j *Judge) Notes(b *board.Board) ([]string, error) {
	us, err := j.Unsettled(b)
	if err != nil || len(us) == 0 {
		return nil, err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "unsettled (death probability %g to %g):", UnsettledFrom, UnsettledTo)
	for i, u := range us {
		if i == 8 {
			fmt.Fprintf(&sb, " and %d more", len(us)-i)
			break
		}
		if i > 0 {
			sb.WriteByte(',')
		}
		stones := "stones"
		if u.Stones == 1 {
			stones = "stone"
		}
		fmt.Fprintf(&sb, " %s %d %s %.2f", u.Stone, u.Stones, stones, u.Dead)
	}
	return []string{sb.String()}, nil
}

// Report returns the extra JSON fields of the judge on b: the stones judged
// dead and those in seki (GTP vertices), the unsettled chains and the
// doubt behind the score. It reuses the last Estimate when that was of b.
func (j *Judge) Report(b *board.Board) ([]control.Field, error) {
	us, err := j.Unsettled(b)
	if err != nil {
		return nil, err
	}
	c, err := j.Count(b)
	if err != nil {
		return nil, err
	}
	g := b.Geometry()
	vertices := func(ps []board.Point) []string {
		vs := make([]string, len(ps))
		for i, p := range ps {
			vs[i] = g.GTP(p)
		}
		return vs
	}
	return []control.Field{{Key: "dead", Value: vertices(c.Dead)}, {Key: "seki", Value: vertices(c.Seki)}, {Key: "unsettled", Value: us}, {Key: "doubt", Value: j.a.Doubt}}, nil
}

// Count returns b counted as a finished game is counted under area rules
// (board.CountArea), with the stones the judge takes off
// (Analysis.Removed) dead and those in seki left on the board
// (control.Counter). It is not the score: the score says how the game will
// end, the count how it stands. It reuses the last Estimate when that was
// of b.
func (j *Judge) Count(b *board.Board) (control.Count, error) {
	if err := j.estimated(b); err != nil {
		return control.Count{}, err
	}
	c := control.Count{Dead: append([]board.Point{}, j.removed...), Seki: []board.Point{}}
	for p, col := range b.Cells() {
		if col != board.Empty && j.a.Seki[p] && !j.a.Removed[p] {
			c.Seki = append(c.Seki, board.Point(p))
		}
	}
	c.Area, c.Open = j.area, int(j.a.Open)
	return c, nil
}
