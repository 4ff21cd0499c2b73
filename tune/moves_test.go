package tune

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"goeval/internal/shared"
	"goeval/movemodel"
)

// TestMovesRunTiny fits the move model on a few training games, and
// checks that the fit is the same, byte for byte, on 1 and 2 workers.
func TestMovesRunTiny(t *testing.T) {
	if testing.Short() {
		t.Skip("fits on training games")
	}
	file := shared.Data(t, "games", "train", "train-2006.sgf")
	var out [2][]byte
	for i, workers := range []int{1, 2} {
		rep, err := MovesRun(context.Background(), MovesConfig{
			Files: []string{file}, Games: 20, Every: 4, ValidateEvery: 10, MinPattern: 3, Owner: "lambda-kappa",
			Fit: movemodel.FitSettings{Iterations: 3}, Workers: workers,
		})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Games != 20 || rep.ValidationGames == 0 || rep.Positions == 0 || len(rep.Sweeps) == 0 {
			t.Fatalf("%d games, %d validation games, %d positions, %d sweeps", rep.Games, rep.ValidationGames, rep.Positions, len(rep.Sweeps))
		}
		m := rep.Model
		if len(m.Tables.Patterns) == 0 || !m.Uses(movemodel.GroupOwner) || m.Uses(movemodel.GroupGain) {
			t.Fatalf("%d patterns; owner %v, gain %v", len(m.Tables.Patterns), m.Uses(movemodel.GroupOwner), m.Uses(movemodel.GroupGain))
		}
		for _, sw := range rep.Sweeps {
			if !(sw.ValTop1 > 0.05) || sw.TrainLogLik >= 0 {
				t.Errorf("sweep %d: validation top-1 %v, training log-likelihood %v", sw.Iteration, sw.ValTop1, sw.TrainLogLik)
			}
		}
		var buf bytes.Buffer
		if err := m.Write(&buf); err != nil {
			t.Fatal(err)
		}
		out[i] = buf.Bytes()
		back, err := movemodel.Read(bytes.NewReader(out[i]))
		if err != nil {
			t.Fatal(err)
		}
		if len(back.Tables.Patterns) != len(m.Tables.Patterns) || back.OwnerEstimator != "lambda-kappa" || back.Notes != m.Notes {
			t.Errorf("the model read back differs")
		}
	}
	if !bytes.Equal(out[0], out[1]) {
		t.Error("the fit differs between 1 and 2 workers")
	}
}

// TestMovesRunInterrupted cancels a fit after its first sweep: the report
// holds the model reached, marked Interrupted; cancelled before any sweep,
// the run fails.
func TestMovesRunInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("fits on training games")
	}
	file := shared.Data(t, "games", "train", "train-2006.sgf")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := MovesConfig{Files: []string{file}, Games: 10, Every: 5, ValidateEvery: 10, MinPattern: 3,
		Fit: movemodel.FitSettings{Iterations: 10, Tolerance: 1e-12},
		Log: func(s string) {
			if strings.HasPrefix(s, "sweep 1:") {
				cancel()
			}
		}}
	rep, err := MovesRun(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Interrupted || len(rep.Sweeps) != 1 || rep.Model == nil || !strings.Contains(rep.Model.Notes, "interrupted") {
		t.Errorf("interrupted %v after %d sweeps, notes %q", rep.Interrupted, len(rep.Sweeps), rep.Model.Notes)
	}
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	cfg.Log = nil
	if _, err := MovesRun(ctx, cfg); err == nil {
		t.Error("cancelled before the fit: no error")
	}
}

// TestReadMoveGamesIllegal: a game of a collection with an illegal move is
// left out whole, with the reason, and the collection's other game is
// read.
func TestReadMoveGamesIllegal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "two.sgf")
	data := "(;GM[1]SZ[5];B[cc];W[dd];B[bd])\n(;GM[1]SZ[5];B[cc];W[dd];B[dd];W[bb])\n"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	games, _, bad := readMoveGames(path)
	if len(games) != 1 || len(games[0].moves) != 3 {
		t.Errorf("%d games read; want 1, of 3 moves", len(games))
	}
	if len(bad) != 1 || !strings.Contains(bad[0], path) || !strings.Contains(bad[0], "illegal move 3") {
		t.Errorf("left out %q; want %s's second game, illegal move 3", bad, path)
	}
}

// TestReadMoveGamesSetup: games with setup stones are named apart from the
// records that cannot be used, by file and, in a collection, game.
func TestReadMoveGamesSetup(t *testing.T) {
	path := filepath.Join(t.TempDir(), "three.sgf")
	data := "(;GM[1]SZ[5];B[cc];W[dd])\n(;GM[1]SZ[5]AB[bb][dd];W[cc])\n(;GM[1]SZ[5]AW[bb];B[cc])\n"
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	games, setup, bad := readMoveGames(path)
	want := []string{path + " (game 2)", path + " (game 3)"}
	if len(games) != 1 || !slices.Equal(setup, want) || len(bad) != 0 {
		t.Errorf("%d games read, setup %q, bad %q; want 1, %q, none", len(games), setup, bad, want)
	}
}

// TestMovesRunNoValidation: with fewer games than --validate-every none is
// held out, and the log and the model's notes say "no validation", not a
// validation log-likelihood and top-1 of 0.0000.
func TestMovesRunNoValidation(t *testing.T) {
	var logged []string
	rep, err := MovesRun(context.Background(), MovesConfig{
		Files: []string{filepath.Join("..", "testdata", "example.sgf")}, Every: 10, ValidateEvery: 50, MinPattern: 1,
		Fit: movemodel.FitSettings{Iterations: 1}, Workers: 1, Log: func(s string) { logged = append(logged, s) },
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "no game held out: one game in 50 is, of the 1 read"
	if rep.ValidationGames != 0 || !strings.Contains(rep.Model.Notes, "; validation: none ("+want+")") {
		t.Errorf("%d validation games, notes %q", rep.ValidationGames, rep.Model.Notes)
	}
	sweep := slices.IndexFunc(logged, func(s string) bool { return strings.HasPrefix(s, "sweep 1:") })
	if sweep < 0 || !strings.Contains(logged[sweep], "no validation ("+want+")") || strings.Contains(logged[sweep], "0.0000") {
		t.Errorf("log %q", logged)
	}
}

// TestMovesDefaults: a zero MovesConfig fits as the shipped model was
// fitted (docs/moves.md: every third move; one game in 50 held out;
// patterns played 10 times, every shape seen), which is what goeval tune
// moves shows.
func TestMovesDefaults(t *testing.T) {
	var c MovesConfig
	c.defaults()
	if c.Every != 3 || c.ValidateEvery != 50 || c.MinPattern != 10 || c.MinShape != 1 || c.Workers < 1 {
		t.Errorf("defaults: every %d, validate-every %d, min-pattern %d, min-shape %d, workers %d",
			c.Every, c.ValidateEvery, c.MinPattern, c.MinShape, c.Workers)
	}
}
