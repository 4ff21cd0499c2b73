package tune

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"goeval/board"
	"goeval/internal/shared"
	"goeval/judge"
	"goeval/records"
)

// TestDeathFromReference draws a chain of three black stones and a lone
// white stone, and checks the target deaths by hand: the mean of the
// reference's ownership over a chain's stones, from its colour's side, m,
// gives a death of (1-m)/2, or by its sign alone.
func TestDeathFromReference(t *testing.T) {
	b := board.MustParse(`
		X X X
		. . .
		. O .`)
	own := []float64{
		0.9, 0.6, -0.3, // the black chain: mean 0.4
		0, 0, 0,
		0, 0.5, 0, // the white stone: 0.5 is Black's, so -0.5 from its side
	}
	var cs board.Chains
	b.Chains(&cs)
	for id, ch := range cs.List {
		stones := cs.Stones(id, nil)
		soft := DeathFromReference(own, stones, ch.Color, false)
		hard := DeathFromReference(own, stones, ch.Color, true)
		wantSoft, wantHard := 0.3, 0.0 // (1-0.4)/2
		if ch.Color == board.White {
			wantSoft, wantHard = 0.75, 1 // (1+0.5)/2
		}
		if math.Abs(soft-wantSoft) > 1e-12 || hard != wantHard {
			t.Errorf("%v chain: death %v (hard %v), want %v (%v)", ch.Color, soft, hard, wantSoft, wantHard)
		}
	}
}

