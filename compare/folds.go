package compare

import (
	"context"
	"fmt"
	"io"
)

// Folds measures the folds of a cross-validation (goeval tune's, through
// tune.Config.Measure): each fold's held-out records by the estimators
// fitted without them, with the settings of Config (its Estimators are
// each fold's own). WriteTable writes their pooled report (Pool).
type Folds struct {
	Config Config
	reps   []Report
}

// Measure measures one fold: the records held out by ests, appended to
// Config.Estimators.
func (f *Folds) Measure(ctx context.Context, ests []Estimator, held []string) error {
	cfg := f.Config
	cfg.Estimators = append(cfg.Estimators[:len(cfg.Estimators):len(cfg.Estimators)], ests...)
	r, err := Run(ctx, cfg, held)
	if err != nil {
		return err
	}
	f.reps = append(f.reps, *r)
	return nil
}

// WriteTable writes the pooled tables of the folds measured, under a line
// that says there were folds of them, and a blank line; nothing if no fold
// was measured.
func (f *Folds) WriteTable(w io.Writer, folds int) error {
	cv := Pool(f.reps)
	if cv == nil {
		return nil
	}
	fmt.Fprintf(w, "Cross-validated (%d folds): every game judged by parameters fitted without it.\n\n", folds)
	if err := cv.WriteTables(w); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w)
	return err
}
