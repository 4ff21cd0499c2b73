package gtp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/eval"
)

// TestRandomSessions plays seeded random sessions through the real
// estimators, on boards from 2x2 to 25x25: moves legal and illegal,
// passes, undo, size and komi changes, genmove, the scores, the status
// lists, every analyze command, handicaps and the commands of GUIs and
// KGS; every other session again with moves by a judge's probabilities
// (Config.Policy, the fake network with random ones). Every command must
// get exactly one answer, success or failure, and none may be an internal
// error (a panic caught by the engine); final_score must stay within the
// board's points and komi.
func TestRandomSessions(t *testing.T) {
	judge, err := eval.Factory("judge", nil)
	if err != nil {
		t.Fatal(err)
	}
	var ests []Estimator
	for _, s := range eval.Usable() {
		f, err := eval.Factory(s.Name, nil)
		if err != nil {
			t.Fatal(err)
		}
		ests = append(ests, Estimator{Name: s.Name, New: f})
	}
	sessions := 60
	if testing.Short() {
		sessions = 10
	}
	sizes := []int{2, 3, 4, 5, 7, 9, 13, 19, 25}
	rng := rand.New(rand.NewPCG(3, 8))
	for s := range sessions {
		size := sizes[rng.IntN(len(sizes))]
		cmds := []string{fmt.Sprintf("boardsize %d", size), "clear_board"}
		komi := 6.5
		for range 50 {
			colour := []string{"b", "w"}[rng.IntN(2)]
			vertex := func() string {
				// Columns run to Z (no I), one beyond the board.
				return fmt.Sprintf("%c%d", "ABCDEFGHJKLMNOPQRSTUVWXYZ"[rng.IntN(min(size+1, 25))], 1+rng.IntN(size+1))
			}
			switch r := rng.IntN(44); {
			case r < 27:
				move := "pass"
				if rng.IntN(20) > 0 {
					move = vertex()
				}
				cmds = append(cmds, "play "+colour+" "+move)
			case r < 29:
				cmds = append(cmds, "undo")
			case r < 30:
				cmds = append(cmds, "genmove "+colour)
			case r < 31:
				cmds = append(cmds, "reg_genmove "+colour)
			case r < 33:
				cmds = append(cmds, "final_score", "estimate_score")
			case r < 34:
				cmds = append(cmds, "final_status_list dead", "final_status_list seki", "final_status_list alive")
			case r < 35:
				komi = float64(rng.IntN(40)-10) / 2
				cmds = append(cmds, fmt.Sprintf("komi %v", komi))
			case r < 36:
				cmds = append(cmds, "goeval-values", "goeval-ranking "+colour, "goeval-ranking-gfx")
			case r < 38:
				cmds = append(cmds, "goeval-ownership-"+ests[rng.IntN(len(ests))].Name)
			case r < 39:
				cmds = append(cmds, "showboard")
			case r < 40:
				cmds = append(cmds, "kgs-genmove_cleanup "+colour)
			case r < 41:
				cmds = append(cmds, "kata-genmove_analyze "+colour+" maxmoves 3 avoid "+colour+" "+vertex()+","+vertex()+" 1")
			case r < 42:
				n := 1 + rng.IntN(10)
				cmds = append(cmds, []string{fmt.Sprintf("fixed_handicap %d", n), fmt.Sprintf("place_free_handicap %d", n),
					"set_free_handicap " + vertex() + " " + vertex() + " " + vertex()}[rng.IntN(3)])
			case r < 43:
				cmds = append(cmds, "time_settings 60 10 1", "time_left "+colour+" 30 0")
			default:
				size = sizes[rng.IntN(len(sizes))]
				cmds = append(cmds, fmt.Sprintf("boardsize %d", size), "clear_board")
			}
		}
		net := &fakeNet{probs: make([]float64, board.MaxPoints+1)}
		for i := range net.probs {
			net.probs[i] = rng.Float64()
		}
		policy := Config{Judge: func() control.Estimator { return net }, Rank: judge, Estimators: ests, Policy: true}
		checkSession(t, s, Config{Judge: judge, Estimators: ests}, cmds)
		if s%2 == 0 { // every other session, to keep the test short
			checkSession(t, s, policy, cmds)
		}
	}
}

// checkSession runs the commands of random session s and checks the
// answers.
func checkSession(t *testing.T, s int, cfg Config, cmds []string) {
	t.Helper()
	got := session(t, cfg, cmds...)
	if len(got) != len(cmds) {
		t.Fatalf("session %d: %d commands, %d answers", s, len(cmds), len(got))
	}
	size, komi := 19, 6.5
	for i, a := range got {
		if f := strings.Fields(cmds[i]); f[0] == "boardsize" {
			size, _ = strconv.Atoi(f[1])
		} else if f[0] == "komi" {
			komi, _ = strconv.ParseFloat(f[1], 64)
		}
		if strings.Contains(a, "internal error") || !strings.HasPrefix(a, "=") && !strings.HasPrefix(a, "?") {
			t.Errorf("session %d: %q answered %q", s, cmds[i], a)
			continue
		}
		if cmds[i] == "final_score" {
			if v, ok := resultValue(a); !ok || math.Abs(v) > float64(size*size)+math.Abs(komi) {
				t.Errorf("session %d, %dx%d, komi %v: final_score answered %q", s, size, size, komi, a)
			}
		}
	}
}

// resultValue reads a final_score answer ("= B+3.5", "= W+1", "= 0") as
// Black's margin.
func resultValue(a string) (float64, bool) {
	r := strings.TrimPrefix(a, "= ")
	if r == "0" {
		return 0, true
	}
	sign := 1.0
	switch {
	case strings.HasPrefix(r, "B+"):
	case strings.HasPrefix(r, "W+"):
		sign = -1
	default:
		return 0, false
	}
	v, err := strconv.ParseFloat(r[2:], 64)
	return sign * v, err == nil
}
