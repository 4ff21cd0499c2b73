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

// modelState returns the model state, made on first use.
func (r *Ranker) modelState(ownName string) (*modelState, error) {
	if r.model != nil {
		return r.model, nil
	}
	m := r.s.Model
	ms := &modelState{ext: movemodel.NewExtractor(&m.Tables)}
	factory := func(name string) (func() control.Estimator, error) {
		if r.s.ModelEstimator == nil {
			return nil, fmt.Errorf("rank: the move model needs the estimator %s, and no way to make it was given", name)
		}
		return r.s.ModelEstimator(name)
	}
	if m.Uses(movemodel.GroupGain) && m.GainEstimator != ownName {
		f, err := factory(m.GainEstimator)
		if err != nil {
			return nil, err
		}
		ms.gain = New(f, Settings{Workers: r.s.Workers, Top: -1, Cold: r.s.Cold})
	}
	if m.Uses(movemodel.GroupOwner) {
		f, err := factory(m.OwnerEstimator)
		if err != nil {
			return nil, err
		}
		ms.owner = f()
	}
	r.model = ms
	return ms, nil
}

// byModel sets the model's probability of every move of rk (in map order,
// with their one-ply evaluations) and of the pass, and sorts the moves by
// it, most likely first, equal ones in map order.
func (r *Ranker) byModel(ctx context.Context, rk *Ranking, b *board.Board, last, last2 board.Point) error {
	ms, err := r.modelState(rk.Estimator)
	if err != nil {
		return err
	}
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
