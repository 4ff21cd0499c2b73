package gtp

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"goeval/board"
	"goeval/control"
)

// fakeNet stands for the network estimator: it reads records
// (control.GameEstimator), gives move probabilities
// (control.MovePredictor), win probabilities (control.WinPredictor) and
// counts (control.Counter), all with fixed, hand-chosen outputs:
//
//   - the control of a point is its stone's colour times its weight, 0.5
//     unless weight says otherwise (0 where empty), and the score their
//     sum;
//   - Black's win probability is 0.5 + (score - komi)/100, within [0, 1];
//   - the move probabilities are probs (one per point in map order, then
//     the pass), 0 where a stone stands or the move is illegal;
//   - the count takes off the stones on the points of dead.
//
// It keeps a copy of every record and board it is given.
type fakeNet struct {
	mu       sync.Mutex
	probs    []float64
	weight   map[board.Point]float64
	dead     []board.Point
	failGame bool // EstimateGame fails, as for a record it cannot replay

	games  []control.Game // copies of the records given to EstimateGame
	boards []board.Board  // the boards given to Estimate
	last   board.Board    // the position of the last evaluation
}

func (f *fakeNet) Name() string            { return "fakenet" }
func (f *fakeNet) Params() []control.Param { return nil }

func (f *fakeNet) Estimate(dst *control.Result, b *board.Board) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.boards = append(f.boards, *b)
	f.eval(dst, b)
	return nil
}

func (f *fakeNet) EstimateGame(dst *control.Result, g *control.Game) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	start := *g.Start
	f.games = append(f.games, control.Game{Start: &start, Moves: slices.Clone(g.Moves), Komi: g.Komi, Territory: g.Territory})
	if f.failGame {
		return errors.New("cannot replay")
	}
	b := *g.Start
	for _, m := range g.Moves {
		if err := b.Play(m.Color, m.Point); err != nil {
			return err
		}
	}
	f.eval(dst, &b)
	return nil
}

func (f *fakeNet) eval(dst *control.Result, b *board.Board) {
	dst.Reset(b.Geometry().N)
	for p, c := range b.Cells() {
		dst.Control[p] = f.control(board.Point(p), c)
	}
	dst.Sum()
	f.last = *b
}

func (f *fakeNet) control(p board.Point, c board.Color) float64 {
	w, ok := f.weight[p]
	if !ok {
		w = 0.5
	}
	return w * float64(c)
}

func (f *fakeNet) MoveProbabilities(dst []float64) []float64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	b := &f.last
	n := b.Geometry().N
	for i := range n + 1 {
		v := 0.0
		if i < len(f.probs) {
			v = f.probs[i]
		}
		if i < n && b.Legal(b.ToMove(), board.Point(i)) != nil {
			v = 0
		}
		dst = append(dst, v)
	}
	return dst
}

func (f *fakeNet) WinProbability(b *board.Board, komi float64) (float64, bool, error) {
	score := 0.0
	for p, c := range b.Cells() {
		score += f.control(board.Point(p), c)
	}
	return math.Min(1, math.Max(0, 0.5+(score-komi)/100)), true, nil
}

func (f *fakeNet) Count(b *board.Board) (control.Count, error) {
	cnt := control.Count{Seki: []board.Point{}}
	for _, p := range f.dead {
		if b.At(p) != board.Empty {
			cnt.Dead = append(cnt.Dead, p)
		}
	}
	var r board.Regions
	cnt.Area, cnt.Open = b.CountArea(cnt.Dead, &r)
	return cnt, nil
}

// gamesGiven returns a copy of the records given so far, and forgets them.
func (f *fakeNet) gamesGiven() []control.Game {
	f.mu.Lock()
	defer f.mu.Unlock()
	g := f.games
	f.games = nil
	return g
}

// netConfig is a configuration whose judge is f.
func netConfig(f *fakeNet) Config {
	return Config{Judge: func() control.Estimator { return f }, Rank: stones}
}

// moves formats a record's moves as "B C3 W pass ...".
func moves(g *board.Geometry, ms []board.Move) string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Color.String()+" "+g.GTP(m.Point))
	}
	return strings.Join(out, " ")
}

