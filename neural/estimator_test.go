package neural

import (
	"math"
	"strings"
	"testing"

	"goeval/board"
	"goeval/control"
)

// TestEstimatorAgainstKataGo: the estimator net reports KataGo's own
// answers in goeval's conventions (Black positive): control = -White's
// ownership, score less komi = Black's lead, the win probability Black's
// win plus half the no-result, the move probabilities KataGo's policy, and
// the dead stones those whose point KataGo's ownership gives to the other
// colour.
func TestEstimatorAgainstKataGo(t *testing.T) {
	nw := loadNet(t)
	var cases []golden
	for _, g := range readGolden(t) {
		// Symmetry 0, positions with history and both colours to move.
		if g.Symmetry == 0 && g.Move >= 50 && len(cases) < 6 && (len(cases)%2 == 0) == (g.ToMove == "B") {
			cases = append(cases, g)
		}
	}
	if len(cases) < 6 {
		t.Fatalf("%d golden cases", len(cases))
	}
	e, err := nw.NewEstimator(0, DefaultKomi)
	if err != nil {
		t.Fatal(err)
	}
	var _ control.GameEstimator = e
	var _ control.MovePredictor = e
	var _ control.WinPredictor = e
	var _ control.Counter = e
	var _ control.Reporter = e
	for _, g := range cases {
		t.Run(g.File, func(t *testing.T) {
			pos, err := g.position()
			if err != nil {
				t.Fatal(err)
			}
			var res control.Result
			rec := &control.Game{Start: pos.Start, Moves: pos.Moves, Komi: pos.Komi}
			if err := e.EstimateGame(&res, rec); err != nil {
				t.Fatal(err)
			}
			for p, own := range g.Ownership {
				if d := res.Control[p] + own; math.Abs(d) > 1e-4 {
					t.Fatalf("control at %d is %v, KataGo's White ownership %v", p, res.Control[p], own)
				}
			}
			if d := res.Score - pos.Komi + g.WhiteLead; math.Abs(d) > 0.01 {
				t.Errorf("score %v less komi %v, KataGo's White lead %v", res.Score, pos.Komi, g.WhiteLead)
			}
			// The position the record reaches, for the methods that take a
			// board.
			b := *pos.Start
			for _, m := range pos.Moves {
				if err := b.Play(m.Color, m.Point); err != nil {
					t.Fatal(err)
				}
			}
			probs := e.MoveProbabilities(nil)
			for p, want := range g.Policy {
				w := 0.0
				if want != nil {
					w = *want
				}
				if math.Abs(probs[p]-w) > 1e-4 {
					t.Fatalf("move probability at %d is %v, KataGo %v", p, probs[p], w)
				}
			}
			if n := g.Size * g.Size; math.Abs(probs[n]-g.PolicyPass) > 1e-4 {
				t.Errorf("pass probability %v, KataGo %v", probs[n], g.PolicyPass)
			}
			wp, ok, err := e.WinProbability(&b, pos.Komi)
			if err != nil || !ok {
				t.Fatal(ok, err)
			}
			if want := g.WhiteLoss + g.NoResult/2; math.Abs(wp-want) > 1e-4 {
				t.Errorf("win probability %v, KataGo's Black win and half the no-result %v", wp, want)
			}
			c, err := e.Count(&b)
			if err != nil {
				t.Fatal(err)
			}
			var dead []board.Point
			for p, col := range b.Cells() {
				if col == board.Black && g.Ownership[p] > 0 || col == board.White && g.Ownership[p] < 0 {
					dead = append(dead, board.Point(p))
				}
			}
			if len(c.Dead) != len(dead) {
				t.Errorf("%d dead stones, KataGo's ownership gives %d", len(c.Dead), len(dead))
			}
			r, err := e.Judgement(&b)
			if err != nil {
				t.Fatal(err)
			}
			if r.BlackWin != g.WhiteLoss && math.Abs(r.BlackWin-g.WhiteLoss) > 1e-4 || math.Abs(r.Lead+g.WhiteLead) > 0.01 ||
				math.Abs(r.ScoreMean+g.ScoreMean) > 0.01 || r.Symmetry != "0" || r.Model != "g170-b6c96-s175395328-d26788732" {
				t.Errorf("judgement %+v against KataGo's %+v", r, g)
			}
		})
	}
}

