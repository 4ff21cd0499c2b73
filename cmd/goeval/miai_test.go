package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const miaiData = "../../testdata/miai/"

// miaiJSONOf runs goeval miai --format json and decodes the object.
func miaiJSONOf(t *testing.T, args ...string) map[string]any {
	t.Helper()
	code, out, stderr := goeval(t, append([]string{"miai", "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if strings.Count(out, "\n") != 1 {
		t.Errorf("JSON output is not one line:\n%s", out)
	}
	var j map[string]any
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	return j
}

func TestMiaiText(t *testing.T) {
	code, out, stderr := goeval(t, "miai", "{4 | {3 | 2}}")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"tree {4 | {3 | 2}}\n",
		"13/4 (3/4) gote\n|-- B 4\n`-- W 5/2 (1/2) gote\n    |-- B 3\n    `-- W 2\n",
		"Plays at the root: gote\n",
		"  LW = max(4-t, 13/4)",
		"  RW = min(max(3, 5/2+t), 13/4)",
		"count 13/4, miai value 3/4; Black's values to the left, t up\n",
		"    5       4       3       2\n", // the plot's value axis
		"Miai counting by averages (\"Miai Counting With Trees\")",
		"count 13/4, miai value 3/4 by averages: the same as the thermograph\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestMiaiSpecExamples runs the four worked examples of SPEC section 5
// through the command; the walls are worked by hand:
//
//	{4 | {3|2}}:    LW = 4-t until it meets the mast at t = 3/4; RW = LW of
//	                {3|2}, max(3-t, 5/2), plus t.
//	{4 | {3|-17}}:  {3|-17} is 10 hot, LW = 3-t below t = 10, so RW = 3;
//	                LW = 4-t meets it at t = 1.
//	{{-2|-4} | -7}: seed 004: LW = RW of {-2|-4}, min(-4+t, -3), minus t,
//	                down to -5 at t = 2; RW = -7+t.
//	{{4|-4} | -7}:  {4|-4} is 4 hot with RW = -4+t up to 4, so LW = -4;
//	                RW = -7+t reaches it at t = 3.
func TestMiaiSpecExamples(t *testing.T) {
	tests := []struct {
		tree, count, miai, lw, rw, class string
	}{
		{"{4 | {3 | 2}}", "13/4", "3/4", "max(4-t, 13/4)", "min(max(3, 5/2+t), 13/4)", "gote"},
		{"{4 | {3 | -17}}", "3", "1", "max(4-t, 3)", "3", "white sente"},
		{"{{-2 | -4} | -7}", "-5", "2", "max(min(-4, -3-t), -5)", "min(-7+t, -5)", "gote"},
		{"{{4 | -4} | -7}", "-4", "3", "-4", "min(-7+t, -4)", "black sente"},
	}
	for _, tt := range tests {
		t.Run(tt.tree, func(t *testing.T) {
			j := miaiJSONOf(t, tt.tree)
			got := []any{j["tree"], j["count"], j["miai_value"], j["left_wall"], j["right_wall"], j["classification"]}
			want := []any{tt.tree, tt.count, tt.miai, tt.lw, tt.rw, tt.class}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("tree, count, miai value, walls, class:\n got %v\nwant %v", got, want)
					break
				}
			}
		})
	}
}

// TestMiaiJSONNodes checks that every node carries its count and miai
// value, and that the averages come along.
func TestMiaiJSONNodes(t *testing.T) {
	j := miaiJSONOf(t, "{4||3|2}")
	right := j["right"].([]any)[0].(map[string]any)
	if right["count"] != "5/2" || right["miai_value"] != "1/2" || right["left_wall"] != "max(3-t, 5/2)" || right["right_wall"] != "min(2+t, 5/2)" {
		t.Errorf("White's option: %v", right)
	}
	left := j["left"].([]any)[0].(map[string]any)
	if left["count"] != "4" || left["number"] != true || left["classification"] != "number" {
		t.Errorf("Black's option: %v", left)
	}
	n := j["naive"].(map[string]any)
	if n["count"] != "13/4" || n["miai_value"] != "3/4" {
		t.Errorf("naive %v", n)
	}
	if _, ok := j["sente"]; ok {
		t.Error("a gote tree has sente plays")
	}
}

// TestMiaiSenteSGF reads seed 000's sente example from SGF: White's push is
// sente, Black answers 3, the -17 is cut out, and the simplified tree
// counts 3 with miai value 1 by averages, as the thermograph of the whole
// tree does; the averages of the whole tree go wrong.
func TestMiaiSenteSGF(t *testing.T) {
	j := miaiJSONOf(t, miaiData+"sente.sgf")
	if j["tree"] != "{4 | {3 | -17}}" || j["count"] != "3" || j["miai_value"] != "1" || j["classification"] != "white sente" {
		t.Errorf("tree %v count %v miai %v class %v", j["tree"], j["count"], j["miai_value"], j["classification"])
	}
	if j["black_play"] != "reverse sente" || j["white_play"] != "sente" || j["leaves_by_v"] != 3.0 {
		t.Errorf("plays %v %v, leaves by V %v", j["black_play"], j["white_play"], j["leaves_by_v"])
	}
	ss := j["sente"].([]any)
	if len(ss) != 1 {
		t.Fatalf("sente %v", ss)
	}
	s := ss[0].(map[string]any)
	want := map[string]any{"player": "white", "follow_up": "{3 | -17}", "follow_up_miai_value": "10", "reply": "3",
		"simplified": "{4 | {3 | }}", "simplified_count": "3", "simplified_miai_value": "1"}
	for k, v := range want {
		if s[k] != v {
			t.Errorf("sente %s = %v, want %v", k, s[k], v)
		}
	}
	if ig := s["ignored"].([]any); len(ig) != 1 || ig[0] != "-17" {
		t.Errorf("ignored %v", ig)
	}
	if n := j["naive"].(map[string]any); n["count"] != "-3/2" || n["miai_value"] != "11/2" {
		t.Errorf("naive %v", n)
	}

	code, out, _ := goeval(t, "miai", miaiData+"sente.sgf")
	for _, want := range []string{
		"from " + miaiData + "sente.sgf: 3 leaves valued by V[]",
		"Plays at the root: white sente\n",
		"  White's play, to {3 | -17} [E2]: sente\n",
		"so Black answers with 3 [E1] and -17 never happens\n",
		"with that cut out: {4 | {3 | }}, count 3, miai value 1 by averages",
		"averages go wrong where a play is sente",
	} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("exit %d, output lacks %q:\n%s", code, want, out)
		}
	}
}

