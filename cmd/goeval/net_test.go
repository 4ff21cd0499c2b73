package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"goeval/eval"
	"goeval/internal/shared"
)

// TestMain runs the tests without a developer's network; with
// GOEVAL_TEST_AS_GOEVAL=1 the test binary runs as goeval itself instead,
// for tests that send it signals (TestSIGTERM).
func TestMain(m *testing.M) {
	// A developer's own network must not change what the tests expect.
	os.Unsetenv(netEnv)
	if os.Getenv("GOEVAL_TEST_AS_GOEVAL") == "1" {
		main()
	}
	os.Exit(m.Run())
}

// testNet returns the shared 6-block network's path (skipping without the
// shared data) and forgets the network when the test ends, so that other
// tests see the registry without one.
func testNet(t *testing.T) string {
	t.Helper()
	path := shared.Data(t, "katago", "g170-b6c96-s175395328-d26788732.bin.gz")
	t.Cleanup(eval.UnloadNetwork)
	return path
}

// TestNetEval: goeval --net FILE judges by the network, and its JSON has
// the usual fields filled from it (control the ownership, result Black's
// lead, win_probability Black's) and the object "net".
func TestNetEval(t *testing.T) {
	path := testNet(t)
	code, out, stderr := goeval(t, "--net", path, "--format", "json", "--move", "100", example)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var j struct {
		Estimator      string    `json:"estimator"`
		Control        []float64 `json:"control"`
		Komi           float64   `json:"komi"`
		Score          float64   `json:"score"`
		Result         float64   `json:"result"`
		WinProbability *float64  `json:"win_probability"`
		Net            *struct {
			Model      string    `json:"model"`
			Symmetry   string    `json:"symmetry"`
			Policy     []float64 `json:"policy"`
			BlackWin   float64   `json:"black_win"`
			WhiteWin   float64   `json:"white_win"`
			NoResult   float64   `json:"no_result"`
			Lead       float64   `json:"lead"`
			ScoreMean  float64   `json:"score_mean"`
			ScoreStdev float64   `json:"score_stdev"`
		} `json:"net"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if j.Estimator != "net" || j.Net == nil || j.WinProbability == nil {
		t.Fatalf("estimator %q, net %v, win probability %v", j.Estimator, j.Net, j.WinProbability)
	}
	n := j.Net
	if len(n.Policy) != 19*19+1 || len(j.Control) != 19*19 {
		t.Fatalf("%d move probabilities, %d control values", len(n.Policy), len(j.Control))
	}
	sum := 0.0
	for _, p := range n.Policy {
		sum += p
	}
	if math.Abs(sum-1) > 1e-4 || n.Model != "g170-b6c96-s175395328-d26788732" || n.Symmetry != "0" {
		t.Errorf("policy sums to %v; model %q, symmetry %q", sum, n.Model, n.Symmetry)
	}
	if math.Abs(j.Result-n.Lead) > 1e-9 || math.Abs(j.Score-j.Komi-n.Lead) > 1e-9 {
		t.Errorf("result %v, score %v, komi %v: want Black's lead %v", j.Result, j.Score, j.Komi, n.Lead)
	}
	if want := n.BlackWin + n.NoResult/2; math.Abs(*j.WinProbability-want) > 1e-9 ||
		math.Abs(n.BlackWin+n.WhiteWin+n.NoResult-1) > 1e-6 {
		t.Errorf("win probability %v; black %v, white %v, no result %v", *j.WinProbability, n.BlackWin, n.WhiteWin, n.NoResult)
	}
	// The text says who is ahead and the dead stones the network sees.
	code, out, stderr = goeval(t, "--net", path, "--symmetry", "all", example)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"estimator net (symmetry -1, history 1)", "the network (g170-b6c96", "win probability: Black", "dead stones"} {
		if !strings.Contains(out, want) {
			t.Errorf("the text lacks %q:\n%s", want, out)
		}
	}
}

// TestNetErrors: a missing or unreadable network is bad input (exit 1),
// named with where it was given; bad flags are bad usage (exit 2).
func TestNetErrors(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.bin.gz")
	if err := os.WriteFile(junk, []byte("not a network"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "none.bin.gz")
	for _, c := range []struct {
		name string
		env  string
		args []string
		code int
		want string
	}{
		{"missing", "", []string{"--net", missing, example}, 1, "--net: open " + missing},
		{"junk", "", []string{"--net", junk, example}, 1, junk},
		{"env", missing, []string{example}, 1, "GOEVAL_NET=" + missing},
		{"symmetry", "", []string{"--net", missing, "--symmetry", "8", example}, 2, "invalid --symmetry \"8\""},
		{"symmetry without net", "", []string{"--symmetry", "all", example}, 2, "--symmetry applies to the network"},
		{"net estimator without net", "", []string{"--estimator", "net", example}, 2, "goeval: estimator net: eval: no network loaded"},
		{"empty", "", []string{"--net", "", example}, 2, "--net is empty"},
		{"compare", "", []string{"compare", "--estimators", "net", example}, 2, "goeval: estimator net: eval: no network loaded"},
		{"predict", "", []string{"predict", "--rankers", "net", example}, 2, "goeval: estimator net: eval: no network loaded"},
		{"values", "", []string{"values", "--estimator", "net", example}, 2, "goeval: estimator net: eval: no network loaded"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.env != "" {
				t.Setenv(netEnv, c.env)
			}
			code, _, stderr := goeval(t, c.args...)
			if code != c.code || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr, c.code, c.want)
			}
		})
	}
}

// TestNetCommands: rank, predict, compare and gtp with a network.
func TestNetCommands(t *testing.T) {
	path := testNet(t)
	t.Setenv(netEnv, path)
	// rank orders by the network's move probabilities by default.
	code, out, stderr := goeval(t, "rank", "--format", "json", "--top", "0", "--move", "20", example9)
	if code != 0 {
		t.Fatalf("rank: exit %d: %s", code, stderr)
	}
	var rk struct {
		By    string `json:"by"`
		Moves []struct {
			Prob *float64 `json:"probability"`
		} `json:"moves"`
	}
	if err := json.Unmarshal([]byte(out), &rk); err != nil {
		t.Fatal(err)
	}
	if rk.By != "net" || len(rk.Moves) < 50 || rk.Moves[0].Prob == nil || rk.Moves[1].Prob == nil || *rk.Moves[0].Prob < *rk.Moves[1].Prob {
		t.Errorf("rank: by %q, %d moves", rk.By, len(rk.Moves))
	}
	// predict --rankers net: the network's moves against the record's.
	code, out, stderr = goeval(t, "predict", "--rankers", "net", "--every", "10", "--format", "csv", example9)
	if code != 0 {
		t.Fatalf("predict: exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "net,") {
		t.Errorf("predict: no row of net:\n%s", out)
	}
	// compare --estimators net: measured like the others.
	code, out, stderr = goeval(t, "compare", "--estimators", "net,judge", "--labels", "none", "--moves", "20,end-5", "--format", "csv", example9)
	if code != 0 {
		t.Fatalf("compare: exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "net") {
		t.Errorf("compare: no row of net:\n%s", out)
	}
}