// stonesOf formats a position's stones as "B A5 W C3 ...", in map order.
func stonesOf(b *board.Board) string {
	var out []string
	for p, c := range b.Cells() {
		if c != board.Empty {
			out = append(out, c.String()+" "+b.Geometry().GTP(board.Point(p)))
		}
	}
	return strings.Join(out, " ")
}

// TestRecordGiven checks the record an estimator that reads records is
// given: the first position of the history, the moves since with their
// colours and passes, the engine's komi and scoring rule; after undo, one
// move less.
func TestRecordGiven(t *testing.T) {
	g5 := board.New(5).Geometry()
	for _, territory := range []bool{false, true} {
		f := &fakeNet{}
		cfg := netConfig(f)
		cfg.Territory = territory
		e := newEngine(t, cfg)
		for _, c := range []string{"boardsize 5", "komi 0.5", "play b c3", "play w pass", "play b d4"} {
			cmd := strings.Fields(c)
			if _, err := e.exec(cmd[0], cmd[1:]); err != nil {
				t.Fatalf("%s: %v", c, err)
			}
		}
		for _, step := range []struct {
			cmd, want, moves string
		}{
			// Two black stones of control 0.5: score 1, B+0.5 after komi.
			// Upper (White's best): White gets the 23 points below 0.5,
			// Black 0.5 each for two, so 1 - 23 = -22, W+22.5 with komi;
			// lower: Black gets all 25 points above -0.5, B+24.5.
			{"estimate_score", "B+0.5 (upper bound: 22.5, lower: -24.5)", "B C3 W pass B D4"},
			{"undo", "", ""},
			// One stone: score 0.5, komi 0.5, a draw; White's best 24 -
			// 0.5 = 23.5 (W+24.0 with komi), Black's best still B+24.5.
			{"estimate_score", "0 (upper bound: 24.0, lower: -24.5)", "B C3 W pass"},
		} {
			cmd := strings.Fields(step.cmd)
			got, err := e.exec(cmd[0], cmd[1:])
			if err != nil {
				t.Fatalf("%s: %v", step.cmd, err)
			}
			if step.want == "" {
				continue
			}
			want := step.want
			if got != want {
				t.Errorf("territory %v: %s = %q, want %q", territory, step.cmd, got, want)
			}
			games := f.gamesGiven()
			if len(games) != 1 {
				t.Fatalf("%s: %d records given, want 1", step.cmd, len(games))
			}
			rec := games[0]
			if stonesOf(rec.Start) != "" || rec.Start.Size() != 5 || moves(g5, rec.Moves) != step.moves || rec.Komi != 0.5 || rec.Territory != territory {
				t.Errorf("territory %v: %s: record from %q (%dx%d), moves %q, komi %v, territory %v; want an empty 5x5 board, %q, 0.5, %v",
					territory, step.cmd, stonesOf(rec.Start), rec.Start.Size(), rec.Start.Size(), moves(g5, rec.Moves), rec.Komi, rec.Territory, step.moves, territory)
			}
		}
	}
}

// TestRecordFallback: when the estimator cannot replay the record, the
// board alone is evaluated, with a warning.
func TestRecordFallback(t *testing.T) {
	f := &fakeNet{failGame: true}
	var warned []string
	cfg := netConfig(f)
	cfg.Warn = func(l string) { warned = append(warned, l) }
	got := session(t, cfg, "boardsize 5", "play b c3", "play w d4", "play b b2", "estimate_score", "estimate_score")
	// Two black stones and a white one: score 0.5, W+6.0 after komi 6.5.
	if last := got[len(got)-1]; !strings.HasPrefix(last, "= W+6.0 (") {
		t.Errorf("estimate_score %q, want W+6.0 from the board alone", last)
	}
	// The same failure is told once.
	if len(warned) != 1 || !strings.Contains(warned[0], "fakenet cannot read the record") || !strings.Contains(warned[0], "cannot replay") {
		t.Errorf("warnings %q", warned)
	}
	if len(f.boards) != 2 || stonesOf(&f.boards[0]) != "W D4 B C3 B B2" {
		t.Errorf("boards evaluated alone: %d, want the position twice", len(f.boards))
	}
}

