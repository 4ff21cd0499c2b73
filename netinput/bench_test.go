package netinput

import "testing"

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
