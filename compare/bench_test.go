package compare

import (
	"context"
	"testing"

	"goeval/eval"
	"goeval/internal/shared"
	"goeval/records"
)

// BenchmarkRunDev measures a whole comparison of the dev set (300 games, 5
// bands) with every registered estimator, truth from the labels file.
func BenchmarkRunDev(b *testing.B) {
	files := shared.DevGames(b)
	labels, err := records.ReadLabels(shared.Data(b, "games", "dev", records.LabelsFile))
	if err != nil {
		b.Fatal(err)
	}
	var ests []Estimator
	for _, s := range eval.Usable() {
		f, err := eval.Factory(s.Name, nil)
		if err != nil {
			b.Fatal(err)
		}
		ests = append(ests, Estimator{Name: s.Name, New: f})
	}
	positions := 0
	b.ReportAllocs()
	for b.Loop() {
		r, err := Run(context.Background(), Config{Estimators: ests, Labels: labels}, files)
		if err != nil {
			b.Fatal(err)
		}
		positions = 0
		for _, row := range r.Rows {
			if row.Estimator != TieName {
				positions += row.Positions
			}
		}
	}
	b.ReportMetric(float64(positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}
