package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

const tiny = "../../records/testdata/tiny"

func TestCompareUsage(t *testing.T) {
	tests := []exitCase{
		{"help", []string{"compare", "-h"}, 0, ""},
		{"no path", []string{"compare"}, 2, "no SGF file or folder given"},
		{"bad moves", []string{"compare", "--moves", "50,x", tiny}, 2, `invalid --moves "50,x"`},
		{"bad estimator", []string{"compare", "--estimators", "stones,nope", tiny}, 2, `invalid --estimators: "nope" (want some of stones`},
		{"estimator twice", []string{"compare", "--estimators", "stones,stones", tiny}, 2, "stones given twice"},
		{"bad format", []string{"compare", "--format", "xml", tiny}, 2, `invalid --format "xml" (want text, csv, json, html)`},
		{"bad peer", []string{"compare", "--peer", "gnugo", tiny}, 2, "want NAME=COMMAND"},
		{"peer name taken", []string{"compare", "--peer", "tie=gnugo --mode gtp", tiny}, 2, "invalid --peer tie: the name is taken"},
		{"bad judge", []string{"compare", "--judge", "nope", tiny}, 2, `invalid --judge "nope"`},
		{"bad workers", []string{"compare", "--workers", "-1", tiny}, 2, "invalid --workers -1"},
		{"missing path", []string{"compare", "/no/such/dir"}, 1, "/no/such/dir: stat /no/such/dir: no such file or directory\ngoeval: no game records to compare"},
		{"missing labels", []string{"compare", "--labels", "/no/such.jsonl", tiny}, 1, "no such file"},
		{"peer does not start", []string{"compare", "--peer", "x=goeval-no-such-engine", tiny}, 1, "peer x: peer: exec: \"goeval-no-such-engine\""},
	}
	checkExits(t, tests)
}

func TestCompareHelpOnce(t *testing.T) {
	for _, args := range [][]string{{"compare", "-h"}, {"-h"}} {
		code, out, _ := goeval(t, args...)
		if code != 0 || strings.Count(out, "Flags:") != 1 {
			t.Errorf("goeval %v: exit %d, %d times \"Flags:\"", args, code, strings.Count(out, "Flags:"))
		}
	}
}

