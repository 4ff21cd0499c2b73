package thermo

import (
	"math/big"
	"testing"
)

func pts(tv ...string) []Point {
	var out []Point
	for i := 0; i < len(tv); i += 2 {
		out = append(out, Point{rat(tv[i]), rat(tv[i+1])})
	}
	return out
}

func TestLinear(t *testing.T) {
	tests := []struct{ a, s, want string }{
		{"5", "0", "5"},
		{"0", "0", "0"},
		{"-13/4", "0", "-13/4"},
		{"0", "1", "t"},
		{"0", "-1", "-t"},
		{"1/2", "1", "1/2+t"},
		{"13/4", "-1", "13/4-t"},
		{"-3", "-1", "-3-t"},
		{"-7", "1", "-7+t"},
		{"1", "2", "1+2*t"},  // scaffolds only
		{"1", "-2", "1-2*t"}, // scaffolds only
	}
	for _, tt := range tests {
		if got := linear(rat(tt.a), rat(tt.s)); got != tt.want {
			t.Errorf("linear(%s, %s) = %q, want %q", tt.a, tt.s, got, tt.want)
		}
	}
}

func TestWallFormulaAndAt(t *testing.T) {
	tests := []struct {
		name    string
		w       Wall
		formula string
		at      map[string]string // t -> value
	}{
		{"mast", Wall{pl{pts: pts("0", "-5")}}, "-5", map[string]string{"0": "-5", "100": "-5"}},
		{"seed 004 left", Wall{pl{pts: pts("0", "-4", "1", "-4", "2", "-5")}}, "max(min(-4, -3-t), -5)",
			map[string]string{"0": "-4", "1": "-4", "3/2": "-9/2", "2": "-5", "7": "-5"}},
		{"seed 004 right", Wall{pl{pts: pts("0", "-7", "2", "-5")}}, "min(-7+t, -5)",
			map[string]string{"0": "-7", "1/10": "-69/10", "2": "-5", "3": "-5"}},
		{"seed 000 right", Wall{pl{pts: pts("0", "3", "1/2", "3", "3/4", "13/4")}}, "min(max(3, 5/2+t), 13/4)",
			map[string]string{"1/4": "3", "5/8": "25/8", "3/4": "13/4", "1": "13/4"}},
		{"slope at zero", Wall{pl{pts: pts("0", "4", "3/4", "13/4")}}, "max(4-t, 13/4)",
			map[string]string{"0": "4", "1/2": "7/2", "2": "13/4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.w.String(); got != tt.formula {
				t.Errorf("String() = %s, want %s", got, tt.formula)
			}
			for ts, want := range tt.at {
				if got := tt.w.At(rat(ts)); got.Cmp(rat(want)) != 0 {
					t.Errorf("At(%s) = %s, want %s", ts, got.RatString(), want)
				}
			}
		})
	}
}

func TestCombineAndMeet(t *testing.T) {
	f := pl{pts: pts("0", "4"), tail: -1} // 4-t
	g := pl{pts: pts("0", "1"), tail: +1} // 1+t
	mx := combine(f, g, true)
	if got := mx.formula(); got != "max(4-t, 1+t)" {
		t.Errorf("max = %s", got)
	}
	if got := mx.pts[1]; got.T.Cmp(rat("3/2")) != 0 || got.V.Cmp(rat("5/2")) != 0 {
		t.Errorf("max crosses at (%s, %s), want (3/2, 5/2)", got.T.RatString(), got.V.RatString())
	}
	if got := combine(f, g, false).formula(); got != "min(1+t, 4-t)" {
		t.Errorf("min = %s", got)
	}
	if got := meet(f, g); got.Cmp(rat("3/2")) != 0 {
		t.Errorf("meet = %s, want 3/2", got.RatString())
	}
	// Equal functions: the max is the function itself.
	if got := combine(f, f, true).formula(); got != "4-t" {
		t.Errorf("max(f, f) = %s", got)
	}
	// A function with a corner against a constant: the min follows the
	// constant until t = 4, the max keeps the corner.
	h := pl{pts: pts("0", "5", "2", "5"), tail: -1} // min(5, 7-t)
	k := pl{pts: pts("0", "3"), tail: 0}            // 3
	if got := combine(h, k, false).formula(); got != "min(3, 7-t)" {
		t.Errorf("min(h, k) = %s", got)
	}
	if got := combine(h, k, true).formula(); got != "max(min(5, 7-t), 3)" {
		t.Errorf("max(h, k) = %s", got)
	}
	if got := meet(h, pl{pts: pts("0", "2"), tail: 1}); got.Cmp(rat("5/2")) != 0 {
		t.Errorf("meet(min(5, 7-t), 2+t) = %s, want 5/2", got.RatString())
	}
}

func TestWallPointsAreCopies(t *testing.T) {
	th, err := MustParse("{4 | {3 | 2}}").Thermograph()
	if err != nil {
		t.Fatal(err)
	}
	ps := th.Left.Points()
	ps[0].V.Set(big.NewRat(100, 1))
	th.Count.Set(big.NewRat(-1, 1))
	if got := th.Left.String(); got != "max(4-t, 13/4)" {
		t.Errorf("wall changed through its Points or Count: %s", got)
	}
}
