package thermo

import (
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