// TestCompareTiny runs the command on the hand-checked set of package
// compare (its tests check the figures): a broken file is reported, the
// rest measured, and the exit status says that something was not used.
func TestCompareTiny(t *testing.T) {
	code, out, stderr := goeval(t, "compare", "--estimators", "stones", "--moves", "4,end-2", tiny)
	if code != 1 {
		t.Errorf("exit %d, want 1 for the broken file", code)
	}
	for _, want := range []string{
		"goeval: using the labels in " + tiny + "/final-ownership.jsonl",
		"goeval: " + tiny + "/broken.sgf:2:15: sgf: unterminated value",
		"goeval: 1 error (listed above)",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	for _, want := range []string{
		"at move 4: 3 games",
		"stones              0.160          0.840       5.00            0.667",
		"at 2 moves before the end: 3 games",
		"4 files, 3 games read, 3 used; 1 file could not be read.",
		"Final ownership for 2 counted games: 1 from labels, 1 from TB/TW markup, 0 from goeval's own judgement; area minus komi within 1 point of RE in 2 of 2.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(stderr, "\r") {
		t.Error("a progress bar on a stderr that is not a terminal")
	}

	// Without labels, a.sgf is judged (nothing is dead in it: the same truth).
	_, out, stderr = goeval(t, "compare", "--estimators", "stones", "--moves", "4,end-2", "--labels", "none", "--judge", "stones", tiny)
	if strings.Contains(stderr, "using the labels") || !strings.Contains(out, "0 from labels, 1 from TB/TW markup, 1 from goeval's own judgement") ||
		!strings.Contains(out, "stones              0.160          0.840       5.00") {
		t.Errorf("--labels none:\n%s\n%s", out, stderr)
	}
	if !strings.Contains(stderr, "1 counted games had no labels or markup: their final ownership was judged by Benson's algorithm and stones") {
		t.Errorf("the judgement is not announced:\n%s", stderr)
	}
}

// TestCompareReference runs the command with --reference on the tiny set
// (package compare checks the figures): the table against the reference
// and the missing position on stderr.
func TestCompareReference(t *testing.T) {
	ref := filepath.Join(filepath.Dir(tiny), "tiny-reference.jsonl")
	code, out, stderr := goeval(t, "compare", "--estimators", "stones", "--moves", "4,end-2", "--reference", ref, tiny)
	if code != 1 {
		t.Errorf("exit %d, want 1 for the broken file", code)
	}
	for _, want := range []string{"against the reference (" + ref + "): 3 positions", "stones         2.67 ± 0.67", "reference   "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if want := "goeval: " + tiny + "/c.sgf: no reference evaluation of move 9 in " + ref; !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
	code, _, stderr = goeval(t, "compare", "--estimators", "stones", "--reference", filepath.Join(tiny, "a.sgf"), tiny)
	if code != 1 || !strings.Contains(stderr, "a.sgf:1:1: compare: malformed reference: '(', not an object") {
		t.Errorf("a record as the reference: exit %d, stderr:\n%s", code, stderr)
	}
}

var micros = regexp.MustCompile(`"micros_per_position":[^,}]*`)

func TestCompareJSONAndCSV(t *testing.T) {
	var outs []string
	for _, w := range []string{"1", "2"} {
		_, out, _ := goeval(t, "compare", "--estimators", "stones", "--moves", "4,end-2,12", "--workers", w, "--format", "json", tiny)
		outs = append(outs, micros.ReplaceAllString(out, `"micros_per_position":0`))
	}
	if outs[0] != outs[1] {
		t.Errorf("1 and 2 workers give different JSON:\n%s\n%s", outs[0], outs[1])
	}
	var j struct {
		Rows   []map[string]any `json:"rows"`
		Errors []struct {
			File, Error string
		} `json:"errors"`
		GamesRead *int `json:"games_read"`
		GamesUsed *int `json:"games_used"`
	}
	if err := json.Unmarshal([]byte(outs[0]), &j); err != nil {
		t.Fatal(err)
	}
	if len(j.Rows) != 6 || j.GamesRead == nil || *j.GamesRead != 3 || j.GamesUsed == nil || *j.GamesUsed != 3 {
		t.Errorf("rows %d, games read %v, used %v", len(j.Rows), j.GamesRead, j.GamesUsed)
	}
	if len(j.Errors) != 1 || !strings.HasSuffix(j.Errors[0].File, "broken.sgf") || j.Errors[0].Error == "" {
		t.Errorf("errors %+v", j.Errors)
	}
	for _, k := range []string{"estimator", "band", "games", "positions", "sign_agreement", "ownership_mse", "score_mae", "winner_accuracy", "micros_per_position"} {
		if _, ok := j.Rows[0][k]; !ok {
			t.Errorf("a row lacks %q", k)
		}
	}
	if r := j.Rows[4]; r["band"] != "12" || r["sign_agreement"] != nil || r["games"].(float64) != 0 {
		t.Errorf("band 12 (no games long enough): %v", r)
	}

	_, out, _ := goeval(t, "compare", "--estimators", "stones", "--moves", "4", "--format", "csv", tiny)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "estimator,band,games,positions,sign_agreement,ownership_mse,score_mae,winner_accuracy,micros_per_position") ||
		!strings.HasPrefix(lines[1], "tie,4,3,3,0,1,5.5,0,,") || !strings.HasPrefix(lines[2], "stones,4,3,3,0.16,0.84,5,0.6666666666666666,") {
		t.Errorf("CSV:\n%s", out)
	}
}

func TestComparePeerGnuGo(t *testing.T) {
	if _, err := exec.LookPath("gnugo"); err != nil {
		if _, err := exec.LookPath("/usr/games/gnugo"); err != nil {
			t.Skip("gnugo is not installed (apt-get install gnugo): skipping the peer test")
		}
	}
	_, out, stderr := goeval(t, "compare", "--estimators", "stones", "--moves", "4,end-2", "--format", "csv",
		"--peer", "gnugo=gnugo --mode gtp --chinese-rules --level 1", tiny)
	n := 0
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "gnugo,") {
			n++
			f := strings.Split(line, ",")
			if f[3] != "3" || f[4] == "" || f[6] == "" || f[8] == "" {
				t.Errorf("gnugo row without positions or figures: %s", line)
			}
		}
	}
	if n != 2 {
		t.Errorf("%d gnugo rows, want 2:\n%s\n%s", n, out, stderr)
	}
}

