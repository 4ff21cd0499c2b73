package influence

import (
	"testing"

	"goeval/control"
	"goeval/internal/positions"
)

var propSink float64

// BenchmarkPropagate evaluates the shared benchmark positions (dev games at
// moves 50, 150 and 250), one estimate per iteration, cycling through them.
func BenchmarkPropagate(b *testing.B) {
	bs := positions.Bench(b)
	for _, c := range []struct {
		name string
		s    PropagateSettings
	}{
		{"cap-each", PropagateSettings{}},
		{"cap-total", PropagateSettings{Combine: CapTotal}},
		{"atsumi", AtsumiSettings(4)},
	} {
		b.Run(c.name, func(b *testing.B) {
			e := mustPropagate(b, c.s)
			var r control.Result
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := e.Estimate(&r, bs[i]); err != nil {
					b.Fatal(err)
				}
				propSink += r.Score
				i++
				if i == len(bs) {
					i = 0
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// BenchmarkPropagateTwin times the straightforward form (a search from
// every stone) on the same positions, for the speed-up in the closing note.
func BenchmarkPropagateTwin(b *testing.B) {
	bs := positions.Bench(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		ctl, _, _ := propTwin(bs[i], PropagateSettings{})
		propSink += ctl[0]
		i++
		if i == len(bs) {
			i = 0
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}
