package pool

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
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
		if je != nil && je.Error() != "bad 7" {
			t.Errorf("%d workers: job 7's message %q, want the job's own, \"bad 7\"", workers, je.Error())
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
