package neural

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"goeval/board"
	"goeval/netinput"
	"goeval/netmodel"
)

func closeTo(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

// TestPostProcessByHand feeds raw numbers whose post-processed values are
// worked out by hand (spec §3.7): policy exp(0), exp(ln 2), illegal, exp(0)
// over their sum 4; value logits ln 6, ln 3, ln 1 give 0.6, 0.3, 0.1;
// score 0.5·20 = 10, softplus(ln(e-1)) = 1 so stdev 20, lead -0.25·20 = -5,
// the moments scaled by 1-0.1.
func TestPostProcessByHand(t *testing.T) {
	nw := &Network{model: &netmodel.Model{Version: 8}, pp: netmodel.DefaultPostProcess()}
	raw := &RawOutput{
		PolicyLogits:    []float32{0, float32(math.Ln2), 5, 0},
		Value:           [3]float32{float32(math.Log(6)), float32(math.Log(3)), 0},
		Score:           []float32{0.5, float32(math.Log(math.E - 1)), -0.25, 0},
		OwnershipLogits: []float32{float32(math.Atanh(0.5)), 0, -1000},
	}
	const mean, meanSq, lead = 10 * 0.9, (100 + 400) * 0.9, -5 * 0.9
	for _, tc := range []struct {
		name       string
		toMove     board.Color
		koGlobal   float32
		win, loss  float64
		noResult   float64
		sign       float64
		meanFactor float64 // 1-noResult relative to the 0.9 above
	}{
		{"white to move", board.White, 0, 0.6, 0.3, 0.1, 1, 1},
		{"black to move", board.Black, 0, 0.3, 0.6, 0.1, -1, 1},
		// Positional ko, area scoring: no result suppressed, the win and
		// loss renormalised to 6/9 and 3/9, the moments not scaled.
		{"positional ko", board.White, 1, 6.0 / 9, 3.0 / 9, 0, 1, 1 / 0.9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &netinput.Features{Size: 1, ToMove: tc.toMove, Legal: []bool{true, true, false, true}}
			f.Global[6] = tc.koGlobal
			var o Output
			nw.postProcess(&o, raw, f)
			wantPolicy := []float64{0.25, 0.5, 0, 0.25}
			for i, p := range o.Policy {
				if !closeTo(float64(p), wantPolicy[i], 1e-7) {
					t.Errorf("policy[%d] = %v, want %v", i, p, wantPolicy[i])
				}
			}
			m, sq, ld := mean*tc.meanFactor, meanSq*tc.meanFactor, lead*tc.meanFactor
			for _, c := range []struct {
				name      string
				got, want float64
			}{
				{"WhiteWin", o.WhiteWin, tc.win}, {"WhiteLoss", o.WhiteLoss, tc.loss}, {"NoResult", o.NoResult, tc.noResult},
				{"WhiteScoreMean", o.WhiteScoreMean, tc.sign * m}, {"WhiteScoreMeanSq", o.WhiteScoreMeanSq, sq},
				{"WhiteLead", o.WhiteLead, tc.sign * ld}, {"WhiteScoreStdev", o.WhiteScoreStdev, math.Sqrt(sq - m*m)},
				{"VarTimeLeft", o.VarTimeLeft, -1},
				{"WhiteOwnership[0]", float64(o.WhiteOwnership[0]), tc.sign * 0.5},
				{"WhiteOwnership[1]", float64(o.WhiteOwnership[1]), 0},
				{"WhiteOwnership[2]", float64(o.WhiteOwnership[2]), -tc.sign},
			} {
				// float32 inputs (ln 6, ...) limit the agreement to ~1e-6.
				if !closeTo(c.got, c.want, 1e-5*math.Max(1, math.Abs(c.want))) {
					t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
				}
			}
		})
	}
}

func TestSoftplus(t *testing.T) {
	for _, tc := range []struct{ x, want float64 }{
		{0, math.Ln2}, {math.Log(math.E - 1), 1}, {50, 50}, {-50, math.Exp(-50)},
	} {
		if got := softplus(tc.x); !closeTo(got, tc.want, 1e-12*math.Max(1, tc.want)) {
			t.Errorf("softplus(%v) = %v, want %v", tc.x, got, tc.want)
		}
	}
}

