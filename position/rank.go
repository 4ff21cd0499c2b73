package position

import (
	"context"
	"fmt"

	"goeval/rank"
)

// Rank ranks the moves of pos by r (rank.Ranker.RankAfter): after its
// last two moves (LastMoves), with its komi, r given its record first
// (Record, rank.Ranker.SetRecord) for an estimator that reads records.
// An error of the ranking begins with pos.File and wraps the ranker's (an
// interrupted one matches ctx's error); an error of the record is
// History's.
func (pos *Position) Rank(ctx context.Context, r *rank.Ranker) (*rank.Ranking, error) {
	if err := pos.setRecord(r); err != nil {
		return nil, err
	}
	last, last2 := pos.LastMoves()
	rk, err := r.RankAfter(ctx, pos.Board, last, last2, pos.Game.Info.Komi)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", pos.File, err)
	}
	return rk, nil
}

// Values is the deiri and miai value of every empty point of pos by r
// (rank.Ranker.Values), r given its record first, with Rank's errors.
func (pos *Position) Values(ctx context.Context, r *rank.Ranker) (*rank.ValueMap, error) {
	if err := pos.setRecord(r); err != nil {
		return nil, err
	}
	vm, err := r.Values(ctx, pos.Board)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", pos.File, err)
	}
	return vm, nil
}

// setRecord gives r the record behind pos, for an estimator that reads
// records (the network).
func (pos *Position) setRecord(r *rank.Ranker) error {
	rec, err := pos.Record(false)
	if err != nil {
		return err
	}
	r.SetRecord(rec)
	return nil
}
