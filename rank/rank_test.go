package rank

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/eval"
	"goeval/internal/positions"
	"goeval/movemodel"
)

// koBoard is White to move just after Black took a ko at C4: White may not
// retake at B4, and A5 is suicide for White (but fine for Black).
func koBoard() *board.Board {
	b := board.MustParse(`
		. X O . .
		X O . O .
		. X O . .
		. . . . .
		. . . . .`)
	if err := b.Play(board.Black, vertex(b, "C4")); err != nil {
		panic(err)
	}
	return b
}

// fight is a 9x9 middle game position, Black to move, where Black at E3
// captures the white stone on E4 (taking a ko).
const fight = `
	. . . . . . . . .
	. . X . . . O . .
	. . . . . . . . .
	. . X . . O . . .
	. . . . X . . . .
	. . . X O X . . .
	. . X O . O . . .
	. . . . O . . . .
	. . . . . . . . .`

func vertex(b *board.Board, s string) board.Point {
	p, err := b.Geometry().ParseGTP(s)
	if err != nil {
		panic(err)
	}
	return p
}

func gtps(b *board.Board, ps []board.Point) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = b.Geometry().GTP(p)
	}
	return out
}

func moves(rk *Ranking) []board.Point {
	out := make([]board.Point, len(rk.Moves))
	for i, m := range rk.Moves {
		out[i] = m.Point
	}
	return out
}

