package netinput

import (
	"math/rand/v2"
	"testing"

	"goeval/board"
)

// randomGame plays n seeded random legal moves (no passes unless stuck)
// on an empty size×size board.
func randomGame(size, n int, seed uint64) *Position {
	rng := rand.New(rand.NewPCG(seed, 1))
	start := board.New(size)
	b := *start
	p := &Position{Start: start, Komi: 7.5, Rules: Chinese}
	c := board.Black
	for len(p.Moves) < n {
		pt := board.Pass
		for try := 0; try < 50; try++ {
			q := board.Point(rng.IntN(size * size))
			if b.Legal(c, q) == nil {
				pt = q
				break
			}
		}
		if err := b.Play(c, pt); err != nil {
			panic(err)
		}
		p.Moves = append(p.Moves, board.Move{Color: c, Point: pt})
		c = -c
	}
	return p
}

// TestFillAgainstGoevalBoard checks the stone, liberty and ko planes and
// the legal moves against goeval's own board (an independent
// implementation of the rules) along seeded random games.
func TestFillAgainstGoevalBoard(t *testing.T) {
	for _, size := range []int{2, 5, 9, 19} {
		n := 2 * size * size
		if testing.Short() {
			n = size * size / 2
		}
		p := randomGame(size, n, uint64(size))
		var f Features
		var cs board.Chains
		for k := 0; k <= len(p.Moves); k += 1 + size/4 {
			sub := &Position{Start: p.Start, Moves: p.Moves[:k], Komi: 7.5, Rules: Chinese}
			if err := f.Fill(sub); err != nil {
				t.Fatalf("size %d, %d moves: %v", size, k, err)
			}
			b := *p.Start
			for _, m := range p.Moves[:k] {
				if err := b.Play(m.Color, m.Point); err != nil {
					t.Fatal(err)
				}
			}
			b.Chains(&cs)
			if f.ToMove != b.ToMove() {
				t.Fatalf("size %d, %d moves: to move %v, board says %v", size, k, f.ToMove, b.ToMove())
			}
			for q := 0; q < size*size; q++ {
				at := func(plane int) float32 { return f.Spatial[q*NumSpatial+plane] }
				c := b.At(board.Point(q))
				libs := 0
				if c != board.Empty {
					libs = cs.List[cs.ID[q]].Liberties
				}
				want := [6]float32{1, b2f(c == b.ToMove()), b2f(c == -b.ToMove()), b2f(libs == 1), b2f(libs == 2), b2f(libs == 3)}
				for plane, w := range want {
					if at(plane) != w {
						t.Fatalf("size %d, %d moves, point %d: plane %d = %g, want %g", size, k, q, plane, at(plane), w)
					}
				}
				if at(PlaneKo) != b2f(board.Point(q) == b.Ko()) {
					t.Fatalf("size %d, %d moves, point %d: plane 6 = %g, board's ko %d", size, k, q, at(PlaneKo), b.Ko())
				}
				if f.Legal[q] != (b.Legal(b.ToMove(), board.Point(q)) == nil) {
					t.Fatalf("size %d, %d moves, point %d: legal %v", size, k, q, f.Legal[q])
				}
			}
		}
	}
}

func b2f(v bool) float32 {
	if v {
		return 1
	}
	return 0
}