// TestMiaiSGF reads the two local trees of testdata/miai, worked by hand in
// thermo/sgftree's tests: hane.sgf is {{4 | 1}, 1/2 | {-1 | -3}}, count
// 1/4 and miai value 9/4; stones5.sgf, valued by the stones estimator, is
// {3 | {1 | -1}}, count 3/2 and miai value 3/2.
func TestMiaiSGF(t *testing.T) {
	j := miaiJSONOf(t, miaiData+"hane.sgf")
	if j["tree"] != "{{4 | 1}, 1/2 | {-1 | -3}}" || j["count"] != "1/4" || j["miai_value"] != "9/4" ||
		j["left_wall"] != "max(min(1, 5/2-t), 1/4)" || j["right_wall"] != "min(max(-1, -2+t), 1/4)" {
		t.Errorf("hane: %v %v %v %v %v", j["tree"], j["count"], j["miai_value"], j["left_wall"], j["right_wall"])
	}
	if l := j["left"].([]any)[0].(map[string]any); l["label"] != "E2 push" || l["count"] != "5/2" || l["miai_value"] != "3/2" {
		t.Errorf("Black's push: %v", l)
	}
	if _, ok := j["estimator"]; ok {
		t.Error("an estimator is named though every leaf has V[]")
	}

	j = miaiJSONOf(t, "--estimator", "stones", miaiData+"stones5.sgf")
	if j["tree"] != "{3 | {1 | -1}}" || j["count"] != "3/2" || j["miai_value"] != "3/2" || j["estimator"] != "stones" || j["leaves_by_estimator"] != 3.0 {
		t.Errorf("stones5: %v %v %v %v %v", j["tree"], j["count"], j["miai_value"], j["estimator"], j["leaves_by_estimator"])
	}
	code, out, stderr := goeval(t, "miai", "--estimator", "stones", miaiData+"stones5.sgf")
	if code != 0 || !strings.Contains(out, "3 leaves by estimator stones (its whole-board score before komi, to 0.01)") ||
		!strings.Contains(out, "`-- W [C2 extend] 0 (1) gote\n") {
		t.Errorf("exit %d %s\n%s", code, stderr, out)
	}
}

