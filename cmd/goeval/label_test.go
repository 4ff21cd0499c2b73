package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"goeval/internal/gtptest"
	"goeval/internal/shared"
	"goeval/records"
)

func TestLabelUsage(t *testing.T) {
	tests := []exitCase{
		{"help", []string{"label", "-h"}, 0, ""},
		{"no path", []string{"label", "--peer", "x=y"}, 2, "no game records given"},
		{"no peer", []string{"label", tiny}, 2, "give one engine with --peer NAME=COMMAND"},
		{"bad workers", []string{"label", "--peer", "x=y", "--workers", "-1", tiny}, 2, "invalid --workers -1"},
		{"two peers", []string{"label", "--peer", "x=y", "--peer", "z=w", tiny}, 2, "give one engine"},
		{"bad games", []string{"label", "--peer", "x=y", "--games", "some", tiny}, 2, `invalid --games "some"`},
		{"engine does not start", []string{"label", "--peer", "x=goeval-no-such-engine", filepath.Join(tiny, "a.sgf")}, 1, "goeval-no-such-engine"},
	}
	checkExits(t, tests)
}

// TestLabelGnuGo labels compare's tiny games with GnuGo: the counted game's
// label must be its hand-checked one (two walls, nothing dead); by default
// only the counted game is labelled, and with --games uncounted only the
// resigned one.
func TestLabelGnuGo(t *testing.T) {
	if _, err := exec.LookPath("gnugo"); err != nil {
		if _, err := exec.LookPath("/usr/games/gnugo"); err != nil {
			t.Skip("gnugo is not installed (apt-get install gnugo): skipping the label test")
		}
	}
	a, b := filepath.Join(tiny, "a.sgf"), filepath.Join(tiny, "b.sgf")
	gnugo := "gnugo=gnugo --mode gtp --chinese-rules --level 1"
	code, out, stderr := goeval(t, "label", "--peer", gnugo, "--games", "all", a, b)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, err := records.ParseLabels("stdout", strings.NewReader(out))
	if err != nil || got.Len() != 2 {
		t.Fatalf("labels %v, %v:\n%s", got.Len(), err, out)
	}
	want, err := records.ReadLabels(filepath.Join(tiny, records.LabelsFile))
	if err != nil {
		t.Fatal(err)
	}
	la, wa := got.Lookup(a), want.Lookup(a)
	if !slices.Equal(la.Ownership, wa.Ownership) || la.Moves != 10 || len(la.Dead) != 0 || la.Judge != "gnugo" || la.EngineResult == nil {
		t.Errorf("a.sgf labelled %+v, want the ownership %v, 10 moves, none dead, judged by gnugo with a result", la, wa.Ownership)
	}
	if !strings.Contains(stderr, "2/2") {
		t.Errorf("no progress lines: %s", stderr)
	}
	_, out, _ = goeval(t, "label", "--peer", gnugo, a, b)
	if got, err = records.ParseLabels("stdout", strings.NewReader(out)); err != nil || got.Len() != 1 || got.Lookup(a) == nil {
		t.Errorf("by default: %v, %v:\n%s", got.Len(), err, out)
	}
	_, out, _ = goeval(t, "label", "--peer", gnugo, "--games", "uncounted", a, b)
	if got, err = records.ParseLabels("stdout", strings.NewReader(out)); err != nil || got.Len() != 1 || got.Lookup(b) == nil || got.Lookup(b).Moves != 6 {
		t.Errorf("--games uncounted: %v, %v:\n%s", got.Len(), err, out)
	}
}

