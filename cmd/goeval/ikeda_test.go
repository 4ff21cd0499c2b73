package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestIkedaText(t *testing.T) {
	code, out, stderr := goeval(t, "ikeda", "--kb", "4", "--kw", "0", "--to-move", "B")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// Kd = 4, Black to move: the study's case 2, -(4 - 1)/3 = -1; Black
	// connects, then one block of variant B in which White gains a
	// prisoner.
	for _, want := range []string{
		"case 2, Kd = 4\n",
		"score -(Kd - 1)/3 = -1 (Black minus White, due to the kos)\n",
		"other style -Kd/3 + 1/3 = -4/3 + 1/3\n",
		"no ko fight\n",
		"   1. B connect ko 1\n   2. W capture ko 2\n   3. B connect ko 3\n   4. W connect ko 2\n   5. B connect ko 4\n   6. W pass\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestIkedaJSON(t *testing.T) {
	for _, c := range []struct {
		args   []string
		cas    float64
		score  float64
		winner string
		other  string
	}{
		// Case 3: Kd = 1, White to move, Td = 1 > 0: Black wins the fight.
		{[]string{"--kb", "1", "--kw", "0", "--dame", "1", "--tb", "1", "--tw", "0", "--to-move", "W"}, 3, 0, "B", "-1/3 + 1/3"},
		// Case 6: Kd = 5, Black to move, Td = 0: -(5 - 2)/3 - 1 = -2.
		{[]string{"--kb", "6", "--kw", "1", "--to-move", "black"}, 6, -2, "W", "-5/3 - 1/3"},
		// The mirror image of case 4 (Kb 3, Kw 2 swapped; White to move
		// there, Td <= 0 there): -(1 - 1)/3 - 1 = -1 there, +1 here, and
		// Black (White there) wins the fight: Black's threat is White's there.
		{[]string{"--kb", "2", "--kw", "3", "--to-move", "B", "--tb", "1"}, 4, 1, "B", "-1/3 - 2/3"},
	} {
		code, out, stderr := goeval(t, append([]string{"ikeda", "--format", "json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		var j map[string]any
		if err := json.Unmarshal([]byte(out), &j); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, out)
		}
		if j["case"] != c.cas || j["score"] != c.score || j["ko_fight_winner"] != c.winner || j["other_style"] != c.other {
			t.Errorf("%v: case %v score %v winner %v other style %v; want %v %v %v %v", c.args, j["case"], j["score"], j["ko_fight_winner"], j["other_style"], c.cas, c.score, c.winner, c.other)
		}
		moves, ok := j["moves"].([]any)
		if !ok || len(moves) == 0 {
			t.Errorf("%v: moves %v", c.args, j["moves"])
			continue
		}
		for _, k := range []string{"color", "kind", "ko"} {
			if _, ok := moves[0].(map[string]any)[k]; !ok {
				t.Errorf("%v: a move lacks %q: %v", c.args, k, moves[0])
			}
		}
	}
}

// TestIkedaBound checks that the largest counts goeval ikeda takes, 625
// kos and dame and threats together, are solved at once.
func TestIkedaBound(t *testing.T) {
	code, out, stderr := goeval(t, "ikeda", "--kb", "300", "--kw", "101", "--dame", "99", "--tb", "100", "--tw", "25", "--to-move", "W")
	if code != 0 || !strings.Contains(out, "case 3, Kd = 199") {
		t.Errorf("exit %d, stderr %q, output:\n%.300s", code, stderr, out)
	}
}

func TestIkedaUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--kb", "-1", "--to-move", "B"}, "invalid --kb: -1 is negative"},
		{[]string{"--kb", "1", "--kw", "-2", "--to-move", "B"}, "invalid --kw: -2 is negative"},
		{[]string{"--kb", "1", "--dame", "-1", "--to-move", "B"}, "invalid --dame: -1 is negative"},
		{[]string{"--kb", "1", "--tb", "-1", "--to-move", "B"}, "invalid --tb: -1 is negative"},
		{[]string{"--kb", "1", "--tw", "-1", "--to-move", "B"}, "invalid --tw: -1 is negative"},
		{[]string{"--to-move", "B"}, "invalid --kb and --kw: no ko at all"},
		{[]string{"--kb", "1", "--to-move", "X"}, `invalid --to-move "X" (want B or W)`},
		{[]string{"--kb", "1"}, "missing --to-move"},
		{[]string{"--kb", "1", "--to-move", "B", "--format", "xml"}, `invalid --format "xml"`},
		{[]string{"--kb", "1", "--to-move", "B", "extra"}, "takes flags only"},
		// At most 625 kos, dame and threats together, a point each on a
		// 25x25 board: more would only fill memory with the moves.
		{[]string{"--kb", "100000000", "--to-move", "B"}, "invalid --kb: 100000000 is too many: the kos, dame and ko threats together (Kb + Kw + D + Tb + Tw = 100000000 + 0 + 0 + 0 + 0) are at most 625, a point each on the largest board (25x25)"},
		{[]string{"--kb", "300", "--kw", "300", "--tb", "26", "--to-move", "B"}, "invalid --kb: 300 is too many: the kos, dame and ko threats together (Kb + Kw + D + Tb + Tw = 300 + 300 + 0 + 26 + 0) are at most 625"},
		{[]string{"--kb", "1", "--tw", "9223372036854775807", "--to-move", "B"}, "invalid --tw: 9223372036854775807 is too many"},
	} {
		code, _, stderr := goeval(t, append([]string{"ikeda"}, c.args...)...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

// TestEvalTerritory counts testdata/ko/open-ko.sgf under territory rules:
// Black's territory 12, White's 19, one basic ko Black can connect (D6,
// ko point C6), no dame, White to move. The judge takes no stone off.
// Without ko threats the table's case 4 gives White the ko, -1: -8 before
// komi, -8.5 after it; with one threat for Black, case 3, -7. Area rules
// give C6 to Black: 22 - 27 = -5, as before.
func TestEvalTerritory(t *testing.T) {
	const file = "../../testdata/ko/open-ko.sgf"
	for _, c := range []struct {
		args          []string
		result, area  float64
		scoring       string
		score, kocase float64
	}{
		{nil, -5.5, -5, "area", 0, 0},
		{[]string{"--scoring", "territory"}, -8.5, -5, "territory", -8, 4},
		{[]string{"--scoring", "territory", "--ko-threats-black", "1"}, -7.5, -5, "territory", -7, 3},
	} {
		code, out, stderr := goeval(t, append([]string{"--format", "json", file}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		var j struct {
			Count struct {
				Area, Result float64
				Scoring      string
				Territory    *struct {
					Score, Territory, Prisoners, Dame float64
					Kos                               []map[string]string
					Ikeda                             *struct{ Case float64 }
				}
			}
		}
		if err := json.Unmarshal([]byte(out), &j); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, out)
		}
		cnt := j.Count
		if cnt.Area != c.area || cnt.Result != c.result || cnt.Scoring != c.scoring {
			t.Errorf("%v: area %v result %v scoring %q, want %v %v %q", c.args, cnt.Area, cnt.Result, cnt.Scoring, c.area, c.result, c.scoring)
		}
		if c.scoring == "area" {
			if cnt.Territory != nil {
				t.Errorf("%v: a territory count under area scoring", c.args)
			}
			continue
		}
		tc := cnt.Territory
		if tc == nil || tc.Score != c.score || tc.Territory != -7 || tc.Prisoners != 0 || tc.Dame != 0 || len(tc.Kos) != 1 ||
			tc.Kos[0]["stone"] != "D6" || tc.Kos[0]["point"] != "C6" || tc.Kos[0]["connects"] != "B" || tc.Ikeda == nil || tc.Ikeda.Case != c.kocase {
			t.Errorf("%v: territory count %+v, want score %v, territory -7, the ko D6/C6 Black's, case %v", c.args, tc, c.score, c.kocase)
		}
	}

	code, out, stderr := goeval(t, file, "--scoring", "territory")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"counted as it stands, score by judge: W+8.0 on the board, W+8.5 after komi 0.5\n",
		"(territory rules: territory -7 and prisoners +0",
		"1 basic ko open (D6 Black's to connect at C6) and 0 dame, resolved by the Ikeda Territory I table (goeval ikeda): case 4, -1 for the kos, White winning the ko fight",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--scoring", "japanese"}, `invalid --scoring "japanese" (want area, territory)`},
		{[]string{"--scoring", "territory", "--ko-threats-white", "-1"}, "invalid --ko-threats-white -1"},
		{[]string{"--scoring", "territory", "--ko-threats-black", "9223372036854775807", "--ko-threats-white", "9223372036854775807"},
			"invalid --ko-threats-black 9223372036854775807 and --ko-threats-white 9223372036854775807: more than 625 together"},
		{[]string{"--scoring", "territory", "--format", "svg"}, "--scoring territory applies to the text and json output"},
		{[]string{"--scoring", "territory", "--estimator", "stones"}, "--scoring territory: estimator stones does not count positions"},
	} {
		code, _, stderr := goeval(t, append([]string{file}, c.args...)...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

func TestGTPScoringFlags(t *testing.T) {
	code, _, stderr := goeval(t, "gtp", "--scoring", "chinese")
	if code != 2 || !strings.Contains(stderr, `invalid --scoring "chinese"`) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

func TestKoHelp(t *testing.T) {
	_, out, _ := goeval(t, "-h")
	for _, want := range []string{"  ikeda    basic endgame kos and dame under Ikeda Territory I scoring", "kos included", "-scoring", "-ko-threats-black"} {
		if !strings.Contains(out, want) {
			t.Errorf("goeval -h lacks %q", want)
		}
	}
	_, out, _ = goeval(t, "miai", "-h")
	for _, want := range []string{"A = {C | -2}; C = {13 | A}", "swing", "tally", "seedko.sgf"} {
		if !strings.Contains(out, want) {
			t.Errorf("goeval miai -h lacks %q", want)
		}
	}
	code, out, _ := goeval(t, "ikeda", "-h")
	if code != 0 || !strings.Contains(out, "Class of positions I1") || !strings.Contains(out, "-to-move") {
		t.Errorf("goeval ikeda -h: exit %d\n%s", code, out)
	}
}
