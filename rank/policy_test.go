package rank

import (
	"context"
	"testing"

	"goeval/board"
	"goeval/control"
)

// policyFake is a record-reading estimator with move probabilities: its
// probability of a move on point p is (p+1)/Σ over the empty points, 0
// on stones, and of a pass 0; its score is the number of moves in the
// record it was given, so the test sees which record each evaluation got.
type policyFake struct {
	b     board.Board
	moves int
}

func (f *policyFake) Name() string            { return "fake" }
func (f *policyFake) Params() []control.Param { return nil }
func (f *policyFake) Estimate(dst *control.Result, b *board.Board) error {
	f.b, f.moves = *b, -1
	dst.Reset(b.Geometry().N)
	dst.Score = -1
	return nil
}

func (f *policyFake) EstimateGame(dst *control.Result, g *control.Game) error {
	f.b = *g.Start
	for _, m := range g.Moves {
		if err := f.b.Play(m.Color, m.Point); err != nil {
			return err
		}
	}
	f.moves = len(g.Moves)
	dst.Reset(f.b.Geometry().N)
	dst.Score = float64(f.moves)
	return nil
}

func (f *policyFake) MoveProbabilities(dst []float64) []float64 {
	sum := 0.0
	for p, c := range f.b.Cells() {
		if c == board.Empty {
			sum += float64(p + 1)
		}
	}
	for p, c := range f.b.Cells() {
		v := 0.0
		if c == board.Empty {
			v = float64(p+1) / sum
		}
		dst = append(dst, v)
	}
	return append(dst, 0)
}

func TestPolicyOrder(t *testing.T) {
	b := board.MustParse(`
		. . .
		. X .
		. . O`)
	b.SetToMove(board.White)
	newEst := func() control.Estimator { return &policyFake{} }
	// By policy alone: the empty points by decreasing index, none of them
	// evaluated one ply deep.
	r := New(newEst, Settings{Workers: 1, Policy: true})
	rk, err := r.Rank(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"B1", "A1", "C2", "A2", "C3", "B3", "A3"}
	if got := gtps(b, moves(rk)); !equal(got, want) {
		t.Errorf("moves %v, want %v", got, want)
	}
	if !rk.ByModel || !rk.ByPolicy || rk.PassProb != 0 || rk.Moves[0].Prob != 8.0/(1+2+3+4+6+7+8) {
		t.Errorf("ByModel %v, ByPolicy %v, pass %v, first %v", rk.ByModel, rk.ByPolicy, rk.PassProb, rk.Moves[0].Prob)
	}
	if rk.Stats.Evaluations != 1 {
		t.Errorf("%d evaluations, want the position's alone", rk.Stats.Evaluations)
	}
	// With PolicyEval and a record of one move (Black B2) from a start
	// with White's C1, the position is evaluated as that record (score 1)
	// and every move as the record with the move added (score 2).
	start := board.New(3)
	start.Set(8, board.White)
	rec := &control.Game{Start: start, Moves: []board.Move{{Color: board.Black, Point: 4}}}
	r = New(newEst, Settings{Workers: 2, Policy: true, PolicyEval: true, Top: -1})
	r.SetRecord(rec)
	if rk, err = r.Rank(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	if rk.Pass.Score != 1 {
		t.Errorf("the position was evaluated with a record of %v moves, want 1", rk.Pass.Score)
	}
	for _, m := range rk.Moves {
		if m.Score != 2 {
			t.Errorf("%s was evaluated with a record of %v moves, want 2", b.Geometry().GTP(m.Point), m.Score)
		}
	}
	if got := gtps(b, moves(rk)); !equal(got, want) {
		t.Errorf("with PolicyEval: moves %v, want %v", got, want)
	}
	if len(rec.Moves) != 1 {
		t.Errorf("the record given now has %d moves: the Ranker changed it", len(rec.Moves))
	}
	// An estimator without move probabilities is refused.
	r = New(stones, Settings{Workers: 1, Policy: true})
	if _, err := r.Rank(context.Background(), b); err == nil {
		t.Error("Policy with an estimator that gives no move probabilities: no error")
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// batchFake is policyFake evaluating records in batches, counting them.
type batchFake struct {
	policyFake
	batches []int
}

func (f *batchFake) EstimateGames(dst []control.Result, games []control.Game) error {
	f.batches = append(f.batches, len(games))
	for i := range games {
		if err := f.EstimateGame(&dst[i], &games[i]); err != nil {
			return err
		}
		// The score says which play the record ends with: its point.
		dst[i].Score = float64(games[i].Moves[len(games[i].Moves)-1].Point)
	}
	return nil
}

// TestBatches: with a record, a BatchEstimator gets the plays in batches
// of at most BatchSize, each play as the record with it added, and every
// move gets its own evaluation.
func TestBatches(t *testing.T) {
	b := board.New(7) // 49 legal moves: batches of 16, 16, 16 and 1
	var fakes []*batchFake
	newEst := func() control.Estimator {
		f := &batchFake{}
		fakes = append(fakes, f)
		return f
	}
	r := New(newEst, Settings{Workers: 1, Top: -1})
	r.SetRecord(&control.Game{Start: b})
	rk, err := r.Rank(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if len(rk.Moves) != 49 {
		t.Fatalf("%d moves", len(rk.Moves))
	}
	for _, m := range rk.Moves {
		if m.Score != float64(m.Point) {
			t.Errorf("%s was given the evaluation of the record ending at point %v", b.Geometry().GTP(m.Point), m.Score)
		}
	}
	if got := fakes[0].batches; len(got) != 4 || got[0] != BatchSize || got[3] != 49-3*BatchSize {
		t.Errorf("batches %v, want 16, 16, 16, 1", got)
	}
}
