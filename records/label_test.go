package records

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"goeval/board"
)

// fakeJudge is a DeadJudge that calls every white stone dead (or fails),
// and remembers what it was given.
type fakeJudge struct {
	score  float64
	fail   error
	calls  int
	moves  []board.Move
	size   int
	komi   float64
	placed bool
}

func (f *fakeJudge) SetPosition(game, size int, komi float64, moves []board.Move, b *board.Board) error {
	f.calls++
	f.size, f.komi, f.moves, f.placed = size, komi, moves, moves == nil
	return nil
}

func (f *fakeJudge) Dead(b *board.Board) ([]board.Point, error) {
	if f.fail != nil {
		return nil, f.fail
	}
	var dead []board.Point
	for p, c := range b.Cells() {
		if c == board.White {
			dead = append(dead, board.Point(p))
		}
	}
	return dead, nil
}

func (f *fakeJudge) Score() (float64, error) { return f.score, nil }

func TestLabelGame(t *testing.T) {
	want, err := ReadLabels("testdata/tiny/final-ownership.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	const a, b = "testdata/tiny/a.sgf", "testdata/tiny/b.sgf"

	// b.sgf was resigned: left out of a labelling of counted games, and
	// the judge is not asked.
	f := &fakeJudge{score: 3}
	if r, err := LabelGame(b, 0, CountedGames, f, "fake"); r.Label != nil || r.Skip != SkipNotCounted || err != nil || f.calls != 0 {
		t.Errorf("resigned game among counted games: %+v, %v, %d calls", r, err, f.calls)
	}
	if r, err := LabelGame(a, 0, UncountedGames, f, "fake"); r.Label != nil || r.Skip != SkipCounted || err != nil || f.calls != 0 {
		t.Errorf("counted game among uncounted games: %+v, %v, %d calls", r, err, f.calls)
	}

	// b.sgf's final position (6 moves) with White's three stones dead:
	//   . . . . .
	//   . . X . O
	//   . . X O .
	//   . X . O .
	//   . . . . .
	// Every point is then Black's: 25.
	r, err := LabelGame(b, 1, AllGames, f, "fake")
	if err != nil || r.Skip != "" {
		t.Fatal(err, r.Skip)
	}
	l := r.Label
	if l.File != "b.sgf" || l.Moves != 6 || l.AreaScore != 25 || len(l.Dead) != 3 || l.Judge != "fake" || *l.EngineResult != 2.5 || l.Result != "B+R" {
		t.Errorf("b.sgf labelled %+v (engine result %v); want 6 moves, area 25, 3 dead, judged by fake, B+2.5", l, *l.EngineResult)
	}
	if f.size != 5 || f.komi != 0.5 || len(f.moves) != 6 || f.placed {
		t.Errorf("the judge was given size %d komi %v %d moves (placed %v); want 5, 0.5, 6 moves", f.size, f.komi, len(f.moves), f.placed)
	}

	// a.sgf's hand-checked label has nothing dead (two walls): a judge
	// that kills nothing must give exactly it.
	r, err = LabelGame(a, 2, CountedGames, &noneDead{}, "none")
	if err != nil {
		t.Fatal(err)
	}
	l = r.Label
	if w := want.Lookup(a); !slices.Equal(l.Ownership, w.Ownership) || l.AreaScore != w.AreaScore || l.Moves != 10 {
		t.Errorf("a.sgf: ownership %v area %v, want the hand-checked %v, %v", l.Ownership, l.AreaScore, w.Ownership, w.AreaScore)
	}

	boom := errors.New("engine gone")
	if _, err := LabelGame(a, 3, AllGames, &fakeJudge{fail: boom}, "fake"); !errors.Is(err, boom) {
		t.Errorf("a failing judge: err = %v", err)
	}
	if _, err := LabelGame("testdata/tiny/broken.sgf", 4, AllGames, f, "fake"); err == nil {
		t.Error("a broken record labelled")
	}
}

// TestLabelGameRefuses: a game without RE is left out of a labelling of
// counted games, saying so; a truncated record is not labelled, its
// parser warning is returned, and the judge is not asked.
func TestLabelGameRefuses(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	f := &fakeJudge{}
	noRE := write("nore.sgf", "(;SZ[5];B[cc];W[dd])")
	if r, err := LabelGame(noRE, 0, CountedGames, f, "fake"); r.Label != nil || r.Skip != SkipNoResult || err != nil {
		t.Errorf("no RE among counted games: %+v, %v", r, err)
	}
	cut := write("cut.sgf", "(;SZ[5]RE[B+3.5];B[cc];W[dd]")
	r, err := LabelGame(cut, 1, AllGames, f, "fake")
	if !errors.Is(err, ErrTruncated) || r.Label != nil || len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Msg, "not closed") || f.calls != 0 {
		t.Errorf("truncated record: %+v, %v, %d calls", r, err, f.calls)
	}
}

