package thermo

import (
	"errors"
	"fmt"
	"math/big"
	"testing"
)

func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("bad rational " + s)
	}
	return r
}

// TestWorkedExamples pins SPEC section 5's table and the walls of seed 004.
func TestWorkedExamples(t *testing.T) {
	tests := []struct {
		name, tree   string
		count, temp  string
		left, right  string // wall formulas; "" = not pinned by the seeds
		class        string
		lplay, rplay string // the options the walls come from
	}{
		// Seed 000, gote: C = {3|2} is 5/2 (1/2); A = (4 + 5/2)/2 = 13/4,
		// miai value (4 - 5/2)/2 = 3/4.
		{"seed 000 gote", "{4 | {3 | 2}}", "13/4", "3/4",
			"max(4-t, 13/4)", "min(max(3, 5/2+t), 13/4)", "gote", "4", "{3 | 2}"},
		// Seed 000, sente: White's {3|-17} is 10 points hot, so Black
		// answers: RW = 3 until t = 10, LW = 4-t, they meet at t = 1.
		{"seed 000 sente", "{4 | {3 | -17}}", "3", "1",
			"max(4-t, 3)", "3", "white sente", "4", "{3 | -17}"},
		// Seed 004: the walls Bill Spight derives by hand.
		{"seed 004 gote", "{{-2 | -4} | -7}", "-5", "2",
			"max(min(-4, -3-t), -5)", "min(-7+t, -5)", "gote", "{-2 | -4}", "-7"},
		// Seed 004's counter-example to averaging: {4|-4} is 4 hot, so
		// White answers Black's play: LW = min(-4, -t) = -4 for t <= 4,
		// which meets RW = -7+t at t = 3; Black's play is sente (4 > 3).
		{"seed 004 sente", "{{4 | -4} | -7}", "-4", "3",
			"-4", "min(-7+t, -4)", "black sente", "{4 | -4}", "-7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Analyze(MustParse(tt.tree))
			if err != nil {
				t.Fatal(err)
			}
			th := r.Thermograph
			if th.Count.Cmp(rat(tt.count)) != 0 || th.Temperature.Cmp(rat(tt.temp)) != 0 {
				t.Errorf("count, miai value = %s, %s; want %s, %s", th.Count.RatString(), th.Temperature.RatString(), tt.count, tt.temp)
			}
			if got := th.Left.String(); got != tt.left {
				t.Errorf("left wall = %s, want %s", got, tt.left)
			}
			if got := th.Right.String(); got != tt.right {
				t.Errorf("right wall = %s, want %s", got, tt.right)
			}
			if got := r.Class.String(); got != tt.class {
				t.Errorf("class = %s, want %s", got, tt.class)
			}
			if got := r.LeftPlay.Game.String(); got != tt.lplay {
				t.Errorf("Black's play = %s, want %s", got, tt.lplay)
			}
			if got := r.RightPlay.Game.String(); got != tt.rplay {
				t.Errorf("White's play = %s, want %s", got, tt.rplay)
			}
		})
	}
}

// TestColdNodes pins what the package does where SPEC is silent: a node in
// which neither player wants to move is a CGT number, the simplest number
// between the options, reported with temperature 0 (CGT would say -1 or
// -1/2^k). Ties at t = 0 that are not numbers (*, 3*, up) have temperature
// 0 and mast at the common stop.
func TestColdNodes(t *testing.T) {
	tests := []struct {
		name, tree string
		count      string
		number     bool
		class      string
	}{
		{"leaf", "7/2", "7/2", true, "number"},
		{"both moves lose", "{1 | 3}", "2", true, "number"},
		{"halves", "{1 | 2}", "3/2", true, "number"},
		{"not the average", "{0 | 3}", "1", true, "number"},
		{"simplest dyadic", "{1/3 | 2/3}", "1/2", true, "number"},
		{"quarters", "{5/8 | 7/8}", "3/4", true, "number"},
		{"negative", "{-7/2 | -3}", "-13/4", true, "number"},
		{"no black move", "{ | 3}", "0", true, "number"},
		{"no black move, negative", "{ | -5/2}", "-3", true, "number"},
		{"no white move", "{3 | }", "4", true, "number"},
		{"no moves", "{ | }", "0", true, "number"},
		{"hot option, cold node", "{{5 | -5} | 3}", "0", true, "number"},
		// {1|0} >= 0 fails, so 0 is allowed: S = [0, 1] and the value is 0,
		// not the 1/2 a plain comparison of the walls at t = 0 would give.
		{"infinitesimal ends", "{{1 | 0} | {1 | 0}}", "0", true, "number"},
		{"half-open", "{{2 | 0} | 1}", "0", true, "number"},
		{"second player wins", "{{1 | 0} | {0 | -1}}", "0", true, "number"},
		// The proverb's double sente: each side threatens a 10-point
		// gote, and whoever plays first is answered. CGT: exactly 0.
		{"proverbial double sente", "{{10 | 0} | {0 | -10}}", "0", true, "number"},
		{"star", "{0 | 0}", "0", false, "gote"},
		{"dame worth 3", "{3 | 3}", "3", false, "gote"},
		{"up", "{0 | {0 | 0}}", "0", false, "gote"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Analyze(MustParse(tt.tree))
			if err != nil {
				t.Fatal(err)
			}
			th := r.Thermograph
			if th.Count.Cmp(rat(tt.count)) != 0 || th.Temperature.Sign() != 0 || th.Number != tt.number {
				t.Errorf("count %s temp %s number %v; want %s 0 %v", th.Count.RatString(), th.Temperature.RatString(), th.Number, tt.count, tt.number)
			}
			if th.Left.String() != tt.count || th.Right.String() != tt.count {
				t.Errorf("walls %s, %s; want the mast %s", th.Left, th.Right, tt.count)
			}
			if got := r.Class.String(); got != tt.class {
				t.Errorf("class %s, want %s", got, tt.class)
			}
		})
	}
}

