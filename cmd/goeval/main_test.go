package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// goeval runs the command in-process and returns its exit status and output.
func goeval(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

const (
	example  = "../../testdata/example.sgf"
	example9 = "../../testdata/example9.sgf"
)

func TestEvalJSONContract(t *testing.T) {
	code, out, stderr := goeval(t, "--estimator", "stones", "--format", "json", "--move", "100", example)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var j map[string]any
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	for _, k := range []string{"file", "move", "size", "to_move", "komi", "stones", "estimator", "params", "control", "score", "result"} {
		if _, ok := j[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	if j["move"].(float64) != 100 || j["size"].(float64) != 19 || j["komi"].(float64) != 6.5 || j["estimator"] != "stones" {
		t.Errorf("move %v size %v komi %v estimator %v", j["move"], j["size"], j["komi"], j["estimator"])
	}
	// After 100 moves (50 each, no captures in this game so far) Black is
	// to move; the stones estimator's score is the stone balance.
	if j["to_move"] != "B" {
		t.Errorf("to_move = %v, want B", j["to_move"])
	}
	stones, control := j["stones"].([]any), j["control"].([]any)
	if len(stones) != 361 || len(control) != 361 {
		t.Fatalf("%d stones, %d control values", len(stones), len(control))
	}
	sum := 0.0
	for i := range stones {
		if stones[i].(float64) != control[i].(float64) {
			t.Fatalf("stones estimator: control[%d] = %v, stone %v", i, control[i], stones[i])
		}
		sum += control[i].(float64)
	}
	if j["score"].(float64) != sum || j["result"].(float64) != sum-6.5 {
		t.Errorf("score %v result %v, want %v and %v", j["score"], j["result"], sum, sum-6.5)
	}
	if _, ok := j["iterations"]; ok {
		t.Error("a non-iterative estimator reports iterations")
	}
}

func TestEvalText(t *testing.T) {
	code, out, stderr := goeval(t, example, "--estimator", "stones", "--move", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"move 3 of 258, White to move, komi 6.5, result B+10.5\n", "score by stones: B+1.0 on the board, W+5.5 after komi 6.5", "16  . . . . . . . . . . . . . . . . X . . 16"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Error("ANSI escapes when not on a terminal")
	}
	_, out, _ = goeval(t, example, "--estimator", "stones", "--move", "3", "--color", "always")
	if !strings.Contains(out, "\x1b[48;5;") {
		t.Error("--color always draws no greys")
	}
}

// At the end of the example game the judge counts the position as it
// stands: the game was counted B+10.5 under Korean (territory) rules after
// 258 moves, so each side placed 129 stones and its area count is the
// same, B+17 on the board; its labelled final ownership sums to 17 too. The
// picture's caption says it too. At move 150 most of the board is still
// open, and the text says no count; the JSON gives one anyway.
func TestEvalCount(t *testing.T) {
	code, out, stderr := goeval(t, example)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := "counted as it stands, score by judge: B+17.0 on the board, B+10.5 after komi 6.5"
	if !strings.Contains(out, want+"\n") {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
	if _, svg, _ := goeval(t, example, "--format", "svg"); !strings.Contains(svg, want) {
		t.Errorf("the picture's caption lacks %q", want)
	}
	_, out, _ = goeval(t, example, "--move", "150")
	if strings.Contains(out, "counted as it stands") {
		t.Errorf("a count at move 150:\n%s", out)
	}
	_, out, _ = goeval(t, example, "--format", "json")
	var j struct {
		Count *struct {
			Area, Result float64
			Open         int
		}
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	if j.Count == nil || j.Count.Area != 17 || j.Count.Result != 10.5 || j.Count.Open != 0 {
		t.Errorf("count %+v, want area 17, result 10.5, nothing open", j.Count)
	}
}

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.sgf")
	os.WriteFile(bad, []byte("(;SZ[19];B[pd];W[dp"), 0o644)
	gib := filepath.Join(dir, "x.gib")
	os.WriteFile(gib, []byte("\\HS\n\\[GAMEINFOMAIN=GBKIND:3\\]\n"), 0o644)
	tests := []exitCase{
		{"help", []string{"-h"}, 0, ""},
		{"no file", nil, 2, "goeval: no SGF file given"},
		{"unknown flag", []string{"--nope", example}, 2, "goeval: "},
		{"bad estimator", []string{"--estimator", "x", example}, 2, `invalid --estimator "x" (want `},
		{"param for another estimator", []string{"--estimator", "stones", "--lambda", "0.3", example}, 2, "parameter lambda for estimator stones"},
		{"bad format", []string{"--format", "xml", example}, 2, `invalid --format "xml"`},
		{"missing file", []string{"--estimator", "stones", filepath.Join(dir, "none.sgf")}, 1, "no such file"},
		{"malformed", []string{"--estimator", "stones", bad}, 1, "bad.sgf:1:17: sgf: unterminated value of property W"},
		{"not sgf", []string{"--estimator", "stones", gib}, 1, "not an SGF file"},
		{"move too far", []string{"--estimator", "stones", "--move", "999", example}, 1, "the main line has 258 moves"},
		{"game too far", []string{"--estimator", "stones", "--game", "2", example}, 1, "game 2 asked for, the file holds 1"},
	}
	checkExits(t, tests)
}

func TestHelpListsEveryFlag(t *testing.T) {
	_, out, _ := goeval(t, "-h")
	for _, f := range []string{"-estimator", "-move", "-game", "-format", "-show", "-color", "-palette", "-size", "-output", "-o ", "-lambda", "-kappa", "-tolerance", "-max-iterations", "-attenuation", "-max-distance"} {
		if !strings.Contains(out, f) {
			t.Errorf("help lacks %s", f)
		}
	}
}

// exitCase is one run of the command: its arguments, the exit status it
// must end with, and a part of what it must write on stderr.
type exitCase struct {
	name string
	args []string
	code int
	want string
}

// checkExits runs every case (after the arguments in prefix, such as a
// subcommand) and checks its exit status, its stderr, and the goeval:
// prefix of every error.
func checkExits(t *testing.T, tests []exitCase, prefix ...string) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := goeval(t, append(append([]string(nil), prefix...), tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			if tt.want != "" && !strings.Contains(stderr, tt.want) {
				t.Errorf("stderr %q lacks %q", stderr, tt.want)
			}
			if code != 0 && !strings.HasPrefix(stderr, "goeval: ") {
				t.Errorf("stderr %q lacks the goeval: prefix", stderr)
			}
		})
	}
}

// TestEvalJudgeNotes: the judge's unsettled chains are in its JSON, and its
// text output names them (the biggest first) exactly when there are some.
func TestEvalJudgeNotes(t *testing.T) {
	for _, move := range []string{"60", "150", "200"} {
		code, out, stderr := goeval(t, "--format", "json", "--move", move, example)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var j struct {
			Unsettled []struct {
				Stone  string
				Stones int
				Dead   float64
			}
		}
		if err := json.Unmarshal([]byte(out), &j); err != nil || j.Unsettled == nil {
			t.Fatalf("move %s: no unsettled list (%v):\n%s", move, err, out)
		}
		_, text, _ := goeval(t, "--move", move, example)
		line := ""
		for _, l := range strings.Split(text, "\n") {
			if strings.HasPrefix(l, "unsettled (") {
				line = l
			}
		}
		switch {
		case len(j.Unsettled) == 0 && line != "":
			t.Errorf("move %s: text names unsettled chains the JSON does not: %s", move, line)
		case len(j.Unsettled) > 0 && !strings.Contains(line, ": "+j.Unsettled[0].Stone+" "):
			t.Errorf("move %s: text line %q does not name %s first", move, line, j.Unsettled[0].Stone)
		}
	}
}

// TestEvalWinProbability: the judge says how likely Black is to win, in
// JSON (win_probability) and in text (the same figure, and White's), and
// the seed estimators, which have no win model, say nothing of it.
func TestEvalWinProbability(t *testing.T) {
	for _, move := range []string{"100", "240"} {
		code, out, stderr := goeval(t, "--format", "json", "--move", move, example)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var j struct {
			WinProbability *float64 `json:"win_probability"`
		}
		if err := json.Unmarshal([]byte(out), &j); err != nil || j.WinProbability == nil || !(*j.WinProbability > 0 && *j.WinProbability < 1) {
			t.Fatalf("move %s: win_probability %v (%v)", move, j.WinProbability, err)
		}
		_, text, _ := goeval(t, "--move", move, example)
		p := *j.WinProbability
		want := fmt.Sprintf("win probability: Black %.2f, White %.2f ", p, 1-p)
		if !strings.Contains(text, want) {
			t.Errorf("move %s: text lacks %q:\n%s", move, want, text)
		}
	}
	_, out, _ := goeval(t, "--format", "json", "--estimator", "lambda-kappa", example)
	_, text, _ := goeval(t, "--estimator", "lambda-kappa", example)
	if strings.Contains(out, "win_probability") || strings.Contains(text, "win probability") {
		t.Error("lambda-kappa gives a win probability")
	}
}

// TestUsageErrors checks what bad usage prints: the error, the synopsis and
// where help is, on standard error, and nothing on standard output; a
// mistyped command is named as one, with the nearest command.
func TestUsageErrors(t *testing.T) {
	const evalSynopsis = "usage: goeval [flags] FILE.sgf\n       goeval COMMAND [flags] ...\nRun 'goeval -h' for help and the commands.\n"
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"slip", []string{"rnak", "f.sgf"}, "goeval: unknown command \"rnak\": did you mean \"rank\"?\n" + evalSynopsis},
		{"slip in help", []string{"help", "valeus"}, "goeval: unknown command \"valeus\": did you mean \"values\"?\n" + evalSynopsis},
		{"no such command", []string{"fly", "f.sgf"}, "goeval: unknown command \"fly\", and no file of that name (commands: " + strings.Join(commandNames(), ", ") + ")\n" + evalSynopsis},
		{"bad flag", []string{"--nope", example}, "goeval: flag provided but not defined: -nope\n" + evalSynopsis},
		{"no file", nil, "goeval: no SGF file given\n" + evalSynopsis},
		{"bad flag of a command", []string{"miai", "--nope", "{1|0}"}, "goeval: flag provided but not defined: -nope\nusage: goeval miai [flags] TREE|FILE.sgf\nRun 'goeval miai -h' for help.\n"},
		{"no paths", []string{"compare"}, "goeval: no SGF file or folder given\nusage: goeval compare [flags] PATH...\nRun 'goeval compare -h' for help.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := goeval(t, tt.args...)
			if code != 2 || stdout != "" || stderr != tt.stderr {
				t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant 2, nothing and:\n%s", code, stdout, stderr, tt.stderr)
			}
		})
	}
	// --help as well as -h prints the help on standard output.
	for _, args := range [][]string{{"--help"}, {"rank", "--help"}, {"rank", example, "-h"}} {
		if code, stdout, stderr := goeval(t, args...); code != 0 || !strings.Contains(stdout, "Flags:\n") || stderr != "" {
			t.Errorf("%q: exit %d, stderr %q, stdout %.60q...", args, code, stderr, stdout)
		}
	}
	// A record named like a command word is still read when it exists.
	dir := t.TempDir()
	copyFile(t, example, filepath.Join(dir, "mygame"))
	t.Chdir(dir)
	if code, _, stderr := goeval(t, "mygame", "--estimator", "stones"); code != 0 {
		t.Errorf("a record named mygame: exit %d: %s", code, stderr)
	}
}

