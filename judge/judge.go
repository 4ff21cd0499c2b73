package judge

import (
	"errors"
	"fmt"

	"goeval/board"
	"goeval/control"
	"goeval/influence"
	"goeval/life"
)

// Judge is the judging estimator. Analyze judges a position into an
// Analysis that the caller holds and asks many things of: the map and the
// score, the dead stones, the count, the win probability, the unsettled
// chains. Estimate and the control interfaces (control.WinPredictor,
// Counter, Reporter, Noter) serve callers that know only an estimator:
// the judge keeps the analysis of the last Estimate for them and reuses
// it when they ask about the same position.
//
// A Judge owns scratch memory: a value is not safe for concurrent use.
type Judge struct {
	name string
	p    Params
	// lk is the λ/κ estimate of p, lkLate that of p.Late (lk if they
	// have the same λ and κ).
	lk, lkLate *influence.Symmetric

	// The scratch of Analyze.
	feat    Features
	life    life.Result
	seki    life.Seki
	race    []int8         // per chain: 1 if the side to move captures it at once (raceToMove)
	raceCS  board.Chains   // raceToMove's
	r1, r2  control.Result // the first estimate, and the second without the dead
	b2      board.Board    // the position without the dead, given to their killers
	start   []float64      // the second estimate's start, per point
	p1, p2  []float64      // per chain: first- and second-round death probability
	links   []Links
	round   round2
	f2      [][NumRound2]float64
	regions board.Regions // the count's

	// last is the analysis of the last Estimate, for the control
	// interfaces; lastOK says that it is whole (Analyze did not fail).
	last   Analysis
	lastOK bool
}

var (
	_ control.Counter      = (*Judge)(nil)
	_ control.Reporter     = (*Judge)(nil)
	_ control.Noter        = (*Judge)(nil)
	_ control.WinPredictor = (*Judge)(nil)
)

// Name is the judge's name (New's), and its name in the estimator
// registry.
const Name = "judge"

// New returns a judge with parameters p, named Name.
func New(p Params) (*Judge, error) { return NewNamed(Name, p) }

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
	return j, nil
}

// newEstimate returns the λ/κ estimator of parameters p.
func newEstimate(p *Params) (*influence.Symmetric, error) {
	lk, err := influence.NewSymmetric(influence.SymmetricSettings{
		Preset: influence.LambdaKappa,
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
	case j.race[id] > 0:
		return 1, true
	case j.race[id] < 0:
		return 0, true
	}
	return 0, false
}

// raceToMove finds the capturing races that the side to move decides by
// moving: a chain of the other colour in atari whose liberty is also the
// only liberty of a chain of the mover's next to it. The mover captures
// it there, saving its own: j.race is +1 for the captured chain. A
// capture that is illegal (a ko just taken) or that leaves the capturing
// chain in atari (a ko, or stones taken back at once, as pros leave them
// at the end of a game) decides nothing. Before this rule a 2x2 board with
// White to move and White's capture on the last point was judged
// Black's. The saved chains are left to the death model: saved from
// this capture is not alive.
func (j *Judge) raceToMove(b *board.Board) {
	cs := &j.feat.Chains
	n := len(cs.List)
	if cap(j.race) < n {
		j.race = make([]int8, n, n+n/2)
	}
	j.race = j.race[:n]
	clear(j.race)
	mover := b.ToMove()
	g := b.Geometry()
	for id, ch := range cs.List {
		if ch.Color != -mover || ch.Liberties != 1 {
			continue
		}
		lib, saved := board.Pass, false
		for p := ch.Head; ; p = cs.Next(p) {
			for _, q := range g.Neighbors(p) {
				if b.At(q) == board.Empty {
					lib = q
				}
			}
			if cs.Next(p) == ch.Head {
				break
			}
		}
		for _, q := range g.Neighbors(lib) { // the mover's chains in atari on lib
			if b.At(q) == mover && cs.List[cs.ID[q]].Liberties == 1 {
				saved = true
			}
		}
		if !saved {
			continue
		}
		after := *b
		if after.Play(mover, lib) != nil {
			continue
		}
		after.Chains(&j.raceCS)
		if j.raceCS.List[j.raceCS.ID[lib]].Liberties < 2 {
			continue // a ko, or taken back at once
		}
		j.race[id] = 1
		for _, q := range g.Neighbors(lib) {
			if b.At(q) == mover && cs.List[cs.ID[q]].Liberties == 1 {
				j.race[cs.ID[q]] = -1
			}
		}
	}
}

// deaths computes every chain's death probability by the models of p
// into j.p2: the first round from its own features, then, if p has one,
// the second round from its neighbours' first-round probabilities. Chains
// whose fate the rules fix (see fixed) keep it in both rounds.
func (j *Judge) deaths(p *Params) {
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
		if pd, ok := j.fixed(id, ch); ok {
			j.p1[id] = pd
		} else {
			j.p1[id] = deathProbability(p.death[:], j.feat.Of[id][:])
		}
	}
	copy(j.p2, j.p1)
	if !p.hasR2 {
		return
	}
	for id := range cs.List {
		j.links[id] = j.feat.Links(id)
	}
	j.round.features(j.links, j.p1, j.f2)
	for id, ch := range cs.List {
		if _, ok := j.fixed(id, ch); !ok {
			j.p2[id] = deathProbability(p.round2[:], j.f2[id][:])
		}
	}
}

