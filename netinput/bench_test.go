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

// BenchmarkFill measures Fill on 19x19 middle-game positions: a game of
// the golden set at move 100 (when the shared data is present) and a
// seeded random game of 150 moves, full of short-liberty chains for the
// ladder search.
func BenchmarkFill(b *testing.B) {
	cases := []struct {
		name string
		p    func(b *testing.B) *Position
	}{
		{"random-150", func(*testing.B) *Position { return randomGame(19, 150, 3) }},
		{"golden-move100", func(b *testing.B) *Position {
			for _, r := range readGoldenTB(b) {
				if r.Size == 19 && r.Move == 100 {
					return goldenPositionTB(b, r)
				}
			}
			b.Skip("no 19x19 golden position at move 100")
			return nil
		}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			p := c.p(b)
			var f Features
			if err := f.Fill(p); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if err := f.Fill(p); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}