// TestEstimatorBareBoard: Estimate evaluates a board as it stands with the
// estimator's komi, and the methods that take a board evaluate another
// board afresh rather than answer for the last one.
func TestEstimatorBareBoard(t *testing.T) {
	nw := loadNet(t)
	if _, err := nw.NewEstimator(8, 7.5); err == nil {
		t.Error("symmetry 8: no error")
	}
	e, err := nw.NewEstimator(AllSymmetries, 7.5)
	if err != nil {
		t.Fatal(err)
	}
	empty := board.New(9)
	var res control.Result
	if err := e.Estimate(&res, empty); err != nil {
		t.Fatal(err)
	}
	// On an empty board the mean of the eight symmetries is symmetric:
	// A9 and J1 (points 0 and 80) have the same control.
	if math.Abs(res.Control[0]-res.Control[80]) > 1e-6 {
		t.Errorf("control at A9 %v, at J1 %v", res.Control[0], res.Control[80])
	}
	emptyWin, _, _ := e.WinProbability(empty, 7.5)
	one := *empty
	if err := one.Play(board.Black, 40); err != nil {
		t.Fatal(err)
	}
	oneWin, _, err := e.WinProbability(&one, 7.5)
	if err != nil {
		t.Fatal(err)
	}
	// The new board was evaluated, not the last one's answer given again.
	if oneWin == emptyWin {
		t.Errorf("Black's win probability %v on the empty board and after tengen", emptyWin)
	}
	// A lower komi for White helps Black.
	lowKomi, _, err := e.WinProbability(&one, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if !(lowKomi > oneWin) {
		t.Errorf("Black's win probability %v with komi 7.5, %v with komi 0.5", oneWin, lowKomi)
	}
	if err := e.Estimate(&res, board.New(21)); err == nil {
		t.Error("a 21x21 board: no error")
	}
}

// TestEstimatorHistory: without history, a record is evaluated as the
// position it reaches with no moves before it (KataGo's analysis-engine
// default), which the network judges differently from the same position
// with its moves.
func TestEstimatorHistory(t *testing.T) {
	nw := loadNet(t)
	e, err := nw.NewEstimator(0, 6.5)
	if err != nil {
		t.Fatal(err)
	}
	start := board.New(9)
	g := &control.Game{Start: start, Komi: 6.5}
	b := *start
	for _, v := range []string{"E5", "C3", "G7", "C7", "G3"} {
		p, _ := start.Geometry().ParseGTP(v)
		m := board.Move{Color: b.ToMove(), Point: p}
		g.Moves = append(g.Moves, m)
		if err := b.Play(m.Color, m.Point); err != nil {
			t.Fatal(err)
		}
	}
	var with, without, bare control.Result
	if err := e.EstimateGame(&with, g); err != nil {
		t.Fatal(err)
	}
	e.SetHistory(false)
	if err := e.EstimateGame(&without, g); err != nil {
		t.Fatal(err)
	}
	if err := e.EstimateGame(&bare, &control.Game{Start: &b, Komi: 6.5}); err != nil {
		t.Fatal(err)
	}
	if without.Score != bare.Score || without.Control[40] != bare.Control[40] {
		t.Errorf("without history: score %v, the bare position %v", without.Score, bare.Score)
	}
	if with.Score == without.Score {
		t.Errorf("the record's moves changed nothing: score %v", with.Score)
	}
	if ps := e.Params(); ps[1].Value != 0 {
		t.Errorf("Params %v after SetHistory(false)", ps)
	}
}

// TestEstimateGames: a batch gives what one call a record gives, win
// probability included, for records of different lengths and komi.
func TestEstimateGames(t *testing.T) {
	nw := loadNet(t)
	e, err := nw.NewEstimator(0, 7.5)
	if err != nil {
		t.Fatal(err)
	}
	start := board.New(9)
	var games []control.Game
	var moves []board.Move
	b := *start
	for i, v := range []string{"E5", "C3", "G7", "C7", "G3", "pass", "D4"} {
		p := board.Pass
		if v != "pass" {
			p, _ = start.Geometry().ParseGTP(v)
		}
		m := board.Move{Color: b.ToMove(), Point: p}
		if err := b.Play(m.Color, m.Point); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		games = append(games, control.Game{Start: start, Moves: moves[: i+1 : i+1], Komi: float64(i) - 0.5})
	}
	batch := make([]control.Result, len(games))
	if err := e.EstimateGames(batch, games); err != nil {
		t.Fatal(err)
	}
	for i := range games {
		var one control.Result
		if err := e.EstimateGame(&one, &games[i]); err != nil {
			t.Fatal(err)
		}
		if !batch[i].HasWin || math.Abs(batch[i].Win-one.Win) > 1e-6 || math.Abs(batch[i].Score-one.Score) > 1e-4 {
			t.Errorf("record %d: batch score %v win %v, alone %v %v", i, batch[i].Score, batch[i].Win, one.Score, one.Win)
		}
		for p := range one.Control {
			if math.Abs(batch[i].Control[p]-one.Control[p]) > 1e-5 {
				t.Fatalf("record %d, point %d: batch %v, alone %v", i, p, batch[i].Control[p], one.Control[p])
			}
		}
	}
	bad := []control.Game{games[0], {Start: start, Moves: []board.Move{{Color: board.Black, Point: 40}, {Color: board.White, Point: 40}}}}
	if err := e.EstimateGames(make([]control.Result, 2), bad); err == nil || !strings.Contains(err.Error(), "record 2") {
		t.Errorf("a batch with an illegal record: %v", err)
	}
}

// TestResultRange: the network's 80% range is its score ± 1.2816 standard
// deviations, from KataGo's own score mean and second moment.
func TestResultRange(t *testing.T) {
	nw := loadNet(t)
	e, err := nw.NewEstimator(0, 7.5)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range readGolden(t) {
		if g.Symmetry != 0 || g.Move < 100 || n == 4 {
			continue
		}
		n++
		pos, err := g.position()
		if err != nil {
			t.Fatal(err)
		}
		var res control.Result
		if err := e.EstimateGame(&res, &control.Game{Start: pos.Start, Moves: pos.Moves, Komi: pos.Komi}); err != nil {
			t.Fatal(err)
		}
		b := *pos.Start
		for _, m := range pos.Moves {
			if err := b.Play(m.Color, m.Point); err != nil {
				t.Fatal(err)
			}
		}
		lo, hi, ok, err := e.ResultRange(&b)
		if err != nil || !ok {
			t.Fatal(ok, err)
		}
		sd := math.Sqrt(g.ScoreMeanSq - g.ScoreMean*g.ScoreMean)
		mid := -g.ScoreMean + pos.Komi // Black's score before komi
		if math.Abs(lo-(mid-1.2816*sd)) > 0.05 || math.Abs(hi-(mid+1.2816*sd)) > 0.05 {
			t.Errorf("%s@%d: range %.2f..%.2f, KataGo's score %.2f ± 1.2816 × %.2f", g.File, g.Move, lo, hi, mid, sd)
		}
	}
}