// Analyze judges b into a, reusing a's memory: the map and the score
// (a.Result, what Estimate gives) and everything behind them. The
// analysis stays the caller's: later calls of the judge leave it alone.
func (j *Judge) Analyze(a *Analysis, b *board.Board) error {
	stage := Stage(b)
	p := j.p.For(stage)
	lk := j.lk
	if p != &j.p {
		lk = j.lkLate
	}
	if err := lk.Estimate(&j.r1, b); err != nil {
		return err
	}
	x := j.r1.Control
	j.feat.Playouts = p.Playouts
	j.feat.Compute(b, x)
	life.AnalyzeChains(&j.life, b, &j.feat.Chains)
	life.AnalyzeSeki(&j.seki, b, &j.feat.Chains)
	j.raceToMove(b)
	j.deaths(p)
	a.reset(b)
	removed := j.judgeChains(a, b, p.DeadAt)

	// The second estimate, with the dead given to their killers.
	x2 := x
	iterations, converged := j.r1.Iterations, j.r1.Converged
	if removed {
		j.withoutDead(a, b, x)
		if err := lk.EstimateFrom(&j.r2, &j.b2, j.start); err != nil {
			return err
		}
		x2 = j.r2.Control
		iterations += j.r2.Iterations
		converged = converged && j.r2.Converged
	}

	a.mapAndSum(b, x2)
	a.doubts(b)
	a.Stage = stage
	a.removed = a.removed[:0]
	for pt, r := range a.Removed {
		if r {
			a.removed = append(a.removed, board.Point(pt))
		}
	}
	area, open := b.CountArea(a.removed, &j.regions)
	a.area, a.Open = area, float64(open)
	a.Thin = thin(b, a.Removed, &j.regions)
	a.win = p.Win
	r := &a.Result
	r.Score = p.Score.Of(a.ScoreInput(b.ToMove()))
	r.Iterative, r.Iterations, r.Converged = true, iterations, converged
	return nil
}

// judgeChains sets each stone of b's death probability (a.Dead, from
// j.p2), whether it is taken off (a.Removed: above deadAt, unless it is a
// ko stone between living chains, see koStone) and whether it is in seki (a.Seki, whose empty
// points are the seki's shared liberties). It reports whether any stone is
// taken off.
func (j *Judge) judgeChains(a *Analysis, b *board.Board, deadAt float64) (removed bool) {
	copy(a.Seki, j.seki.Shared) // the stones' below
	cs := &j.feat.Chains
	for id, ch := range cs.List {
		pd := j.p2[id]
		kill := pd > deadAt && !j.koStone(b, ch, deadAt)
		removed = removed || kill
		for pt := ch.Head; ; {
			a.Dead[pt] = pd
			a.Seki[pt] = j.seki.InSeki[id]
			a.Removed[pt] = kill
			pt = cs.Next(pt)
			if pt == ch.Head {
				break
			}
		}
	}
	return removed
}

// withoutDead sets j.b2 to b with the stones taken off (a.Removed) given
// to the opponent, as if captured and filled, and j.start to x with those
// points the opponent's: the second estimate's position and start.
func (j *Judge) withoutDead(a *Analysis, b *board.Board, x []float64) {
	j.b2 = *b
	j.start = append(j.start[:0], x...)
	for pt, c := range b.Cells() {
		if a.Removed[pt] {
			j.b2.Set(board.Point(pt), -c)
			j.start[pt] = float64(-c)
		}
	}
}

