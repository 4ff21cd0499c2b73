package compare

import (
	"math"
	"testing"
)

func TestPoolWeightsByGames(t *testing.T) {
	a, b := 0.5, 1.0
	r1 := Report{Contenders: []string{"x"}, Rows: []Row{{Estimator: "x", Band: "50", ScoreMAE: &a, CountedGames: 1}}}
	r2 := Report{Contenders: []string{"x"}, Rows: []Row{{Estimator: "x", Band: "50", ScoreMAE: &b, CountedGames: 3}}}
	rows := Pool([]Report{r1, r2}).Rows
	if got := *rows[0].ScoreMAE; got != (0.5*1+1.0*3)/4 {
		t.Errorf("pooled MAE %v, want %v", got, (0.5+3.0)/4)
	}
	if rows[0].CountedGames != 4 || rows[0].SignAgreement != nil {
		t.Errorf("pooled row %+v", rows[0])
	}
	c, d := 0.2, 0.3
	r1.Rows[0].WinBrier, r1.Rows[0].WinGames = &c, 3
	r2.Rows[0].WinBrier, r2.Rows[0].WinGames = &d, 1
	pooled := Pool([]Report{r1, r2})
	rows = pooled.Rows
	if got := *rows[0].WinBrier; math.Abs(got-(0.2*3+0.3)/4) > 1e-15 || rows[0].WinGames != 4 || rows[0].WinLogLoss != nil {
		t.Errorf("pooled Brier %v over %d games, log loss %v; want %v over 4, none", got, rows[0].WinGames, rows[0].WinLogLoss, (0.2*3+0.3)/4)
	}
	if len(pooled.Contenders) != 1 || pooled.Contenders[0] != "x" || Pool(nil) != nil {
		t.Errorf("pooled contenders %q; Pool(nil) = %v", pooled.Contenders, Pool(nil))
	}
}
