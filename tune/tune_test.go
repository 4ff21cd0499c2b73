package tune

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"goeval/internal/shared"

	"goeval/compare"
	"goeval/judge"
)

// tiny returns compare's tiny hand-checked set: its files and labels.
func tiny(t *testing.T) ([]string, *compare.Labels) {
	t.Helper()
	dir := filepath.Join("..", "compare", "testdata", "tiny")
	files, _ := compare.Files([]string{dir})
	labels, err := compare.ReadLabels(filepath.Join(dir, compare.LabelsFile))
	if err != nil {
		t.Fatal(err)
	}
	return files, labels
}

// TestRunTiny fits on compare's tiny hand-checked set (one labelled game):
// with one fold there is no cross-validation, and with two folds one fold
// has nothing to train on, which must be said.
func TestRunTiny(t *testing.T) {
	files, labels := tiny(t)
	rep, err := Run(context.Background(), Config{Files: files, Labels: labels, Base: judge.Default(), Stride: 2, Folds: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Labelled != 1 || rep.Positions != 5 || len(rep.CV) != 0 {
		t.Errorf("labelled %d, %d positions, %d CV rows; want 1, 5 (moves 2..10), 0", rep.Labelled, rep.Positions, len(rep.CV))
	}
	// b (won by resignation, 6 moves) and c (counted, but
	// without a label, 11 moves) have winners: the win model learns from
	// their moves 2, 4, 6 and 2..10 too, and with b's Black win beside
	// the White wins of a and c it has winners of both colours.
	if rep.WinOnlyGames != 2 || rep.WinOnlyPositions != 3+5 || rep.Params.Win == nil {
		t.Errorf("%d games and %d positions for the win model alone, win model %+v; want 2, 8, a model", rep.WinOnlyGames, rep.WinOnlyPositions, rep.Params.Win)
	}
	// a alone has winners of one colour: no win model, and no error.
	rep, err = Run(context.Background(), Config{Files: files[:1], Labels: labels, Base: judge.Default(), Stride: 2, Folds: 1})
	if err != nil || rep.Params.Win != nil {
		t.Errorf("one game: err %v, win model %+v; want none and none", err, rep.Params.Win)
	}
	_, err = Run(context.Background(), Config{Files: files, Labels: labels, Base: judge.Default(), Stride: 2, Folds: 2})
	if err == nil || !strings.Contains(err.Error(), "no chains to train on") {
		t.Errorf("two folds over one labelled game: err = %v", err)
	}
}

// TestLateLambdaKappa: a late model with a λ and κ of its own gets them
// in the fitted parameters, sees the late positions through them, and the
// early model sees those positions through its own.
func TestLateLambdaKappa(t *testing.T) {
	files, labels := tiny(t)
	cfg := func(lateLambda float64) Config {
		c := Config{Files: files, Labels: labels, Base: judge.Default(), Stride: 2, Folds: 1, LateFrom: 0.05, LateLambda: lateLambda, LateKappa: 0.7}
		c.defaults()
		return c
	}
	own, shared := cfg(0.5), cfg(0)
	shared.LateKappa = shared.Base.Kappa
	rep, err := Run(context.Background(), own)
	if err != nil {
		t.Fatal(err)
	}
	p := rep.Params
	if p.Late == nil || p.Late.Lambda != 0.5 || p.Late.Kappa != 0.7 || p.Lambda != own.Base.Lambda || p.Kappa != own.Base.Kappa {
		t.Fatalf("fitted λ, κ: early %v, %v; late %+v", p.Lambda, p.Kappa, p.Late)
	}
	a, _, _, _, err := collect(context.Background(), &own)
	if err != nil {
		t.Fatal(err)
	}
	b, _, _, _, err := collect(context.Background(), &shared)
	if err != nil {
		t.Fatal(err)
	}
	late := 0
	for i := range a {
		if a[i].winOnly {
			continue // no chains: only the win model learns from it
		}
		if !own.late(a[i].stage) {
			if a[i].early != nil {
				t.Errorf("early position %d has chains for the early model besides its own", i)
			}
			continue
		}
		late++
		if len(a[i].early) != len(b[i].chains) {
			t.Fatalf("late position %d: %d chains for the early model, %d with the shared λ", i, len(a[i].early), len(b[i].chains))
		}
		differ := false
		for k := range a[i].early {
			if a[i].early[k].f != b[i].chains[k].f {
				t.Errorf("late position %d, chain %d: the early model's features are not those of the early λ and κ", i, k)
			}
			differ = differ || a[i].chains[k].f != b[i].chains[k].f
		}
		if !differ {
			t.Errorf("late position %d: the late λ and κ change no chain's features", i)
		}
	}
	if late == 0 {
		t.Fatal("no late positions")
	}
}

// TestRunDev cross-validates on a slice of the dev set: the run must train
// on every labelled counted game, measure every game in its held-out fold,
// and give the same parameters for 1 and 2 workers.
func TestRunDev(t *testing.T) {
	if testing.Short() {
		t.Skip("fits on dev games")
	}
	dir := shared.Data(t, "games", "dev")
	all, _ := compare.Files([]string{dir})
	ok := all[:40]
	labels, err := compare.ReadLabels(filepath.Join(dir, compare.LabelsFile))
	if err != nil {
		t.Fatal(err)
	}
	var first []byte
	for _, workers := range []int{1, 2} {
		rep, err := Run(context.Background(), Config{
			Files: ok, Labels: labels, Base: judge.Default(), Stride: 10, Folds: 2, Workers: workers,
			Bands: []compare.Band{{Move: 100}, {Move: 20, FromEnd: true}},
		})
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		for _, f := range ok {
			if labels.Lookup(f) != nil {
				want++
			}
		}
		if rep.Labelled != want || rep.Positions == 0 || rep.Chains == 0 {
			t.Errorf("labelled %d of %d, %d positions, %d chains", rep.Labelled, want, rep.Positions, rep.Chains)
		}
		if len(rep.CV) != 2*3 {
			t.Fatalf("%d CV rows, want 2 bands x (tie, lambda-kappa, judge)", len(rep.CV))
		}
		// CVContenders names the rows of a band in their order.
		var names []string
		for _, row := range rep.CV {
			if row.Band == rep.CV[0].Band {
				names = append(names, row.Estimator)
			}
		}
		if want := CVContenders(); !slices.Equal(names, want) {
			t.Errorf("the rows of band %s are of %q, want CVContenders %q", rep.CV[0].Band, names, want)
		}
		for _, row := range rep.CV {
			if row.Games != len(ok) {
				t.Errorf("%s %s: %d games measured, want %d", row.Estimator, row.Band, row.Games, len(ok))
			}
			// The judge's win probability is measured on every game with
			// a winner (all of these), and the tie's is a coin's.
			switch row.Estimator {
			case judge.Name:
				if row.WinGames != row.WinnerGames || row.WinBrier == nil || !(*row.WinBrier > 0 && *row.WinBrier < 0.5) {
					t.Errorf("judge %s: Brier %v over %d of %d games", row.Band, row.WinBrier, row.WinGames, row.WinnerGames)
				}
			case compare.TieName:
				if row.WinBrier == nil || *row.WinBrier != 0.25 {
					t.Errorf("tie %s: Brier %v, want 0.25", row.Band, row.WinBrier)
				}
			}
		}
		// A sane win model, even from these few positions: a spread of
		// 1 to 30 points at any stage with up to 10 stones in doubt.
		wp := rep.Params.Win
		if wp == nil || rep.WinOnlyGames == 0 {
			t.Fatalf("win model %+v; %d games for the win model alone", wp, rep.WinOnlyGames)
		}
		for _, s := range []float64{0, 0.5, 1} {
			for _, u := range []float64{0, 10} {
				if sp := wp.Spread(s, u); !(sp > 1 && sp < 30) {
					t.Errorf("win model %+v: spread %.3g at stage %v, doubt %v", *wp, sp, s, u)
				}
			}
		}
		if first == nil {
			first = rep.Params.JSON()
		} else if string(first) != string(rep.Params.JSON()) {
			t.Error("the fit depends on the number of workers")
		}
	}
}

func TestPoolWeightsByGames(t *testing.T) {
	a, b := 0.5, 1.0
	r1 := compare.Report{Rows: []compare.Row{{Estimator: "x", Band: "50", ScoreMAE: &a, CountedGames: 1}}}
	r2 := compare.Report{Rows: []compare.Row{{Estimator: "x", Band: "50", ScoreMAE: &b, CountedGames: 3}}}
	rows := poolRows([]compare.Report{r1, r2})
	if got := *rows[0].ScoreMAE; got != (0.5*1+1.0*3)/4 {
		t.Errorf("pooled MAE %v, want %v", got, (0.5+3.0)/4)
	}
	if rows[0].CountedGames != 4 || rows[0].SignAgreement != nil {
		t.Errorf("pooled row %+v", rows[0])
	}
	c, d := 0.2, 0.3
	r1.Rows[0].WinBrier, r1.Rows[0].WinGames = &c, 3
	r2.Rows[0].WinBrier, r2.Rows[0].WinGames = &d, 1
	rows = poolRows([]compare.Report{r1, r2})
	if got := *rows[0].WinBrier; math.Abs(got-(0.2*3+0.3)/4) > 1e-15 || rows[0].WinGames != 4 || rows[0].WinLogLoss != nil {
		t.Errorf("pooled Brier %v over %d games, log loss %v; want %v over 4, none", got, rows[0].WinGames, rows[0].WinLogLoss, (0.2*3+0.3)/4)
	}
}

// TestUnreadableResultIsSaid: a labelled game whose result cannot be read
// is not trained on, and the log says so instead of dropping it silently.
func TestUnreadableResultIsSaid(t *testing.T) {
	files, labels := tiny(t)
	data, err := os.ReadFile(files[0]) // a.sgf: labelled, counted
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), filepath.Base(files[0]))
	if err := os.WriteFile(bad, []byte(strings.Replace(string(data), "RE[W+5.5]", "RE[W+lots]", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	var logged []string
	cfg := Config{Files: []string{bad, files[1]}, Labels: labels, Base: judge.Default(), Stride: 2, Folds: 1,
		Log: func(s string) { logged = append(logged, s) }}
	cfg.defaults()
	_, labelled, _, _, err := collect(context.Background(), &cfg)
	if err != nil || labelled != 0 {
		t.Fatalf("labelled %d, err %v; want 0, nil", labelled, err)
	}
	said := false
	for _, l := range logged {
		said = said || strings.Contains(l, "not trained on") && strings.Contains(l, "a.sgf")
	}
	if !said {
		t.Errorf("log %q does not name a.sgf", logged)
	}
}

// badCopies writes beside each other, in a new folder, a copy of a.sgf
// (labelled, counted) cut in the middle of its comment, and a copy of b.sgf
// (B+R) whose second move is played on the first's stone.
func badCopies(t *testing.T, a, b string) (trunc, illegal string) {
	t.Helper()
	dir := t.TempDir()
	da, err := os.ReadFile(a)
	if err != nil {
		t.Fatal(err)
	}
	db, err := os.ReadFile(b)
	if err != nil {
		t.Fatal(err)
	}
	trunc, illegal = filepath.Join(dir, "a.sgf"), filepath.Join(dir, "b.sgf")
	if err := os.WriteFile(trunc, da[:60], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(illegal, []byte(strings.Replace(string(db), ";W[dd]", ";W[cc]", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	return trunc, illegal
}

// TestBadFilesSkipped: a labelled game cut short and a resigned game with
// an illegal move are left out whole and listed with their reasons, and
// the fit goes on with the good game.
func TestBadFilesSkipped(t *testing.T) {
	files, labels := tiny(t)
	trunc, illegal := badCopies(t, files[0], files[1])
	var logged []string
	rep, err := Run(context.Background(), Config{Files: []string{files[0], trunc, illegal}, Labels: labels, Base: judge.Default(), Stride: 2, Folds: 1,
		Log: func(s string) { logged = append(logged, s) }})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Labelled != 1 || rep.Positions != 5 || rep.WinOnlyGames != 0 {
		t.Errorf("labelled %d, %d positions, %d win-only games; want 1, 5, 0 (the bad games wholly left out)", rep.Labelled, rep.Positions, rep.WinOnlyGames)
	}
	if len(rep.Skipped) != 2 || rep.Skipped[0].File != trunc || rep.Skipped[1].File != illegal ||
		!strings.Contains(rep.Skipped[0].Err, "unterminated") || !strings.Contains(rep.Skipped[1].Err, "illegal move 2") {
		t.Errorf("skipped %+v; want %s (unterminated) and %s (illegal move 2)", rep.Skipped, trunc, illegal)
	}
	if len(logged) < 2 || !strings.Contains(strings.Join(logged, "\n"), "not trained on: "+illegal) {
		t.Errorf("log %q does not name %s", logged, illegal)
	}
}
