package predict

import (
	"context"
	"slices"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/rank"
	"goeval/records"
)

// TestContenders: each contender's rankers order a position as the
// Ranker they are made of does.
func TestContenders(t *testing.T) {
	b := board.New(2)
	pos := &records.Position{Size: 2, Komi: 0.5, Board: b}
	stones := func() control.Estimator { return control.Stones{} }
	policy := func() control.Estimator { return &fakePolicy{} }
	for _, tc := range []struct {
		c    Contender
		want Ranker
	}{
		{OnePlyContender("eval:stones", stones), Ranking(rank.New(stones, rank.Settings{Workers: 1, Top: -1}))},
		{PolicyContender("net", policy), Policy(&fakePolicy{})},
	} {
		r, err := tc.c.New()
		if err != nil {
			t.Fatalf("%s: %v", tc.c.Name, err)
		}
		got, err := r.Order(context.Background(), pos)
		if err != nil {
			t.Fatal(err)
		}
		want, err := tc.want.Order(context.Background(), pos)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Moves) == 0 || !slices.Equal(got.Moves, want.Moves) || !slices.Equal(got.Probs, want.Probs) {
			t.Errorf("%s orders %v %v, want %v %v", tc.c.Name, got.Moves, got.Probs, want.Moves, want.Probs)
		}
		r.Close()
	}
	p := PeerContender("none", []string{"/nonexistent/engine"}, PeerOptions{})
	if r, err := p.New(); err == nil || p.Name != "none" {
		r.Close()
		t.Errorf("a peer that cannot start: %v", err)
	}
}