// TestLabelRemakesDevLabels: the dev set's labels were made by GnuGo 3.8
// (final_status_list dead, Chinese rules, its default level) before goeval
// existed; goeval label with the same engine must give the same ownership.
func TestLabelRemakesDevLabels(t *testing.T) {
	if testing.Short() {
		t.Skip("runs GnuGo at its default level")
	}
	if _, err := exec.LookPath("gnugo"); err != nil {
		if _, err := exec.LookPath("/usr/games/gnugo"); err != nil {
			t.Skip("gnugo is not installed (apt-get install gnugo): skipping the label test")
		}
	}
	dir := shared.Data(t, "games", "dev")
	want, err := records.ReadLabels(filepath.Join(dir, records.LabelsFile))
	if err != nil {
		t.Fatal(err)
	}
	// Two counted games: 18 dead stones and 2.
	files := []string{filepath.Join(dir, "tygem_2005-11-07_76406007.sgf"), filepath.Join(dir, "tygem_2006-12-08_127023724.sgf")}
	code, out, stderr := goeval(t, append([]string{"label", "--peer", "gnugo=gnugo --mode gtp --chinese-rules"}, files...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, err := records.ParseLabels("stdout", strings.NewReader(out))
	if err != nil || got.Len() != 2 {
		t.Fatalf("labels %v, %v:\n%s", got.Len(), err, out)
	}
	for _, f := range files {
		g, w := got.Lookup(f), want.Lookup(f)
		if !slices.Equal(g.Ownership, w.Ownership) || g.Moves != w.Moves || len(g.Dead) != len(w.Dead) {
			t.Errorf("%s: %d moves, %d dead, area %v; the dev label: %d, %d, %v", filepath.Base(f), g.Moves, len(g.Dead), g.AreaScore, w.Moves, len(w.Dead), w.AreaScore)
		}
	}
}

// fakeEngine writes a GTP engine in sh that knows final_status_list (no
// stone is dead) and estimate_score (always B+1.5), and answers every other
// command with success; it returns the --peer value that runs it.
func fakeEngine(t *testing.T) string {
	t.Helper()
	return fakeEngineWith(t, "")
}

// fakeEngineWith is fakeEngine with cases of its own (lines of sh's case)
// before the others (gtptest.Engine).
func fakeEngineWith(t *testing.T, cases string) string {
	t.Helper()
	return "fake=sh " + gtptest.Engine(t, cases)
}

// hangingEngine is fakeEngine, but its second final_status_list (that is,
// the second game's) creates the file it returns and hangs for 10 s, in a
// child process (sleep), before it answers.
func hangingEngine(t *testing.T) (peer, hanging string) {
	t.Helper()
	hanging = filepath.Join(t.TempDir(), "hanging")
	peer = fakeEngineWith(t, `    final_status_list) n=$((n+1)); if [ $n -ge 2 ]; then : > '`+hanging+`'; sleep 10; fi; printf '= \n\n' ;;`)
	return peer, hanging
}

// interruptWhenHanging runs goeval with args and interrupts it once the
// file hanging exists: while hangingEngine is in the middle of a command.
func interruptWhenHanging(t *testing.T, hanging string, args ...string) (code int, stdout, stderr string, took time.Duration) {
	t.Helper()
	ctx, cancel, restore := fakeInterrupt()
	defer restore()
	go func() {
		for ctx.Err() == nil {
			if _, err := os.Stat(hanging); err == nil {
				cancel()
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	var out, errb bytes.Buffer
	start := time.Now()
	code = run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String(), time.Since(start)
}

// TestLabelInterruptedMidCommand interrupts goeval label while the engine
// is judging the second game: the engine is stopped at once, that game is
// neither labelled nor an error, and the first game's label is kept.
func TestLabelInterruptedMidCommand(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh for the fake engine")
	}
	peer, hanging := hangingEngine(t)
	games := []string{filepath.Join(tiny, "a.sgf"), filepath.Join(tiny, "b.sgf"), filepath.Join(tiny, "c.sgf")}
	code, stdout, stderr, took := interruptWhenHanging(t, hanging, append([]string{"label", "--peer", peer, "--games", "all", "--workers", "1"}, games...)...)
	got, err := records.ParseLabels("stdout", strings.NewReader(stdout))
	if code != 130 || err != nil || got.Len() != 1 || got.Lookup(games[0]) == nil ||
		!strings.Contains(stderr, "interrupted: 1 of 3 game records looked at; 1 label written to standard output") {
		t.Errorf("exit %d, stdout %q (%v), stderr:\n%s", code, stdout, err, stderr)
	}
	if strings.Contains(stderr, games[1]) || strings.Contains(stderr, "stopped") {
		t.Errorf("the game cut short is reported:\n%s", stderr)
	}
	if took > 8*time.Second {
		t.Errorf("the interrupt took %v: the engine was waited for", took)
	}
}

// cancelOn is standard error for a command under test: once what is
// written holds the mark, it cancels the command's context, as Ctrl-C
// would.
type cancelOn struct {
	mark   string
	cancel context.CancelFunc
	buf    strings.Builder
}

func (c *cancelOn) Write(p []byte) (int, error) {
	c.buf.Write(p)
	if strings.Contains(c.buf.String(), c.mark) {
		c.cancel()
	}
	return len(p), nil
}

// interruptAt runs goeval with args and interrupts it once standard error
// holds mark.
func interruptAt(t *testing.T, mark string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	_, cancel, restore := fakeInterrupt()
	defer restore()
	var out bytes.Buffer
	errw := &cancelOn{mark: mark, cancel: cancel}
	code = run(args, strings.NewReader(""), &out, errw)
	return code, out.String(), errw.buf.String()
}

// TestLabelInterrupted interrupts goeval label after its first game: an
// existing labels file is left as it was, the label made is kept in a new
// file beside it that the message names, and the exit status is 130.
func TestLabelInterrupted(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh for the fake engine")
	}
	peer := fakeEngine(t)
	dir := t.TempDir()
	labels := filepath.Join(dir, "labels.jsonl")
	const old = "{\"file\":\"one\"}\n{\"file\":\"two\"}\n{\"file\":\"three\"}\n"
	if err := os.WriteFile(labels, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	games := []string{filepath.Join(tiny, "a.sgf"), filepath.Join(tiny, "b.sgf"), filepath.Join(tiny, "c.sgf")}
	args := append([]string{"label", "--peer", peer, "--games", "all", "--workers", "1", "-o", labels}, games...)
	code, _, stderr := interruptAt(t, "1/3", args...)
	if code != 130 || !strings.Contains(stderr, "interrupted: 1 of 3 game records looked at; 1 label kept in "+labels+".partial-") ||
		!strings.Contains(stderr, labels+" is as it was") {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	if b, _ := os.ReadFile(labels); string(b) != old {
		t.Errorf("the labels file became %q", b)
	}
	partial, _ := filepath.Glob(labels + ".partial-*")
	if len(partial) != 1 {
		t.Fatalf("partial files %q", partial)
	}
	got, err := records.ReadLabels(partial[0])
	if err != nil || got.Len() != 1 || got.Lookup(games[0]) == nil {
		t.Errorf("the partial file: %v labels, %v", got.Len(), err)
	}
	// Without -o the label made goes to standard output.
	code, stdout, stderr := interruptAt(t, "1/3", append([]string{"label", "--peer", peer, "--games", "all", "--workers", "1"}, games...)...)
	if got, err := records.ParseLabels("stdout", strings.NewReader(stdout)); code != 130 || err != nil || got.Len() != 1 ||
		!strings.Contains(stderr, "1 label written to standard output") {
		t.Errorf("without -o: exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
	// Uninterrupted, the file is replaced whole.
	if code, _, stderr := goeval(t, args...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got, err := records.ReadLabels(labels); err != nil || got.Len() != 3 {
		t.Errorf("labels file after a full run: %v labels, %v", got.Len(), err)
	}
}

// TestLabelReports: label prints the SGF reader's warnings, refuses a
// record cut short, says how many games --games left out and why, counts
// every game not labelled, and names a failing file once.
func TestLabelReports(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh for the fake engine")
	}
	peer := fakeEngine(t)
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := filepath.Join(tiny, "a.sgf")
	cut := write("cut.sgf", "(;SZ[5]RE[B+3.5];B[cc];W[dd]")
	noRE := write("nore.sgf", "(;SZ[5];B[cc];W[dd])")
	empty := write("empty.sgf", "")
	code, out, stderr := goeval(t, "label", "--peer", peer, "--workers", "1", good, cut, noRE, empty)
	labels, err := records.ParseLabels("stdout", strings.NewReader(out))
	if code != 1 || err != nil || labels.Len() != 1 || labels.Lookup(good) == nil {
		t.Fatalf("exit %d, labels %v (%v), stderr:\n%s", code, labels.Len(), err, stderr)
	}
	for _, want := range []string{
		"goeval: " + cut + ":1:1: sgf: warning: the game tree opened here is not closed",
		"goeval: " + cut + ": compare: the record is cut short",
		"goeval: 1 game record skipped by --games counted: 1 " + records.SkipNoResult + "\n",
		"goeval: 3 of 4 game records not labelled (2 could not be, listed above; 1 skipped by --games)\n",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, empty+": "+empty) {
		t.Errorf("the file named twice:\n%s", stderr)
	}
	// Games left out alone are no failure, but are said.
	code, _, stderr = goeval(t, "label", "--peer", peer, "--games", "uncounted", good)
	if code != 0 || !strings.Contains(stderr, "1 game record skipped by --games uncounted: 1 counted\n") {
		t.Errorf("--games uncounted: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestLabelDuplicates: a file given twice is labelled once, with a note,
// so that the labels file is one compare reads; two files of one name in
// different folders, whose labels compare could not tell apart, are an
// error naming both before anything is labelled.
func TestLabelDuplicates(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh for the fake engine")
	}
	peer := fakeEngine(t)
	a := filepath.Join(tiny, "a.sgf")
	code, out, stderr := goeval(t, "label", "--peer", peer, "--games", "all", a, "./"+a)
	labels, err := records.ParseLabels("stdout", strings.NewReader(out))
	if code != 0 || err != nil || labels.Len() != 1 || !strings.Contains(stderr, "goeval: ./"+a+" is "+a+", given before: labelled once\n") {
		t.Errorf("a file given twice: exit %d, labels %v (%v), stderr:\n%s", code, labels.Len(), err, stderr)
	}

	dir := t.TempDir()
	other := filepath.Join(dir, "a.sgf")
	src, err := os.ReadFile(filepath.Join(tiny, "b.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other, src, 0o644); err != nil {
		t.Fatal(err)
	}
	o := filepath.Join(dir, "labels.jsonl")
	code, out, stderr = goeval(t, "label", "--peer", peer, "--games", "all", "-o", o, a, other)
	if code != 1 || out != "" || !strings.Contains(stderr, a+" and "+other+" have the same name") || strings.Contains(stderr, "1/2") {
		t.Errorf("two files of one name: exit %d, stdout %q, stderr:\n%s", code, out, stderr)
	}
	if _, err := os.Stat(o); !os.IsNotExist(err) {
		t.Errorf("the labels file was written: %v", err)
	}
}
