package moyo

import (
	"testing"

	"goeval/control"
	"goeval/internal/positions"
)

var benchSink float64

// BenchmarkMoyo evaluates the shared benchmark positions (dev games at
// moves 50, 150 and 250), one estimate per iteration, cycling through them.
func BenchmarkMoyo(b *testing.B) {
	bs := positions.Bench(b)
	for _, c := range []struct {
		name string
		s    Settings
	}{
		{"default", Settings{}},
		{"region-override", Settings{RegionOverride: true}},
	} {
		b.Run(c.name, func(b *testing.B) {
			m := mustNew(b, c.s)
			var r control.Result
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := m.Estimate(&r, bs[i]); err != nil {
					b.Fatal(err)
				}
				benchSink += r.Score
				i++
				if i == len(bs) {
					i = 0
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}
