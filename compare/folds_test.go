package compare

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"
)

// TestFolds measures the tiny records in two folds and checks that the
// pooled table is that of the records measured at once.
func TestFolds(t *testing.T) {
	labels, files, bands := tinyData(t, "4,end-2")
	var none bytes.Buffer
	f := &Folds{Config: Config{Bands: bands, Labels: labels, Workers: 1}}
	if err := f.WriteTable(&none, 2); err != nil || none.Len() != 0 {
		t.Fatalf("WriteTable of no fold wrote %q, %v", none.String(), err)
	}
	for _, held := range [][]string{files[:2], files[2:]} {
		if err := f.Measure(context.Background(), []Estimator{stones}, held); err != nil {
			t.Fatal(err)
		}
	}
	var got bytes.Buffer
	if err := f.WriteTable(&got, 2); err != nil {
		t.Fatal(err)
	}
	whole, err := Run(context.Background(), Config{Estimators: []Estimator{stones}, Bands: bands, Labels: labels, Workers: 1}, files)
	if err != nil {
		t.Fatal(err)
	}
	head := "Cross-validated (2 folds): every game judged by parameters fitted without it.\n\n"
	if !strings.HasPrefix(got.String(), head) || !strings.Contains(got.String(), "stones") {
		t.Errorf("WriteTable wrote\n%s", got.String())
	}
	if len(f.reps) != 2 || len(f.Config.Estimators) != 0 {
		t.Errorf("%d reports, Config.Estimators %v: want 2, none", len(f.reps), f.Config.Estimators)
	}
	pooled := Pool(f.reps)
	for _, b := range bands {
		p, w := pooled.Row("stones", b), whole.Row("stones", b)
		if p == nil || w == nil || p.ScoreMAE == nil || w.ScoreMAE == nil || math.Abs(*p.ScoreMAE-*w.ScoreMAE) > 1e-12 {
			t.Errorf("band %s: pooled row %+v, whole %+v", b, p, w)
		}
	}
}
