package rank

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"goeval/board"
	"goeval/control"
	"goeval/movemodel"
)

// Model is a move model (package movemodel) with the estimators its
// features need, resolved when it is loaded: the one-ply gains of the Gain
// group by Model.GainEstimator, the map of the Owner group by
// Model.OwnerEstimator. Settings.Model takes it; make one with LoadModel or
// BindModel. It is not modified once made, and Rankers may share it.
type Model struct {
	*movemodel.Model
	// gain and owner make the estimators of the Gain and Owner groups; nil
	// where the model does not use the group.
	gain, owner func() control.Estimator
}

// BindModel resolves by factory (such as the registry's eval.Factory with
// no parameters) the estimators that m's features need: m.GainEstimator if
// m uses the Gain group, m.OwnerEstimator if it uses the Owner group. Its
// error names the group and the estimator, and wraps factory's.
func BindModel(m *movemodel.Model, factory func(name string) (func() control.Estimator, error)) (*Model, error) {
	bm := &Model{Model: m}
	for _, g := range []struct {
		group movemodel.Group
		what  string
		name  string
		dst   *func() control.Estimator
	}{
		{movemodel.GroupGain, "gain", m.GainEstimator, &bm.gain},
		{movemodel.GroupOwner, "owner", m.OwnerEstimator, &bm.owner},
	} {
		if !m.Uses(g.group) {
			continue
		}
		f, err := factory(g.name)
		if err != nil {
			return nil, fmt.Errorf("the move model's %s estimator %q: %w", g.what, g.name, err)
		}
		*g.dst = f
	}
	return bm, nil
}

// LoadModel reads the move model in the parameter file path, or the one
// that ships with goeval if path is "" (movemodel.Default), and resolves
// its estimators by factory (BindModel): a file that names an estimator
// factory does not make fails here, not at the first ranking. Its errors
// begin with the file's path ("the shipped move model" for the one that
// ships).
func LoadModel(path string, factory func(name string) (func() control.Estimator, error)) (*Model, error) {
	var m *movemodel.Model
	var err error
	if path == "" {
		if m, err = movemodel.Default(); err != nil {
			return nil, fmt.Errorf("the shipped move model: %w", err)
		}
	} else if m, err = movemodel.ReadFile(path); err != nil {
		return nil, err
	}
	bm, err := BindModel(m, factory)
	if err != nil {
		if path == "" {
			path = "the shipped move model"
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return bm, nil
}

// modelState is what ranking by a model needs besides the one-ply
// evaluations: a feature extractor, and the estimators of the model's own
// gain and owner maps where the Ranker's estimator cannot give them.
type modelState struct {
	ext   *movemodel.Extractor
	gain  *Ranker           // the one-ply ranking by Model.GainEstimator, when not the Ranker's own
	owner control.Estimator // Model.OwnerEstimator's
	res   control.Result
	gains []float64
	cands []movemodel.Candidate
	probs []float64
}

// modelState returns the model state, made on first use; ownName is the
// name of the Ranker's estimator.
func (r *Ranker) modelState(ownName string) *modelState {
	if r.model != nil {
		return r.model
	}
	m := r.s.Model
	ms := &modelState{ext: movemodel.NewExtractor(&m.Tables)}
	if m.gain != nil && m.GainEstimator != ownName {
		ms.gain = New(m.gain, Settings{Workers: r.s.Workers, Top: -1, Cold: r.s.Cold})
	}
	if m.owner != nil {
		ms.owner = m.owner()
	}
	r.model = ms
	return ms
}

// byModel sets the model's probability of every move of rk (in map order,
// with their one-ply evaluations) and of the pass, and sorts the moves by
// it, most likely first, equal ones in map order.
func (r *Ranker) byModel(ctx context.Context, rk *Ranking, b *board.Board, last, last2 board.Point) error {
	ms := r.modelState(rk.Estimator)
	m := r.s.Model
	pos := movemodel.Position{Board: b, Last: last, Last2: last2}
	if m.Uses(movemodel.GroupGain) {
		ms.gains = slices.Grow(ms.gains[:0], b.Geometry().N)[:b.Geometry().N]
		moves := rk.Moves
		if ms.gain != nil {
			g, err := ms.gain.Rank(ctx, b)
			if err != nil {
				return err
			}
			moves = g.Moves
		}
		for _, mv := range moves {
			ms.gains[mv.Point] = mv.Gain
		}
		pos.Gain = ms.gains
	}
	if ms.owner != nil {
		if err := ms.owner.Estimate(&ms.res, b); err != nil {
			return &PlayError{Color: b.ToMove(), Point: board.Pass, Vertex: "pass", Err: fmt.Errorf("%s: %w", ms.owner.Name(), err)}
		}
		pos.Owner = ms.res.Control
	}
	ms.cands = ms.ext.Extract(ms.cands, pos)
	ms.probs = m.Probabilities(ms.probs, ms.cands)
	// Candidates and rk.Moves are both the legal moves in map order; the
	// pass is the last candidate.
	n := len(ms.cands) - 1
	if n != len(rk.Moves) {
		return fmt.Errorf("rank: the move model has %d candidates for %d legal moves", n, len(rk.Moves))
	}
	for i := range rk.Moves {
		if ms.cands[i].Point != rk.Moves[i].Point {
			return fmt.Errorf("rank: the move model's candidate %d is %s, not %s", i, b.Geometry().GTP(ms.cands[i].Point), b.Geometry().GTP(rk.Moves[i].Point))
		}
		rk.Moves[i].Prob, rk.Moves[i].Features = ms.probs[i], ms.cands[i].F
	}
	rk.ByModel, rk.PassProb = true, ms.probs[n]
	slices.SortStableFunc(rk.Moves, func(a, b Move) int { return cmp.Compare(b.Prob, a.Prob) })
	return nil
}
