package pool

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
)

// JobError is the error of one job of Map, with its index. Its message is
// the job's own: the index is for the caller (errors.As), a number of
// Map's that means nothing to a person reading the message, so the job's
// error names what failed (a file, a play) itself.
type JobError struct {
	Index int
	Err   error
}

func (e *JobError) Error() string { return e.Err.Error() }
func (e *JobError) Unwrap() error { return e.Err }

// Map runs job(ctx, state, i) for every i in [0, n) on a fixed number of
// workers (GOMAXPROCS when workers <= 0, never more than n). Each worker
// first builds its own state with newState and uses it for all its jobs, so
// estimator scratch is never shared. Jobs write their results into slots of
// the caller's pre-indexed slice; Map itself returns only errors.
//
// Every job runs even if others fail: the returned error joins a *JobError
// for each failed job, in index order, so that no failure is lost and the
// error is the same for any number of workers. If ctx is cancelled, jobs not
// yet started are skipped and the context's error is returned with the
// others.
func Map[S any](ctx context.Context, workers, n int, newState func() (S, error), job func(ctx context.Context, s S, i int) error) error {
	if n <= 0 {
		return nil
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	errs := make([]error, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	var stateErr error
	var once sync.Once
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := newState()
			if err != nil {
				once.Do(func() { stateErr = err })
				return
			}
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if ctx.Err() != nil {
					return
				}
				if err := job(ctx, s, i); err != nil {
					errs[i] = &JobError{Index: i, Err: err}
				}
			}
		}()
	}
	wg.Wait()
	if stateErr != nil {
		return stateErr
	}
	var all []error
	for _, e := range errs {
		if e != nil {
			all = append(all, e)
		}
	}
	if err := ctx.Err(); err != nil {
		all = append(all, err)
	}
	return errors.Join(all...)
}
