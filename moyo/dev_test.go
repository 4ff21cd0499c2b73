package moyo

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"goeval/control"
	"goeval/internal/shared"
	"goeval/sgf"
)

// devResult reads a game result such as "B+3.5", "W+R" or "B+Resign": the
// winner's sign (+1 Black, -1 White, 0 for none or a draw) and, for a
// counted result, the margin Black positive after komi.
func devResult(re string) (winner int, margin float64, counted bool) {
	re = strings.ToUpper(strings.TrimSpace(re))
	if len(re) < 2 || re[1] != '+' {
		return 0, 0, false
	}
	switch re[0] {
	case 'B':
		winner = 1
	case 'W':
		winner = -1
	default:
		return 0, 0, false
	}
	m, err := strconv.ParseFloat(re[2:], 64)
	if err != nil {
		return winner, 0, false
	}
	return winner, float64(winner) * m, true
}

func sign(v float64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// TestDevGames runs the estimator on the dev games at move 100 and logs how
// the seed's sums S and S' and the score compare with the results: means,
// the share of games where sign(x - komi) names the winner, and the mean
// error against counted results (run with -v to see the figures).
func TestDevGames(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 300 games")
	}
	const games, move = 300, 100
	files := shared.DevGames(t)
	files = files[:min(games, len(files))]
	m := mustNew(t, Settings{})
	mo := mustNew(t, Settings{RegionOverride: true})
	var a Analysis
	var r control.Result
	type stat struct {
		name            string
		sum, abs, agree float64
		errSum, errN    float64
		xs, ys          []float64 // x - komi and the result, counted games
	}
	stats := []*stat{{name: "S"}, {name: "S'"}, {name: "score"}, {name: "S override"}}
	n, decided, whiteWins := 0, 0, 0
	// Games where S and S' name different winners, and how often S' is right.
	split, splitPrimeRight := 0, 0
	for _, f := range files {
		g, err := sgf.Load(f, 1)
		if err != nil {
			t.Fatal(err)
		}
		b, _, err := g.Position(move)
		if err != nil {
			continue // shorter than 100 moves
		}
		m.Analyze(&a, b)
		if err := m.Estimate(&r, b); err != nil {
			t.Fatal(err)
		}
		if err := control.Check(&r, b); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var ao Analysis
		mo.Analyze(&ao, b)
		n++
		winner, margin, counted := devResult(g.Info.Result)
		if winner != 0 {
			decided++
		}
		if winner < 0 {
			whiteWins++
		}
		komi := g.Info.Komi
		for i, x := range []float64{a.S, a.SPrime, r.Score, ao.S} {
			s := stats[i]
			s.sum += x
			s.abs += math.Abs(x)
			if winner != 0 && sign(x-komi) == winner {
				s.agree++
			}
			if counted {
				s.errSum += math.Abs(x - komi - margin)
				s.errN++
				s.xs = append(s.xs, x-komi)
				s.ys = append(s.ys, margin)
			}
		}
		if winner != 0 && sign(a.S-komi) != sign(a.SPrime-komi) {
			split++
			if sign(a.SPrime-komi) == winner {
				splitPrimeRight++
			}
		}
	}
	if n == 0 {
		t.Skip("no dev game reaches move 100")
	}
	t.Logf("%d games at move %d (%d with a winner; White won %.1f%%, the agreement of a constant 0):",
		n, move, decided, 100*float64(whiteWins)/float64(decided))
	for _, s := range stats {
		t.Logf("  %-10s mean %+6.2f  mean |x| %5.2f  winner agreement %5.1f%%  mean |x - komi - result| %5.2f  correlation %+.2f (%d counted)",
			s.name, s.sum/float64(n), s.abs/float64(n), 100*s.agree/float64(decided), s.errSum/max(s.errN, 1), correlation(s.xs, s.ys), int(s.errN))
	}
	t.Logf("  S and S' name different winners in %d games; S' is right in %d", split, splitPrimeRight)
}

// correlation returns Pearson's correlation of x and y (0 if undefined).
func correlation(x, y []float64) float64 {
	n := float64(len(x))
	if n < 2 {
		return 0
	}
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx, my = mx/n, my/n
	var sxy, sxx, syy float64
	for i := range x {
		sxy += (x[i] - mx) * (y[i] - my)
		sxx += (x[i] - mx) * (x[i] - mx)
		syy += (y[i] - my) * (y[i] - my)
	}
	if sxx == 0 || syy == 0 {
		return 0
	}
	return sxy / math.Sqrt(sxx*syy)
}
