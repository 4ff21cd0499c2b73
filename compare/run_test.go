package compare

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/eval"
	"goeval/internal/shared"
	"goeval/records"
)

var stones = Estimator{Name: "stones", New: func() control.Estimator { return control.Stones{} }}

func tinyRun(t *testing.T, workers int) *Report {
	t.Helper()
	labels, files, bands := tinyData(t, "4,end-2,12")
	r, err := Run(context.Background(), Config{Estimators: []Estimator{stones}, Bands: bands, Labels: labels, Workers: workers}, files)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// tinyData reads the labels and lists the records of testdata/tiny, and
// the bands.
func tinyData(t *testing.T, bands string) (*records.Labels, []string, []records.Band) {
	t.Helper()
	labels, err := records.ReadLabels("../records/testdata/tiny/final-ownership.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	files, errs := records.Files([]string{"../records/testdata/tiny"})
	if len(errs) > 0 || len(files) != 4 {
		t.Fatalf("Files: %v, %v", files, errs)
	}
	bs, err := records.ParseBands(bands)
	if err != nil {
		t.Fatal(err)
	}
	return labels, files, bs
}

// TestTinyByHand checks every metric against arithmetic done by hand on the
// 5x5 games of testdata/tiny (komi 0.5 in all):
//
//   - a.sgf: counted (W+5.5), 10 moves, ownership from the labels file:
//     columns A-B Black, C-E White; every point owned, area -5.
//   - b.sgf: Black won by resignation, 6 moves: a winner, no ownership.
//   - c.sgf: counted (W+5.5), 11 moves, TB/TW markup: the black stone on D1
//     is dead; removed, the ownership and area (-5) are a.sgf's.
//   - broken.sgf: unreadable.
//
// Bands 4, end-2 and 12 sample a at moves 4 and 8, b at 4 and 4, c at 4
// and 9; every game is too short for 12.
func TestTinyByHand(t *testing.T) {
	r := tinyRun(t, 1)
	want := []struct {
		name, band                      string
		sign, mse, mae, winner          float64
		winnerCounted, winnerResigned   float64
		positions, counted, winnerGames int
	}{
		// tie: control 0 agrees nowhere; (0 - ±1)² = 1 on all 25 points of
		// a and c; |0.5 - (-5)| = 5.5 for both; score - komi = 0 is wrong
		// for a (W), b (B) and c (W).
		{"tie", "4", 0, 1, 5.5, 0, 0, 0, 3, 2, 3},
		{"tie", "end-2", 0, 1, 5.5, 0, 0, 0, 3, 2, 3},
		// stones at move 4: a and c have B5 B4 (Black) and C5 C4 (White),
		// all right: 4 + 4 = 8 agreeing points of 50, sign 0.16; the 21
		// empty points of each err by 1: (21+21)/50 = 0.84; score 0 against
		// -5: MAE 5; 0 - 0.5 < 0 picks White: a right, b wrong, c right.
		{"stones", "4", 8.0 / 50, 42.0 / 50, 5, 2.0 / 3, 1, 0, 3, 2, 3},
		// stones at end-2: a at 8 has 8 stones, all right (17 empty points
		// err by 1, score 0, |0+5| = 5, White: right); c at 9 has 5 black
		// and 4 white stones, all right (16 empty points, score +1,
		// |1+5| = 6, 1 - 0.5 > 0 picks Black: wrong); b as at move 4: wrong.
		// Sign (8+9)/50, MSE (17+16)/50, MAE (5+6)/2, winner 1/3.
		{"stones", "end-2", 17.0 / 50, 33.0 / 50, 5.5, 1.0 / 3, 0.5, 0, 3, 2, 3},
	}
	for _, w := range want {
		var band records.Band
		bs, _ := records.ParseBands(w.band)
		band = bs[0]
		row := r.Row(w.name, band)
		if row == nil {
			t.Fatalf("no row %s %s", w.name, w.band)
		}
		check := func(what string, got *float64, want float64) {
			t.Helper()
			if got == nil || math.Abs(*got-want) > 1e-12 {
				t.Errorf("%s at %s: %s = %v, want %v", w.name, w.band, what, fmtp(got), want)
			}
		}
		check("sign agreement", row.SignAgreement, w.sign)
		check("ownership MSE", row.OwnershipMSE, w.mse)
		check("score MAE", row.ScoreMAE, w.mae)
		check("winner accuracy", row.WinnerAccuracy, w.winner)
		// a and c are won by a margin, b by resignation.
		if row.WinnerGamesCounted != 2 || row.WinnerGamesResigned != 1 {
			t.Errorf("%s at %s: %d games won by a margin, %d by resignation", w.name, w.band, row.WinnerGamesCounted, row.WinnerGamesResigned)
		}
		check("winner accuracy on counted games", row.WinnerAccuracyCounted, w.winnerCounted)
		check("winner accuracy on resigned games", row.WinnerAccuracyResigned, w.winnerResigned)
		if row.Positions != w.positions || row.Games != w.positions || row.CountedGames != w.counted ||
			row.MapGames != w.counted || row.WinnerGames != w.winnerGames || row.TooShort != 0 {
			t.Errorf("%s at %s: counts %+v", w.name, w.band, row)
		}
		if (row.MicrosPerPosition == nil) != (w.name == "tie") {
			t.Errorf("%s at %s: time %v", w.name, w.band, fmtp(row.MicrosPerPosition))
		}
	}
	for _, name := range []string{"tie", "stones"} {
		row := r.Row(name, records.Band{Move: 12})
		if row.Games != 0 || row.TooShort != 3 || row.SignAgreement != nil || row.OwnershipMSE != nil ||
			row.ScoreMAE != nil || row.WinnerAccuracy != nil || row.MicrosPerPosition != nil {
			t.Errorf("%s at 12: %+v, want 3 too short and no metrics", name, row)
		}
	}
	if r.Files != 4 || r.UnreadableFiles != 1 || r.GamesRead != 3 || r.GamesUsed != 3 {
		t.Errorf("files %d (unreadable %d), games read %d, used %d", r.Files, r.UnreadableFiles, r.GamesRead, r.GamesUsed)
	}
	if r.Truth.Counted != 2 || r.Truth.Labels != 1 || r.Truth.Markup != 1 || r.Truth.Judgement != 0 || r.Truth.Winner != 3 ||
		r.Truth.ByMargin != 2 || r.Truth.MatchResult != 2 {
		t.Errorf("truth %+v", r.Truth)
	}
	if len(r.Errors) != 1 || !strings.HasSuffix(r.Errors[0].File, "broken.sgf") || !strings.Contains(r.Errors[0].Err, "sgf:") {
		t.Errorf("errors %+v, want broken.sgf's", r.Errors)
	}
}

func fmtp(v *float64) any {
	if v == nil {
		return "null"
	}
	return *v
}

var timing = regexp.MustCompile(`"micros_per_position":[^,}]*`)

// TestSameForAnyWorkers runs the same comparison with 1 and 2 workers:
// the JSON must be the same bytes, timings apart.
func TestSameForAnyWorkers(t *testing.T) {
	files := []string{"../records/testdata/tiny"}
	if root := shared.Root(); root != "" && !testing.Short() {
		dev, _ := filepath.Glob(filepath.Join(root, "data", "games", "dev", "*.sgf"))
		if len(dev) > 40 {
			dev = dev[:40]
		}
		files = append(files, dev...)
	}
	files, _ = records.Files(files)
	// Every registered estimator, and the default one as the judge of the
	// dev games (no labels given) where it is registered.
	var ests []Estimator
	for _, s := range eval.Usable() {
		f, err := eval.Factory(s.Name, nil)
		if err != nil {
			t.Fatal(err)
		}
		ests = append(ests, Estimator{Name: s.Name, New: f})
	}
	judge := stones.New
	if f, err := eval.Factory("lambda-kappa", nil); err == nil {
		judge = f
	}
	var out []string
	for _, workers := range []int{1, 2} {
		r, err := Run(context.Background(), Config{Estimators: ests, Workers: workers, Judge: judge}, files)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := r.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		out = append(out, timing.ReplaceAllString(buf.String(), `"micros_per_position":T`))
	}
	if out[0] != out[1] {
		t.Errorf("1 and 2 workers differ:\n%s\n%s", out[0], out[1])
	}
	var j map[string]any
	if err := json.Unmarshal([]byte(out[0][:0]+strings.ReplaceAll(out[0], ":T", ":null")), &j); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"rows", "errors", "games_read", "games_used"} {
		if _, ok := j[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
}

// winStones is the stones estimator with a crude win probability: 0.8 if
// Black's stones outnumber White's by more than komi, else 0.3.
type winStones struct{ control.Stones }

func (winStones) Name() string { return "win-stones" }

func (winStones) WinProbability(b *board.Board, komi float64) (float64, bool, error) {
	d := 0.0
	for _, c := range b.Cells() {
		d += float64(c)
	}
	if d > komi {
		return 0.8, true, nil
	}
	return 0.3, true, nil
}

// TestWinProbabilityByHand checks the Brier score and log loss of a win
// probability against arithmetic done by hand on testdata/tiny (see
// TestTinyByHand for the games): the winners are White (a), Black (b) and
// White (c).
func TestWinProbabilityByHand(t *testing.T) {
	labels, err := records.ReadLabels("../records/testdata/tiny/final-ownership.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := records.Files([]string{"../records/testdata/tiny"})
	bands, _ := records.ParseBands("4,end-2")
	ws := Estimator{Name: "win-stones", New: func() control.Estimator { return winStones{} }}
	r, err := Run(context.Background(), Config{Estimators: []Estimator{stones, ws}, Bands: bands, Labels: labels, Workers: 1}, files)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name, band   string
		brier, loss  float64
		games        int
		hasWinMetric bool
	}{
		// The tie says 1/2 everywhere: 0.25 and ln 2.
		{"tie", "4", 0.25, math.Ln2, 3, true},
		{"tie", "end-2", 0.25, math.Ln2, 3, true},
		// Move 4: two stones each in a, b and c, 0 - 0.5 ≤ 0: 0.3 for all.
		// a and c (White): 0.3², -ln 0.7; b (Black): 0.7², -ln 0.3.
		{"win-stones", "4", (0.09 + 0.49 + 0.09) / 3, -(2*math.Log(0.7) + math.Log(0.3)) / 3, 3, true},
		// end-2: a at 8 has 4 and 4 (0.3, White: 0.09, -ln 0.7); c at 9
		// has 5 and 4, 1 > 0.5 (0.8, White: 0.64, -ln 0.2); b as above.
		{"win-stones", "end-2", (0.09 + 0.64 + 0.49) / 3, -(math.Log(0.7) + math.Log(0.2) + math.Log(0.3)) / 3, 3, true},
		// No probability, no metric.
		{"stones", "4", 0, 0, 0, false},
	}
	for _, w := range want {
		bs, _ := records.ParseBands(w.band)
		row := r.Row(w.name, bs[0])
		if row == nil {
			t.Fatalf("no row %s %s", w.name, w.band)
		}
		if row.WinGames != w.games || (row.WinBrier != nil) != w.hasWinMetric || (row.WinLogLoss != nil) != w.hasWinMetric {
			t.Errorf("%s at %s: %d win games, Brier %v, log loss %v", w.name, w.band, row.WinGames, fmtp(row.WinBrier), fmtp(row.WinLogLoss))
			continue
		}
		if !w.hasWinMetric {
			continue
		}
		if math.Abs(*row.WinBrier-w.brier) > 1e-12 || math.Abs(*row.WinLogLoss-w.loss) > 1e-12 {
			t.Errorf("%s at %s: Brier %v, log loss %v; want %v, %v", w.name, w.band, *row.WinBrier, *row.WinLogLoss, w.brier, w.loss)
		}
	}
}

// cancelling is a peer engine that scores every position 0 and cancels
// the run after its first.
type cancelling struct{ cancel context.CancelFunc }

func (c cancelling) Evaluate(dst *control.Result, pos *records.Position) error {
	dst.Score = 0
	c.cancel()
	return nil
}
func (c cancelling) Close() error { return nil }

// cut is a peer engine that scores positions 0 until the run is
// cancelled, then fails as an engine killed mid-command does, cancelling
// the run itself on its second position.
type cut struct {
	ctx    context.Context
	cancel context.CancelFunc
	n      *int
}

func (c cut) Evaluate(dst *control.Result, pos *records.Position) error {
	if *c.n++; *c.n == 2 {
		c.cancel()
	}
	if c.ctx.Err() != nil {
		return fmt.Errorf("engine stopped: %w", c.ctx.Err())
	}
	dst.Score = 0
	return nil
}
func (c cut) Close() error { return nil }

// TestInterrupted cancels runs on the tiny games: after the first file,
// the report covers that file alone and says so; cancelled while the peers
// run, it covers every game with goeval's estimators and says how far the
// peers got. Either way Run returns the context's error with the report.
func TestInterrupted(t *testing.T) {
	files, _ := records.Files([]string{"../records/testdata/tiny"}) // a, b, broken, c
	bands, _ := records.ParseBands("4")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := Config{Estimators: []Estimator{stones}, Bands: bands, Workers: 1, Progress: func(p Progress) {
		if p.Done == 1 {
			cancel()
		}
	}}
	r, err := Run(ctx, cfg, files)
	if !errors.Is(err, context.Canceled) || r == nil {
		t.Fatalf("Run = %v, %v; want a report and context.Canceled", r, err)
	}
	if r.Interrupted != "interrupted: 1 of 4 files read" || r.Files != 1 || r.GamesRead != 1 || r.Row("stones", bands[0]).Games != 1 {
		t.Errorf("interrupted %q, %d files, %d games read, %d at move 4", r.Interrupted, r.Files, r.GamesRead, r.Row("stones", bands[0]).Games)
	}
	var text bytes.Buffer
	r.WriteText(&text)
	if !strings.HasPrefix(text.String(), "Interrupted: 1 of 4 files read: the tables cover only the work finished\n") {
		t.Errorf("text:\n%s", text.String())
	}
	var js bytes.Buffer
	r.WriteJSON(&js)
	if !strings.Contains(js.String(), `"interrupted":"interrupted: 1 of 4 files read"`) {
		t.Errorf("JSON lacks the interruption: %s", js.String())
	}

	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	cfg = Config{Estimators: []Estimator{stones}, Bands: bands, Workers: 1,
		Peers: []Peer{{Name: "quitter", Start: func() (Engine, error) { return cancelling{cancel}, nil }}}}
	r, err = Run(ctx, cfg, files)
	if !errors.Is(err, context.Canceled) || r == nil {
		t.Fatalf("Run = %v, %v; want a report and context.Canceled", r, err)
	}
	if want := "interrupted while the peers ran: they measured 1 of 3 games; goeval's estimators all of them"; r.Interrupted != want ||
		r.Row("stones", bands[0]).Games != 3 || r.Row("quitter", bands[0]).Games != 1 {
		t.Errorf("interrupted %q (want %q), stones on %d games, the peer on %d", r.Interrupted, want, r.Row("stones", bands[0]).Games, r.Row("quitter", bands[0]).Games)
	}

	// An engine that fails because of the interrupt: its failure is not
	// an error of the report, and the position it was on is left out.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	n := 0
	cfg.Peers = []Peer{{Name: "cut", Start: func() (Engine, error) { return cut{ctx, cancel, &n}, nil }}}
	r, err = Run(ctx, cfg, files)
	if !errors.Is(err, context.Canceled) || r == nil {
		t.Fatalf("Run = %v, %v; want a report and context.Canceled", r, err)
	}
	if want := "interrupted while the peers ran: they measured 1 of 3 games; goeval's estimators all of them"; r.Interrupted != want ||
		len(r.Errors) != 1 || r.Row("cut", bands[0]).Games != 1 {
		t.Errorf("interrupted %q (want %q), errors %q (want broken.sgf's alone), the peer on %d games", r.Interrupted, want, r.Errors, r.Row("cut", bands[0]).Games)
	}
}

// TestNoTimings: the rows of a run without timings have no time per
// position; with them, an estimator's rows do.
func TestNoTimings(t *testing.T) {
	files, _ := records.Files([]string{"../records/testdata/tiny"})
	for _, off := range []bool{false, true} {
		r, err := Run(context.Background(), Config{Estimators: []Estimator{stones}, Bands: []records.Band{{Move: 4}}, NoTimings: off, Workers: 1}, files)
		if err != nil {
			t.Fatal(err)
		}
		timed := 0
		for _, row := range r.Rows {
			if row.MicrosPerPosition != nil {
				timed++
			}
		}
		if off && timed != 0 || !off && timed == 0 {
			t.Errorf("NoTimings %v: %d rows with a time per position", off, timed)
		}
	}
}
