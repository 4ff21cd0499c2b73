package influence

import (
	"testing"

	"goeval/control"
	"goeval/internal/positions"
)

var propSink float64

// BenchmarkPropagate evaluates the shared benchmark positions (dev games at
// moves 50, 150 and 250), one estimate per iteration, cycling through them.
// The "-avx2" cases force the portable kernel with its AVX2 rows (what
// runs on x86 without AVX-512), the "-go" cases the portable kernel in Go
// only (what runs on other processors).
func BenchmarkPropagate(b *testing.B) {
	bs := positions.Bench(b)
	kernels := propKernelList()
	for _, c := range []struct {
		name   string
		s      PropagateSettings
		kernel int // index in propKernelList, -1 for the default
	}{
		{"cap-each", PropagateSettings{}, -1},
		{"cap-total", PropagateSettings{Combine: CapTotal}, -1},
		{"atsumi", AtsumiSettings(4), -1},
		{"cap-each-avx2", PropagateSettings{}, 1},
		{"atsumi-avx2", AtsumiSettings(4), 1},
		{"cap-each-go", PropagateSettings{}, 2},
		{"atsumi-go", AtsumiSettings(4), 2},
	} {
		b.Run(c.name, func(b *testing.B) {
			if c.kernel >= 0 {
				k := kernels[c.kernel]
				if !k.have {
					b.Skipf("no %s on this processor", k.name)
				}
				defer k.use()()
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
