// Package boardtest holds the helpers that tests of several packages share:
// random positions, reading GTP vertices, and comparing ASCII drawings.
package boardtest

import (
	"math/rand/v2"
	"strings"
	"testing"

	"goeval/board"
)

// Scattered returns a size x size board on which about density of the
// points hold a stone of a random colour (placed without the rules, so it
// may hold chains without liberties).
func Scattered(r *rand.Rand, size int, density float64) *board.Board {
	b := board.New(size)
	for p := 0; p < size*size; p++ {
		if r.Float64() < density {
			c := board.Black
			if r.IntN(2) == 0 {
				c = board.White
			}
			b.Set(board.Point(p), c)
		}
	}
	return b
}

// Played returns a board after about moves random legal moves, colours
// alternating, so that chains, captures and atari arise as in games.
func Played(r *rand.Rand, size, moves int) *board.Board {
	b := board.New(size)
	g := b.Geometry()
	c := board.Black
	for range moves {
		for range 20 {
			if b.Play(c, board.Point(r.IntN(g.N))) == nil {
				break
			}
		}
		c = -c
	}
	return b
}

// Point reads a GTP vertex of b's size, failing the test if it is bad.
func Point(tb testing.TB, b *board.Board, vertex string) board.Point {
	tb.Helper()
	p, err := b.Geometry().ParseGTP(vertex)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// Clean normalises an ASCII drawing for comparison: spaces and blank lines
// dropped, each row ending in a newline.
func Clean(s string) string {
	var sb strings.Builder
	for _, line := range strings.Split(s, "\n") {
		line = strings.ReplaceAll(strings.TrimSpace(line), " ", "")
		if line != "" {
			sb.WriteString(line)
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}