// golden is one line of golden-g170-b6c96.jsonl (see its README).
type golden struct {
	File        string     `json:"file"`
	Move        int        `json:"move"`
	Size        int        `json:"size"`
	Komi        float32    `json:"komi"`
	Rules       string     `json:"rules"`
	ToMove      string     `json:"to_move"`
	Moves       []string   `json:"moves"`
	Symmetry    int        `json:"symmetry"`
	WhiteWin    float64    `json:"white_win"`
	WhiteLoss   float64    `json:"white_loss"`
	NoResult    float64    `json:"no_result"`
	WhiteLead   float64    `json:"white_lead"`
	ScoreMean   float64    `json:"white_score_selfplay"`
	ScoreMeanSq float64    `json:"white_score_selfplay_sq"`
	Policy      []*float64 `json:"policy"`
	PolicyPass  float64    `json:"policy_pass"`
	Ownership   []float64  `json:"white_ownership"`
}

// TestGolden compares Evaluate with KataGo 1.17.2's own kata-raw-nn output
// on the golden positions whose inputs are simple enough to build by hand:
// the empty boards and the boards after one black move (no handicap bonus:
// a single leading black move does not count).
func TestGolden(t *testing.T) {
	nw := loadNet(t)
	var cases []golden
	seen := map[string]bool{}
	for _, g := range readGolden(t) {
		key := fmt.Sprint(g.Size, g.Komi, g.Moves, g.Symmetry)
		if g.Move > 1 || seen[key] {
			continue
		}
		seen[key] = true
		cases = append(cases, g)
	}
	if len(cases) < 10 {
		t.Fatalf("only %d golden positions with at most one move", len(cases))
	}
	if testing.Short() { // the small boards only
		var small []golden
		for _, g := range cases {
			if g.Size <= 9 {
				small = append(small, g)
			}
		}
		cases = small
	}
	e := nw.NewEvaluator()
	out := make([]Output, 1)
	for _, g := range cases {
		t.Run(fmt.Sprintf("%dx%d komi %v %v sym %d", g.Size, g.Size, g.Komi, g.Moves, g.Symmetry), func(t *testing.T) {
			var f *netinput.Features
			if len(g.Moves) == 0 {
				f = features(g.Size, board.Black, g.Komi, nil, nil, nil)
			} else {
				v := strings.TrimPrefix(g.Moves[0], "B ")
				f = features(g.Size, board.White, g.Komi, []string{v}, nil, []string{v})
			}
			if err := e.Evaluate(out, []*netinput.Features{f}, g.Symmetry); err != nil {
				t.Fatal(err)
			}
			o := &out[0]
			// Tolerances of spec §5.4 against KataGo's printed values.
			for _, c := range []struct {
				name           string
				got, want, tol float64
			}{
				{"white_win", o.WhiteWin, g.WhiteWin, 1e-4},
				{"white_loss", o.WhiteLoss, g.WhiteLoss, 1e-4},
				{"no_result", o.NoResult, g.NoResult, 1e-5},
				{"white_lead", o.WhiteLead, g.WhiteLead, 0.01},
				{"white_score_selfplay", o.WhiteScoreMean, g.ScoreMean, 0.01},
				{"white_score_selfplay_sq", o.WhiteScoreMeanSq, g.ScoreMeanSq, 1e-4 * g.ScoreMeanSq},
				{"policy_pass", float64(o.Policy[g.Size*g.Size]), g.PolicyPass, 1e-4},
			} {
				if !closeTo(c.got, c.want, c.tol) {
					t.Errorf("%s = %v, KataGo %v", c.name, c.got, c.want)
				}
			}
			for p, want := range g.Policy {
				got := float64(o.Policy[p])
				if want == nil {
					if got != 0 {
						t.Errorf("policy[%d] = %v at an illegal point, want 0", p, got)
					}
				} else if !closeTo(got, *want, 1e-4) {
					t.Errorf("policy[%d] = %v, KataGo %v", p, got, *want)
				}
			}
			for p, want := range g.Ownership {
				if got := float64(o.WhiteOwnership[p]); !closeTo(got, want, 1e-4) {
					t.Errorf("ownership[%d] = %v, KataGo %v", p, got, want)
				}
			}
		})
	}
}

