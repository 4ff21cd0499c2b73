package predict

import (
	"context"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/records"
)

// fakePolicy gives fixed probabilities on 2x2 boards: A2 0.1, B2 0.5, A1
// 0, B1 0.3, pass 0.1; it remembers the record it was given.
type fakePolicy struct {
	control.Stones
	game *control.Game
}

func (f *fakePolicy) EstimateGame(dst *control.Result, g *control.Game) error {
	f.game = g
	return f.Estimate(dst, g.Start)
}

func (f *fakePolicy) MoveProbabilities(dst []float64) []float64 {
	return append(dst, 0.1, 0.5, 0, 0.3, 0.1)
}

func TestPolicyRanker(t *testing.T) {
	f := &fakePolicy{}
	r := Policy(f)
	b := board.New(2)
	moves := []board.Move{{Color: board.Black, Point: 2}}
	pos := &records.Position{Size: 2, Komi: 0.5, Board: b, Moves: moves}
	o, err := r.Order(context.Background(), pos)
	if err != nil {
		t.Fatal(err)
	}
	// B2 (point 1), B1 (3), then A2 (0) and the pass at 0.1 in the
	// order of the points, the pass last; A1 (probability 0) left out.
	want := []board.Point{1, 3, 0, board.Pass}
	wantP := []float64{0.5, 0.3, 0.1, 0.1}
	if len(o.Moves) != len(want) {
		t.Fatalf("moves %v, want %v", o.Moves, want)
	}
	for i := range want {
		if o.Moves[i] != want[i] || o.Probs[i] != wantP[i] {
			t.Errorf("move %d: %v with %v, want %v with %v", i, o.Moves[i], o.Probs[i], want[i], wantP[i])
		}
	}
	if f.game == nil || len(f.game.Moves) != 1 || f.game.Komi != 0.5 || f.game.Start.Count(board.Black) != 0 {
		t.Errorf("the estimator was given %+v, want the empty start, the one move and komi 0.5", f.game)
	}
	// A game with setup stones (Moves nil): the board alone, with komi.
	pos.Moves = nil
	if _, err := r.Order(context.Background(), pos); err != nil {
		t.Fatal(err)
	}
	if f.game.Start != b || f.game.Moves != nil || f.game.Komi != 0.5 {
		t.Errorf("for a setup game the estimator was given %+v, want the board alone with komi 0.5", f.game)
	}
}
