package thermo

import (
	"errors"
	"testing"
)

// TestMiaiCount pins seed 000's averaging, including where it goes wrong.
func TestMiaiCount(t *testing.T) {
	tests := []struct {
		name, tree  string
		count, temp string
		// the same for the root's White option, "" if it is a leaf
		wCount, wTemp string
	}{
		// C = {3|2}: T = (3-2)/2 = 1/2, count 3-1/2 = 5/2;
		// A: T = (4-5/2)/2 = 3/4, count 4-3/4 = 13/4.
		{"gote", "{4 | {3 | 2}}", "13/4", "3/4", "5/2", "1/2"},
		// C = {3|-17}: T = 20/2 = 10, count -7; A: T = 11/2, count -3/2:
		// the naive answer the seed rejects (thermography says 3, 1).
		{"sente, naive", "{4 | {3 | -17}}", "-3/2", "11/2", "-7", "10"},
		// The seed's tree after cutting out -17: "4 / C () / 3". Black's
		// line takes 1 net move, White's 0 (W plays C, B answers), so
		// T = (4-3)/1 = 1 and count 4 - 1*1 = 3.
		{"sente, variation cut", "{4 | {3 | }}", "3", "1", "3", ""},
		// Seed 004: H = {-2|-4} is -3 (1); G: (-3 - -7)/2 = 2, count -5.
		{"seed 004 gote", "{{-2 | -4} | -7}", "-5", "2", "", ""},
		// Seed 004's counter-example: averaging says -7/2 and 7/2; the
		// thermograph says -4 and 3.
		{"seed 004 sente", "{{4 | -4} | -7}", "-7/2", "7/2", "", ""},
		// Several options: Black takes the highest count ({6|2} = 4),
		// White the lowest ({-1|-3} = -2): T = (4 - -2)/2 = 3, count 1.
		{"options", "{1, {6 | 2}, 3 | 0, {-1 | -3}}", "1", "3", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := MiaiCount(MustParse(tt.tree))
			if err != nil {
				t.Fatal(err)
			}
			if n.Count.Cmp(rat(tt.count)) != 0 || n.Temperature.Cmp(rat(tt.temp)) != 0 || n.Tally != 0 {
				t.Errorf("count %s miai %v tally %d, want %s %s 0", n.Count.RatString(), n.Temperature, n.Tally, tt.count, tt.temp)
			}
			if tt.wCount == "" {
				return
			}
			w := n.RightPlay
			if w.Count.Cmp(rat(tt.wCount)) != 0 {
				t.Errorf("White's option count %s, want %s", w.Count.RatString(), tt.wCount)
			}
			if tt.wTemp == "" {
				if w.Temperature != nil || w.Tally != 1 {
					t.Errorf("forced node: temperature %v tally %d, want nil 1", w.Temperature, w.Tally)
				}
			} else if w.Temperature.Cmp(rat(tt.wTemp)) != 0 {
				t.Errorf("White's option miai %s, want %s", w.Temperature.RatString(), tt.wTemp)
			}
		})
	}
}

func TestMiaiCountTallyError(t *testing.T) {
	// Black's only option is a node where Black must answer White... twice
	// over: {{|{|0}} | 0} has Black's line at 1-1-1 = -1 net moves and
	// White's at -1, a zero difference.
	_, err := MiaiCount(MustParse("{{ | { | 0}} | 0}"))
	if !errors.Is(err, ErrTally) {
		t.Errorf("MiaiCount = %v, want ErrTally", err)
	}
}

// TestNaiveTree draws seed 000's sente example before and after the cut,
// as the seed's pictures "(5.5) -1.5 / 4 -7 (10) / 3 -17" and
// "(1) 3 / 4 C () / 3".
func TestNaiveTree(t *testing.T) {
	tests := []struct{ tree, want string }{
		{"{4 | {3 | -17}}", "-3/2 (11/2)\n|-- B 4\n`-- W -7 (10)\n    |-- B 3\n    `-- W -17\n"},
		{"{4 | {3 | }}", "3 (1)\n|-- B 4\n`-- W 3 () tally +1\n    `-- B 3\n"},
	}
	for _, tt := range tests {
		n, err := MiaiCount(MustParse(tt.tree))
		if err != nil {
			t.Fatal(err)
		}
		if got := n.Tree(); got != tt.want {
			t.Errorf("%s:\n%s\nwant:\n%s", tt.tree, got, tt.want)
		}
	}
}