func TestMiaiStdin(t *testing.T) {
	sente, err := os.ReadFile(miaiData + "sente.sgf")
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{"{4||3|-17}\n", string(sente)} {
		var out, errb strings.Builder
		code := run([]string{"miai", "--format", "json", "-"}, strings.NewReader(in), &out, &errb)
		if code != 0 || !strings.Contains(out.String(), `"count":"3","miai_value":"1"`) {
			t.Errorf("%q: exit %d %s\n%s", in, code, errb.String(), out.String())
		}
	}
}

func TestMiaiErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.sgf")
	os.WriteFile(bad, []byte("(;SZ[5](;B[aa]V[1])(;W[bb]V[x]))"), 0o644)
	// Seed 000's ko with Black's win worth less than White's: no swing.
	noSwing := filepath.Join(dir, "noswing.sgf")
	os.WriteFile(noSwing, []byte("(;GM[1]FF[4]SZ[5]AB[ca][db][cc]AW[ba][ab][cb][bc]\n(;B[bb](;B[cb]V[-5])(;W[cb]))(;W[bb]V[-2]))"), 0o644)
	tests := []exitCase{
		{"help", []string{"-h"}, 0, ""},
		{"nothing", nil, 2, "goeval: no tree or SGF file given"},
		{"two trees", []string{"{1|2}", "{3|4}"}, 2, "one tree at a time"},
		{"bad format", []string{"--format", "xml", "{1|2}"}, 2, `invalid --format "xml"`},
		{"game with notation", []string{"--game", "2", "{1|2}"}, 2, "--game applies to an SGF file"},
		{"bad estimator", []string{"--estimator", "x", "{1|2}"}, 2, `invalid --estimator "x"`},
		{"empty option", []string{"{4 | {3, | 2}}"}, 1, "goeval: 1:10: thermo: empty option: a ',' with no game beside it\n  {4 | {3, | 2}}\n           ^\n"},
		{"unbalanced", []string{"{4 | {3 | 2}"}, 1, "goeval: 1:1: thermo: unbalanced braces: '{' is never closed"},
		{"not a number", []string{"{4 | x}"}, 1, "goeval: 1:6: thermo: "},
		{"star", []string{"{4 | *}"}, 1, `goeval: 1:6: thermo: CGT shorthand "*" is not supported`},
		{"bad V", []string{bad}, 1, "bad.sgf:1:27: local tree: V[x] is not a number"},
		{"illegal move", []string{miaiData + "illegal.sgf"}, 1, "illegal.sgf:5:5: local tree: illegal move Black C3 (move 2 of the variation): board: point is occupied"},
		{"value on a retake", []string{miaiData + "ko.sgf"}, 1, "ko.sgf:5:19: local tree: V[] on Black C3 (move 2 of the variation), which brings back a position met before on the way from the root (a ko): its value is that position's"},
		{"not a ko", []string{"A = {C | -2}; C = {13 | A, 5}"}, 1, "goeval: thermo: the cycle A -> C -> A is not a ko the tally method counts: only White's plays from A and Black's from C, the ends of the line, may leave the cycle, but C has a White play to 5 (root.L[0].R[1])\n"},
		{"ko without swing", []string{noSwing}, 1, "noswing.sgf:2:23: local tree: the cycle root -> B4 -> root cannot be counted as a ko: Black's win (C4, count -5) is not worth more than White's (B4, count -2)\n"},
		{"undefined name", []string{"A = {C | -2}"}, 1, "goeval: 1:6: thermo: undefined name C\n  A = {C | -2}\n       ^\n"},
		{"missing file", []string{filepath.Join(dir, "none.sgf")}, 1, "no such file"},
		{"game too far", []string{"--game", "2", miaiData + "hane.sgf"}, 1, "game 2 asked for, the file holds 1"},
	}
	checkExits(t, tests, "miai")
}

