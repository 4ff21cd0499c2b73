package influence

import (
	"testing"

	"goeval/control"
	"goeval/internal/positions"
)

var propSink float64

// BenchmarkPropagate evaluates the shared benchmark positions (dev games at
// moves 50, 150 and 250), one estimate per iteration, cycling through them.
// The "-go" cases force the portable kernel, the one used without AVX-512.
func BenchmarkPropagate(b *testing.B) {
	bs := positions.Bench(b)
	for _, c := range []struct {
		name  string
		s     PropagateSettings
		noAsm bool
	}{
		{"cap-each", PropagateSettings{}, false},
		{"cap-total", PropagateSettings{Combine: CapTotal}, false},
		{"atsumi", AtsumiSettings(4), false},
		{"cap-each-go", PropagateSettings{}, true},
		{"atsumi-go", AtsumiSettings(4), true},
	} {
		b.Run(c.name, func(b *testing.B) {
			if c.noAsm {
				defer func(saved bool) { usePropAsm = saved }(usePropAsm)
				usePropAsm = false
			}
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
