package match

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"goeval/board"
)

// The test binary doubles as a fake GTP engine: with GOEVAL_FAKE_MATCH set
// it speaks GTP, playing as that variable says:
//
//   - "first": genmove plays the first legal empty point in map order,
//     passing when there is none, when the opponent passed, or once 4
//     stones are on the board;
//   - "last": the same from the end of the board;
//   - "illegal": genmove answers the first point, empty or not;
//   - "resign": genmove resigns;
//   - "hang2": as "last" in the first game, but in the second genmove
//     never answers (an engine thinking when the match is interrupted);
//   - "small": as "first", but refuses boards over 9x9, as GnuGo those
//     over 19x19;
//   - "noscore": as "first", but says it does not know final_score.
//
// Its final_score is the stone balance minus komi (for the scorer).
func TestMain(m *testing.M) {
	if mode := os.Getenv("GOEVAL_FAKE_MATCH"); mode != "" {
		fake(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func fake(mode string) {
	b := board.New(19)
	komi := 0.0
	lastPass := false
	games, fresh := 0, false // games counts those with a genmove
	sc := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	reply := func(s string) { fmt.Fprintf(out, "= %s\n\n", s); out.Flush() }
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "boardsize":
			var n int
			fmt.Sscan(f[1], &n)
			if mode == "small" && n > 9 {
				fmt.Fprintf(out, "? unacceptable size\n\n")
				out.Flush()
				continue
			}
			b = board.New(n)
			reply("")
		case "known_command":
			reply(strconv.FormatBool(mode != "noscore" || f[1] != "final_score"))
		case "clear_board":
			fresh = true
			b = board.New(b.Size())
			reply("")
		case "komi":
			fmt.Sscan(f[1], &komi)
			reply("")
		case "play":
			c := board.Black
			if strings.EqualFold(f[1], "w") {
				c = board.White
			}
			p := board.Pass
			if !strings.EqualFold(f[2], "pass") {
				p, _ = b.Geometry().ParseGTP(f[2])
			}
			b.Play(c, p)
			lastPass = p == board.Pass
			reply("")
		case "genmove":
			c := board.Black
			if strings.EqualFold(f[1], "w") {
				c = board.White
			}
			g := b.Geometry()
			v := "pass"
			if fresh {
				games, fresh = games+1, false
			}
			if mode == "hang2" && games >= 2 {
				time.Sleep(time.Hour)
			}
			switch mode {
			case "resign":
				v = "resign"
			case "illegal":
				v = g.GTP(0)
			default:
				for i := range g.N {
					p := board.Point(i)
					if mode == "last" || mode == "hang2" {
						p = board.Point(g.N - 1 - i)
					}
					if !lastPass && b.Count(board.Empty) > g.N-4 && b.At(p) == board.Empty && b.Play(c, p) == nil {
						v = g.GTP(p)
						break
					}
				}
			}
			if v == "pass" {
				b.Play(c, board.Pass)
			}
			reply(v)
		case "final_score":
			r := float64(b.Count(board.Black)-b.Count(board.White)) - komi
			switch {
			case r > 0:
				reply(fmt.Sprintf("B+%g", r))
			case r < 0:
				reply(fmt.Sprintf("W+%g", -r))
			default:
				reply("0")
			}
		case "quit":
			reply("")
			return
		default:
			reply("")
		}
	}
}

func engine(t *testing.T, name, mode string) Engine {
	t.Setenv("GOEVAL_FAKE_MATCH", "")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Engine{Name: name, Argv: []string{"env", "GOEVAL_FAKE_MATCH=" + mode, exe}}
}

func TestPlay(t *testing.T) {
	cfg := Config{A: engine(t, "first", "first"), B: engine(t, "last", "last"), Scorer: engine(t, "scorer", "first"),
		Games: 2, Size: 3, Komi: 0.5}
	rep, err := Play(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Games) != 2 || rep.Games[0].Black != "first" || rep.Games[1].Black != "last" {
		t.Fatalf("games %+v", rep.Games)
	}
	for i, g := range rep.Games {
		// Replay the game: every move legal, and the result the stone
		// balance minus komi.
		b := board.New(3)
		for _, m := range g.Moves {
			if err := b.Play(m.Color, m.Point); err != nil {
				t.Fatalf("game %d: %v", i+1, err)
			}
		}
		n := len(g.Moves)
		if n < 2 || g.Moves[n-1].Point != board.Pass || g.Moves[n-2].Point != board.Pass || g.Reason != "two passes" {
			t.Errorf("game %d does not end with two passes: %v (%s)", i+1, g.Moves, g.Reason)
		}
		want := float64(b.Count(board.Black)-b.Count(board.White)) - 0.5
		if !g.Counted || g.Margin != want {
			t.Errorf("game %d: margin %v, want %v", i+1, g.Margin, want)
		}
		if (want > 0) != (g.Winner == g.Black) {
			t.Errorf("game %d: winner %s with margin %v", i+1, g.Winner, want)
		}
	}
	var sb strings.Builder
	if err := rep.WriteSGF(&sb); err != nil || strings.Count(sb.String(), "(;GM[1]") != 2 {
		t.Errorf("SGF: %v\n%s", err, sb.String())
	}
	sb.Reset()
	rep.WriteText(&sb)
	if !strings.Contains(sb.String(), "first: won") || !strings.Contains(sb.String(), "last: won") {
		t.Errorf("text:\n%s", sb.String())
	}
}

func TestForfeitsAndResignation(t *testing.T) {
	for _, tc := range []struct {
		mode, result string
	}{{"illegal", "W+F"}, {"resign", "W+R"}} {
		cfg := Config{A: engine(t, "bad", tc.mode), B: engine(t, "first", "first"), Scorer: engine(t, "scorer", "first"), Games: 2, Size: 5}
		rep, err := Play(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		// "bad" is Black in game 1: its second move (the illegal engine
		// names its first point again) or its first (a resignation) loses.
		for i, g := range rep.Games {
			if g.Winner != "first" {
				t.Errorf("%s game %d: %s won (%s)", tc.mode, i+1, g.Winner, g.Reason)
			}
		}
		if g := rep.Games[0]; g.Result != tc.result {
			t.Errorf("%s: result %s (%s), want %s", tc.mode, g.Result, g.Reason, tc.result)
		}
	}
}

// An interrupt keeps the games finished and drops the one in progress,
// without waiting for the engine's answer: it is neither a forfeit nor
// counted.
func TestInterruptDropsGameInProgress(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := Config{A: engine(t, "first", "first"), B: engine(t, "hang", "hang2"), Scorer: engine(t, "scorer", "first"),
		Games: 3, Size: 3, Timeout: time.Minute}
	cfg.Progress = func(done int, g *Game) {
		// Game 2 starts at once; its Black (hang) never answers.
		time.AfterFunc(300*time.Millisecond, cancel)
	}
	start := time.Now()
	rep, err := Play(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("the interrupt took %v: the referee waited for the engine", d)
	}
	if !rep.Interrupted || len(rep.Games) != 1 {
		t.Fatalf("interrupted %v, %d games, want 1 game kept: %+v", rep.Interrupted, len(rep.Games), rep.Games)
	}
	if g := rep.Games[0]; g.Black != "first" || strings.HasSuffix(g.Result, "+F") {
		t.Errorf("the game kept is %s (B) %s, %s", g.Black, g.Result, g.Reason)
	}
	var sb strings.Builder
	rep.WriteSGF(&sb)
	if n := strings.Count(sb.String(), "(;GM[1]"); n != 1 {
		t.Errorf("SGF has %d games, want 1:\n%s", n, sb.String())
	}
	sb.Reset()
	rep.WriteText(&sb)
	if !strings.Contains(sb.String(), "1 games on 3x3, komi 0 (interrupted)") {
		t.Errorf("text:\n%s", sb.String())
	}
}

// TestKomiRange checks that Play refuses a komi that is not a number
// within the board's points before it starts any engine.
func TestKomiRange(t *testing.T) {
	for _, k := range []float64{math.NaN(), math.Inf(1), 1e300, -26} {
		cfg := Config{A: Engine{Name: "a", Argv: []string{"/nonexistent/a"}}, B: Engine{Name: "b", Argv: []string{"/nonexistent/b"}},
			Games: 1, Size: 5, Komi: k}
		if _, err := Play(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "komi") {
			t.Errorf("komi %v: err %v", k, err)
		}
	}
}

// TestEnginesAskedFirst: an engine, the scorer among them, that refuses
// the board size or lacks a command it will need ends the match before
// the first move, with an error naming it and what it refused; before,
// a scorer refusing the size was found only after game 1 was played.
func TestEnginesAskedFirst(t *testing.T) {
	for _, c := range []struct {
		name         string
		a, b, scorer string
		size         int
		want         string
	}{
		{"scorer refuses the size", "first", "last", "small", 11, `match: the scorer scorer refused "boardsize 11" before the first game: unacceptable size`},
		{"player refuses the size", "first", "small", "first", 11, `match: b refused "boardsize 11" before the first game`},
		{"scorer cannot score", "first", "last", "noscore", 3, "match: the scorer scorer does not know the GTP command final_score"},
	} {
		t.Run(c.name, func(t *testing.T) {
			played := 0
			cfg := Config{A: engine(t, "a", c.a), B: engine(t, "b", c.b), Scorer: engine(t, "scorer", c.scorer),
				Games: 2, Size: c.size, Komi: 0.5, Progress: func(int, *Game) { played++ }}
			rep, err := Play(context.Background(), cfg)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one with %q", err, c.want)
			}
			if played != 0 || (rep != nil && len(rep.Games) != 0) {
				t.Errorf("%d games played before the refusal was found", played)
			}
		})
	}
	// Engines that take the size play as before.
	cfg := Config{A: engine(t, "a", "small"), B: engine(t, "b", "last"), Scorer: engine(t, "scorer", "small"), Games: 1, Size: 9, Komi: 0.5}
	if rep, err := Play(context.Background(), cfg); err != nil || len(rep.Games) != 1 {
		t.Errorf("9x9 with engines that take up to 9x9: %v", err)
	}
}

func TestDefaults(t *testing.T) {
	d := Config{Size: 9}.withDefaults()
	if d.Size != 9 || d.MaxMoves != 243 || d.Timeout != DefaultTimeout || d.Scorer.Name != "gnugo" ||
		strings.Join(d.Scorer.Argv, " ") != "gnugo --mode gtp --chinese-rules" {
		t.Errorf("defaults of a 9x9 match: %+v", d)
	}
	own := Engine{Name: "s", Argv: []string{"s"}}
	c := Config{Scorer: own, MaxMoves: 7, Timeout: time.Second}.withDefaults()
	if c.Size != DefaultSize || c.MaxMoves != 7 || c.Timeout != time.Second || c.Scorer.Name != "s" {
		t.Errorf("defaults kept what was given? %+v", c)
	}
}