func rankOf(t *testing.T, b *board.Board, newEst func() control.Estimator, s Settings) *Ranking {
	t.Helper()
	rk, err := New(newEst, s).Rank(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	return rk
}

func stones() control.Estimator { return control.Stones{} }

func TestCandidatesAreLegal(t *testing.T) {
	tests := []struct {
		name     string
		b        *board.Board
		excluded map[string]error // empty points that must not be candidates
		included []string         // points that must be
	}{
		{"ko and suicide", koBoard(),
			map[string]error{"B4": board.ErrKo, "A5": board.ErrSuicide}, []string{"D5", "E1"}},
		{"ko taken by Black, colours swapped", koBoard().Swapped(),
			map[string]error{"B4": board.ErrKo, "A5": board.ErrSuicide}, []string{"D5"}},
		{"Black may fill an eye and capture", func() *board.Board {
			b := board.MustParse(`
				. X O . .
				X O . O .
				. X O . .
				. . . . .
				. . . . .`)
			return b
		}(), nil, []string{"A5", "C4"}},
		{"fight", board.MustParse(fight), nil, []string{"E3", "A1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rk := rankOf(t, tt.b, stones, Settings{Workers: 2})
			got := map[board.Point]bool{}
			for _, p := range moves(rk) {
				if got[p] {
					t.Errorf("%s listed twice", tt.b.Geometry().GTP(p))
				}
				got[p] = true
				if tt.b.At(p) != board.Empty {
					t.Errorf("occupied point %s is a candidate", tt.b.Geometry().GTP(p))
				}
			}
			for s, why := range tt.excluded {
				p := vertex(tt.b, s)
				if got[p] {
					t.Errorf("%s is a candidate", s)
				}
				if err := tt.b.Legal(tt.b.ToMove(), p); !errors.Is(err, why) {
					t.Errorf("%s: Legal = %v, want %v", s, err, why)
				}
			}
			for _, s := range tt.included {
				if !got[vertex(tt.b, s)] {
					t.Errorf("%s is not a candidate", s)
				}
			}
			// Every other empty point is a candidate.
			want := 0
			for p := range tt.b.Geometry().N {
				if tt.b.Legal(tt.b.ToMove(), board.Point(p)) == nil {
					want++
				}
			}
			if len(got) != want {
				t.Errorf("%d candidates, want %d", len(got), want)
			}
		})
	}
}

// TestScoreIsFreshEvaluation checks that each listed score is what a cold
// evaluation of the position after the move gives: exactly for the stones
// estimator, and within 1e-6 for the warm-started relax estimator (its
// stopping rule, a sum of squared changes below 1e-20, leaves each point
// within about 1e-9 of the fixed point).
func TestScoreIsFreshEvaluation(t *testing.T) {
	tests := []struct {
		name   string
		newEst func() control.Estimator
		tol    float64
		warm   bool
	}{
		{"stones", stones, 0, false},
		{"relax warm", newRelax, 1e-6, true},
	}
	for _, tt := range tests {
		for _, pos := range []struct {
			name string
			b    *board.Board
		}{{"fight", board.MustParse(fight)}, {"ko", koBoard()}} {
			t.Run(tt.name+"/"+pos.name, func(t *testing.T) {
				b := pos.b
				rk := rankOf(t, b, tt.newEst, Settings{Workers: 2, Top: 1000})
				if rk.Stats.Warm != tt.warm {
					t.Errorf("Stats.Warm = %v, want %v", rk.Stats.Warm, tt.warm)
				}
				fresh := tt.newEst()
				var r control.Result
				if err := fresh.Estimate(&r, b); err != nil {
					t.Fatal(err)
				}
				if rk.Pass.Score != r.Score {
					t.Errorf("pass score %v, fresh %v", rk.Pass.Score, r.Score)
				}
				cold := func(c board.Color, p board.Point) float64 {
					a := *b
					if err := a.Play(c, p); err != nil {
						t.Fatal(err)
					}
					if err := fresh.Estimate(&r, &a); err != nil {
						t.Fatal(err)
					}
					return r.Score
				}
				sign := float64(b.ToMove())
				for i, m := range rk.Moves {
					s := cold(b.ToMove(), m.Point)
					if !near(m.Score, s, tt.tol) {
						t.Errorf("%s: score %v, fresh %v", b.Geometry().GTP(m.Point), m.Score, s)
					}
					if g := sign * (m.Score - rk.Pass.Score); g != m.Gain {
						t.Errorf("%s: gain %v, want %v", b.Geometry().GTP(m.Point), m.Gain, g)
					}
					if i > 0 && sign*rk.Moves[i-1].Score < sign*m.Score {
						t.Errorf("%s ranked below a worse move", b.Geometry().GTP(m.Point))
					}
					v := m.Value
					if v == nil {
						t.Fatalf("%s: no miai value with Top 1000", b.Geometry().GTP(m.Point))
					}
					if !v.HasMiai() {
						continue
					}
					if !near(v.Black.Score, cold(board.Black, m.Point), tt.tol) || !near(v.White.Score, cold(board.White, m.Point), tt.tol) {
						t.Errorf("%s: value scores %v, %v differ from fresh ones", b.Geometry().GTP(m.Point), v.Black.Score, v.White.Score)
					}
					if v.Deiri != v.Black.Score-v.White.Score || v.Miai != v.Deiri/2 {
						t.Errorf("%s: deiri %v miai %v from %v, %v", b.Geometry().GTP(m.Point), v.Deiri, v.Miai, v.Black.Score, v.White.Score)
					}
				}
			})
		}
	}
}

func TestWarmStartSavesIterations(t *testing.T) {
	b := board.MustParse(fight)
	warm := rankOf(t, b, newRelax, Settings{Workers: 1})
	cold := rankOf(t, b, newRelax, Settings{Workers: 1, Cold: true})
	if !warm.Stats.Warm || cold.Stats.Warm {
		t.Fatalf("Stats.Warm: warm %v, cold %v", warm.Stats.Warm, cold.Stats.Warm)
	}
	if warm.Stats.Evaluations != cold.Stats.Evaluations {
		t.Errorf("%d evaluations warm, %d cold", warm.Stats.Evaluations, cold.Stats.Evaluations)
	}
	t.Logf("relax on 9x9: %d evaluations, %d iterations cold, %d warm", cold.Stats.Evaluations, cold.Stats.Iterations, warm.Stats.Iterations)
	if warm.Stats.Iterations >= cold.Stats.Iterations {
		t.Errorf("warm starts took %d iterations, cold %d", warm.Stats.Iterations, cold.Stats.Iterations)
	}
}

// TestColourSymmetry checks that White's ranking on the colour-swapped
// position is Black's: the same points in the same order, the same gains
// and miai values, and scores of opposite sign.
func TestColourSymmetry(t *testing.T) {
	for _, est := range testEstimators(t) {
		for _, pos := range []struct {
			name string
			b    *board.Board
		}{{"fight", board.MustParse(fight)}, {"ko", koBoard()}} {
			t.Run(est.name+"/"+pos.name, func(t *testing.T) {
				a := rankOf(t, pos.b, est.newEst, Settings{Workers: 2})
				sw := pos.b.Swapped()
				b := rankOf(t, sw, est.newEst, Settings{Workers: 2})
				if a.ToMove != -b.ToMove {
					t.Fatalf("to move %v and %v", a.ToMove, b.ToMove)
				}
				if !slices.Equal(moves(a), moves(b)) {
					t.Fatalf("rankings differ:\n%v\n%v", gtps(pos.b, moves(a)), gtps(sw, moves(b)))
				}
				if a.Pass.Score != -b.Pass.Score {
					t.Errorf("pass scores %v and %v", a.Pass.Score, b.Pass.Score)
				}
				for i := range a.Moves {
					ma, mb := a.Moves[i], b.Moves[i]
					if ma.Score != -mb.Score || ma.Gain != mb.Gain {
						t.Errorf("%s: score %v gain %v, swapped %v %v", pos.b.Geometry().GTP(ma.Point), ma.Score, ma.Gain, mb.Score, mb.Gain)
					}
					if (ma.Value == nil) != (mb.Value == nil) {
						t.Fatalf("%s: miai value on one side only", pos.b.Geometry().GTP(ma.Point))
					}
					if va, vb := ma.Value, mb.Value; va != nil && (va.HasMiai() != vb.HasMiai() || va.Miai != vb.Miai) {
						t.Errorf("%s: miai %v (%q), swapped %v (%q)", pos.b.Geometry().GTP(ma.Point), va.Miai, va.Note(), vb.Miai, vb.Note())
					}
				}
			})
		}
	}
}

// describe renders everything a ranking says, errors included, so that
// rankings can be compared byte for byte.
func describe(rk *Ranking) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%v %s %v %+v %+v\n", rk.ToMove, rk.Estimator, rk.Params, rk.Pass, rk.Stats)
	for _, m := range rk.Moves {
		fmt.Fprintf(&sb, "%d %+v %v", m.Point, m.Outcome, m.Gain)
		if m.Value != nil {
			fmt.Fprintf(&sb, " %+v %q", *m.Value, m.Value.Note())
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func TestSameForAnyWorkers(t *testing.T) {
	for _, pos := range []struct {
		name string
		b    *board.Board
	}{{"fight", board.MustParse(fight)}, {"ko", koBoard()}} {
		for _, est := range testEstimators(t) {
			t.Run(est.name+"/"+pos.name, func(t *testing.T) {
				sameForAnyWorkers(t, pos.b, est.newEst)
			})
		}
	}
}

func sameForAnyWorkers(t *testing.T, b *board.Board, newEst func() control.Estimator) {
	var want, wantV string
	for _, w := range []int{1, 2, 8} {
		r := New(newEst, Settings{Workers: w})
		rk, err := r.Rank(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		vm, err := r.Values(context.Background(), b) // the same Ranker again
		if err != nil {
			t.Fatal(err)
		}
		got, gotV := describe(rk), fmt.Sprintf("%+v", *vm)
		if w == 1 {
			want, wantV = got, gotV
			continue
		}
		if got != want {
			t.Errorf("%d workers: ranking differs from 1 worker", w)
		}
		if gotV != wantV {
			t.Errorf("%d workers: values differ from 1 worker", w)
		}
	}
}

type namedEstimator struct {
	name   string
	newEst func() control.Estimator
}

// testEstimators returns the stones estimator, the relax stand-in and the
// default estimator (when it is registered).
func testEstimators(t *testing.T) []namedEstimator {
	out := []namedEstimator{{"stones", stones}, {"relax", newRelax}}
	if f, err := eval.Factory(benchEstimator, nil); err == nil {
		out = append(out, namedEstimator{benchEstimator, f})
	} else {
		t.Logf("%v: not tested", err)
	}
	return out
}

func TestEstimatorErrorNamesThePoint(t *testing.T) {
	b := board.MustParse(fight)
	bad := []board.Point{vertex(b, "E3"), vertex(b, "A1")}
	for _, workers := range []int{1, 2} {
		r := New(func() control.Estimator { return broken{bad: bad} }, Settings{Workers: workers})
		_, err := r.Rank(context.Background(), b)
		if !errors.Is(err, errBroken) {
			t.Fatalf("%d workers: err = %v, want the estimator's error", workers, err)
		}
		// Both failures are reported, in map order, each with its point.
		var pe *PlayError
		if !errors.As(err, &pe) || pe.Point != bad[0] || pe.Color != board.Black {
			t.Errorf("%d workers: first error %v, want Black at E3", workers, err)
		}
		for _, want := range []string{"rank: after Black E3: broken estimator", "rank: after Black A1: broken estimator"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%d workers: error %q lacks %q", workers, err, want)
			}
		}
		if strings.Contains(err.Error(), "job ") {
			t.Errorf("error %q speaks of jobs", err)
		}
		if _, err := r.Values(context.Background(), b); !strings.Contains(fmt.Sprint(err), "rank: after White A1: broken estimator") {
			t.Errorf("Values: error %v lacks White at A1", err)
		}
	}
	// A failure on the position itself says so.
	e := broken{bad: []board.Point{vertex(b, "C8")}}
	if _, err := New(func() control.Estimator { return e }, Settings{}).Rank(context.Background(), b); !strings.Contains(fmt.Sprint(err), "rank: the position itself: broken") {
		t.Errorf("err = %v", err)
	}
}

func TestCancelStopsTheWork(t *testing.T) {
	b := board.MustParse(fight)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls atomic.Int32
	// Every evaluation from the 5th on cancels, so that a worker that is
	// descheduled between counting and cancelling cannot let the other
	// run on.
	est := func() control.Estimator {
		return hook{f: func() {
			if calls.Add(1) >= 5 {
				cancel()
			}
		}}
	}
	rk, err := New(est, Settings{Workers: 2}).Rank(ctx, b)
	if !errors.Is(err, context.Canceled) || rk != nil {
		t.Fatalf("Rank = %v, %v; want nil, context.Canceled", rk, err)
	}
	// Each worker may finish the candidate it holds, no more.
	if n := calls.Load(); n > 5+2 {
		t.Errorf("%d evaluations after cancelling at the 5th (of %d)", n, b.Count(board.Empty))
	}
	if _, err := New(stones, Settings{}).Values(ctx, b); !errors.Is(err, context.Canceled) {
		t.Errorf("Values on a cancelled context: %v", err)
	}
}

func TestPassOnly(t *testing.T) {
	// Black to move; every empty point is suicide for Black.
	b := board.MustParse(`
		. O .
		O O O
		. O .`)
	rk := rankOf(t, b, stones, Settings{})
	if len(rk.Moves) != 0 {
		t.Errorf("%d moves, want none: %v", len(rk.Moves), gtps(b, moves(rk)))
	}
	if rk.Pass.Score != -5 {
		t.Errorf("pass score %v, want -5", rk.Pass.Score)
	}
}

func TestTop(t *testing.T) {
	b := board.MustParse(fight)
	for _, tt := range []struct{ top, want int }{{0, DefaultTop}, {3, 3}, {-1, 0}, {1000, len(rankOf(t, b, stones, Settings{}).Moves)}} {
		rk := rankOf(t, b, stones, Settings{Top: tt.top})
		n := 0
		for i, m := range rk.Moves {
			if m.Value != nil {
				n++
				if i >= tt.want {
					t.Errorf("Top %d: move %d has a value", tt.top, i+1)
				}
			}
		}
		if n != tt.want {
			t.Errorf("Top %d: %d values, want %d", tt.top, n, tt.want)
		}
	}
}

func TestMoveFields(t *testing.T) {
	b := board.MustParse(fight)
	rk := rankOf(t, b, stones, Settings{Top: 1000})
	for _, m := range rk.Moves {
		a := *b
		before := a.Count(board.White)
		a.Play(board.Black, m.Point)
		if got := before - a.Count(board.White); got != m.Captures {
			t.Errorf("%s: %d captures, want %d", b.Geometry().GTP(m.Point), m.Captures, got)
		}
		if !reflect.DeepEqual(m.Value.Black, m.Outcome) {
			t.Errorf("%s: the value's Black outcome is not the move's", b.Geometry().GTP(m.Point))
		}
	}
	// With the stones estimator a move gains 1 plus 1 per capture, and its
	// miai value is 1 plus half the captures either colour makes there.
	for _, m := range rk.Moves {
		if m.Gain != 1+float64(m.Captures) {
			t.Errorf("%s: gain %v with %d captures", b.Geometry().GTP(m.Point), m.Gain, m.Captures)
		}
		if v := m.Value; v.HasMiai() && v.Miai != 1+float64(v.Black.Captures+v.White.Captures)/2 {
			t.Errorf("%s: miai %v", b.Geometry().GTP(m.Point), v.Miai)
		}
	}
}

// TestRealPositions checks colour symmetry and the independence from the
// number of workers on two real move-150 positions with the default
// estimator.
func TestRealPositions(t *testing.T) {
	if testing.Short() {
		t.Skip("ranks real positions many times")
	}
	f, err := eval.Factory(benchEstimator, nil)
	if err != nil {
		t.Skipf("%v", err)
	}
	for i, b := range positions.Dev(t, 2, 150) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			sameForAnyWorkers(t, b, f)
			a := rankOf(t, b, f, Settings{})
			s := rankOf(t, b.Swapped(), f, Settings{})
			if !slices.Equal(moves(a), moves(s)) {
				t.Fatalf("White's ranking on the swapped position differs")
			}
			for j := range a.Moves {
				ma, ms := a.Moves[j], s.Moves[j]
				if ma.Score != -ms.Score || ma.Gain != ms.Gain || (ma.Value == nil) != (ms.Value == nil) || ma.Value != nil && ma.Value.Miai != ms.Value.Miai {
					t.Errorf("%s: %+v against %+v swapped", b.Geometry().GTP(ma.Point), ma, ms)
				}
			}
		})
	}
}

