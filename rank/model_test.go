package rank

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/eval"
	"goeval/internal/boardtest"
	"goeval/internal/positions"
	"goeval/movemodel"
)

func shippedModel(t testing.TB) *movemodel.Model {
	t.Helper()
	m, err := movemodel.Default()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func modelRanker(t testing.TB, workers int) *Ranker {
	t.Helper()
	return rankerWith(t, shippedModel(t), workers)
}

// rankerWith returns a ranker by model m, with m's gain estimator.
func rankerWith(t testing.TB, m *movemodel.Model, workers int) *Ranker {
	t.Helper()
	name := m.GainEstimator
	if name == "" {
		name = "lambda-kappa"
	}
	f, err := eval.Factory(name, nil)
	if err != nil {
		t.Fatal(err)
	}
	bm, err := BindModel(m, registry)
	if err != nil {
		t.Fatal(err)
	}
	return New(f, Settings{Workers: workers, Model: bm})
}

// registry makes the estimators a model names, as goeval does.
func registry(name string) (func() control.Estimator, error) { return eval.Factory(name, nil) }

// TestModelRankingSameForAnyWorkers checks that the shipped model ranks
// dev positions identically with 1 and 2 workers, and that the
// probabilities of the moves and the pass add up to 1, in order.
func TestModelRankingSameForAnyWorkers(t *testing.T) {
	r1, r2 := modelRanker(t, 1), modelRanker(t, 2)
	for i, b := range positions.Dev(t, 4, 30, 120, 200) {
		g := b.Geometry()
		last, last2 := g.At(3, 3), g.At(15, 15)
		a, err := r1.RankAfter(context.Background(), b, last, last2, 0)
		if err != nil {
			t.Fatal(err)
		}
		c, err := r2.RankAfter(context.Background(), b, last, last2, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !a.ByModel || len(a.Moves) != len(c.Moves) || a.PassProb != c.PassProb {
			t.Fatalf("position %d: by model %v, %d and %d moves, pass %v and %v", i, a.ByModel, len(a.Moves), len(c.Moves), a.PassProb, c.PassProb)
		}
		sum := a.PassProb
		for k := range a.Moves {
			ma, mc := a.Moves[k], c.Moves[k]
			if ma.Point != mc.Point || ma.Prob != mc.Prob || ma.Score != mc.Score || (ma.Value == nil) != (mc.Value == nil) {
				t.Fatalf("position %d, move %d: %s p=%v score %v with 1 worker, %s p=%v score %v with 2", i, k,
					g.GTP(ma.Point), ma.Prob, ma.Score, g.GTP(mc.Point), mc.Prob, mc.Score)
			}
			if k > 0 && ma.Prob > a.Moves[k-1].Prob {
				t.Fatalf("position %d: move %d more likely than move %d", i, k, k-1)
			}
			sum += ma.Prob
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("position %d: probabilities add up to %v", i, sum)
		}
	}
}

// TestModelRankingKeepsOnePly checks that ranking by the model changes
// only the order: every move keeps the one-ply outcome the one-ply ranking
// gives it.
func TestModelRankingKeepsOnePly(t *testing.T) {
	b := positions.Dev(t, 1, 80)[0]
	f, err := eval.Factory("lambda-kappa", nil)
	if err != nil {
		t.Fatal(err)
	}
	byEval, err := New(f, Settings{Workers: 1}).Rank(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	byModel, err := modelRanker(t, 1).Rank(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if byEval.ByModel || !byModel.ByModel {
		t.Fatalf("ByModel %v and %v", byEval.ByModel, byModel.ByModel)
	}
	if shippedModel(t).GainEstimator != "" && shippedModel(t).GainEstimator != "lambda-kappa" {
		t.Skip("the shipped model ranks with another estimator")
	}
	score := map[board.Point]float64{}
	for _, m := range byEval.Moves {
		score[m.Point] = m.Score
	}
	same := 0
	for k, m := range byModel.Moves {
		if s, ok := score[m.Point]; !ok || math.Abs(s-m.Score) > 1e-9 {
			t.Fatalf("%s: score %v by model, %v by eval", b.Geometry().GTP(m.Point), m.Score, s)
		}
		if m.Point == byEval.Moves[k].Point {
			same++
		}
	}
	if same == len(byModel.Moves) {
		t.Error("the model's order is the one-ply order")
	}
}

// TestModelOnlySameOrder checks Settings.ModelOnly, which the GTP engine
// sets. With a model that does not use the one-ply gain (the shipped one
// with its gain group dropped) it skips the one-ply evaluations, one
// evaluation in all, and leaves the model's order and probabilities as they
// are. With the shipped model, which uses the gain, it changes nothing:
// the moves are evaluated one ply deep as without it.
func TestModelOnlySameOrder(t *testing.T) {
	shipped := shippedModel(t)
	if !shipped.Uses(movemodel.GroupGain) {
		t.Fatal("the shipped model does not use the one-ply gain; the second half of this test needs one that does")
	}
	gainless := *shipped
	gainless.Gamma[movemodel.GroupGain] = nil
	for _, tc := range []struct {
		name string
		m    *movemodel.Model
		skip bool // ModelOnly skips the one-ply evaluations
	}{{"without the gain", &gainless, true}, {"shipped", shipped, false}} {
		full, only := rankerWith(t, tc.m, 1), rankerWith(t, tc.m, 1)
		only.s.ModelOnly = true
		for i, b := range positions.Dev(t, 3, 40, 160) {
			a, err := full.Rank(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			c, err := only.Rank(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			wantEvals := a.Stats.Evaluations
			if tc.skip {
				wantEvals = 1
			}
			if len(a.Moves) != len(c.Moves) || a.PassProb != c.PassProb || c.Stats.Evaluations != wantEvals || a.Stats.Evaluations <= 1 {
				t.Fatalf("%s, position %d: %d and %d moves, %d evaluations and %d model-only (want %d)",
					tc.name, i, len(a.Moves), len(c.Moves), a.Stats.Evaluations, c.Stats.Evaluations, wantEvals)
			}
			for k := range a.Moves {
				if a.Moves[k].Point != c.Moves[k].Point || a.Moves[k].Prob != c.Moves[k].Prob || (c.Moves[k].Value == nil) != (tc.skip || a.Moves[k].Value == nil) {
					t.Fatalf("%s, position %d, move %d differs", tc.name, i, k)
				}
			}
		}
	}
}

// TestModelOnEveryBoardSize ranks seeded random positions of every board
// size from 2 to 25 by the model, played or scattered as setup stones
// are: every legal move is ranked, and the
// probabilities of the moves and the pass add up to 1.
func TestModelOnEveryBoardSize(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	rk := modelRanker(t, 1)
	rk.s.ModelOnly = true
	for size := 2; size <= 25; size++ {
		for k := range 4 {
			b := boardtest.Played(r, size, r.IntN(size*size))
			if k == 3 {
				// Setup stones, which may leave chains without liberties.
				b = boardtest.Scattered(r, size, r.Float64())
			}
			b.SetToMove([]board.Color{board.Black, board.White}[r.IntN(2)])
			g := b.Geometry()
			last := board.Point(r.IntN(g.N))
			got, err := rk.RankAfter(context.Background(), b, last, board.Pass, 0)
			if err != nil {
				t.Fatalf("%dx%d: %v\n%s", size, size, err, b)
			}
			legal := 0
			for p := range g.N {
				if b.At(board.Point(p)) == board.Empty && b.Legal(b.ToMove(), board.Point(p)) == nil {
					legal++
				}
			}
			sum := got.PassProb
			for _, m := range got.Moves {
				sum += m.Prob
			}
			if len(got.Moves) != legal || math.Abs(sum-1) > 1e-9 || math.IsNaN(sum) {
				t.Fatalf("%dx%d: %d moves of %d legal, probabilities add up to %v\n%s", size, size, len(got.Moves), legal, sum, b)
			}
		}
	}
}

// TestLoadModelResolvesEstimators: a model file that names an estimator
// the registry does not know fails when it is loaded, with an error that
// names the file and the estimator, not at the first ranking; the shipped
// model written to a file loads back and ranks as the shipped one does.
func TestLoadModelResolvesEstimators(t *testing.T) {
	shipped := shippedModel(t)
	write := func(t *testing.T, m *movemodel.Model) string {
		t.Helper()
		path := filepath.Join(t.TempDir(), "moves.params")
		var buf bytes.Buffer
		if err := m.Write(&buf); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for _, tc := range []struct {
		name  string
		edit  func(m *movemodel.Model)
		group string
	}{
		{"gain", func(m *movemodel.Model) { m.GainEstimator = "bogus-gain" }, "gain"},
		{"owner", func(m *movemodel.Model) { m.OwnerEstimator = "bogus-owner" }, "owner"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := *shipped
			tc.edit(&m)
			if !m.Uses(movemodel.GroupGain) || !m.Uses(movemodel.GroupOwner) {
				t.Fatal("the shipped model does not use both the gain and the owner groups")
			}
			path := write(t, &m)
			_, err := LoadModel(path, registry)
			want := fmt.Sprintf("%s: the move model's %s estimator %q: ", path, tc.group, "bogus-"+tc.group)
			if !errors.Is(err, eval.ErrUnknown) || !strings.HasPrefix(fmt.Sprint(err), want) {
				t.Errorf("LoadModel: %v, want an eval.ErrUnknown beginning %q", err, want)
			}
		})
	}
	t.Run("unused group", func(t *testing.T) {
		// A name the model does not use is not resolved.
		m := *shipped
		m.Gamma[movemodel.GroupOwner], m.OwnerEstimator = nil, "bogus"
		if _, err := BindModel(&m, registry); err != nil {
			t.Error(err)
		}
	})
	t.Run("shipped", func(t *testing.T) {
		fromFile, err := LoadModel(write(t, shipped), registry)
		if err != nil {
			t.Fatal(err)
		}
		def, err := LoadModel("", registry)
		if err != nil {
			t.Fatal(err)
		}
		f, err := eval.Factory(shipped.GainEstimator, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range positions.Dev(t, 2, 60, 180) {
			a, err := New(f, Settings{Workers: 1, Model: def}).Rank(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			c, err := New(f, Settings{Workers: 1, Model: fromFile}).Rank(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			if !a.ByModel || len(a.Moves) != len(c.Moves) || a.PassProb != c.PassProb {
				t.Fatalf("position %d: %d and %d moves, pass %v and %v", i, len(a.Moves), len(c.Moves), a.PassProb, c.PassProb)
			}
			for k := range a.Moves {
				if a.Moves[k].Point != c.Moves[k].Point || a.Moves[k].Prob != c.Moves[k].Prob {
					t.Fatalf("position %d, move %d differs", i, k)
				}
			}
		}
	})
}

// TestNewRefusesUnboundModel: a Model not made by LoadModel or BindModel,
// whose estimators are not resolved, panics in New rather than ranking
// without them.
func TestNewRefusesUnboundModel(t *testing.T) {
	defer func() {
		if r := recover(); !strings.HasPrefix(fmt.Sprint(r), "rank: ") {
			t.Errorf("recovered %v, want a rank: panic", r)
		}
	}()
	New(stones, Settings{Model: &Model{Model: shippedModel(t)}})
}
