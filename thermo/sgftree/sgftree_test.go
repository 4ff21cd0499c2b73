package sgftree

import (
	"errors"
	"strings"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/sgf"
	"goeval/thermo"
)

const testdata = "../../testdata/miai/"

func load(t *testing.T, name, text string) *sgf.Game {
	t.Helper()
	var c *sgf.Collection
	var err error
	if text == "" {
		c, err = sgf.ReadFile(testdata + name)
	} else {
		c, err = sgf.Parse(name, []byte(text))
	}
	if err != nil {
		t.Fatal(err)
	}
	g, err := c.Game(1)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func stones() (control.Estimator, error) { return control.Stones{}, nil }

// TestRead reads local trees and checks the CGT tree they make, and the
// count and miai value that come of it, worked by hand below.
func TestRead(t *testing.T) {
	tests := []struct {
		name, file, text string
		tree             string
		count, miai      string
		byV, byEst       int
	}{
		// hane.sgf is {{4 | 1}, 1/2 | {-1 | -3}}. Black's push {4|1} has
		// RW = min(1+t, 5/2); White's {-1|-3} has LW = max(-1-t, -2).
		// LW = max(RW - t) = min(1, 5/2-t) (the 1/2 leaf gives 1/2-t, below
		// it everywhere: dominated); RW = LW + t = max(-1, -2+t). They meet
		// where 5/2-t = -2+t: t = 9/4, at 1/4.
		{"hane", "hane.sgf", "", "{{4 | 1}, 1/2 | {-1 | -3}}", "1/4", "9/4", 5, 0},
		// stones5.sgf on 5x5, valued by stones: the start has B1, D1 black
		// and C1 white, balance +1. Black C2 captures C1: 3 Black, 0 White,
		// +3. White C2: +1-1 = 0, then Black C3 gives +1 (no capture: C1-C2
		// still has B2, D2), White C3 gives -1. So {3 | {1 | -1}}: the
		// White node is 0 with miai value 1 and LW = max(1-t, 0); the
		// root's RW = max(1, t), LW = 3-t, meeting at t = 3/2, count 3/2.
		{"stones", "stones5.sgf", "", "{3 | {1 | -1}}", "3/2", "3/2", 0, 3},
		{"sente", "sente.sgf", "", "{4 | {3 | -17}}", "3", "1", 3, 0},
		// A Black pass is transparent: White's D1 after it is White's
		// option at the root. Two Black moves in a row are a Black option
		// of the position after the first.
		{"pass and repeat", "", `(;SZ[5]AB[aa]
			(;B[]
				(;W[dd]V[-2]))
			(;B[bb]
				(;B[cc]V[5])
				(;W[cc]V[1])))`, "{{5 | 1} | -2}", "", "", 3, 0},
		// Move-less nodes after the root (game info, then setup) lead to
		// the start; V[2,5] reads the comma as a decimal mark; V[] on an
		// interior node is ignored.
		{"preamble", "", `(;GM[1]SZ[5];AB[aa:ab];AW[ee](;B[cc]V[2,5])(;W[cc]V[9](;B[dd]V[0.1])(;W[dd]V[-1])))`,
			"{5/2 | {1/10 | -1}}", "", "", 3, 0},
		// A lone root is a leaf: the stones on the board.
		{"lone root", "", `(;SZ[5]AB[aa][bb]AW[cc])`, "1", "1", "0", 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr, err := Read(load(t, tt.file, tt.text), Options{Estimator: stones})
			if err != nil {
				t.Fatal(err)
			}
			if got := tr.Game.String(); got != tt.tree {
				t.Errorf("tree %s, want %s", got, tt.tree)
			}
			if tr.ByV != tt.byV || tr.ByEstimator != tt.byEst {
				t.Errorf("%d leaves by V[], %d by the estimator; want %d, %d", tr.ByV, tr.ByEstimator, tt.byV, tt.byEst)
			}
			if (tr.Estimator != nil) != (tt.byEst > 0) {
				t.Errorf("Estimator %v with %d leaves valued by it", tr.Estimator, tt.byEst)
			}
			if tt.count == "" {
				return
			}
			r, err := thermo.Analyze(tr.Game)
			if err != nil {
				t.Fatal(err)
			}
			th := r.Thermograph
			if th.Count.RatString() != tt.count || th.Temperature.RatString() != tt.miai {
				t.Errorf("count %s miai %s, want %s %s", th.Count.RatString(), th.Temperature.RatString(), tt.count, tt.miai)
			}
		})
	}
}

