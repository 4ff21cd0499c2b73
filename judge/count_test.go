package judge_test

import (
	"io/fs"
	"math"
	"path/filepath"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/internal/shared"
	"goeval/judge"
	"goeval/records"
	"goeval/sgf"
)

// At the last position of the counted dev games the count is the truth:
// the labelled final ownership sums to it in 153 of the 165 games with the
// shipped parameters, fitted on the training games (the misses are chains
// misjudged), and its sign after komi is the recorded winner's in 155.
// Fitted on these very games' final ownership, the judge of before issue
// 26 had 160 and 160: of the 5 it missed, 4 were the half point that
// territory counting, the games' Korean rules, takes from Black when he
// played the last stone (there the true area names the other colour too)
// and 1 misjudged chains (tygem_2011-05-21, whose label and record also
// disagree by 50 points). The bounds leave room for refitted parameters; a
// count that mishandled territory, dame, seki or the dead stones would
// miss dozens.
func TestCountAtTheEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("judges the last position of 165 games")
	}
	dir := shared.Data(t, "games", "dev")
	labels, err := records.ReadLabels(filepath.Join(dir, "final-ownership.jsonl"))
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
		res, err := records.ParseResult(g.Info.Result)
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
	if games != 165 || exact < 145 || winners < 150 {
		t.Errorf("%d games: the count is the labelled area in %d (want at least 145) and names the winner in %d (want at least 150)", games, exact, winners)
	}
}

// TestScoreOfSettledCorpusGames: the counted games of the SGF corpus are
// mostly amateur and computer games, far less close than the professional
// games the score model is fitted on (a median margin of 16.5 points on
// 9x9, 29.5 on 19x19). At the last position of those the judge finds
// settled (no point open), the score must follow the board to the
// recorded result, not the model's prior. On the 516 such games, before
// the bounds of ScoreParams its mean error against the recorded margin
// was 28.6 points and it named 0.915 of the winners; with them 6.9 and
// 0.952.
func TestScoreOfSettledCorpusGames(t *testing.T) {
	if testing.Short() {
		t.Skip("judges the last position of about 500 games")
	}
	root := shared.Data(t, "sgf-corpus")
	j, err := judge.New(judge.Default())
	if err != nil {
		t.Fatal(err)
	}
	var r control.Result
	games, errSum, winners := 0, 0.0, 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".sgf" {
			return err
		}
		g, err := sgf.Load(path, 1)
		if err != nil {
			return nil
		}
		res, err := records.ParseResult(g.Info.Result)
		if err != nil || res.Kind != records.Score {
			return nil
		}
		b, _, err := g.Position(-1)
		if err != nil {
			return nil
		}
		if err := j.Estimate(&r, b); err != nil {
			t.Fatal(err)
		}
		if c, err := j.Count(b); err != nil || c.Open > 0 {
			return err
		}
		games++
		errSum += math.Abs(r.Score - g.Info.Komi - res.Margin)
		if (r.Score-g.Info.Komi > 0) == (res.Winner == board.Black) {
			winners++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	mae := errSum / float64(games)
	t.Logf("%d settled games: score MAE %.2f against the recorded margin, winner named in %d", games, mae, winners)
	if games < 400 || mae > 10 || float64(winners) < 0.85*float64(games) {
		t.Errorf("%d settled games (want at least 400): score MAE %.2f (want at most 10), winner named in %d (want at least 85%%)", games, mae, winners)
	}
}
