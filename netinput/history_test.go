package netinput

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"goeval/board"
)

// seenHistory draws what the inputs show of the last five moves, as
// KataGo's test prints it: for each of planes 9..13 (with globals 0..4)
// the point marked, "pass", or "null".
func seenHistory(f *Features, g *board.Geometry) string {
	var parts []string
	for k := 0; k < 5; k++ {
		s := "null"
		if f.Global[k] == 1 {
			s = "pass"
		}
		for p, v := range f.Plane(PlanePrev1 + k) {
			if v == 1 {
				s = g.GTP(board.Point(p))
			}
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// TestHistoryKataGoCases replays the game of KataGo's test "NN Inputs
// history scoring past end of game or end of phase" (passes in the
// middle of the game, two and three passes in a row, a restart after
// them) and compares the history the inputs show after every move with
// the output KataGo's test suite expects, under Tromp-Taylor rules,
// Japanese rules, and Tromp-Taylor with friendly passes (where the
// opponent's pass hides the history, as under Chinese rules).
func TestHistoryKataGoCases(t *testing.T) {
	f, err := os.Open("testdata/katago-history.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type hcase struct {
		rules string
		sgf   string
		seen  []string
	}
	var cases []hcase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "rules "):
			cases = append(cases, hcase{rules: strings.TrimPrefix(line, "rules ")})
		case strings.HasPrefix(line, "sgf "):
			cases[len(cases)-1].sgf = strings.TrimPrefix(line, "sgf ")
		case strings.HasPrefix(line, "seen "):
			cases[len(cases)-1].seen = append(cases[len(cases)-1].seen, strings.TrimPrefix(line, "seen "))
		}
	}
	if len(cases) != 6 {
		t.Fatalf("read %d cases", len(cases))
	}
	for _, c := range cases {
		var rules ruleSet
		switch {
		case strings.Contains(c.rules, "TERRITORY"):
			rules = Japanese.set()
		case strings.Contains(c.rules, "fpok1"):
			rules = trompTaylor
			rules.friendlyPassOk = true
		default:
			rules = trompTaylor
		}
		t.Run(c.rules+" "+c.sgf[strings.Index(c.sgf, "KM"):][:6], func(t *testing.T) {
			start, moves := sgfGame(t, c.sgf, 9, board.Black)
			if len(c.seen) != len(moves)+1 {
				t.Fatalf("%d expectations for %d moves", len(c.seen), len(moves))
			}
			var f Features
			for i := 0; i <= len(moves); i++ {
				if err := f.fill(start, moves[:i], 7, rules); err != nil {
					t.Fatal(err)
				}
				if got := seenHistory(&f, start.Geometry()); got != c.seen[i] {
					t.Errorf("after %d moves: history %q, want %q", i, got, c.seen[i])
				}
			}
		})
	}
}