// TestAllSymmetries checks that AllSymmetries is the mean of the 8
// single-symmetry outputs, with the stdev taken from the mean moments.
func TestAllSymmetries(t *testing.T) {
	nw := loadNet(t)
	e := nw.NewEvaluator()
	in := []*netinput.Features{features(5, board.White, 6.5, []string{"C3"}, nil, []string{"C3"})}
	all := make([]Output, 1)
	if err := e.Evaluate(all, in, AllSymmetries); err != nil {
		t.Fatal(err)
	}
	var win, lead, meanSq, mean float64
	policy := make([]float64, 26)
	own := make([]float64, 25)
	one := make([]Output, 1)
	for s := range 8 {
		if err := e.Evaluate(one, in, s); err != nil {
			t.Fatal(err)
		}
		win += one[0].WhiteWin / 8
		lead += one[0].WhiteLead / 8
		mean += one[0].WhiteScoreMean / 8
		meanSq += one[0].WhiteScoreMeanSq / 8
		for i, p := range one[0].Policy {
			policy[i] += float64(p) / 8
		}
		for i, p := range one[0].WhiteOwnership {
			own[i] += float64(p) / 8
		}
	}
	o := &all[0]
	if !closeTo(o.WhiteWin, win, 1e-12) || !closeTo(o.WhiteLead, lead, 1e-9) || !closeTo(o.WhiteScoreMeanSq, meanSq, 1e-9) {
		t.Errorf("win, lead, meanSq = %v %v %v, want the means %v %v %v", o.WhiteWin, o.WhiteLead, o.WhiteScoreMeanSq, win, lead, meanSq)
	}
	if want := math.Sqrt(meanSq - mean*mean); !closeTo(o.WhiteScoreStdev, want, 1e-9) {
		t.Errorf("stdev %v, want %v", o.WhiteScoreStdev, want)
	}
	for i := range policy {
		if !closeTo(float64(o.Policy[i]), policy[i], 1e-6) {
			t.Errorf("policy[%d] = %v, want the mean %v", i, o.Policy[i], policy[i])
		}
	}
	for i := range own {
		if !closeTo(float64(o.WhiteOwnership[i]), own[i], 1e-6) {
			t.Errorf("ownership[%d] = %v, want the mean %v", i, o.WhiteOwnership[i], own[i])
		}
	}
	if o.Policy[point("C3", 5)] != 0 {
		t.Errorf("policy at the stone = %v, want 0", o.Policy[point("C3", 5)])
	}
}

// TestInputErrors checks that inputs that do not fit give ErrInput.
func TestInputErrors(t *testing.T) {
	nw := loadNet(t)
	e := nw.NewEvaluator()
	ok5 := features(5, board.Black, 7.5, nil, nil, nil)
	ok7 := features(7, board.Black, 7.5, nil, nil, nil)
	big := &netinput.Features{Size: 20, ToMove: board.Black, Spatial: make([]float32, 400*22), Legal: make([]bool, 401)}
	short := *ok5
	short.Legal = short.Legal[:25]
	nobody := *ok5
	nobody.ToMove = 0
	for _, tc := range []struct {
		name string
		in   []*netinput.Features
		ndst int
		sym  int
		raw  bool
	}{
		{"mixed sizes", []*netinput.Features{ok5, ok7}, 2, 0, false},
		{"size 20", []*netinput.Features{big}, 1, 0, false},
		{"short legal", []*netinput.Features{&short}, 1, 0, false},
		{"no side to move", []*netinput.Features{&nobody}, 1, 0, false},
		{"nil input", []*netinput.Features{nil}, 1, 0, false},
		{"dst length", []*netinput.Features{ok5}, 2, 0, false},
		{"symmetry 8", []*netinput.Features{ok5}, 1, 8, false},
		{"symmetry -2", []*netinput.Features{ok5}, 1, -2, false},
		{"raw all symmetries", []*netinput.Features{ok5}, 1, AllSymmetries, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.raw {
				err = e.Raw(make([]RawOutput, tc.ndst), tc.in, tc.sym)
			} else {
				err = e.Evaluate(make([]Output, tc.ndst), tc.in, tc.sym)
			}
			if !errors.Is(err, ErrInput) {
				t.Errorf("error %v, want ErrInput", err)
			}
		})
	}
}

