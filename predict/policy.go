package predict

import (
	"context"
	"fmt"
	"sort"

	"goeval/board"
	"goeval/control"
	"goeval/records"
)

// Policy is a Ranker made of an estimator that gives move probabilities
// (control.MovePredictor: the network): every legal move and the pass,
// by probability. It evaluates each position with its moves and komi
// when the estimator reads records and the game has no setup stones.
func Policy(mp control.MovePredictor) Ranker { return &policyRanker{mp: mp} }

type policyRanker struct {
	mp    control.MovePredictor
	res   control.Result
	probs []float64
	idx   []int
}

func (r *policyRanker) Order(_ context.Context, pos *records.Position) (Order, error) {
	var err error
	if ge, ok := r.mp.(control.GameEstimator); ok {
		err = ge.EstimateGame(&r.res, record(pos))
	} else {
		err = r.mp.Estimate(&r.res, pos.Board)
	}
	if err != nil {
		return Order{}, err
	}
	r.probs = r.mp.MoveProbabilities(r.probs[:0])
	n := pos.Size * pos.Size
	if len(r.probs) != n+1 {
		return Order{}, fmt.Errorf("predict: %s gave %d move probabilities for %d points", r.mp.Name(), len(r.probs), n)
	}
	r.idx = r.idx[:0]
	for i, p := range r.probs {
		if p > 0 || i == n {
			r.idx = append(r.idx, i)
		}
	}
	sort.SliceStable(r.idx, func(a, b int) bool { return r.probs[r.idx[a]] > r.probs[r.idx[b]] })
	o := Order{Moves: make([]board.Point, len(r.idx)), Probs: make([]float64, len(r.idx))}
	for k, i := range r.idx {
		o.Moves[k], o.Probs[k] = board.Point(i), r.probs[i]
		if i == n {
			o.Moves[k] = board.Pass
		}
	}
	return o, nil
}

func (r *policyRanker) Close() error { return nil }

// record returns the record behind pos for an estimator that reads
// records: its moves from the empty board, or, for a game with setup
// stones (Moves nil), the board alone; with the game's komi.
func record(pos *records.Position) *control.Game {
	rec := &control.Game{Start: pos.Board, Komi: pos.Komi}
	if pos.Moves != nil {
		rec.Start, rec.Moves = board.New(pos.Size), pos.Moves
	}
	return rec
}
