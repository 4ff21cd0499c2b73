// Package positions loads real positions from the shared dev game set for
// tests and benchmarks, so that every package measures the same positions.
package positions

import (
	"fmt"
	"testing"

	"goeval/board"
	"goeval/internal/shared"
	"goeval/sgf"
)

// BenchMoves are the move numbers of the shared benchmark positions.
var BenchMoves = []int{50, 150, 250}

// BenchGames is the number of dev games the benchmark positions come from.
const BenchGames = 10

// Dev returns the positions after each of the given move numbers in the
// first games dev games (sorted by file name), skipping games shorter than
// a move number. It skips the test if the shared data is missing.
func Dev(tb testing.TB, games int, moves ...int) []*board.Board {
	tb.Helper()
	files := shared.DevGames(tb)
	if games > len(files) {
		games = len(files)
	}
	var out []*board.Board
	for _, f := range files[:games] {
		g, err := sgf.Load(f, 1)
		if err != nil {
			tb.Fatal(err)
		}
		want := map[int]bool{}
		for _, m := range moves {
			want[m] = true
		}
		if _, err := g.Replay(func(n int, b *board.Board) error {
			if want[n] {
				c := *b
				out = append(out, &c)
			}
			return nil
		}); err != nil {
			tb.Fatal(err)
		}
	}
	if len(out) == 0 {
		tb.Skip("no dev positions found")
	}
	return out
}

// Bench returns the shared benchmark positions: moves 50, 150 and 250 of
// the first 10 dev games (those long enough).
func Bench(tb testing.TB) []*board.Board { return Dev(tb, BenchGames, BenchMoves...) }

// Group is a named set of benchmark positions.
type Group struct {
	Name      string
	Positions []*board.Board
}

// BenchGroups returns the benchmark positions as benchmarks report them:
// all of them ("all"), then those of each move number ("move50", ...).
func BenchGroups(tb testing.TB) []Group {
	groups := []Group{{"all", Bench(tb)}}
	for _, m := range BenchMoves {
		groups = append(groups, Group{fmt.Sprintf("move%d", m), Dev(tb, BenchGames, m)})
	}
	return groups
}
