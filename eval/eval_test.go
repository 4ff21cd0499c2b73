package eval

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/judge"
)

func TestMapSameForAnyWorkers(t *testing.T) {
	const n = 1000
	want := ""
	for _, workers := range []int{1, 2, 8, 16} {
		out := make([]int, n)
		var states atomic.Int32
		err := Map(context.Background(), workers, n,
			func() (*int, error) { states.Add(1); v := 0; return &v, nil },
			func(_ context.Context, s *int, i int) error {
				*s++ // per-worker state, never shared
				out[i] = i * i
				if i%250 == 7 {
					return fmt.Errorf("bad %d", i)
				}
				return nil
			})
		if int(states.Load()) != min(workers, n) {
			t.Errorf("%d workers built %d states", workers, states.Load())
		}
		got := fmt.Sprint(out, err)
		if want == "" {
			want = got
		} else if got != want {
			t.Errorf("%d workers: output differs from 1 worker", workers)
		}
		var je *JobError
		if !errors.As(err, &je) || je.Index != 7 {
			t.Errorf("%d workers: first error %v, want job 7", workers, err)
		}
		if c := len(err.(interface{ Unwrap() []error }).Unwrap()); c != 4 {
			t.Errorf("%d workers: %d errors reported, want 4", workers, c)
		}
	}
}

func TestMapCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var ran atomic.Int32
	err := Map(ctx, 2, 1000, func() (struct{}, error) { return struct{}{}, nil },
		func(ctx context.Context, _ struct{}, i int) error {
			if ran.Add(1) == 10 {
				cancel()
			}
			return nil
		})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if ran.Load() >= 1000 {
		t.Error("cancellation did not stop the jobs")
	}
}

func TestRegistry(t *testing.T) {
	if _, err := Lookup("nope"); !errors.Is(err, ErrUnknown) {
		t.Errorf("Lookup(nope) = %v", err)
	}
	if _, err := Factory("stones", Options{"lambda": 1}); !errors.Is(err, ErrUnknown) {
		t.Errorf("stones with lambda: %v", err)
	}
	b := board.MustParse(`
		X O .
		. . .
		. . .`)
	for _, s := range All() {
		t.Run(s.Name, func(t *testing.T) {
			e, err := New(s.Name, nil)
			if err != nil {
				t.Fatal(err)
			}
			if e.Name() != s.Name {
				t.Errorf("Name() = %q", e.Name())
			}
			var r control.Result
			if err := e.Estimate(&r, b); err != nil {
				t.Fatal(err)
			}
			if err := control.Check(&r, b); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestPlayoutsFrom: the judges' summaries say what their parameters do.
func TestPlayoutsFrom(t *testing.T) {
	late := judge.Params{Playouts: 16}
	own := judge.Params{Playouts: 8, Lambda: 0.48, Kappa: 0.8}
	still := judge.Params{Lambda: 0.5, Kappa: 0.7}
	for _, c := range []struct {
		p    judge.Params
		want string
	}{
		{judge.Params{}, "without random playouts"},
		{judge.Params{Playouts: 8}, "with 8 random playouts"},
		{judge.Params{Late: &late, LateFrom: 0.3}, "with 16 random playouts once 30% of the points are occupied"},
		{judge.Params{Lambda: 0.44, Kappa: 0.8, Late: &own, LateFrom: 0.42}, "with 8 random playouts and λ 0.48, κ 0.8 once 42% of the points are occupied"},
		{judge.Params{Lambda: 0.44, Kappa: 0.8, Late: &still, LateFrom: 0.42}, "without random playouts and λ 0.5, κ 0.7 once 42% of the points are occupied"},
	} {
		if got := playoutsFrom(c.p); got != c.want {
			t.Errorf("playoutsFrom(%+v) = %q, want %q", c.p, got, c.want)
		}
	}
}