// corridor returns the tree of a one-point-wide corridor of n empty points
// inside Black's wall, open at one end to White: Black blocking at the mouth
// keeps n-1 points (the blocking stone fills one); White pushing in leaves a
// corridor of n-1 points behind Black's new mouth. Captures are ignored.
//
//	P(0) = 0,  P(n) = {n-1 | P(n-1)}
func corridor(n int) *Game {
	g := IntLeaf(0)
	for k := 1; k <= n; k++ {
		g = NewNode([]*Game{IntLeaf(int64(k - 1))}, []*Game{g})
	}
	return g
}

// TestCorridors checks corridor trees worked out by hand:
//
//	P(1) = {0 | 0} = *: count 0, miai value 0 (the last point is dame).
//	P(2) = {1 | *}: LW = 1-t, RW = 0+t; 1-t = t at t = 1/2: count 1/2, miai 1/2.
//	P(3) = {2 | P(2)}: LW = 2-t; RW = LW_P2(t)+t = max(1-t, 1/2)+t = max(1, 1/2+t);
//	       2-t = 1/2+t at t = 3/4 (where 1/2+t = 5/4 >= 1): count 5/4, miai 3/4.
//	P(4) = {3 | P(3)}: RW = max(2-t, 5/4)+t = max(2, 5/4+t); 3-t = 5/4+t at
//	       t = 7/8: count 17/8, miai 7/8.
//
// In general miai value 1-2^(1-n) and count n-2+2^(1-n) for n >= 2: every
// play is gote and the miai value creeps up to one point. Averaging (seed
// 000) gives the same numbers here because the temperatures fall down the
// tree.
func TestCorridors(t *testing.T) {
	tests := []struct {
		n           int
		count, temp string
	}{
		{1, "0", "0"},
		{2, "1/2", "1/2"},
		{3, "5/4", "3/4"},
		{4, "17/8", "7/8"},
		{5, "49/16", "15/16"},
		{8, "769/128", "127/128"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("length %d", tt.n), func(t *testing.T) {
			g := corridor(tt.n)
			r, err := Analyze(g)
			if err != nil {
				t.Fatal(err)
			}
			th := r.Thermograph
			if th.Count.Cmp(rat(tt.count)) != 0 || th.Temperature.Cmp(rat(tt.temp)) != 0 {
				t.Errorf("thermograph: count %s miai %s, want %s %s", th.Count.RatString(), th.Temperature.RatString(), tt.count, tt.temp)
			}
			if c := r.Class.String(); c != "gote" {
				t.Errorf("class %s, want gote", c)
			}
			nv, err := MiaiCount(g)
			if err != nil {
				t.Fatal(err)
			}
			if nv.Count.Cmp(rat(tt.count)) != 0 || nv.Temperature.Cmp(rat(tt.temp)) != 0 {
				t.Errorf("averages: count %s miai %s, want %s %s", nv.Count.RatString(), nv.Temperature.RatString(), tt.count, tt.temp)
			}
		})
	}
}

// TestHaneTsugi checks a hane-tsugi style tree. Black's hane reaches
// H = {5 | 1}: Black threatens to cut for 5, White connects for 1; White's
// hane instead gives 0.
//
//	H: miai (5-1)/2 = 2, count 3.
//	G = {H | 0}: LW = RW_H(t)-t = min(1+t, 3)-t = min(1, 3-t); RW = t;
//	    min(1, 3-t) = t at t = 1: count 1, miai value 1.
//
// H's miai value 2 is above G's 1, so the hane is Black's sente and White's
// hane is reverse sente. Averaging would say (3+0)/2 = 3/2, miai 3/2.
func TestHaneTsugi(t *testing.T) {
	r, err := Analyze(MustParse("{{5 | 1} | 0}"))
	if err != nil {
		t.Fatal(err)
	}
	th := r.Thermograph
	if th.Count.Cmp(rat("1")) != 0 || th.Temperature.Cmp(rat("1")) != 0 {
		t.Errorf("count %s miai %s, want 1 1", th.Count.RatString(), th.Temperature.RatString())
	}
	if got, want := th.Left.String(), "1"; got != want {
		t.Errorf("left wall %s, want %s", got, want)
	}
	if got, want := th.Right.String(), "min(t, 1)"; got != want {
		t.Errorf("right wall %s, want %s", got, want)
	}
	if r.Class != (Class{Sente, ReverseSente}) {
		t.Errorf("class %v, want Black sente, White reverse sente", r.Class)
	}
}

func TestAnalyzeErrors(t *testing.T) {
	// A cycle that is not a ko the tally method counts: White may leave
	// it from both positions.
	ko := &Game{Right: []*Game{IntLeaf(0)}}
	ko.Left = []*Game{{Left: []*Game{IntLeaf(9)}, Right: []*Game{ko, IntLeaf(1)}}}
	if _, err := Analyze(ko); !errors.Is(err, ErrKo) || !errors.Is(err, ErrUnsupported) {
		t.Errorf("Analyze(ko) = %v, want ErrKo", err)
	}
	if _, err := ko.Thermograph(); !errors.Is(err, ErrKo) {
		t.Errorf("Thermograph(ko) = %v, want ErrKo", err)
	}
	if _, err := MiaiCount(ko); !errors.Is(err, ErrKo) {
		t.Errorf("MiaiCount(ko) = %v, want ErrKo", err)
	}
	if _, err := Analyze(NewNode(nil, []*Game{nil})); !errors.Is(err, ErrMalformed) {
		t.Errorf("Analyze(nil option) = %v, want ErrMalformed", err)
	}
}
