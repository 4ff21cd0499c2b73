package gtp

import (
	"errors"
	"strings"
	"testing"

	"goeval/board"
)

// probs5 returns move probabilities on a 5x5 board: the given ones by
// vertex, then the pass.
func probs5(t *testing.T, by map[string]float64, pass float64) []float64 {
	t.Helper()
	g := board.New(5).Geometry()
	out := make([]float64, g.N+1)
	for v, p := range by {
		q, err := g.ParseGTP(v)
		if err != nil {
			t.Fatal(err)
		}
		out[q] = p
	}
	out[g.N] = pass
	return out
}

func policyConfig(f *fakeNet) Config {
	cfg := netConfig(f)
	cfg.Policy = true
	cfg.Size = 5
	return cfg
}

func TestPolicyNeedsMoveProbabilities(t *testing.T) {
	if _, err := New(Config{Judge: stones, Policy: true}); !errors.Is(err, ErrConfig) {
		t.Errorf("Policy with the stones judge: %v, want ErrConfig", err)
	}
}

// TestPolicyGenmove: genmove plays the judge's likeliest legal move,
// passes when the pass is likelier than every move left, and never fills
// its own true eye.
func TestPolicyGenmove(t *testing.T) {
	t.Run("likeliest, then pass", func(t *testing.T) {
		f := &fakeNet{}
		f.probs = probs5(t, map[string]float64{"C3": 0.5, "D4": 0.3}, 0.2)
		got := session(t, policyConfig(f), "genmove b", "genmove w", "genmove b", "showboard")
		// C3 for Black; for White C3 is taken (probability 0), D4 beats
		// the pass; then only the pass has a probability.
		if strings.Join(got[:3], "|") != "= C3|= D4|= pass" {
			t.Errorf("genmoves %q, want C3, D4, pass", got[:3])
		}
		if !strings.Contains(got[3], " 4  . . . O . 4") || !strings.Contains(got[3], " 3  . . X . . 3") {
			t.Errorf("the moves were not played:\n%s", got[3])
		}
	})
	t.Run("own true eye", func(t *testing.T) {
		f := &fakeNet{}
		f.probs = probs5(t, map[string]float64{"A5": 0.6, "E1": 0.3}, 0.1)
		// A5 is Black's eye in the corner (B5 and A4 Black, B4 empty):
		// Black plays E1. For White, A5 is suicide: E1 too.
		got := session(t, policyConfig(f), "play b b5", "play b a4", "reg_genmove b", "reg_genmove w")
		if got[2] != "= E1" || got[3] != "= E1" {
			t.Errorf("reg_genmove b, w: %q, %q; want E1, E1", got[2], got[3])
		}
		// With the pass likelier than E1, Black passes rather than fill
		// its eye.
		f.probs = probs5(t, map[string]float64{"A5": 0.6, "E1": 0.1}, 0.3)
		got = session(t, policyConfig(f), "play b b5", "play b a4", "reg_genmove b")
		if got[2] != "= pass" {
			t.Errorf("reg_genmove b: %q, want pass", got[2])
		}
	})
	t.Run("records", func(t *testing.T) {
		f := &fakeNet{}
		f.probs = probs5(t, map[string]float64{"D4": 1}, 0)
		e := newEngine(t, policyConfig(f))
		g := e.b.Geometry()
		for _, c := range []struct {
			cmd    string
			start  string
			toMove board.Color
			moves  string
		}{
			// White to move: the record.
			{"reg_genmove w", "", board.Black, "B C3"},
			// Black is not to move: the board with Black to move, no
			// history, as KataGo's.
			{"reg_genmove b", "B C3", board.Black, ""},
		} {
			e.history, e.b = nil, *board.New(5)
			if _, err := e.exec("play", []string{"b", "c3"}); err != nil {
				t.Fatal(err)
			}
			f.gamesGiven()
			f2 := strings.Fields(c.cmd)
			if got, err := e.exec(f2[0], f2[1:]); err != nil || got != "D4" {
				t.Fatalf("%s: %q, %v", c.cmd, got, err)
			}
			games := f.gamesGiven()
			if len(games) != 1 {
				t.Fatalf("%s: %d records given, want 1", c.cmd, len(games))
			}
			rec := games[0]
			if stonesOf(rec.Start) != c.start || rec.Start.ToMove() != c.toMove || moves(g, rec.Moves) != c.moves {
				t.Errorf("%s: record from %q, %s to move, moves %q; want %q, %s, %q", c.cmd,
					stonesOf(rec.Start), rec.Start.ToMove().Name(), moves(g, rec.Moves), c.start, c.toMove.Name(), c.moves)
			}
		}
	})
}

