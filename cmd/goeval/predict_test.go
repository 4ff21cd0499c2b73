package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"goeval/internal/shared"
	"goeval/movemodel"
)

func TestPredict(t *testing.T) {
	code, out, stderr := goeval(t, "predict", "--rankers", "model,eval:stones", "--every", "10", "--format", "json", example)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var j struct {
		Positions int
		Rows      []struct {
			Name, Phase string
			Positions   int
			Top1, Top10 float64
			LogLik      *float64 `json:"log_likelihood"`
		}
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(j.Rows) != 8 || j.Rows[0].Name != "model" || j.Rows[4].Name != "eval:stones" || j.Positions < 10 {
		t.Fatalf("rows %+v", j.Rows)
	}
	if j.Rows[0].LogLik == nil || j.Rows[4].LogLik != nil {
		t.Errorf("log-likelihood: model %v, stones %v (want one for the model only)", j.Rows[0].LogLik, j.Rows[4].LogLik)
	}
	if !(j.Rows[0].Top10 > j.Rows[4].Top10) {
		t.Errorf("the model's top-10 %v is no better than the stones' %v", j.Rows[0].Top10, j.Rows[4].Top10)
	}
	code, text, _ := goeval(t, "predict", "--rankers", "model", "--every", "20", example)
	if code != 0 || !strings.Contains(text, "top-1") || !strings.Contains(text, "moves 51-150") {
		t.Errorf("text output (exit %d):\n%s", code, text)
	}
}

func TestPredictErrors(t *testing.T) {
	for _, args := range [][]string{
		{"--rankers", "magic"}, {"--rankers", "eval:nothing"}, {"--rankers", "model,model"}, {"--every", "0"},
		{"--format", "html"}, {"--rankers", ""},
	} {
		code, _, stderr := goeval(t, append(append([]string{"predict"}, args...), example)...)
		if code != 2 || !strings.Contains(stderr, "invalid") && !strings.Contains(stderr, "no rankers") {
			t.Errorf("%v: exit %d, %s", args, code, stderr)
		}
	}
	// An unreadable file is listed; the others are measured; exit 1.
	bad := filepath.Join(t.TempDir(), "bad.sgf")
	os.WriteFile(bad, []byte("(;SZ[9];B[zz])"), 0o644)
	code, out, stderr := goeval(t, "predict", "--every", "25", bad, example)
	if code != 1 || !strings.Contains(stderr, "bad.sgf") || !strings.Contains(out, "could not be used") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, stderr)
	}
}

// TestTuneMoves fits a model on a few training games and ranks with it.
func TestTuneMoves(t *testing.T) {
	if testing.Short() {
		t.Skip("fits on training games")
	}
	train := shared.Data(t, "games", "train", "train-2006.sgf")
	params := filepath.Join(t.TempDir(), "m.params")
	code, out, stderr := goeval(t, "tune", "moves", "--games", "10", "--every", "5", "--sweeps", "2", "--validate-every", "10",
		"--owner", "", "--without", "pattern", "--write", params, train)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "Model written to") || !strings.Contains(stderr, "sweep 2:") {
		t.Errorf("stdout %s\nstderr %s", out, stderr)
	}
	m, err := movemodel.ReadFile(params)
	if err != nil {
		t.Fatal(err)
	}
	if m.Uses(movemodel.GroupPattern) || m.Uses(movemodel.GroupOwner) || !m.Uses(movemodel.GroupShape) {
		t.Errorf("pattern %v, owner %v, shape %v", m.Uses(movemodel.GroupPattern), m.Uses(movemodel.GroupOwner), m.Uses(movemodel.GroupShape))
	}
	if code, _, stderr := goeval(t, "rank", "--model", params, example); code != 0 {
		t.Errorf("rank with the fitted model: exit %d: %s", code, stderr)
	}
	for _, args := range [][]string{{"--every", "0"}, {"--without", "colour"}, {"--owner", "oracle"}, {"--prior", "0"}} {
		if code, _, stderr := goeval(t, append(append([]string{"tune", "moves"}, args...), train)...); code != 2 {
			t.Errorf("%v: exit %d, %s", args, code, stderr)
		}
	}
}

// TestPredictWarnings: the SGF reader's warnings about a record (here, a
// file that ends inside its game tree) are printed, as compare prints them,
// and the record is still used.
func TestPredictWarnings(t *testing.T) {
	cut := filepath.Join(t.TempDir(), "cut.sgf")
	if err := os.WriteFile(cut, []byte("(;SZ[9];B[ee];W[cc];B[gg];W[gc]"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := goeval(t, "predict", "--rankers", "eval:stones", "--every", "1", cut)
	if code != 0 || !strings.Contains(stderr, "goeval: "+cut+":1:1: sgf: warning: the game tree opened here is not closed: the file ends first\n") ||
		!strings.Contains(out, "4 positions of 1 game") {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", code, out, stderr)
	}
	_, out, _ = goeval(t, "predict", "--rankers", "eval:stones", "--format", "json", cut)
	if !strings.Contains(out, `"warnings":[{"file":"`+cut+`"`) {
		t.Errorf("JSON without the warning: %s", out)
	}
}

// A timeout of no time is refused, as the other commands refuse theirs,
// instead of meaning the default; label's says the same.
func TestPeerTimeoutPositive(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"predict", "--peer", "x=/nonexistent/x", "--peer-timeout", "0", example}, "goeval: invalid --peer-timeout 0s (want a positive duration)"},
		{[]string{"predict", "--peer", "x=/nonexistent/x", "--peer-timeout", "-2s", example}, "goeval: invalid --peer-timeout -2s (want a positive duration)"},
		{[]string{"label", "--peer", "x=/nonexistent/x", "--timeout", "0", example}, "goeval: invalid --timeout 0s (want a positive duration)"},
	} {
		code, _, stderr := goeval(t, tc.args...)
		if code != 2 || !strings.HasPrefix(stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2, %q", tc.args, code, stderr, tc.want)
		}
	}
}

// A file given twice is read once, with a note, not counted twice.
func TestPredictDuplicates(t *testing.T) {
	positions := func(args ...string) (int, string) {
		t.Helper()
		code, out, stderr := goeval(t, append([]string{"predict", "--rankers", "eval:stones", "--every", "40", "--format", "json"}, args...)...)
		var j struct{ Positions int }
		if err := json.Unmarshal([]byte(out), &j); code != 0 || err != nil {
			t.Fatalf("exit %d, %v: %s", code, err, stderr)
		}
		return j.Positions, stderr
	}
	once, _ := positions(example)
	twice, stderr := positions(example, example)
	if twice != once || !strings.Contains(stderr, "goeval: "+example+" given more than once: read once\n") {
		t.Errorf("given twice: %d positions (once: %d), stderr:\n%s", twice, once, stderr)
	}
}