func TestMiaiHelp(t *testing.T) {
	code, out, _ := goeval(t, "miai", "-h")
	for _, want := range []string{"goeval miai [flags] TREE", "V[]", "--format json", "Examples:", "-estimator", "-game", "-width", "-height", "pass"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	_, out, _ = goeval(t, "-h")
	if !strings.Contains(out, "miai") {
		t.Error("goeval -h does not list miai")
	}
}

// TestMiaiKo runs seed 000's ko through the command, as notation and as
// SGF variations: swing 15, tally 3, 5 a move, A counts 3 and C 8.
func TestMiaiKo(t *testing.T) {
	code, out, stderr := goeval(t, "miai", "A = {C | -2}; C = {13 | A}")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"tree A = {C | -2}; C = {13 | A}\n",
		"[A] 3 (5) ko: swing 15, tally 3\n|-- B [C] 8 (5) ko: swing 15, tally 3\n|   |-- B 13\n|   `-- W [A] 3 (5) ko: swing 15, tally 3, back to A\n`-- W -2\n",
		"  A - C: White wins with -2, Black with 13; swing 15 over a tally of 3 moves, 5 a move\n    counts: A 3, C 8\n",
		"Plays at the root: ko: the root is A, a position of the ko A - C\n",
		"  LW = max(8-t, 3)   (Black plays first)\n  RW = min(-2+t, 3)   (White plays first)\n",
		"count 3, miai value 5 by averages: the same as the thermograph\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, arg := range []string{"A = {C | -2}; C = {13 | A}", miaiData + "seedko.sgf"} {
		j := miaiJSONOf(t, arg)
		left, _ := j["left"].([]any)
		if j["count"] != "3" || j["miai_value"] != "5" || j["swing"] != "15" || j["tally"] != 3.0 || j["classification"] != "ko" || len(left) != 1 {
			t.Fatalf("%s: root %v", arg, j)
		}
		c := left[0].(map[string]any)
		back := c["right"].([]any)[0].(map[string]any)
		if c["count"] != "8" || c["miai_value"] != "5" || back["back_to"] != j["name"] || back["left"] != nil {
			t.Errorf("%s: C %v", arg, c)
		}
		kos, _ := j["kos"].([]any)
		if len(kos) != 1 {
			t.Fatalf("%s: kos %v", arg, j["kos"])
		}
		k := kos[0].(map[string]any)
		if k["swing"] != "15" || k["tally"] != 3.0 || k["miai_value"] != "5" || k["white_count"] != "-2" || k["black_count"] != "13" {
			t.Errorf("%s: ko %v", arg, k)
		}
		if counts, _ := k["counts"].([]any); len(counts) != 2 || counts[0] != "3" || counts[1] != "8" {
			t.Errorf("%s: counts %v", arg, k["counts"])
		}
		if n := j["naive"].(map[string]any); n["count"] != "3" || n["miai_value"] != "5" {
			t.Errorf("%s: averages %v", arg, n)
		}
	}
}

// TestMiaiKoWrittenAsTree: {{13 | -2} | -2} is an ordinary tree (count
// -2, Black's sente gaining nothing), and the output says that it is not
// the seed's ko and which ko it may have meant.
func TestMiaiKoWrittenAsTree(t *testing.T) {
	code, out, stderr := goeval(t, "miai", "{{13 | -2} | -2}")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"-2 (0) black sente\n",
		"note: White's answer -2 gives what White's own play at the root gives, so the sente gains nothing; the tree is not a ko.\n",
		"If -2 is meant as White taking back a ko, write the cycle: A = {C | -2}; C = {13 | A} (count 3, miai value 5)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	j := miaiJSONOf(t, "{{13 | -2} | -2}")
	s := j["sente"].([]any)[0].(map[string]any)
	if j["count"] != "-2" || s["ko"] != "A = {C | -2}; C = {13 | A}" || s["ko_count"] != "3" || s["ko_miai_value"] != "5" {
		t.Errorf("count %v, sente %v", j["count"], s)
	}
}