// TestPolicyAnalyze: kata-analyze lists the judge's likeliest moves with
// their probabilities as the prior and the judge's evaluation after each
// (one ply), and the root's ownership; avoid and allow take moves out.
func TestPolicyAnalyze(t *testing.T) {
	f := &fakeNet{}
	at := func(v string) board.Point {
		p, err := board.New(5).Geometry().ParseGTP(v)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	f.weight = map[board.Point]float64{at("D4"): 1}
	f.probs = probs5(t, map[string]float64{"C3": 0.4, "D4": 0.25, "B2": 0.15, "E5": 0.1}, 0.1)
	l := startLive(t, policyConfig(f))
	for _, c := range []string{"komi 0.5", "play b c3"} {
		l.send(c)
		if a := l.answer(); a != "= " {
			t.Fatalf("%s: %q", c, a)
		}
	}
	f.gamesGiven()
	analyze := func(cmd string) string {
		t.Helper()
		l.send(cmd)
		if s := l.next(); s != "=" {
			t.Fatalf("%s: %q", cmd, s)
		}
		line := l.next()
		l.send("")
		if s := l.next(); s != "" {
			t.Fatalf("%s: %q after the line", cmd, s)
		}
		return line
	}
	line := analyze("kata-analyze w interval 0 maxmoves 3 ownership true")
	// For White after B C3 (0.5): C3 is taken; D4 (weight 1) leaves
	// 0.5 - 1 = -0.5, a lead of 1.0 for White after komi 0.5, and Black's
	// win probability 0.5 - 1/100, White's 0.51; B2 and E5 leave 0, a
	// lead of 0.5, White's 0.505. E5 comes before the pass, as likely.
	want := []struct{ move, winrate, lead, prior string }{
		{"D4", "0.510000", "1.000", "0.250000"},
		{"B2", "0.505000", "0.500", "0.150000"},
		{"E5", "0.505000", "0.500", "0.100000"},
	}
	checkPolicyInfo(t, line, want)
	own := checkInfo(t, line, 3, 25)
	for i, v := range own {
		w := 0.0
		if board.Point(i) == at("C3") {
			w = -0.5 // Black's stone, from White's side
		}
		if v != w {
			t.Errorf("ownership %d: %v, want %v", i, v, w)
		}
	}
	games := f.gamesGiven()
	g := board.New(5).Geometry()
	var recs []string
	for _, rec := range games {
		recs = append(recs, moves(g, rec.Moves))
	}
	if strings.Join(recs, "|") != "B C3|B C3 W D4|B C3 W B2|B C3 W E5" {
		t.Errorf("records given: %q, want the root's and one a candidate", recs)
	}

	line = analyze("kata-analyze w interval 0 maxmoves 3 avoid w d4,e5 1 avoid b b2 1")
	checkPolicyInfo(t, line, []struct{ move, winrate, lead, prior string }{
		{"B2", "0.505000", "0.500", "0.150000"},
		{"pass", "0.500000", "0.000", "0.100000"}, // 0.5 - 0.5 komi
	})
	line = analyze("kata-analyze w interval 0 allow w e5,pass,b2 1 allow b d4 1 avoid w b2 2")
	checkPolicyInfo(t, line, []struct{ move, winrate, lead, prior string }{
		{"E5", "0.505000", "0.500", "0.100000"},
		{"pass", "0.500000", "0.000", "0.100000"},
	})
	line = analyze("lz-analyze w interval 0 maxmoves 1")
	if line != "info move D4 visits 1 winrate 5100 prior 2500 lcb 5100 order 0 pv D4" {
		t.Errorf("lz-analyze: %q", line)
	}
	for _, c := range []struct{ cmd, want string }{
		{"lz-analyze w avoid w d4", "? syntax error: want avoid COLOR VERTICES UNTILDEPTH (in lz-analyze [COLOR] [INTERVAL] [KEY VALUE ...])"},
		{"lz-analyze w maxmoves", `? syntax error: key "maxmoves" has no value (want lz-analyze [COLOR] [INTERVAL] [KEY VALUE ...])`},
		{"kata-analyze w maxmoves", `? syntax error: key "maxmoves" has no value (want kata-analyze [COLOR] [INTERVAL] [KEY VALUE ...])`},
		{"kata-analyze avoid x d4 1", `? avoid: invalid color "x"`},
		{"kata-analyze allow b d4,z9 1", `? allow: invalid vertex "z9": off the 5x5 board`},
		{"kata-analyze avoid b d4 0", `? avoid: invalid depth "0" (want a whole number, 1 or more)`},
	} {
		l.send(c.cmd)
		if a := l.answer(); a != c.want {
			t.Errorf("%s: %q, want %q", c.cmd, a, c.want)
		}
	}
	// kata-genmove_analyze: the line, then White's move, played.
	l.send("kata-genmove_analyze w maxmoves 1 avoid w d4 1")
	a := l.answer()
	lines := strings.Split(a, "\n")
	if len(lines) != 3 || lines[0] != "= " || lines[2] != "play B2" {
		t.Fatalf("kata-genmove_analyze: %q", a)
	}
	checkPolicyInfo(t, lines[1], []struct{ move, winrate, lead, prior string }{{"B2", "0.505000", "0.500", "0.150000"}})
	l.send("lz-genmove_analyze b maxmoves 1")
	if a := l.answer(); a != "= \ninfo move D4 visits 1 winrate 5050 prior 2500 lcb 5050 order 0 pv D4\nplay D4" {
		// Black: C3 and B2 taken; D4 leaves 0.5 - 0.5 + 1 = 1, a lead of
		// 0.5, 0.505.
		t.Errorf("lz-genmove_analyze: %q", a)
	}
	l.send("showboard")
	if a := l.answer(); !strings.Contains(a, " 4  . . . X . 4") || !strings.Contains(a, " 2  . O . . . 2") {
		t.Errorf("the moves were not played:\n%s", a)
	}
}

// checkPolicyInfo checks the moves of a kata-analyze line and their
// winrate, scoreLead and prior, in order.
func checkPolicyInfo(t *testing.T, line string, want []struct{ move, winrate, lead, prior string }) {
	t.Helper()
	checkInfo(t, strings.SplitN(line, " ownership ", 2)[0], len(want), 0)
	head, _, _ := strings.Cut(line, " ownership ")
	infos := strings.Split(strings.TrimPrefix(head, "info "), " info ")
	for i, in := range infos {
		if i >= len(want) {
			break
		}
		f := strings.Fields(in)
		got := map[string]string{}
		for k := 0; k+1 < len(f); k += 2 {
			got[f[k]] = f[k+1]
		}
		w := want[i]
		if got["move"] != w.move || got["winrate"] != w.winrate || got["scoreLead"] != w.lead || got["prior"] != w.prior {
			t.Errorf("move %d: %s winrate %s lead %s prior %s; want %s %s %s %s", i, got["move"], got["winrate"], got["scoreLead"], got["prior"],
				w.move, w.winrate, w.lead, w.prior)
		}
	}
}

// TestCleanup: kgs-genmove_cleanup does not pass while stones of the
// opponent the judge counts dead are on the board: it plays their
// liberties until they are off. final_score and final_status_list take
// them off.
func TestCleanup(t *testing.T) {
	f := &fakeNet{}
	f.probs = probs5(t, nil, 1) // the judge would pass
	g := board.New(5).Geometry()
	c3, _ := g.ParseGTP("C3")
	f.dead = []board.Point{c3}
	got := session(t, policyConfig(f), "play b b3", "play b c4", "play w c3",
		"final_score", "final_status_list dead", "genmove b", "undo",
		"kgs-genmove_cleanup w", "undo", "kgs-genmove_cleanup b", "kgs-genmove_cleanup b", "kgs-genmove_cleanup b", "final_score")
	want := []string{"= ", "= ", "= ",
		// C3 off, Black's 2 stones own the whole board: 25 - 6.5.
		"= B+18.5", "= C3", "= pass", "= ",
		// White's own dead stone is not White's to take off.
		"= pass", "= ",
		// C3's liberties D3 and C2, in map order; then none is left.
		"= D3", "= C2", "= pass",
		"= B+18.5"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("answers\n%q\nwant\n%q", got, want)
	}
}

// TestCleanupThrowIn: when every liberty of the dead chain is a
// self-atari, kgs-genmove_cleanup throws in rather than pass. White's
// chain A4 B4 C4 C5, walled in by Black's A3 B3 C3 D3 D4 D5, has two
// liberties, A5 and B5, each a self-atari for Black: A5 first (map
// order), then B5 takes the chain off.
func TestCleanupThrowIn(t *testing.T) {
	f := &fakeNet{}
	f.probs = probs5(t, nil, 1)
	g := board.New(5).Geometry()
	for _, v := range []string{"A4", "B4", "C4", "C5"} {
		p, _ := g.ParseGTP(v)
		f.dead = append(f.dead, p)
	}
	cmds := []string{}
	for _, v := range []string{"a4", "b4", "c4", "c5"} {
		cmds = append(cmds, "play w "+v)
	}
	for _, v := range []string{"a3", "b3", "c3", "d3", "d4", "d5"} {
		cmds = append(cmds, "play b "+v)
	}
	cmds = append(cmds, "kgs-genmove_cleanup b", "kgs-genmove_cleanup b", "kgs-genmove_cleanup b")
	got := session(t, policyConfig(f), cmds...)
	if last := strings.Join(got[len(got)-3:], "|"); last != "= A5|= B5|= pass" {
		t.Errorf("cleanup moves %q, want A5, B5, pass", last)
	}
}
