package compare

// Pool returns the report of several runs over disjoint games with the
// same bands and contenders (the folds of a cross-validation, say): their
// bands, contenders and rows, each metric of a row weighted by the games
// (for timings, the positions) behind it in each run; the other fields are
// left zero. Pool returns nil for no reports.
func Pool(reps []Report) *Report {
	if len(reps) == 0 {
		return nil
	}
	return &Report{Bands: reps[0].Bands, Contenders: reps[0].Contenders, Rows: poolRows(reps)}
}

// poolRows merges the rows of several reports over disjoint games.
func poolRows(reps []Report) []Row {
	out := make([]Row, len(reps[0].Rows))
	for i := range out {
		base := reps[0].Rows[i]
		var sign, mse, mae, win, winC, winR, brier, logLoss, micros wsum
		row := Row{Estimator: base.Estimator, Band: base.Band}
		for _, r := range reps {
			x := r.Rows[i]
			row.Games += x.Games
			row.Positions += x.Positions
			row.CountedGames += x.CountedGames
			row.MapGames += x.MapGames
			row.WinnerGames += x.WinnerGames
			row.WinnerGamesCounted += x.WinnerGamesCounted
			row.WinnerGamesResigned += x.WinnerGamesResigned
			row.WinGames += x.WinGames
			row.TooShort += x.TooShort
			row.Failed += x.Failed
			sign.add(x.SignAgreement, x.MapGames)
			mse.add(x.OwnershipMSE, x.MapGames)
			mae.add(x.ScoreMAE, x.CountedGames)
			win.add(x.WinnerAccuracy, x.WinnerGames)
			winC.add(x.WinnerAccuracyCounted, x.WinnerGamesCounted)
			winR.add(x.WinnerAccuracyResigned, x.WinnerGamesResigned)
			brier.add(x.WinBrier, x.WinGames)
			logLoss.add(x.WinLogLoss, x.WinGames)
			micros.add(x.MicrosPerPosition, x.Positions)
		}
		row.SignAgreement, row.OwnershipMSE, row.ScoreMAE = sign.mean(), mse.mean(), mae.mean()
		row.WinnerAccuracy, row.WinnerAccuracyCounted, row.WinnerAccuracyResigned = win.mean(), winC.mean(), winR.mean()
		row.WinBrier, row.WinLogLoss = brier.mean(), logLoss.mean()
		row.MicrosPerPosition = micros.mean()
		out[i] = row
	}
	return out
}

type wsum struct{ s, n float64 }

func (w *wsum) add(v *float64, n int) {
	if v != nil && n > 0 {
		w.s += *v * float64(n)
		w.n += float64(n)
	}
}

func (w *wsum) mean() *float64 {
	if w.n == 0 {
		return nil
	}
	m := w.s / w.n
	return &m
}
