package predict

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"goeval/board"
	"goeval/records"
)

// placer is a fake ranker that lists the answer at a place it derives
// from the move number: 1 + (Move/every) % 12, beyond the list (not
// listed) from 11 on, with probability 1/2^place if probs is set.
type placer struct {
	every int
	probs bool
	calls *int
	stop  func() // called on the 7th call, if set
}

func (p placer) place(pos *records.Position) int { return 1 + (pos.Move/p.every)%12 }

func (p placer) Order(_ context.Context, pos *records.Position) (Order, error) {
	*p.calls++
	if p.stop != nil && *p.calls == 7 {
		p.stop()
	}
	k := p.place(pos)
	var o Order
	for i := 1; i <= 10; i++ {
		m := board.Point(1000 + i) // never the answer
		if i == k {
			m = pos.Next
		}
		o.Moves = append(o.Moves, m)
		if p.probs {
			o.Probs = append(o.Probs, math.Pow(2, -float64(i)))
		}
	}
	return o, nil
}

func (placer) Close() error { return nil }

// TestRunCounts checks the top-k shares and the log-likelihood against
// the fake ranker's known places, on 1 and 2 workers.
func TestRunCounts(t *testing.T) {
	files := []string{filepath.Join("..", "testdata", "example.sgf")}
	for _, workers := range []int{1, 2} {
		calls := 0
		cfg := Config{Every: 3, Workers: workers, Contenders: []Contender{
			{Name: "p", New: func() (Ranker, error) { return placer{every: 3, probs: true, calls: &calls}, nil }},
		}}
		rep, err := Run(context.Background(), cfg, files)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Unreadable) > 0 || rep.Games != 1 || rep.Interrupted {
			t.Fatalf("unreadable %v, %d games, interrupted %v", rep.Unreadable, rep.Games, rep.Interrupted)
		}
		// The expected figures, from the places.
		var n, top1, top5, top10 int
		ll := 0.0
		for k := 0; k < rep.Positions; k++ {
			place := 1 + k%12
			n++
			if place == 1 {
				top1++
			}
			if place <= 5 {
				top5++
			}
			if place <= 10 {
				top10++
				ll += -float64(place) * math.Ln2
			}
		}
		row := rep.Rows[0]
		if row.Phase != "all" || row.Positions != n || n < 20 {
			t.Fatalf("first row %q with %d positions, want all with %d (20 or more)", row.Phase, row.Positions, n)
		}
		for _, c := range []struct {
			name      string
			got, want float64
		}{{"top-1", row.Top1, float64(top1) / float64(n)}, {"top-5", row.Top5, float64(top5) / float64(n)}, {"top-10", row.Top10, float64(top10) / float64(n)}} {
			if math.Abs(c.got-c.want) > 1e-12 {
				t.Errorf("%d workers: %s %v, want %v", workers, c.name, c.got, c.want)
			}
		}
		if top10 < n {
			if row.LogLik == nil || !math.IsInf(*row.LogLik, -1) {
				t.Errorf("an answer given no probability: log-likelihood %v, want -Inf", row.LogLik)
			}
		}
		// The phases split the positions.
		sum := 0
		for _, r := range rep.Rows[1:] {
			sum += r.Positions
		}
		if sum != n || len(rep.Rows) != 1+len(DefaultPhases) {
			t.Errorf("%d rows; the phases hold %d positions of %d", len(rep.Rows), sum, n)
		}
	}
}

// TestRunListsUnreadable checks that a file that cannot be read is listed
// and the others are measured.
func TestRunListsUnreadable(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.sgf")
	if err := os.WriteFile(bad, []byte("(;GM[1]SZ[9];B[zz"), 0o644); err != nil {
		t.Fatal(err)
	}
	calls := 0
	cfg := Config{Contenders: []Contender{{Name: "p", New: func() (Ranker, error) { return placer{every: 5, calls: &calls}, nil }}}}
	rep, err := Run(context.Background(), cfg, []string{bad, filepath.Join("..", "testdata", "example.sgf")})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Unreadable) != 1 || rep.Unreadable[0].File != bad || rep.Games != 1 {
		t.Errorf("unreadable %v, %d games", rep.Unreadable, rep.Games)
	}
}