// tinyRef returns compare's tiny hand-checked set with its reference
// (testdata/tiny-reference.jsonl: a.sgf at moves 4, 6 and 8, b.sgf at 4,
// c.sgf at 4).
func tinyRef(t *testing.T) ([]string, *records.Reference) {
	t.Helper()
	files, _ := tiny(t)
	ref, err := records.ReadReference(filepath.Join("..", "records", "testdata", "tiny-reference.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return files, ref
}

// TestCollectRef: the training positions are the reference's positions of
// the games among the files, with the reference's area as the score
// target, the game's result, and chains whose deaths are the reference's;
// positions of games not among the files are said, not used silently.
func TestCollectRef(t *testing.T) {
	files, ref := tinyRef(t)
	var logged []string
	cfg := Config{Files: files[1:], Reference: ref, Base: judge.Default(), Folds: 1, Log: func(s string) { logged = append(logged, s) }}
	cfg.defaults()
	pos, games, _, err := collectRef(context.Background(), &cfg)
	if err != nil {
		t.Fatal(err)
	}
	// files[0] is a.sgf, left out: its 3 positions are not used, and the
	// log says so. b.sgf and c.sgf give one position each.
	if len(games) != 2 || len(pos) != 2 {
		t.Fatalf("%d games, %d positions; want 2, 2", len(games), len(pos))
	}
	if len(logged) == 0 || !strings.Contains(logged[0], "3 positions of the reference") {
		t.Errorf("log %q does not say that a.sgf's 3 positions are not used", logged)
	}
	b := pos[0] // b.sgf at move 4: lead 3.5, komi 0.5; Black won by resignation
	if b.move != 4 || b.area != 4 || b.kind != records.Resignation || b.winner != board.Black || b.moves != 6 {
		t.Errorf("b.sgf's position: move %d, area %v, %v won by %v, %d moves", b.move, b.area, b.winner, b.kind, b.moves)
	}
	// Its chains: C3 (black, the reference's 0.9: death 0.05), D3-D2
	// (white, 0.3 and -0.7: a mean of 0.2 from White's side, death 0.4),
	// B2 (black, 0.3: 0.35).
	want := map[string]float64{"C3": 0.05, "D3": 0.4, "B2": 0.35}
	g := b.board.Geometry()
	if len(b.chains) != len(want) {
		t.Fatalf("%d chains, want %d", len(b.chains), len(want))
	}
	for _, c := range b.chains {
		v := g.GTP(c.stones[0])
		if w, ok := want[v]; !ok || math.Abs(c.dead-w) > 1e-12 {
			t.Errorf("chain at %s: death %v, want %v", v, c.dead, w)
		}
	}
}

// TestRunRefTiny fits on the tiny set's reference positions: one model (no
// late one: the positions are all late on a 5x5 board, and the fit runs
// with LateFrom 0), and the parameters say where they came from.
func TestRunRefTiny(t *testing.T) {
	files, ref := tinyRef(t)
	rep, err := Run(context.Background(), Config{Files: files, Reference: ref, Base: judge.Default(), Folds: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Positions != 5 || rep.Games != 3 || rep.Params.Fit == nil || !strings.Contains(rep.Params.Fit.Data, "5 positions of 3 games evaluated by tiny-reference.jsonl") {
		t.Errorf("%d positions of %d games; fit %+v", rep.Positions, rep.Games, rep.Params.Fit)
	}
	if _, err := judge.New(rep.Params); err != nil {
		t.Error(err)
	}
	// broken.sgf has no position in the reference.
	_, err = Run(context.Background(), Config{Files: files[2:3], Reference: ref, Base: judge.Default(), Folds: 1})
	if err == nil || !strings.Contains(err.Error(), "no position of") {
		t.Errorf("a reference of other games: err %v", err)
	}
}

// TestRefRowsByHand aggregates three held-out positions by hand.
func TestRefRowsByHand(t *testing.T) {
	pos := []position{
		{move: 100, moves: 200, area: 10, komi: 6.5, kind: records.Resignation, winner: board.Black},
		{move: 110, moves: 250, area: 0, komi: 6.5, kind: records.Score, margin: -5.5, winner: board.White},
		{move: 140, moves: 160, area: 4, komi: 6.5, kind: records.Score, margin: 2.5, winner: board.Black},
	}
	evals := []refEval{
		{score: 7, win: 0.6, hasWin: true, sq: 2, points: 10, agree: 9},
		{score: 9, win: 0.7, hasWin: true, sq: 1, points: 10, agree: 10},
		{score: 8, win: 0.5, hasWin: true, sq: 0, points: 5, agree: 5},
	}
	rows := refRows([]records.Band{{Move: 100}, {Move: 20, FromEnd: true}}, pos, []int{0, 1, 2}, evals)
	// Band 100 holds moves 90..110: the first two. Lead errors 3 and 9
	// (mean 6, s.e. √(18/2)=3); the tie's 3.5 and 6.5; winners: the first
	// agrees with the reference (both Black), the second not (9-6.5 is
	// Black's, the reference's -6.5 White's); the resigned game is picked
	// right, the counted one wrong, its margin error |2.5+5.5| = 8; Brier
	// (0.4² + 0.7²)/2.
	r := rows[0]
	if r.Positions != 2 || r.LeadMAE != 6 || math.Abs(r.LeadMAESE-3) > 1e-12 || r.TieLeadMAE != 5 ||
		r.OwnershipMSE != 3.0/20 || r.SignAgreement != 19.0/20 || r.WinnerAgreement != 0.5 ||
		r.Resigned != 1 || r.ResignedGames != 1 || r.Counted != 0 || r.CountedGames != 1 || r.MarginMAE != 8 ||
		math.Abs(r.Brier-(0.16+0.49)/2) > 1e-12 || r.BrierPositions != 2 {
		t.Errorf("band 100: %+v", r)
	}
	// end-20 holds the third alone (160-20 = 140).
	if r := rows[1]; r.Positions != 1 || r.LeadMAE != 4 || r.LeadMAESE != 0 || r.Counted != 1 || r.MarginMAE != 1 {
		t.Errorf("band end-20: %+v", r)
	}
}

// TestRunRefTrain fits on a few training games with their reference and
// cross-validates: every held-out position is measured, and the fit is
// the same for 1 and 2 workers.
func TestRunRefTrain(t *testing.T) {
	if testing.Short() {
		t.Skip("fits on training games")
	}
	dir := shared.Data(t, "games", "train")
	full, err := records.ReadReference(filepath.Join(dir, records.ReferenceFile))
	if err != nil {
		t.Fatal(err)
	}
	// The reference's positions of the first 30 games of train-2009.sgf
	// that it evaluates.
	var lines []string
	seen := map[int]bool{}
	data, err := os.ReadFile(filepath.Join(dir, records.ReferenceFile))
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if i >= full.Len() {
			break
		}
		p := full.Positions()[i]
		if p.File == "train-2009.sgf" && (seen[p.Game] || len(seen) < 30) {
			seen[p.Game] = true
			lines = append(lines, l)
		}
	}
	ref, err := records.ParseReference("part.jsonl", strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	var first []byte
	for _, workers := range []int{1, 2} {
		rep, err := Run(context.Background(), Config{Files: []string{filepath.Join(dir, "train-2009.sgf")}, Reference: ref,
			Base: judge.Default(), Folds: 2, Workers: workers, Bands: []records.Band{{Move: 60}, {Move: 20, FromEnd: true}}})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Games != 30 || rep.Positions != ref.Len() || len(rep.RefCV) != 2 {
			t.Fatalf("%d games, %d positions of %d, %d CV rows", rep.Games, rep.Positions, ref.Len(), len(rep.RefCV))
		}
		// Band 60 holds the positions at moves 60 (50..70): every game's.
		if r := rep.RefCV[0]; r.Positions != 30 || !(r.LeadMAE > 0) || !(r.Brier > 0 && r.Brier < 0.5) {
			t.Errorf("band 60: %+v", r)
		}
		if first == nil {
			first = rep.Params.JSON()
		} else if string(first) != string(rep.Params.JSON()) {
			t.Error("the fit depends on the number of workers")
		}
	}
}

// TestCountedWeight: with CountedWeight the score and win models' fits weigh the
// positions of counted games (a margin or a draw in RE) by it, and others by 1.
func TestCountedWeight(t *testing.T) {
	for _, c := range []struct {
		weight float64
		kind   records.Kind
		want   float64
	}{{0, records.Score, 1}, {3, records.Score, 3}, {3, records.Resignation, 1}, {3, records.Draw, 3}} {
		cfg := Config{CountedWeight: c.weight}
		if got := cfg.weight(&position{kind: c.kind}); got != c.want {
			t.Errorf("weight %v, %v: %v, want %v", c.weight, c.kind, got, c.want)
		}
	}
}

// TestCollectRefSkipsBadGames: with a reference, a game with an illegal
// move and a file cut short are left out whole and listed, and the other
// games are trained on.
func TestCollectRefSkipsBadGames(t *testing.T) {
	files, ref := tinyRef(t)
	trunc, illegal := badCopies(t, files[0], files[1])
	c := files[len(files)-1]
	if filepath.Base(c) != "c.sgf" {
		t.Fatalf("the tiny set's last file is %s, not c.sgf", c)
	}
	cfg := Config{Files: []string{trunc, illegal, c}, Reference: ref, Base: judge.Default(), Folds: 1}
	cfg.defaults()
	pos, _, skipped, err := collectRef(context.Background(), &cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(pos) != 1 {
		t.Errorf("%d positions; want 1, c.sgf's", len(pos))
	}
	if len(skipped) != 2 || skipped[0].File != trunc || skipped[1].File != illegal+" (game 1)" ||
		!strings.Contains(skipped[0].Err, "unterminated") || !strings.Contains(skipped[1].Err, "illegal move 2") {
		t.Errorf("skipped %+v; want %s (unterminated) and %s (game 1) (illegal move 2)", skipped, trunc, illegal)
	}
}

// TestCollectRefMismatch: a reference position evaluated with another
// komi than the record's (b.sgf has KM[0.5]) or another side to move
// (Black is to move after 4 moves of c.sgf) is not trained on, and the
// log says which line and why.
func TestCollectRefMismatch(t *testing.T) {
	files, _ := tinyRef(t)
	raw, err := os.ReadFile(filepath.Join("..", "records", "testdata", "tiny-reference.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
	lines[3] = strings.Replace(lines[3], `"komi":0.5`, `"komi":6.5`, 1)       // b.sgf move 4
	lines[4] = strings.Replace(lines[4], `"to_move":"B"`, `"to_move":"W"`, 1) // c.sgf move 4
	ref, err := records.ParseReference("x.jsonl", strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	var logged []string
	cfg := Config{Files: files[1:], Reference: ref, Base: judge.Default(), Folds: 1, Log: func(s string) { logged = append(logged, s) }}
	cfg.defaults()
	pos, _, _, err := collectRef(context.Background(), &cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(pos) != 0 {
		t.Errorf("%d positions trained on, want none", len(pos))
	}
	for _, want := range []string{"x.jsonl:4: the reference assumed komi 6.5 at move 4, the record has 0.5",
		"x.jsonl:5: the reference has W to move at move 4, the record B"} {
		found := false
		for _, l := range logged {
			found = found || strings.Contains(l, "not trained on: "+want)
		}
		if !found {
			t.Errorf("the log %q lacks %q", logged, want)
		}
	}
}

// TestWorseThanTie: the bands where the cross-validated lead MAE is above
// the tie's are the ones a warning names (a fit on 5 games was 20.99
// against the tie's 14.62 at move 200, and said nothing).
func TestWorseThanTie(t *testing.T) {
	rows := []RefRow{
		{Band: "50", Positions: 15, LeadMAE: 4.50, TieLeadMAE: 4.01},
		{Band: "100", Positions: 15, LeadMAE: 5.30, TieLeadMAE: 6.25},
		{Band: "150", Positions: 0, LeadMAE: 0, TieLeadMAE: 0},
		{Band: "200", Positions: 6, LeadMAE: 20.99, TieLeadMAE: 14.62},
		{Band: "end-20", Positions: 15, LeadMAE: 10, TieLeadMAE: 10}, // a tie with the tie is not worse
	}
	var got []string
	for _, r := range WorseThanTie(rows) {
		got = append(got, r.Band)
	}
	if want := []string{"50", "200"}; !slices.Equal(got, want) {
		t.Errorf("bands %v, want %v", got, want)
	}
}