// TestNewUnsupported checks that New refuses a model of another version
// or with other numbers of inputs.
func TestNewUnsupported(t *testing.T) {
	nw := loadNet(t)
	m := *nw.Model()
	m.Version = 9
	if _, err := New(&m); !errors.Is(err, ErrUnsupported) {
		t.Errorf("version 9: %v, want ErrUnsupported", err)
	}
	m = *nw.Model()
	m.NumInputChannels = 18
	if _, err := New(&m); !errors.Is(err, ErrUnsupported) {
		t.Errorf("18 inputs: %v, want ErrUnsupported", err)
	}
}

// TestNoAllocs checks that Evaluate and Raw do not allocate once the
// Evaluator has seen the batch and board size.
func TestNoAllocs(t *testing.T) {
	nw := loadNet(t)
	e := nw.NewEvaluator()
	in := []*netinput.Features{features(3, board.Black, 7.5, nil, nil, nil), features(3, board.White, 7.5, []string{"B2"}, nil, []string{"B2"})}
	out := make([]Output, 2)
	raw := make([]RawOutput, 2)
	for _, tc := range []struct {
		name string
		f    func() error
	}{
		{"Evaluate", func() error { return e.Evaluate(out, in, 3) }},
		{"Evaluate all symmetries", func() error { return e.Evaluate(out, in, AllSymmetries) }},
		{"Raw", func() error { return e.Raw(raw, in, 6) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.f(); err != nil { // warm up
				t.Fatal(err)
			}
			if n := testing.AllocsPerRun(2, func() { tc.f() }); n != 0 {
				t.Errorf("%v allocations per call, want 0", n)
			}
		})
	}
	// A smaller batch on a smaller board reuses the memory.
	small := []*netinput.Features{features(2, board.Black, 7.5, nil, nil, nil)}
	if n := testing.AllocsPerRun(3, func() { e.Evaluate(out[:1], small, 0) }); n != 0 {
		t.Errorf("smaller batch: %v allocations per call, want 0", n)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	nw := loadNet(b)
	for _, n := range []int{1, 8} {
		b.Run(fmt.Sprintf("19x19 batch %d", n), func(b *testing.B) {
			in := make([]*netinput.Features, n)
			for i := range in {
				in[i] = features(19, board.White, 7.5, []string{"Q16", "Q4", "R10"}, []string{"D4", "D16"},
					[]string{"R10", "D16", "Q4", "D4", "Q16"})
			}
			out := make([]Output, n)
			e := nw.NewEvaluator()
			if err := e.Evaluate(out, in, 0); err != nil { // size the scratch
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := e.Evaluate(out, in, 0); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// TestConcurrent evaluates from several goroutines, each with its own
// Evaluator on the shared Network, and expects the sequential results.
func TestConcurrent(t *testing.T) {
	nw := loadNet(t)
	in := []*netinput.Features{
		features(3, board.Black, 7.5, nil, nil, nil),
		features(3, board.White, 7.5, []string{"B2"}, nil, []string{"B2"}),
		features(4, board.White, 0.5, []string{"B3"}, nil, []string{"B3"}),
	}
	want := make([]Output, len(in))
	e := nw.NewEvaluator()
	for i, f := range in {
		if err := e.Evaluate(want[i:i+1], []*netinput.Features{f}, i); err != nil {
			t.Fatal(err)
		}
	}
	got := make([]Output, len(in))
	done := make(chan error, len(in))
	for i, f := range in {
		go func() {
			done <- nw.NewEvaluator().Evaluate(got[i:i+1], []*netinput.Features{f}, i)
		}()
	}
	for range in {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	for i := range in {
		if got[i].WhiteWin != want[i].WhiteWin || got[i].WhiteLead != want[i].WhiteLead || got[i].Policy[0] != want[i].Policy[0] {
			t.Errorf("position %d: concurrent %+v, sequential %+v", i, got[i], want[i])
		}
	}
}