// noneDead is a DeadJudge that calls nothing dead.
type noneDead struct{ fakeJudge }

func (*noneDead) Dead(*board.Board) ([]board.Point, error) { return nil, nil }

func TestParseGames(t *testing.T) {
	for _, g := range []Games{AllGames, CountedGames, UncountedGames} {
		if got, err := ParseGames(g.String()); got != g || err != nil {
			t.Errorf("ParseGames(%q) = %v, %v", g.String(), got, err)
		}
	}
	if _, err := ParseGames("some"); err == nil {
		t.Error(`"some" accepted`)
	}
}

// closingJudge is a fakeJudge engine that counts the engines started and
// closed.
type closingJudge struct {
	fakeJudge
	closed *atomic.Int64
}

func (c *closingJudge) Close() error { c.closed.Add(1); return nil }

// TestLabelFiles labels the tiny set on two engines: the counted game a
// and the broken record fail or pass as LabelGame says, the resigned game
// b is skipped, the labels keep the files' order, and every engine
// started is closed.
func TestLabelFiles(t *testing.T) {
	files, _ := Files([]string{"testdata/tiny"})
	for _, workers := range []int{1, 2} {
		var started, closed atomic.Int64
		var seen []string
		lab, err := LabelFiles(context.Background(), LabelConfig{
			Games: CountedGames, Judge: "fake", Workers: workers,
			Start: func() (Labeller, error) { started.Add(1); return &closingJudge{fakeJudge{score: 3}, &closed}, nil },
			Progress: func(done int, file string, r LabelResult, err error) {
				if done != len(seen)+1 {
					t.Errorf("progress %d after %d files", done, len(seen))
				}
				seen = append(seen, filepath.Base(file))
			},
		}, files)
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(seen)
		if !slices.Equal(seen, []string{"a.sgf", "b.sgf", "broken.sgf", "c.sgf"}) || lab.Done != 4 {
			t.Errorf("%d workers: looked at %q (%d)", workers, seen, lab.Done)
		}
		var made []string
		for _, l := range lab.Labels {
			if l != nil {
				made = append(made, l.File)
			}
		}
		n, why := lab.Skips()
		if !slices.Equal(made, []string{"a.sgf", "c.sgf"}) || lab.Made() != 2 || lab.Failed != 1 || n != 1 || why != "1 "+SkipNotCounted {
			t.Errorf("%d workers: made %q (%d), %d failed, %d skipped (%s)", workers, made, lab.Made(), lab.Failed, n, why)
		}
		if started.Load() == 0 || started.Load() != closed.Load() {
			t.Errorf("%d workers: %d engines started, %d closed", workers, started.Load(), closed.Load())
		}
		var buf strings.Builder
		if err := lab.WriteJSONL(&buf); err != nil || strings.Count(buf.String(), "\n") != 2 {
			t.Errorf("labels file %q, %v", buf.String(), err)
		}
	}
	boom := errors.New("no engine")
	if lab, err := LabelFiles(context.Background(), LabelConfig{Start: func() (Labeller, error) { return nil, boom }}, files); !errors.Is(err, boom) || lab != nil {
		t.Errorf("an engine that does not start: %v, %v", lab, err)
	}
}
