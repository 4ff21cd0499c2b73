// Package boardtest holds the helpers that tests of several packages share:
// random positions, hand-drawn positions with known verdicts, reading GTP
// vertices, and comparing ASCII drawings.
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

// DeadInsideWall draws, on 9x9, a white group of three stones (D6 E6 D5)
// inside a solid black wall of 22 stones, with no room for eyes: the white
// stones are dead, and once they are off every point is Black's.
func DeadInsideWall() *board.Board {
	return board.MustParse(`
		. . . . . . . . .
		. X X X X X X X .
		. X . . . . . X .
		. X . O O . . X .
		. X . O . . . X .
		. X . . . . . X .
		. X X X X X X X .
		. . . . . . . . .
		. . . . . . . . .`)
}

// SekiInWall draws, on 9x9, a seki inside a black wall of 24 stones: a
// white ring of 16 stones and 6 black stones inside it share their only
// liberties, E5 and F5. Neither side can take them; counted, Black has 30
// stones and the 33 points outside the wall, White 16 stones.
func SekiInWall() *board.Board {
	return board.MustParse(`
		. . . . . . . . .
		X X X X X X X X .
		X O O O O O O X .
		X O X X X X O X .
		X O X X . . O X .
		X O O O O O O X .
		X X X X X X X X .
		. . . . . . . . .
		. . . . . . . . .`)
}