// TestRunInterrupted cancels a run in its second game, after the first
// of two rankers has answered a position that the second has not: the
// report is that of the first game alone, the one finished, with the same
// positions in every row. The first game, example9.sgf, has 62 moves:
// the positions after 0, 5, ..., 60 moves, 13, of which 10 answer moves
// 1-50 (after 0 to 45 moves) and 3 moves 51-150.
func TestRunInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	cfg := Config{Every: 5, Workers: 1, Contenders: []Contender{
		{Name: "a", New: func() (Ranker, error) { return stopAt{placer{every: 5, calls: &calls}, 1, 10, cancel}, nil }},
		{Name: "b", New: func() (Ranker, error) { return placer{every: 5, calls: &calls}, nil }},
	}}
	rep, err := Run(ctx, cfg, []string{filepath.Join("..", "testdata", "example9.sgf"), filepath.Join("..", "testdata", "example.sgf")})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Interrupted || rep.Games != 1 || rep.Positions != 13 {
		t.Errorf("interrupted %v, %d positions of %d games, want true, 13 of 1", rep.Interrupted, rep.Positions, rep.Games)
	}
	want := map[string]int{"all": 13, "1-50": 10, "51-150": 3, "151+": 0}
	for _, row := range rep.Rows {
		if row.Positions != want[row.Phase] {
			t.Errorf("row %s %s: %d positions, want %d", row.Name, row.Phase, row.Positions, want[row.Phase])
		}
	}
	var sb strings.Builder
	if err := rep.WriteText(&sb); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sb.String(), "13 positions of 1 game, 2 files (the position after every 5 moves); interrupted: the figures are those of the games finished.") {
		t.Errorf("the text's last line:\n%s", sb.String())
	}
}

// stopAt is a ranker that calls stop once it has answered the position
// after move moves of game serial.
type stopAt struct {
	placer
	serial, move int
	stop         func()
}

func (s stopAt) Order(ctx context.Context, pos *records.Position) (Order, error) {
	o, err := s.placer.Order(ctx, pos)
	if pos.Serial == s.serial && pos.Move == s.move {
		s.stop()
	}
	return o, err
}

// TestRunFailingRanker checks that a ranker's failures are counted and
// listed, not fatal.
func TestRunFailingRanker(t *testing.T) {
	cfg := Config{Contenders: []Contender{{Name: "f", New: func() (Ranker, error) { return failing{}, nil }}}}
	rep, err := Run(context.Background(), cfg, []string{filepath.Join("..", "testdata", "example.sgf")})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Rows[0].Failed == 0 || rep.Rows[0].Positions != 0 || len(rep.Errors) != maxErrors {
		t.Errorf("%d failed, %d positions, %d errors listed", rep.Rows[0].Failed, rep.Rows[0].Positions, len(rep.Errors))
	}
	if _, err := Run(context.Background(), Config{Contenders: []Contender{{Name: "x", New: func() (Ranker, error) { return nil, errors.New("no") }}}}, nil); err == nil {
		t.Error("a ranker that does not start: no error")
	}
}

type failing struct{}

func (failing) Order(context.Context, *records.Position) (Order, error) {
	return Order{}, errors.New("cannot")
}
func (failing) Close() error { return nil }

// TestWriteTextNoPositions: a row of no position shows "-" for its
// figures, as compare's tables do, not 0.000 ± 0.000.
func TestWriteTextNoPositions(t *testing.T) {
	rep := &Report{Every: 5, Rows: []Row{
		{Name: "none", Phase: "all"},
		{Name: "failed", Phase: "all", Failed: 2, Micros: 12, MicrosSE: 1},
		{Name: "some", Phase: "all", Positions: 4, Top1: 0.5, Top1SE: 0.25, Top5: 1, Top10: 1, Micros: 10},
	}}
	var sb strings.Builder
	if err := rep.WriteText(&sb); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(sb.String(), "\n")
	if f := strings.Fields(lines[2]); !slices.Equal(f, []string{"none", "0", "-", "-", "-", "-", "-"}) {
		t.Errorf("the row of no position: %q", lines[2])
	}
	if f := strings.Fields(lines[3]); !slices.Equal(f, []string{"failed", "0", "(2", "failed)", "-", "-", "-", "-", "12.0", "±", "1.0"}) {
		t.Errorf("the row of failures only: %q", lines[3])
	}
	if !strings.Contains(lines[4], "0.500 ± 0.250") {
		t.Errorf("the row with positions: %q", lines[4])
	}
}