// TestRecordLoadsgf: the record of a loaded game starts after its setup
// stones; setup in mid-game starts it again there, and undo goes back
// past it to the first record.
func TestRecordLoadsgf(t *testing.T) {
	dir := t.TempDir()
	write := func(name, sgf string) string {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(sgf), 0o644); err != nil {
			t.Fatal(err)
		}
		return file
	}
	handicap := write("handicap.sgf", "(;GM[1]FF[4]SZ[5]KM[2.5]AB[aa][bb]PL[W];W[cc];B[dd];W[])")
	midgame := write("midgame.sgf", "(;GM[1]FF[4]SZ[5];B[aa];W[bb];AB[cc];B[dd])")
	g5 := board.New(5).Geometry()
	for _, c := range []struct {
		name     string
		cmds     []string
		start    string // the stones of the record's start
		moves    string
		komi     float64
		toMove   string // the answer of loadsgf
		estimate int    // the command's index whose record is checked
	}{
		{"handicap", []string{"loadsgf " + handicap, "estimate_score"}, "B A5 B B4", "W C3 B D2 W pass", 2.5, "= black", 1},
		{"handicap, move 3", []string{"loadsgf " + handicap + " 3", "estimate_score"}, "B A5 B B4", "W C3 B D2", 2.5, "= white", 1},
		{"mid-game setup", []string{"loadsgf " + midgame, "estimate_score"}, "B A5 W B4 B C3", "B D2", 6.5, "= white", 1},
		{"mid-game setup, undone", []string{"loadsgf " + midgame, "undo", "estimate_score"}, "B A5 W B4 B C3", "", 6.5, "= white", 2},
		{"before the setup", []string{"loadsgf " + midgame, "undo", "undo", "estimate_score"}, "", "B A5", 6.5, "= white", 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := &fakeNet{}
			got := session(t, netConfig(f), c.cmds...)
			if got[0] != c.toMove || !strings.HasPrefix(got[c.estimate], "= ") {
				t.Fatalf("answers %q", got)
			}
			games := f.gamesGiven()
			if len(games) != 1 {
				t.Fatalf("%d records given, want 1", len(games))
			}
			rec := games[0]
			if stonesOf(rec.Start) != c.start || moves(g5, rec.Moves) != c.moves || rec.Komi != c.komi {
				t.Errorf("record from %q, moves %q, komi %v; want from %q, %q, %v", stonesOf(rec.Start), moves(g5, rec.Moves), rec.Komi, c.start, c.moves, c.komi)
			}
		})
	}
}

// TestPassesShareHistory: a long run of passes holds at most three
// positions in the history, and undoing it comes back to the position
// before it, ko included.
func TestPassesShareHistory(t *testing.T) {
	e := newEngine(t, Config{Size: 5})
	// A ko: around B3, White's B4 A3 B2 and C3; around C3, Black's C4 D3
	// and C2. Black B3 takes C3, and White may not take back at C3 at once.
	for _, c := range []string{"play w b4", "play w a3", "play w b2", "play w c3", "play b c4", "play b d3", "play b c2", "play b b3"} {
		f := strings.Fields(c)
		if _, err := e.exec(f[0], f[1:]); err != nil {
			t.Fatalf("%s: %v", c, err)
		}
	}
	g := e.b.Geometry()
	if e.b.At(g.At(2, 2)) != board.Empty || e.b.Ko() != g.At(2, 2) {
		t.Fatalf("no ko at C3 for White:\n%s", e.b.String())
	}
	before := e.b
	const passes = 1000
	for range passes {
		if _, err := e.exec("play", []string{colorName(e.b.ToMove()), "pass"}); err != nil {
			t.Fatal(err)
		}
	}
	distinct := map[*board.Board]bool{}
	for _, s := range e.history[len(e.history)-passes:] {
		distinct[s.before] = true
	}
	if len(distinct) > 3 {
		t.Errorf("%d positions held for %d passes, want at most 3", len(distinct), passes)
	}
	for range passes {
		if _, err := e.exec("undo", nil); err != nil {
			t.Fatal(err)
		}
	}
	if e.b != before {
		t.Errorf("after undoing the passes:\n%s\nko %v, want\n%s\nko %v", e.b.String(), e.b.Ko(), before.String(), before.Ko())
	}
}
