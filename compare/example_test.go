package compare_test

import (
	"context"
	"fmt"

	"goeval/compare"
	"goeval/control"
	"goeval/records"
)

func ExampleRun() {
	labels, err := records.ReadLabels("../records/testdata/tiny/final-ownership.jsonl")
	if err != nil {
		fmt.Println(err)
		return
	}
	files, _ := records.Files([]string{"../records/testdata/tiny/a.sgf", "../records/testdata/tiny/b.sgf"})
	stones := compare.Estimator{Name: "stones", New: func() control.Estimator { return control.Stones{} }}
	r, err := compare.Run(context.Background(), compare.Config{
		Estimators: []compare.Estimator{stones},
		Bands:      []records.Band{{Move: 4}},
		Labels:     labels,
	}, files)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, row := range r.Rows {
		fmt.Printf("%s at move %s: %d games (%d counted), sign agreement %.2f, score MAE %.1f, winner accuracy %.1f\n",
			row.Estimator, row.Band, row.Games, row.CountedGames, *row.SignAgreement, *row.ScoreMAE, *row.WinnerAccuracy)
	}
	// Output:
	// tie at move 4: 2 games (1 counted), sign agreement 0.00, score MAE 5.5, winner accuracy 0.0
	// stones at move 4: 2 games (1 counted), sign agreement 0.16, score MAE 5.0, winner accuracy 0.5
}
