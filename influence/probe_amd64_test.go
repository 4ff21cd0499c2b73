package influence

import (
	"testing"
)

// TestHostProbes checks that the probes compute what they say, so that
// their timings are of the work described.
func TestHostProbes(t *testing.T) {
	want := uint64(1)
	for range 8 * 5 {
		want *= 3
	}
	if got := probeIMUL(5); got != want {
		t.Errorf("probeIMUL(5) = %d, want 3^40 mod 2^64 = %d", got, want)
	}
	if got := probeIMUL(0); got != 1 {
		t.Errorf("probeIMUL(0) = %d, want 1", got)
	}
	if !haveAVX512F {
		t.Skip("no AVX-512 on this processor")
	}
	for _, n := range []int{0, 1, 1000} {
		if got := probeFMA512(n); got != float32(128*n) {
			t.Errorf("probeFMA512(%d) = %g, want %d", n, got, 128*n)
		}
	}
	base := make([]float32, 256)
	for i := range base {
		base[i] = -1000 // read by no lane
	}
	for l := range 16 {
		base[16*l] = float32(l + 1)
	}
	if got := probeGather512(3, &base[0]); got != 136 {
		t.Errorf("probeGather512 = %g, want 1+2+...+16 = 136", got)
	}
}

// BenchmarkHostProbe times fixed instruction sequences, one round per op:
// eight independent 512-bit FMAs, four independent 16-lane gathers (each
// lane on its own cache line), and eight dependent 64-bit multiplies. On
// a quiet core they take about 4, 32 and 24 cycles. Run it beside
// BenchmarkLambdaKappa to tell the host's slow phase, in which vector
// code slows by up to half again or more while scalar code does not, from
// a change in the kernels (docs/speed-notes.md).
func BenchmarkHostProbe(b *testing.B) {
	const rounds = 1000
	b.Run("imul", func(b *testing.B) {
		for b.Loop() {
			probeIMUL(rounds)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(rounds*b.N), "ns/round")
	})
	if !haveAVX512F {
		b.Skip("no AVX-512 on this processor")
	}
	b.Run("fma512", func(b *testing.B) {
		for b.Loop() {
			probeFMA512(rounds)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(rounds*b.N), "ns/round")
	})
	base := make([]float32, 256)
	b.Run("gather512", func(b *testing.B) {
		for b.Loop() {
			probeGather512(rounds, &base[0])
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(rounds*b.N), "ns/round")
	})
}