// TestNoFileNames: "-" as a PATH of the commands that read many records,
// which do not read standard input, and an empty file name anywhere are
// usage errors that say so, not a stat or open error about "-" or "".
func TestNoFileNames(t *testing.T) {
	const stdin = "PATH -: reading game records from standard input is not supported"
	checkExits(t, []exitCase{
		{"compare -", []string{"compare", "-"}, 2, stdin},
		{"compare file -", []string{"compare", tinySet + "/a.sgf", "-"}, 2, stdin},
		{"predict -", []string{"predict", "-"}, 2, stdin},
		{"tune -", []string{"tune", "-"}, 2, stdin},
		{"tune moves -", []string{"tune", "moves", "-"}, 2, stdin},
		{"label -", []string{"label", "--peer", "a=b", "-"}, 2, stdin},
		{"compare empty", []string{"compare", tinySet + "/a.sgf", ""}, 2, "PATH argument 2 is empty"},
		{"miai empty", []string{"miai", ""}, 2, "the TREE or FILE.sgf argument is empty"},
		{"eval empty", []string{""}, 2, "the FILE.sgf argument is empty"},
		{"rank empty", []string{"rank", ""}, 2, "the FILE.sgf argument is empty"},
		{"values empty", []string{"values", ""}, 2, "the FILE.sgf argument is empty"},
	})
}

