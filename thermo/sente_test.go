package thermo

import "testing"

// TestSenteSeed000 reproduces seed 000's sente example. White's play to
// C = {3|-17} is sente (C's miai value 10 is above the node's 1), Black's
// answer is 3, the -17 is never reached; with it cut out the tree is
// "4 / C () / 3", whose averages give count 3 and miai value 1, the same as
// the thermograph of the original tree.
func TestSenteSeed000(t *testing.T) {
	r, err := Analyze(MustParse("{4 | {3 | -17}}"))
	if err != nil {
		t.Fatal(err)
	}
	ss := r.Sente()
	if len(ss) != 1 {
		t.Fatalf("%d sente plays, want 1", len(ss))
	}
	s := ss[0]
	if s.Player != White {
		t.Errorf("player %v, want White", s.Player)
	}
	if got := s.FollowUp.Game.String(); got != "{3 | -17}" {
		t.Errorf("follow-up %s, want {3 | -17}", got)
	}
	if got := s.FollowUp.Thermograph.Temperature; got.Cmp(rat("10")) != 0 {
		t.Errorf("follow-up miai value %s, want 10", got.RatString())
	}
	if got := s.Reply.Game.String(); got != "3" {
		t.Errorf("reply %s, want 3", got)
	}
	if len(s.Ignored) != 1 || s.Ignored[0].String() != "-17" {
		t.Errorf("ignored %v, want [-17]", s.Ignored)
	}
	if got := s.Simplified.String(); got != "{4 | {3 | }}" {
		t.Errorf("simplified %s, want {4 | {3 | }}", got)
	}
	n, err := MiaiCount(s.Simplified)
	if err != nil {
		t.Fatal(err)
	}
	if n.Count.Cmp(rat("3")) != 0 || n.Temperature.Cmp(rat("1")) != 0 {
		t.Errorf("simplified tree: count %s miai %s, want 3 1", n.Count.RatString(), n.Temperature.RatString())
	}
	th := r.Thermograph
	if th.Count.Cmp(n.Count) != 0 || th.Temperature.Cmp(n.Temperature) != 0 {
		t.Errorf("thermograph %s (%s) differs from the simplified averages", th.Count.RatString(), th.Temperature.RatString())
	}
	// The original tree is untouched.
	if got := r.Game.String(); got != "{4 | {3 | -17}}" {
		t.Errorf("original now %s", got)
	}
}

func TestSentePlays(t *testing.T) {
	tests := []struct {
		name, tree  string
		players     []Side
		replies     []string
		simplified  []string
		count, temp string // MiaiCount of the first simplified tree
	}{
		{"gote", "{4 | {3 | 2}}", nil, nil, nil, "", ""},
		{"number", "{1 | 3}", nil, nil, nil, "", ""},
		// Seed 004: H = {4|-4} is 4 hot, above G's 3: Black's sente,
		// White answers -4. Cut: {{ | -4} | -7}: Black's line 0 net
		// moves, White's -1: T = (-4 - -7)/1 = 3, count -4.
		{"seed 004", "{{4 | -4} | -7}", []Side{Black}, []string{"-4"}, []string{"{{ | -4} | -7}"}, "-4", "3"},
		// Hane-tsugi: {5|1} is 2 hot, above 1; White connects for 1.
		{"hane-tsugi", "{{5 | 1} | 0}", []Side{Black}, []string{"1"}, []string{"{{ | 1} | 0}"}, "1", "1"},
		// Follow-ups 10 hot on both sides, but the node is hotter still:
		// the walls stay at 1 and -1 up to t = 10, then meet at t = 11.
		{"hot gote", "{{21 | 1} | {-1 | -21}}", nil, nil, nil, "", ""},
		// Each player's play threatens a follow-up 15 hot, above the node's
		// 10: G^L = {30 | {10|-10}} has RW = 10 up to t = 10, so LW of the
		// node is 10-t and meets RW = -10+t at t = 10, count 0. The answer
		// to either play is the 10-point gote {10|-10}.
		{"double sente", "{{30 | {10 | -10}} | {{10 | -10} | -30}}", []Side{Black, White}, []string{"{10 | -10}", "{10 | -10}"},
			[]string{"{{ | {10 | -10}} | {{10 | -10} | -30}}", "{{30 | {10 | -10}} | {{10 | -10} | }}"}, "", ""},
		// Double sente at temperature 0, with stops adorned so that the
		// node is not a number: {10|*} >= 0 holds, unlike {10|0} >= 0, so
		// this is not the number 0 that the proverb's {{10|0} | {0|-10}}
		// is. Both follow-ups are 5 hot.
		{"double sente at 0", "{{10 | {0 | 0}} | {{0 | 0} | -10}}", []Side{Black, White}, []string{"{0 | 0}", "{0 | 0}"},
			[]string{"{{ | {0 | 0}} | {{0 | 0} | -10}}", "{{10 | {0 | 0}} | {{0 | 0} | }}"}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Analyze(MustParse(tt.tree))
			if err != nil {
				t.Fatal(err)
			}
			ss := r.Sente()
			if len(ss) != len(tt.players) {
				t.Fatalf("%d sente plays, want %d", len(ss), len(tt.players))
			}
			for i, s := range ss {
				if s.Player != tt.players[i] || s.Reply.Game.String() != tt.replies[i] || s.Simplified.String() != tt.simplified[i] {
					t.Errorf("sente %d: %v reply %s simplified %s; want %v %s %s", i, s.Player, s.Reply.Game, s.Simplified, tt.players[i], tt.replies[i], tt.simplified[i])
				}
			}
			if tt.count == "" {
				return
			}
			n, err := MiaiCount(ss[0].Simplified)
			if err != nil {
				t.Fatal(err)
			}
			if n.Count.Cmp(rat(tt.count)) != 0 || n.Temperature.Cmp(rat(tt.temp)) != 0 {
				t.Errorf("simplified averages %s (%s), want %s (%s)", n.Count.RatString(), n.Temperature.RatString(), tt.count, tt.temp)
			}
			th := r.Thermograph
			if th.Count.Cmp(n.Count) != 0 || th.Temperature.Cmp(n.Temperature) != 0 {
				t.Errorf("thermograph %s (%s) differs", th.Count.RatString(), th.Temperature.RatString())
			}
		})
	}
}
