package influence

import (
	"testing"

	"goeval/influence/internal/hostprobe"
)

// BenchmarkHostProbe times fixed instruction sequences (package
// hostprobe), one round per op: eight independent 512-bit FMAs, four
// independent 16-lane gathers (each lane on its own cache line), and
// eight dependent 64-bit multiplies. On a quiet core they take about 4,
// 32 and 24 cycles. Run it beside BenchmarkLambdaKappa to tell the host's
// slow phase, in which vector code slows by up to half again or more
// while scalar code does not, from a change in the kernels
// (docs/speed-notes.md).
func BenchmarkHostProbe(b *testing.B) {
	const rounds = 1000
	b.Run("imul", func(b *testing.B) {
		for b.Loop() {
			hostprobe.IMUL(rounds)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(rounds*b.N), "ns/round")
	})
	if !haveAVX512F {
		b.Skip("no AVX-512 on this processor")
	}
	b.Run("fma512", func(b *testing.B) {
		for b.Loop() {
			hostprobe.FMA512(rounds)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(rounds*b.N), "ns/round")
	})
	base := make([]float32, 256)
	b.Run("gather512", func(b *testing.B) {
		for b.Loop() {
			hostprobe.Gather512(rounds, &base[0])
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(rounds*b.N), "ns/round")
	})
}
