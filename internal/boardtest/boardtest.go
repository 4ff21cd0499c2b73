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

// FalseSekiInWall draws, on 9x9, a false seki inside a black wall: a
// white ring of 12 stones and Black's two stones inside it (D6 E6) share
// their only liberties, D5 and E5, but Black fills one on purpose. White
// must capture the three stones with the other, and the bent three left
// is White's only eye space: Black plays its middle, D6, and White cannot
// make two eyes. So the ring is dead and the inside is Black's.
func FalseSekiInWall() *board.Board {
	return board.MustParse(`
		. . . . . . . . .
		. X X X X X X . .
		. X O O O O X . .
		. X O X X O X . .
		. X O . . O X . .
		. X O O O O X . .
		. X X X X X X . .
		. . . . . . . . .
		. . . . . . . . .`)
}

// SacrificeInOpenSpace draws, on 9x9, the sacrifice of FalseSekiInWall
// where the space is not closed: White's B9 and Black's A8-C8 share their
// only liberties, A9 and C9, and White's sacrifice at A9 would leave Black
// a dead two-point space, but Black's capture at C9 joins D9, whose group
// has two eyes (F9, H9). So Black's chain lives (it can connect at C9 at
// any time), and the pair is a race, not a seki.
func SacrificeInOpenSpace() *board.Board {
	return board.MustParse(`
		. O . X X . X . X
		X X X O X X X X X
		O O O O O O O O O
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
}

// SekiWithEyes draws, on 9x9, a seki with an eye each: Black's corner
// chain (B9 C8..., eye A9) and White's chain (D9 F9..., eye E9) share one
// liberty, C9. Whoever fills it is left with its eye alone and is
// captured, so both live and C9 is dame. (The groups around them have two
// eyes each: A6 and C6, H9 and H7.)
func SekiWithEyes() *board.Board {
	return board.MustParse(`
		. X . O . O X . X
		X X X O O O X X X
		O O O X X X X . X
		. O . O X X X X X
		O O O O . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
}

// FalseEyeSeki draws SekiWithEyes but for White's eye E9, which leans on
// F9, a stone of its own with two liberties: Black ataris it at G9 and
// takes it at E9, and White's chain (D9 E8), left with C9 alone, dies. No
// seki.
func FalseEyeSeki() *board.Board {
	return board.MustParse(`
		. X . O . O . . X
		X X X O O X X X X
		O O O X X X X . X
		. O . O X X X X X
		O O O O . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
}

// Approach is a pair of chains that passes the seki rule's first test (the
// liberties of each are shared or eyes) but is a race: one side can fill
// a liberty of the pair and come out with a liberty that neither chain
// had, and then wins. Loser and Winner name a stone of each chain.
type Approach struct {
	Name          string
	Board         *board.Board
	Loser, Winner string
}

// Approaches draws one Approach of each kind, on 9x9:
//
//   - connection: Black's A2 B2 and White's B1 C1 share A1 and C2, and
//     nothing else. White at C2 joins the wall (C3), Black is left in atari
//     at A1, and White takes him there.
//   - capture: the same pair, but White at C2 captures C3 and D2 D1, each
//     in atari there, and gains their points as liberties. Black at C2
//     joins them all into one chain with the single liberty A1. With the
//     dead stones off, White has 45 points (18 stones and the 27 empty
//     points left of the F column), Black 36 (9 stones and the 27 points
//     right of them): -9.
//   - eye that is a connection: White's seven stones H6..J2 have the eye
//     J3 and share J5 with Black's J6, whose own "eye" J7 touches Black's
//     wall. Black fills J7, joins the wall and takes White's chain: off the
//     board, every point is Black's, 81.
func Approaches() []Approach {
	return []Approach{
		{"connection", board.MustParse(`
			. . . . O X . . .
			. . . . O X . . .
			. . . . O X . . .
			. . . . O X . . .
			. . . . O X . . .
			. . . . O X . . .
			O O O O O X . . .
			X X . O O X . . .
			. O O X . X . . .`), "A2", "B1"},
		{"capture", board.MustParse(`
			. . . . O X . . .
			. . . . O X . . .
			. . . . O X . . .
			. . . . O X . . .
			. . . . O X . . .
			O O O O O X . . .
			O O X O O X . . .
			X X . X O X . . .
			. O O X O X . . .`), "A2", "B1"},
		{"eye that is a connection", board.MustParse(`
			. . . . . . X X X
			. . . . . . X X X
			. . . . . . X X .
			. . . . . . X O X
			. . . . . . X O .
			. . . . . . X O O
			. . . . . . X O .
			. . . . . . X O O
			. . . . . . X X X`), "H6", "J6"},
	}
}
