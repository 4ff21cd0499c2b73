package main

import (
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"goeval/compare"
	"goeval/internal/shared"
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
	got, err := compare.ParseLabels("stdout", strings.NewReader(out))
	if err != nil || got.Len() != 2 {
		t.Fatalf("labels %v, %v:\n%s", got.Len(), err, out)
	}
	want, err := compare.ReadLabels(filepath.Join(tiny, compare.LabelsFile))
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
	if got, err = compare.ParseLabels("stdout", strings.NewReader(out)); err != nil || got.Len() != 1 || got.Lookup(a) == nil {
		t.Errorf("by default: %v, %v:\n%s", got.Len(), err, out)
	}
	_, out, _ = goeval(t, "label", "--peer", gnugo, "--games", "uncounted", a, b)
	if got, err = compare.ParseLabels("stdout", strings.NewReader(out)); err != nil || got.Len() != 1 || got.Lookup(b) == nil || got.Lookup(b).Moves != 6 {
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
	want, err := compare.ReadLabels(filepath.Join(dir, compare.LabelsFile))
	if err != nil {
		t.Fatal(err)
	}
	// Two counted games: 18 dead stones and 2.
	files := []string{filepath.Join(dir, "tygem_2005-11-07_76406007.sgf"), filepath.Join(dir, "tygem_2006-12-08_127023724.sgf")}
	code, out, stderr := goeval(t, append([]string{"label", "--peer", "gnugo=gnugo --mode gtp --chinese-rules"}, files...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, err := compare.ParseLabels("stdout", strings.NewReader(out))
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