// TestCompareHTML writes the page to a file with -o and checks that it is
// a whole page with the six charts and the tables; package report tests
// the page itself.
func TestCompareHTML(t *testing.T) {
	out := filepath.Join(t.TempDir(), "report.html")
	code, stdout, stderr := goeval(t, "compare", "--estimators", "stones,propagate", "--moves", "4,end-2", "--format", "html", "-o", out, tiny)
	if code != 1 || stdout != "" { // tiny holds a broken file on purpose
		t.Fatalf("exit %d, stdout %q, stderr %s", code, stdout, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	if !strings.HasPrefix(page, "<!DOCTYPE html>") || strings.Count(page, "<svg") != 6 ||
		!strings.Contains(page, "<h3>At move 4</h3>") || !strings.Contains(page, "<tr><td>propagate</td>") ||
		!strings.Contains(page, "<code>goeval compare --estimators stones,propagate --moves 4,end-2 --format html -o ") {
		t.Errorf("page:\n%.2000s", page)
	}
}

// TestCompareInterrupted: Ctrl-C during compare writes the table of the
// work finished, marked as interrupted, and exits 130 (here the interrupt
// comes before the first file: the table is empty but written).
func TestCompareInterrupted(t *testing.T) {
	interruptedFromTheStart(t)
	code, out, stderr := goeval(t, "compare", "--estimators", "stones", "--moves", "4", tiny)
	if code != 130 || !strings.HasPrefix(out, "Interrupted: 0 of 4 files read: the tables cover only the work finished\n") ||
		!strings.Contains(out, "at move 4: 0 games") ||
		!strings.HasSuffix(stderr, "\ngoeval: interrupted: 0 of 4 files read; the output, which covers only the work finished, written to standard output\n") {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", code, out, stderr)
	}
}

// TestInterruptedKeepsOutputFile: Ctrl-C during compare or predict with -o
// naming an existing file leaves the file as it was and writes the partial
// output to FILE.partial-NUMBER, which the message names; exit 130.
func TestInterruptedKeepsOutputFile(t *testing.T) {
	interruptedFromTheStart(t)
	for _, tt := range []struct {
		name string
		args []string
		mark string // in the partial output
	}{
		{"compare", []string{"compare", "--estimators", "stones", "--moves", "4", tiny}, "Interrupted: 0 of 4 files read"},
		{"predict", []string{"predict", "--every", "20", example}, "interrupted: the figures are those of the games finished"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out.txt")
			const old = "the table of a finished run\n"
			if err := os.WriteFile(out, []byte(old), 0o644); err != nil {
				t.Fatal(err)
			}
			code, stdout, stderr := goeval(t, append(tt.args, "-o", out)...)
			partial, _ := filepath.Glob(out + ".partial-*")
			if code != 130 || stdout != "" || len(partial) != 1 ||
				!strings.Contains(stderr, "kept in "+partial[0]+"; "+out+" is as it was\n") {
				t.Fatalf("exit %d, partial files %q, stdout %q, stderr:\n%s", code, partial, stdout, stderr)
			}
			if b, _ := os.ReadFile(out); string(b) != old {
				t.Errorf("the -o file became %q", b)
			}
			if b, _ := os.ReadFile(partial[0]); !strings.Contains(string(b), tt.mark) {
				t.Errorf("the partial output lacks %q:\n%s", tt.mark, b)
			}
		})
	}
}

// TestCompareNoTimings: with --no-timings two runs give the same bytes;
// without it the times are there.
func TestCompareNoTimings(t *testing.T) {
	args := []string{"compare", "--estimators", "stones,lambda-kappa", "--moves", "4,end-2", "--format", "json", tiny}
	_, withTimes, _ := goeval(t, args...)
	if !regexp.MustCompile(`"micros_per_position":[0-9]`).MatchString(withTimes) {
		t.Fatalf("no timings by default: %s", withTimes)
	}
	args = append(args, "--no-timings")
	_, a, _ := goeval(t, args...)
	_, b, _ := goeval(t, args...)
	if a != b || strings.Contains(a, `"micros_per_position":`) && regexp.MustCompile(`"micros_per_position":[0-9]`).MatchString(a) {
		t.Errorf("--no-timings: two runs differ or keep their times:\n%s\n%s", a, b)
	}
	for _, format := range []string{"text", "csv"} {
		_, x, _ := goeval(t, "compare", "--estimators", "stones", "--moves", "4", "--format", format, "--no-timings", tiny)
		_, y, _ := goeval(t, "compare", "--estimators", "stones", "--moves", "4", "--format", format, "--no-timings", tiny)
		if x != y {
			t.Errorf("--format %s --no-timings: two runs differ:\n%s\n%s", format, x, y)
		}
	}
}

// TestCompareNothingRead: when no game of any input can be read, compare
// writes nothing (an existing -o file is kept) and exits 1.
func TestCompareNothingRead(t *testing.T) {
	dir := t.TempDir()
	empty, out := filepath.Join(dir, "empty.sgf"), filepath.Join(dir, "keep.txt")
	const old = "the table of an earlier run\n"
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := goeval(t, "compare", "--estimators", "stones", "-o", out, empty)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "no game could be read from 1 file") || !strings.Contains(stderr, "empty.sgf") {
		t.Errorf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != old {
		t.Errorf("the -o file became %q", b)
	}
	code, stdout, _ = goeval(t, "compare", "--estimators", "stones", empty)
	if code != 1 || stdout != "" {
		t.Errorf("without -o: exit %d, stdout %q", code, stdout)
	}
}

// TestCompareDuplicates: a file given twice, or again inside a folder given
// too, is compared once, with a note.
func TestCompareDuplicates(t *testing.T) {
	a := filepath.Join(tiny, "a.sgf")
	args := []string{"compare", "--estimators", "stones", "--moves", "4", "--format", "json", "--no-timings"}
	_, once, _ := goeval(t, append(args, a)...)
	code, twice, stderr := goeval(t, append(args, a, a, "./"+a)...)
	if code != 0 || twice != once || !strings.Contains(stderr, "goeval: "+a+" given more than once: compared once\n") ||
		!strings.Contains(stderr, "goeval: ./"+a+" is "+a+", given before: compared once\n") {
		t.Errorf("exit %d, stderr:\n%s\nonce:\n%s\ntwice:\n%s", code, stderr, once, twice)
	}
	_, _, stderr = goeval(t, append(args, tiny, "./"+a)...)
	if !strings.Contains(stderr, "goeval: ./"+a+" is "+a+", given before: compared once\n") {
		t.Errorf("a folder and a file in it: stderr:\n%s", stderr)
	}
}

// TestComparePeerInterruptedMidCommand interrupts goeval compare while a
// peer is evaluating the second game: the engine is stopped at once, and
// the position it was on is neither measured nor an error.
func TestComparePeerInterruptedMidCommand(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh for the fake engine")
	}
	peer, hanging := hangingEngine(t)
	games := []string{filepath.Join(tiny, "a.sgf"), filepath.Join(tiny, "b.sgf"), filepath.Join(tiny, "c.sgf")}
	code, stdout, stderr, took := interruptWhenHanging(t, hanging, append([]string{"compare", "--peer", peer, "--estimators", "stones", "--moves", "4", "--workers", "1"}, games...)...)
	if code != 130 || !strings.Contains(stderr, "interrupted while the peers ran: they measured 1 of 3 games") || !strings.Contains(stdout, "Interrupted") {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if strings.Contains(stderr, "stopped") || strings.Contains(stderr, "error") {
		t.Errorf("the position cut short is reported as an error:\n%s", stderr)
	}
	if took > 8*time.Second {
		t.Errorf("the interrupt took %v: the engine was waited for", took)
	}
}

// TestCompareGameMessagesNameFileOnce: the errors and warnings about game
// 2 onward of a collection name the file once, location first, then the
// game, as those about a file of one game do.
func TestCompareGameMessagesNameFileOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "multi.sgf")
	data := "(;GM[1]FF[4]SZ[9]RE[B+R]KM[x];B[cc];W[dd])\n(;GM[1]FF[4]SZ[9]RE[B+R]KM[y];B[cc];W[dd];B[cc])\n"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, stderr := goeval(t, "compare", "--estimators", "lambda-kappa", path)
	for _, want := range []string{
		"goeval: " + path + ":1:25: game 1: sgf: warning: KM[x] is not a number: komi taken as 0\n",
		"goeval: " + path + ":2:25: game 2: sgf: warning: KM[y] is not a number: komi taken as 0\n",
		"goeval: " + path + ":2:43: game 2: sgf: illegal move 3",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if n := strings.Count(stderr, path); n != 3 {
		t.Errorf("the file is named %d times in 3 lines:\n%s", n, stderr)
	}
}

// TestComparePeerInterruptedAtStart interrupts goeval compare while it
// starts its peer, before any position is measured: the interrupt is
// reported as one (exit 130), not as the peer's failure.
func TestComparePeerInterruptedAtStart(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh for the fake engine")
	}
	hanging := filepath.Join(t.TempDir(), "hanging")
	peer := fakeEngineWith(t, `    protocol_version) : > '`+hanging+`'; sleep 10; printf '= 2\n\n' ;;`)
	code, stdout, stderr, took := interruptWhenHanging(t, hanging, "compare", "--peer", peer, "--estimators", "stones", "--workers", "1", filepath.Join(tiny, "a.sgf"))
	if code != 130 || !strings.Contains(stderr, "interrupted before the comparison began") || stdout != "" {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if took > 8*time.Second {
		t.Errorf("the interrupt took %v: the engine was waited for", took)
	}
}