// winStones is the stones estimator with a win probability that a test
// can check by hand: σ(score - komi), the score being the stone count.
type winStones struct{ control.Stones }

func (winStones) WinProbability(b *board.Board, komi float64) (float64, bool, error) {
	var r control.Result
	control.Stones{}.Estimate(&r, b)
	return 1 / (1 + math.Exp(-(r.Score - komi))), true, nil
}

// TestWinProbability: with Settings.Win, every outcome of RankAfter, the
// position's own included, carries the estimator's probability that Black
// wins after the play, at the komi of the call, on the workers already
// made too; Rank, Values, a Ranker without Settings.Win or an estimator
// that gives none give none.
func TestWinProbability(t *testing.T) {
	b := board.MustParse(fight)
	newWin := func() control.Estimator { return winStones{} }
	sigma := func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
	r := New(newWin, Settings{Workers: 2, Win: true})
	for _, komi := range []float64{0.5, 3.5, 0.5} {
		rk, err := r.RankAfter(context.Background(), b, movemodel.NoMove, movemodel.NoMove, komi)
		if err != nil {
			t.Fatal(err)
		}
		if want := sigma(rk.Pass.Score - komi); !rk.Pass.HasWin || rk.Pass.Win != want {
			t.Errorf("komi %v, position: win %v (has %v), want %v", komi, rk.Pass.Win, rk.Pass.HasWin, want)
		}
		for _, m := range rk.Moves {
			// The stone count after the move is the move's score.
			if want := sigma(m.Score - komi); !m.HasWin || m.Win != want {
				t.Errorf("komi %v, %s: win %v (has %v), want %v", komi, b.Geometry().GTP(m.Point), m.Win, m.HasWin, want)
			}
		}
	}
	for _, tc := range []struct {
		name string
		est  func() control.Estimator
		s    Settings
		call string
	}{
		{"not asked", newWin, Settings{Workers: 2}, "RankAfter"},
		{"no win model", stones, Settings{Workers: 2, Win: true}, "RankAfter"},
		{"Rank", newWin, Settings{Workers: 2, Win: true}, "Rank"},
		{"Values", newWin, Settings{Workers: 2, Win: true}, "Values"},
	} {
		r := New(tc.est, tc.s)
		var outs []Outcome
		switch tc.call {
		case "RankAfter", "Rank":
			rank := r.Rank
			if tc.call == "RankAfter" {
				rank = func(ctx context.Context, b *board.Board) (*Ranking, error) {
					return r.RankAfter(ctx, b, movemodel.NoMove, movemodel.NoMove, 0.5)
				}
			}
			rk, err := rank(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			outs = append(outs, rk.Pass)
			for _, m := range rk.Moves {
				outs = append(outs, m.Outcome)
			}
		case "Values":
			vm, err := r.Values(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			outs = append(outs, vm.Base)
			for _, v := range vm.Points {
				outs = append(outs, v.Black, v.White)
			}
		}
		if len(outs) < 2 {
			t.Fatalf("%s: %d outcomes", tc.name, len(outs))
		}
		for i, o := range outs {
			if o.HasWin {
				t.Errorf("%s: outcome %d has a win probability", tc.name, i)
			}
		}
	}
}
