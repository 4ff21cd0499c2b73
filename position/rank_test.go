package position

import (
	"context"
	"errors"
	"strings"
	"testing"

	"goeval/control"
	"goeval/rank"
)

// TestRankAndValues ranks and values a record's last position by the
// stones estimator, and checks that an interrupted ranking says which file
// and matches context.Canceled.
func TestRankAndValues(t *testing.T) {
	pos, err := Read("../testdata/example9.sgf", nil, 1, 40, nil)
	if err != nil {
		t.Fatal(err)
	}
	newEst := func() control.Estimator { return control.Stones{} }
	r := rank.New(newEst, rank.Settings{Workers: 1, Top: -1})
	rk, err := pos.Rank(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if rk.ToMove != pos.Board.ToMove() || len(rk.Moves) == 0 || rk.Estimator != "stones" {
		t.Errorf("ranking of %s to move by %q: %d moves", rk.ToMove, rk.Estimator, len(rk.Moves))
	}
	vm, err := pos.Values(context.Background(), r)
	if err != nil || vm.ToMove != pos.Board.ToMove() || vm.Estimator != "stones" {
		t.Fatalf("Values: %+v, %v", vm, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for what, f := range map[string]func() error{
		"Rank":   func() error { _, err := pos.Rank(ctx, r); return err },
		"Values": func() error { _, err := pos.Values(ctx, r); return err },
	} {
		if err := f(); !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), pos.File+": ") {
			t.Errorf("%s interrupted: %v, want %s: and context.Canceled", what, err, pos.File)
		}
	}
}
