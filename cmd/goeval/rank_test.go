package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"goeval/eval"
)

// passOnly writes a 3x3 game where Black, to move, may only pass (every
// empty point is suicide).
func passOnly(t *testing.T) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "passonly.sgf")
	if err := os.WriteFile(f, []byte("(;GM[1]SZ[3]KM[0]AW[ba][ab][bb][cb][bc]PL[B])"), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

type rankJSON struct {
	File      string             `json:"file"`
	Move      int                `json:"move"`
	ToMove    string             `json:"to_move"`
	Komi      float64            `json:"komi"`
	Estimator string             `json:"estimator"`
	Params    map[string]float64 `json:"params"`
	Score     float64            `json:"score"`
	Moves     []map[string]any   `json:"moves"`
}

func TestRankJSON(t *testing.T) {
	code, out, stderr := goeval(t, "rank", "--by", "eval", "--estimator", "stones", "--format", "json", "--move", "150", "--top", "5", example)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var j rankJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if j.File != example || j.Move != 150 || j.ToMove != "B" || j.Komi != 6.5 || j.Estimator != "stones" || j.Params == nil {
		t.Errorf("header: %+v", j)
	}
	if len(j.Moves) < 100 {
		t.Fatalf("%d moves", len(j.Moves))
	}
	seen := map[string]bool{}
	for i, m := range j.Moves {
		for _, k := range []string{"rank", "move", "score", "gain"} {
			if _, ok := m[k]; !ok {
				t.Fatalf("move %d lacks %q: %v", i+1, k, m)
			}
		}
		if m["rank"].(float64) != float64(i+1) {
			t.Errorf("move %d has rank %v", i+1, m["rank"])
		}
		mv := m["move"].(string)
		if seen[mv] {
			t.Errorf("%s listed twice", mv)
		}
		seen[mv] = true
		if i > 0 && m["score"].(float64) > j.Moves[i-1]["score"].(float64) {
			t.Errorf("%s ranked below a worse move", mv)
		}
		if g := m["score"].(float64) - j.Score; m["gain"].(float64) != g {
			t.Errorf("%s: gain %v, want %v", mv, m["gain"], g)
		}
		if _, ok := m["miai"]; ok != (i < 5) {
			t.Errorf("move %d: miai present %v with --top 5", i+1, ok)
		}
	}
	// Black's best moves with the stones estimator capture a stone.
	if m := j.Moves[0]; m["move"] != "N19" || m["miai"].(float64) != 1.5 || m["captures"].(float64) != 1 {
		t.Errorf("best move %v", m)
	}
}

func TestRankSameBytesForAnyWorkers(t *testing.T) {
	for _, est := range []string{"stones", defaultEstimator} {
		if _, err := eval.Lookup(est); err != nil {
			t.Logf("%v: not measured", err)
			continue
		}
		var want string
		for _, w := range []string{"1", "2", "8"} {
			code, out, stderr := goeval(t, "rank", "--by", "eval", "--estimator", est, "--format", "json", "--workers", w, "--move", "150", example)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			_, vout, _ := goeval(t, "values", "--estimator", est, "--format", "json", "--workers", w, "--move", "40", "../../testdata/example9.sgf")
			out += vout
			if want == "" {
				want = out
			} else if out != want {
				t.Errorf("%s: --workers %s gives other bytes than --workers 1", est, w)
			}
		}
	}
}

func TestRankText(t *testing.T) {
	code, out, stderr := goeval(t, "rank", "--by", "eval", "--estimator", "stones", "--move", "150", example)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(out, "\n")
	// The board: rows 19..1 between the coordinate lines.
	board := strings.Join(lines[3:22], "\n")
	letters := map[rune]int{}
	for _, line := range lines[3:22] {
		for _, r := range []rune(line)[3 : 3+2*19] {
			letters[r]++
		}
	}
	if letters['×'] != 26 {
		t.Errorf("× appears %d times, want 26 (the worst moves)", letters['×'])
	}
	for r := 'a'; r <= 'z'; r++ {
		want := 1 // the best 24 moves, lettered without o and x, which are dead stones
		if r == 'o' || r == 'x' {
			want = 0
		}
		if letters[r] != want {
			t.Errorf("%c appears %d times on the board, want %d:\n%s", r, letters[r], want, board)
		}
	}
	for _, want := range []string{
		"move 150 of 258, Black to move",
		// The 15th to 20th best: p..u, o skipped.
		"19  c d e f g h i j k l m n a p q r s t u 19",
		"score now by stones: W+5.00 on the board (the score after a pass by Black)",
		"    1 a  N19     W+3.00   +2.00    1.50",
		"  217 ×  T1      W+4.00   +1.00\n",
		"217 legal moves besides pass; 244 evaluations",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestRankPassOnly(t *testing.T) {
	f := passOnly(t)
	code, out, stderr := goeval(t, "rank", "--by", "eval", "--estimator", "stones", f)
	if code != 0 || !strings.Contains(out, "Black has no legal move but pass.") {
		t.Errorf("exit %d, output:\n%s%s", code, out, stderr)
	}
	code, out, _ = goeval(t, "rank", "--by", "eval", "--estimator", "stones", "--format", "json", f)
	if code != 0 || !strings.Contains(out, `"moves":[]`) {
		t.Errorf("exit %d, JSON %s", code, out)
	}
}

func TestRankValuesExitCodes(t *testing.T) {
	tests := []exitCase{
		{"help", []string{"-h"}, 0, ""},
		{"no file", nil, 2, "goeval: no SGF file given"},
		{"two files", []string{example, example}, 2, "one SGF file at a time"},
		{"bad top", []string{"--top", "-1", example}, 2, "invalid --top -1"},
		{"bad workers", []string{"--workers", "-2", example}, 2, "invalid --workers -2"},
		{"bad format", []string{"--format", "xml", example}, 2, `invalid --format "xml" (want text, json, svg, png)`},
		{"bad estimator", []string{"--estimator", "x", example}, 2, `invalid --estimator "x" (want `},
		{"unknown flag", []string{"--nope", example}, 2, "flag provided but not defined: -nope"},
		{"missing file", []string{"--estimator", "stones", "none.sgf"}, 1, "no such file"},
		{"move too far", []string{"--estimator", "stones", "--move", "999", example}, 1, "the main line has 258 moves"},
	}
	for _, cmd := range []string{"rank", "values"} {
		for _, tt := range tests {
			t.Run(cmd+"/"+tt.name, func(t *testing.T) {
				code, out, stderr := goeval(t, append([]string{cmd}, tt.args...)...)
				if code != tt.code {
					t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, stderr)
				}
				if tt.want != "" && !strings.Contains(stderr, tt.want) {
					t.Errorf("stderr %q lacks %q", stderr, tt.want)
				}
				if code != 0 && !strings.HasPrefix(stderr, "goeval: ") {
					t.Errorf("stderr %q lacks the goeval: prefix", stderr)
				}
				if code == 2 && !strings.Contains(stderr, "Run 'goeval "+cmd+" -h' for help.") {
					t.Errorf("stderr %q lacks the usage hint", stderr)
				}
				if tt.name == "help" {
					for _, f := range []string{"Usage:\n  goeval " + cmd, "-top", "-workers", "-cold", "-format", "-estimator", "-move", "-game", "-lambda"} {
						if !strings.Contains(out, f) {
							t.Errorf("help lacks %q", f)
						}
					}
				}
			})
		}
	}
	_, out, _ := goeval(t, "-h")
	for _, want := range []string{"rank ", "values "} {
		if !strings.Contains(out, "  "+want) {
			t.Errorf("goeval -h does not list %q", want)
		}
	}
}

// TestRankWinProbability: ranked by the judge, every move carries Black's
// win probability in JSON, and the text's win column gives the mover's
// (White's here: one minus Black's) for the best move; ranked by an
// estimator without a win model, neither appears.
func TestRankWinProbability(t *testing.T) {
	code, out, stderr := goeval(t, "rank", "--estimator", "judge", "--move", "151", "--format", "json", example)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var j struct {
		ToMove         string   `json:"to_move"`
		WinProbability *float64 `json:"win_probability"`
		Moves          []struct {
			Move           string
			WinProbability *float64 `json:"win_probability"`
		}
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil || j.ToMove != "W" || j.WinProbability == nil || len(j.Moves) == 0 {
		t.Fatalf("to move %q, win probability %v, %d moves (%v)", j.ToMove, j.WinProbability, len(j.Moves), err)
	}
	for _, m := range j.Moves {
		if m.WinProbability == nil || !(*m.WinProbability > 0 && *m.WinProbability < 1) {
			t.Fatalf("%s: win probability %v", m.Move, m.WinProbability)
		}
	}
	_, text, _ := goeval(t, "rank", "--estimator", "judge", "--move", "151", example)
	best := fmt.Sprintf(" %s ", j.Moves[0].Move)
	want := fmt.Sprintf(" %5.2f ", 1-*j.Moves[0].WinProbability)
	found := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "    1 a ") && strings.Contains(line, best) && strings.Contains(line, want) {
			found = true
		}
	}
	if !found || !strings.Contains(text, " win ") {
		t.Errorf("no win column giving %q for %s:\n%s", want, best, text)
	}
	_, out, _ = goeval(t, "rank", "--move", "151", "--format", "json", example)
	_, text, _ = goeval(t, "rank", "--move", "151", example)
	if strings.Contains(out, "win_probability") || strings.Contains(text, " win ") {
		t.Error("lambda-kappa ranking gives a win probability")
	}
}

// TestRankByModel: by default rank orders the moves by the move model,
// each with its probability; the probabilities of the moves and the pass
// add up to 1, and the best move is lettered a on the board.
func TestRankByModel(t *testing.T) {
	code, out, stderr := goeval(t, "rank", "--format", "json", "--move", "60", example)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var j struct {
		By    string   `json:"by"`
		Pass  *float64 `json:"pass_probability"`
		Moves []struct {
			Move string
			Prob *float64 `json:"probability"`
		}
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil || j.By != "model" || j.Pass == nil || len(j.Moves) < 100 {
		t.Fatalf("by %q, pass %v, %d moves (%v)", j.By, j.Pass, len(j.Moves), err)
	}
	sum := *j.Pass
	for i, m := range j.Moves {
		if m.Prob == nil || (i > 0 && *m.Prob > *j.Moves[i-1].Prob) {
			t.Fatalf("move %d (%s): probability %v out of order", i+1, m.Move, m.Prob)
		}
		sum += *m.Prob
	}
	if sum < 0.999999 || sum > 1.000001 {
		t.Errorf("probabilities add up to %v", sum)
	}
	_, text, _ := goeval(t, "rank", "--move", "60", example)
	if !strings.Contains(text, "by the move model") || !strings.Contains(text, fmt.Sprintf("    1 a  %-4s ", j.Moves[0].Move)) {
		t.Errorf("text output lacks the model's best move %s as a:\n%s", j.Moves[0].Move, text)
	}
	_, evalOut, _ := goeval(t, "rank", "--by", "eval", "--format", "json", "--move", "60", example)
	if !strings.Contains(evalOut, `"by":"eval"`) || strings.Contains(evalOut, `"probability"`) {
		t.Errorf("--by eval: %.200s", evalOut)
	}
}

func TestRankByErrors(t *testing.T) {
	if code, _, stderr := goeval(t, "rank", "--by", "magic", example); code != 2 || !strings.Contains(stderr, `invalid --by "magic"`) {
		t.Errorf("--by magic: exit %d, %s", code, stderr)
	}
	if code, _, stderr := goeval(t, "rank", "--by", "eval", "--model", "x.params", example); code != 2 || !strings.Contains(stderr, "--by eval") {
		t.Errorf("--by eval --model: exit %d, %s", code, stderr)
	}
	missing := filepath.Join(t.TempDir(), "none.params")
	if code, _, stderr := goeval(t, "rank", "--model", missing, example); code != 1 || !strings.Contains(stderr, missing) {
		t.Errorf("--model missing: exit %d, %s", code, stderr)
	}
	junk := filepath.Join(t.TempDir(), "junk.params")
	os.WriteFile(junk, []byte("not a model"), 0o644)
	if code, _, stderr := goeval(t, "rank", "--model", junk, example); code != 1 || !strings.Contains(stderr, "not a move model parameter file") {
		t.Errorf("--model junk: exit %d, %s", code, stderr)
	}
}

// TestOneScoreConvention: goeval FILE, rank and values write a score the
// same way (control.Margin): the leader's letter and the amount, "0" for
// an even one. On an empty 5x5 board the stones estimator scores 0, and
// after a black stone B+1; before, goeval FILE wrote "even (0.0)" where
// rank and values wrote "0.00".
func TestOneScoreConvention(t *testing.T) {
	file := filepath.Join(t.TempDir(), "even.sgf")
	if err := os.WriteFile(file, []byte("(;GM[1]FF[4]SZ[5]KM[0])"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"--estimator", "stones", file}, []string{"score by stones: 0 on the board, 0 after komi 0"}},
		{[]string{"rank", "--by", "eval", "--estimator", "stones", file}, []string{"score now by stones: 0 on the board", "    1 a  A5      B+1.00   +1.00"}},
		{[]string{"values", "--estimator", "stones", file}, []string{"score now by stones: 0 on the board"}},
	} {
		t.Run(tt.args[0], func(t *testing.T) {
			code, out, stderr := goeval(t, tt.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestSeveralGames: a file of two games says which one is evaluated and
// how to pick the other, in text and JSON, where before the second game
// was ignored without a word.
func TestSeveralGames(t *testing.T) {
	file := filepath.Join(t.TempDir(), "two.sgf")
	if err := os.WriteFile(file, []byte("(;SZ[5];B[aa])(;SZ[5];B[bb];W[cc])"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--estimator", "stones", file}, file + " (game 1 of 2; --game N picks another), move 1 of 1, White to move"},
		{[]string{"--estimator", "stones", "--game", "2", file}, file + " (game 2 of 2), move 2 of 2, Black to move"},
		{[]string{"rank", file}, file + " (game 1 of 2; --game N picks another), move 1 of 1"},
		{[]string{"--format", "json", "--estimator", "stones", file}, `"game":1,"games":2,"move":1`},
		{[]string{"rank", "--format", "json", file}, `"game":1,"games":2,"move":1`},
	} {
		t.Run(strings.Join(tt.args[:len(tt.args)-1], " "), func(t *testing.T) {
			code, out, stderr := goeval(t, tt.args...)
			if code != 0 || !strings.Contains(out, tt.want) {
				t.Errorf("exit %d, output lacks %q:\n%s%s", code, tt.want, out, stderr)
			}
		})
	}
}

// TestVariation: --variation follows another line than the main one, in
// goeval FILE, rank and values, and says so; a variation the file lacks is
// bad input naming its place. Before there was no way to choose one.
func TestVariation(t *testing.T) {
	file := filepath.Join(t.TempDir(), "var.sgf")
	// After B E5: W C7 (then B G3 or B G7), or W G7 then B C3.
	if err := os.WriteFile(file, []byte("(;SZ[9];B[ee]\n(;W[cc](;B[gg])(;B[gc]))\n(;W[gc];B[cg]))"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--estimator", "stones", file}, 0, file + ", move 3 of 3, White to move"},
		{[]string{"--estimator", "stones", "--variation", "2", file}, 0, file + ", variation 2, move 3 of 3"},
		{[]string{"--estimator", "stones", "--variation", "2", "--format", "json", file}, 0, `"variation":"2","move":3`},
		{[]string{"rank", "--variation", "1.2", file}, 0, file + ", variation 1.2, move 3 of 3"},
		{[]string{"values", "--estimator", "stones", "--variation", "2", file}, 0, file + ", variation 2, move 3 of 3"},
		{[]string{"--variation", "3", file}, 1, file + ":2:2: sgf: no such game or move: variation 3 asked for at fork 1, which has 2"},
		{[]string{"--variation", "2.x", file}, 2, `invalid --variation "2.x"`},
	} {
		t.Run(strings.Join(tt.args[:len(tt.args)-1], " "), func(t *testing.T) {
			code, out, stderr := goeval(t, tt.args...)
			if code != tt.code || !strings.Contains(out+stderr, tt.want) {
				t.Errorf("exit %d, want %d with %q:\n%s%s", code, tt.code, tt.want, out, stderr)
			}
		})
	}
	// The line's stones, in map order (row 9 first): with --variation 2,
	// W G7 (index 2·9+6), B E5 (4·9+4) and B C3 (6·9+2), and not W C7.
	stones := make([]string, 81)
	for i := range stones {
		stones[i] = "0"
	}
	stones[24], stones[40], stones[56] = "-1", "1", "1"
	_, out, _ := goeval(t, "--estimator", "stones", "--variation", "2", "--format", "json", file)
	if want := `"stones":[` + strings.Join(stones, ",") + "]"; !strings.Contains(out, want) {
		t.Errorf("the stones of variation 2: %s, want %s", out, want)
	}
}
