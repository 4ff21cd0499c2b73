package judge_test

import (
	"path/filepath"
	"testing"

	"goeval/board"
	"goeval/compare"
	"goeval/control"
	"goeval/internal/shared"
	"goeval/judge"
	"goeval/sgf"
)

// At the last position of the counted dev games the count is the truth:
// the labelled final ownership sums to it in 160 of the 165 games with the
// shipped parameters (the misses are chains misjudged), and its sign after
// komi is the recorded winner's in 160. Of the 5 it misses, 1 is lost by
// misjudged chains (tygem_2011-05-21, whose label and record also
// disagree by 50 points) and 4 by the half point that territory counting,
// the games' Korean rules, takes from Black when he played the last stone:
// there the true area names the other colour too. The bounds leave room
// for refitted parameters; a count that mishandled territory, dame, seki
// or the dead stones would miss dozens.
func TestCountAtTheEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("judges the last position of 165 games")
	}
	dir := shared.Data(t, "games", "dev")
	labels, err := compare.ReadLabels(filepath.Join(dir, "final-ownership.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	j, err := judge.New(judge.Default())
	if err != nil {
		t.Fatal(err)
	}
	var r control.Result
	games, exact, winners := 0, 0, 0
	for _, f := range files {
		l := labels.Lookup(f)
		if l == nil {
			continue
		}
		g, err := sgf.Load(f, 1)
		if err != nil {
			t.Fatal(err)
		}
		res, err := compare.ParseResult(g.Info.Result)
		if err != nil || !res.Counted() {
			t.Fatalf("%s: labelled but not counted (%q)", f, g.Info.Result)
		}
		b := board.New(g.Info.Size)
		if _, err := g.Replay(func(_ int, at *board.Board) error { *b = *at; return nil }); err != nil {
			t.Fatal(err)
		}
		if err := j.Estimate(&r, b); err != nil {
			t.Fatal(err)
		}
		c, err := j.Count(b)
		if err != nil {
			t.Fatal(err)
		}
		area := 0
		for _, o := range l.Ownership {
			area += int(o)
		}
		games++
		if c.Area == float64(area) {
			exact++
		}
		if (c.Area-g.Info.Komi > 0) == (res.Winner == board.Black) {
			winners++
		}
	}
	t.Logf("%d games: count exact in %d, winner named in %d", games, exact, winners)
	if games != 165 || exact < 150 || winners < 155 {
		t.Errorf("%d games: the count is the labelled area in %d (want at least 150) and names the winner in %d (want at least 155)", games, exact, winners)
	}
}