// Estimate judges b into dst: the map and the score of Analyze.
func (j *Judge) Estimate(dst *control.Result, b *board.Board) error {
	a, err := j.analyze(b)
	if err != nil {
		return err
	}
	r := &a.Result
	dst.Reset(len(r.Control))
	copy(dst.Control, r.Control)
	dst.Score, dst.Iterative, dst.Iterations, dst.Converged = r.Score, r.Iterative, r.Iterations, r.Converged
	return nil
}

// analyze judges b into j.last.
func (j *Judge) analyze(b *board.Board) (*Analysis, error) {
	j.lastOK = false
	if err := j.Analyze(&j.last, b); err != nil {
		return nil, err
	}
	j.lastOK = true
	return &j.last, nil
}

// analysisOf returns the analysis of b: the last Estimate's when that was
// of b (the control interfaces' callers ask right after Estimate), else a
// new one.
func (j *Judge) analysisOf(b *board.Board) (*Analysis, error) {
	if j.lastOK && j.last.board == *b {
		return &j.last, nil
	}
	return j.analyze(b)
}

// WinProbability is Analysis.WinProbability of b (control.WinPredictor).
// It reuses the last Estimate when that was of b.
func (j *Judge) WinProbability(b *board.Board, komi float64) (p float64, ok bool, err error) {
	a, err := j.analysisOf(b)
	if err != nil {
		return 0, false, err
	}
	p, ok = a.WinProbability(komi)
	return p, ok, nil
}

// ResultRange is Analysis.ResultRange of b (control.ResultRanger). It
// reuses the last Estimate when that was of b.
func (j *Judge) ResultRange(b *board.Board) (lo, hi float64, ok bool, err error) {
	a, err := j.analysisOf(b)
	if err != nil {
		return 0, 0, false, err
	}
	lo, hi, ok = a.ResultRange()
	return lo, hi, ok, nil
}

// Unsettled is Analysis.Unsettled of b. It reuses the last Estimate when
// that was of b.
func (j *Judge) Unsettled(b *board.Board) ([]Unsettled, error) {
	a, err := j.analysisOf(b)
	if err != nil {
		return nil, err
	}
	return a.Unsettled(), nil
}

// Notes is Analysis.Notes of b (control.Noter). It reuses the last
// Estimate when that was of b.
func (j *Judge) Notes(b *board.Board) ([]string, error) {
	a, err := j.analysisOf(b)
	if err != nil {
		return nil, err
	}
	return a.Notes(), nil
}

// Report is Analysis.Report of b (control.Reporter). It reuses the last
// Estimate when that was of b.
func (j *Judge) Report(b *board.Board) ([]control.Field, error) {
	a, err := j.analysisOf(b)
	if err != nil {
		return nil, err
	}
	return a.Report(), nil
}

// Count is Analysis.Count of b (control.Counter). It reuses the last
// Estimate when that was of b.
func (j *Judge) Count(b *board.Board) (control.Count, error) {
	a, err := j.analysisOf(b)
	if err != nil {
		return control.Count{}, err
	}
	return a.Count(), nil
}

// koStone reports whether the chain ch of b is a lone stone that can be
// taken only by a ko capture between living chains: the opponent's stone
// on its one liberty would capture it alone and be left in atari itself,
// so that the capture could be taken back at once (or that capture is the
// retake the ko forbids now), and the stone's own chains around that
// liberty, which make the capture a ko, are not judged dead (their death
// probability at most deadAt). Such a stone's fate is the ko fight's,
// which the death model does not judge: it keeps its death probability
// but is never taken off, so that the count leaves the ko open
// (ko.CountTerritory resolves it). A ko stone whose surroundings are dead
// too is the remnant of a ko inside the opponent's territory, and dies
// with them.
func (j *Judge) koStone(b *board.Board, ch board.Chain, deadAt float64) bool {
	if ch.Stones != 1 || ch.Liberties != 1 {
		return false
	}
	g := b.Geometry()
	lib := board.Pass
	for _, q := range g.Neighbors(ch.Head) {
		if b.At(q) == board.Empty {
			lib = q
		}
	}
	for _, q := range g.Neighbors(lib) {
		if q != ch.Head && b.At(q) == ch.Color && j.p2[j.feat.Chains.ID[q]] > deadAt {
			return false
		}
	}
	t := *b
	switch err := t.Play(-ch.Color, lib); {
	case errors.Is(err, board.ErrKo):
		return true
	case err != nil:
		return false
	}
	return t.Ko() == ch.Head
}
