package gtp

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"goeval/board"
	"goeval/control"
)

// komiWitness counts stones (control.Stones), reads records and gives a
// win probability, and logs the komi of every record and every win
// probability it is asked for.
type komiWitness struct{ log *komiLog }

type komiLog struct {
	mu   sync.Mutex
	seen []float64
}

func (l *komiLog) add(komi float64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seen = append(l.seen, komi)
}

// take returns the komis logged so far, and forgets them.
func (l *komiLog) take() []float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.seen
	l.seen = nil
	return s
}

func (komiWitness) Name() string            { return "witness" }
func (komiWitness) Params() []control.Param { return nil }

func (komiWitness) Estimate(dst *control.Result, b *board.Board) error {
	return control.Stones{}.Estimate(dst, b)
}

func (w komiWitness) EstimateGame(dst *control.Result, g *control.Game) error {
	w.log.add(g.Komi)
	b := *g.Start
	for _, m := range g.Moves {
		if err := b.Play(m.Color, m.Point); err != nil {
			return err
		}
	}
	return control.Stones{}.Estimate(dst, &b)
}

func (w komiWitness) WinProbability(b *board.Board, komi float64) (float64, bool, error) {
	w.log.add(komi)
	return 0.5, true, nil
}

// TestKomiEverywhere: after a komi command, genmove (its ranking),
// estimate_score and kata-analyze (its ranking, its judge's records and
// win probabilities, its leads) all see that komi, the engine's one
// komi, whatever komi they saw before.
func TestKomiEverywhere(t *testing.T) {
	log := &komiLog{}
	witness := func() control.Estimator { return komiWitness{log} }
	l := startLive(t, Config{Judge: witness, Rank: witness, Size: 9})
	do := func(cmd string) string {
		t.Helper()
		l.send(cmd)
		return l.answer()
	}
	if a := do("play b e5"); a != "= " {
		t.Fatalf("play b e5: %q", a)
	}
	log.take()
	sawOnly := func(what string, komi float64) {
		t.Helper()
		seen := log.take()
		if len(seen) == 0 || slices.ContainsFunc(seen, func(k float64) bool { return k != komi }) {
			n := len(seen)
			slices.Sort(seen)
			t.Errorf("komi %v: %s saw %d komis: %v", komi, what, n, slices.Compact(seen))
		}
	}
	for _, komi := range []float64{0.5, 7.5, -3} {
		k := strconv.FormatFloat(komi, 'g', -1, 64)
		if a := do("komi " + k); a != "= " {
			t.Fatalf("komi %s: %q", k, a)
		}
		if a := do("genmove w"); !strings.HasPrefix(a, "= ") || a == "= pass" {
			t.Fatalf("genmove w: %q", a)
		}
		sawOnly("genmove", komi)
		if a := do("undo"); a != "= " {
			t.Fatalf("undo: %q", a)
		}
		// One black stone: Black leads by 1 on the board.
		if a, want := do("estimate_score"), "= "+scoreString(1-komi)+" "; !strings.HasPrefix(a, want) {
			t.Errorf("komi %v: estimate_score %q, want %q...", komi, a, want)
		}
		sawOnly("estimate_score", komi)
		l.send("kata-analyze w interval 0 maxmoves 1")
		if s := l.next(); s != "=" {
			t.Fatalf("kata-analyze: %q", s)
		}
		line := l.next()
		l.send("")
		if s := l.next(); s != "" {
			t.Fatalf("after kata-analyze: %q", s)
		}
		checkInfo(t, line, 1, 0)
		// After White's move the stones are even: White leads by komi.
		f := strings.Fields(line)
		if i := slices.Index(f, "scoreLead"); i < 0 || i+1 == len(f) {
			t.Fatalf("no scoreLead in %q", line)
		} else if lead, err := strconv.ParseFloat(f[i+1], 64); err != nil || math.Abs(lead-komi) > 1e-9 {
			t.Errorf("komi %v: kata-analyze's scoreLead %s, want %v", komi, f[i+1], komi)
		}
		sawOnly("kata-analyze", komi)
	}
}