func TestLabelsAndNodes(t *testing.T) {
	tr, err := Read(load(t, "hane.sgf", ""), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, o := range append(append([]*thermo.Game(nil), tr.Game.Left...), tr.Game.Right...) {
		labels = append(labels, o.Label)
	}
	if got := strings.Join(labels, ", "); got != "E2 push, J1 small, E2 push" {
		t.Errorf("labels %q", got)
	}
	if tr.Nodes[tr.Game] != tr.Root || tr.Nodes[tr.Game.Left[0].Left[0]].Value("N") != "hane" {
		t.Error("Nodes does not map the thermo nodes to their SGF nodes")
	}
	want := board.MustParse(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		X X X X X O O O O
		X X X X . O O O O
		. . . . . . . . .`)
	if key(tr.Start) != key(want) {
		t.Errorf("start position\n%s\nwant\n%s", tr.Start, want)
	}
}

// TestErrors checks that each malformed tree fails with the place and the
// reason, and matches its sentinel.
func TestErrors(t *testing.T) {
	tests := []struct {
		name, file, text string
		noEstimator      bool
		want             string
		is               []error
	}{
		// ko.sgf's Black retake at C3 brings back the starting position,
		// so its V[2] has nothing to value.
		{"value on a retake", "ko.sgf", "", false,
			"ko.sgf:5:19: local tree: V[] on Black C3 (move 2 of the variation), which brings back a position met before on the way from the root (a ko): its value is that position's",
			[]error{ErrMalformed}},
		{"play after a retake", "", `(;SZ[5]AB[ca][db][cc]AW[ba][ab][cb][bc]
(;B[bb](;B[cb]V[13])(;W[cb];B[aa]V[1]))(;W[bb]V[-2]))`, false,
			"x.sgf:2:28: local tree: the variation goes on after White C4 (move 2 of the variation), which brings back a position met before",
			[]error{ErrMalformed}},
		// A double ko on 7x7: White B6 takes Black C6; Black E6 takes
		// White F6 (the other ko); Black C6 retakes the first ko, legal as
		// the last capture was Black's own; White F6 retakes the second:
		// the starting position again. A cycle of four positions in which
		// Black plays twice in a row is not a ko the tally method counts.
		{"double ko cycle", "", `(;SZ[7]
AB[ba][ab][bc][cb][fa][gb][fc]
AW[ca][db][cc][ea][ec][fb]
(;W[bb](;B[eb](;B[cb](;W[fb])))))`, false,
			"x.sgf:4:24: local tree: the cycle root -> B6 -> E6 -> C6 -> root is not a ko the tally method counts: the positions do not form one line",
			[]error{thermo.ErrKo, thermo.ErrUnsupported}},
		{"occupied", "illegal.sgf", "", false,
			"illegal.sgf:5:5: local tree: illegal move Black C3 (move 2 of the variation): board: point is occupied",
			[]error{sgf.ErrIllegalMove, board.ErrOccupied}},
		{"suicide", "", "(;SZ[5]AB[ba][ab](;W[aa]V[1]))", false,
			"x.sgf:1:20: local tree: illegal move White A5 (move 1 of the variation): board: suicide",
			[]error{sgf.ErrIllegalMove, board.ErrSuicide}},
		{"off the board", "", "(;SZ[5](;B[zz]V[1]))", false,
			`x.sgf:1:10: local tree: illegal move B[zz]: "zz" is off the 5x5 board`,
			[]error{sgf.ErrIllegalMove}},
		{"bad V", "", "(;SZ[5](;B[aa]V[lots])(;W[bb]V[1]))", false,
			"x.sgf:1:15: local tree: V[lots] is not a number", []error{ErrMalformed}},
		{"no estimator", "", "(;SZ[5](;B[aa]V[1])(;W[bb]))", true,
			"x.sgf:1:21: local tree: the leaf has no V[] and no estimator", []error{ErrNoEstimator}},
		{"pass leaf", "", "(;SZ[5](;B[aa]V[1])(;W[]V[-1]))", false,
			"x.sgf:1:22: local tree: White passes and the variation ends there", []error{ErrMalformed}},
		{"no move", "", "(;SZ[5](;B[aa]V[1];C[hm]V[2]))", false,
			"x.sgf:1:19: local tree: the node has no move", []error{ErrMalformed}},
		{"two moves", "", "(;SZ[5](;B[aa]W[bb]V[1]))", false,
			"x.sgf:1:9: local tree: the node holds both a Black and a White move", []error{ErrMalformed}},
		{"setup below the root", "", "(;SZ[5](;B[aa]AW[bb]V[1]))", false,
			"x.sgf:1:15: local tree: setup stones (AW) below the root", []error{ErrMalformed}},
		{"bad setup", "", "(;SZ[5]AB[aa:zz](;B[cc]V[1]))", false,
			`x.sgf:1:8: local tree: AB[aa:zz]: "zz" is off the 5x5 board`, []error{ErrMalformed}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := tt.file
			if name == "" {
				name = "x.sgf"
			}
			opt := Options{Estimator: stones}
			if tt.noEstimator {
				opt = Options{}
			}
			_, err := Read(load(t, name, tt.text), opt)
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.HasPrefix(strings.TrimPrefix(err.Error(), testdata), tt.want) {
				t.Errorf("error\n%v\nwant it to start with\n%s", err, tt.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("%T is not an *Error", err)
			}
			for _, s := range tt.is {
				if !errors.Is(err, s) {
					t.Errorf("error does not match %v", s)
				}
			}
		})
	}
}

// An estimator that cannot be built is asked for only when a leaf needs
// it, and its error comes back unchanged.
func TestEstimatorLazy(t *testing.T) {
	errBad := errors.New("no such estimator")
	calls := 0
	bad := func() (control.Estimator, error) { calls++; return nil, errBad }
	if _, err := Read(load(t, "hane.sgf", ""), Options{Estimator: bad}); err != nil || calls != 0 {
		t.Errorf("V[] leaves only: err %v, %d calls", err, calls)
	}
	if _, err := Read(load(t, "stones5.sgf", ""), Options{Estimator: bad}); err != errBad || calls != 1 {
		t.Errorf("leaves without V[]: err %v, %d calls", err, calls)
	}
}

type fixed float64

func (f fixed) Name() string            { return "fixed" }
func (f fixed) Params() []control.Param { return nil }
func (f fixed) Estimate(dst *control.Result, b *board.Board) error {
	dst.Reset(b.Geometry().N)
	dst.Score = float64(f)
	return nil
}

// Estimator scores are rounded to 1/100.
func TestScoreRounding(t *testing.T) {
	for _, tt := range []struct {
		score float64
		want  string
	}{{1.0 / 3, "33/100"}, {-2.506, "-251/100"}, {7, "7"}, {0.125, "13/100"}} {
		est := func() (control.Estimator, error) { return fixed(tt.score), nil }
		tr, err := Read(load(t, "x.sgf", "(;SZ[5])"), Options{Estimator: est})
		if err != nil {
			t.Fatal(err)
		}
		if got := tr.Game.Value.RatString(); got != tt.want {
			t.Errorf("score %v read as %s, want %s", tt.score, got, tt.want)
		}
	}
}

// TestKo reads seed 000's ko written as SGF variations (seedko.sgf): the
// White retake at C4 brings back the starting position, so the tree is the
// cycle of the notation "A = {C | -2}; C = {13 | A}", and it counts the
// same: swing 15, tally 3, A (the start) 3, C (after Black's take) 8.
func TestKo(t *testing.T) {
	tr, err := Read(load(t, "seedko.sgf", ""), Options{})
	if err != nil {
		t.Fatal(err)
	}
	g := tr.Game
	if s := g.String(); s != "G = {P1 | -2}; P1 = {13 | G}" {
		t.Errorf("tree %s", s)
	}
	take := g.Left[0]
	if take.Label != "B4 take" || take.Right[0] != g || tr.Nodes[take.Right[0]] != tr.Root {
		t.Errorf("the retake does not lead back to the start: %q, %p %p", take.Label, take.Right[0], g)
	}
	fromSGF, err := thermo.Analyze(g)
	if err != nil {
		t.Fatal(err)
	}
	fromText, err := thermo.Analyze(thermo.MustParse("A = {C | -2}; C = {13 | A}"))
	if err != nil {
		t.Fatal(err)
	}
	for i, pair := range [][2]*thermo.Result{{fromSGF, fromText}, {fromSGF.Left[0], fromText.Left[0]}} {
		a, b := pair[0].Thermograph, pair[1].Thermograph
		if a.Count.Cmp(b.Count) != 0 || a.Temperature.Cmp(b.Temperature) != 0 || a.Left.String() != b.Left.String() || a.Right.String() != b.Right.String() {
			t.Errorf("position %d: SGF %s (%s) %s %s, notation %s (%s) %s %s", i, a.Count.RatString(), a.Temperature.RatString(), a.Left, a.Right,
				b.Count.RatString(), b.Temperature.RatString(), b.Left, b.Right)
		}
	}
	k := fromSGF.Ko
	if k == nil || k.Swing.RatString() != "15" || k.Tally != 3 || k.Counts[0].RatString() != "3" || k.Counts[1].RatString() != "8" {
		t.Errorf("ko %+v", k)
	}
}