// TestOutputIsInput: every command with -o refuses, as a usage error, an
// -o file that is one of its inputs, by another name or through a link
// too, and leaves the file as it was.
func TestOutputIsInput(t *testing.T) {
	dir := t.TempDir()
	self := copyFile(t, tinySet+"/a.sgf", filepath.Join(dir, "self.sgf"))
	data, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.sgf")
	if err := os.Symlink(self, link); err != nil {
		t.Fatal(err)
	}
	other := dir + "/./self.sgf"
	for _, cmd := range [][]string{{}, {"rank"}, {"values"}, {"compare"}, {"predict"}, {"label", "--peer", "a=b"}} {
		for _, out := range []string{self, other, link} {
			args := append(append(append([]string(nil), cmd...), "-o", out), self)
			code, stdout, stderr := goeval(t, args...)
			if code != 2 || !strings.HasPrefix(stderr, "goeval: -o "+out+" is ") || !strings.Contains(stderr, "writing it would destroy it") || stdout != "" {
				t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
			}
		}
	}
	labels := copyFile(t, tinySet+"/final-ownership.jsonl", filepath.Join(dir, "labels.jsonl"))
	ldata, err := os.ReadFile(labels)
	if err != nil {
		t.Fatal(err)
	}
	code, _, stderr := goeval(t, "compare", "--labels", labels, "-o", labels, tinySet+"/a.sgf")
	if now, err := os.ReadFile(labels); code != 2 || !strings.Contains(stderr, "writing it would destroy it") || err != nil || string(now) != string(ldata) {
		t.Errorf("compare -o its --labels file: exit %d, stderr %q; the labels now %d bytes (%v)", code, stderr, len(now), err)
	}
	if now, err := os.ReadFile(self); err != nil || string(now) != string(data) {
		t.Errorf("the input is now %d bytes (%v), want it as it was", len(now), err)
	}
}

// fakeInterrupt replaces interruptContext with one whose context the
// caller cancels, as Ctrl-C would; restore cancels it and puts the real
// one back.
func fakeInterrupt() (ctx context.Context, cancel context.CancelFunc, restore func()) {
	ctx, cancel = context.WithCancel(context.Background())
	saved := interruptContext
	interruptContext = func() (context.Context, context.CancelFunc) { return ctx, cancel }
	return ctx, cancel, func() { cancel(); interruptContext = saved }
}

// interruptedFromTheStart runs every command of the rest of the test as if
// Ctrl-C had come before it began.
func interruptedFromTheStart(t *testing.T) {
	_, cancel, restore := fakeInterrupt()
	cancel()
	t.Cleanup(restore)
}

// copyFile copies the file from to the path to, for a test that may write
// over it, and returns to.
func copyFile(t *testing.T, from, to string) string {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return to
}
