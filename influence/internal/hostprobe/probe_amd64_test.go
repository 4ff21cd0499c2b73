package hostprobe

import (
	"testing"

	"golang.org/x/sys/cpu"
)

// TestProbes checks that the probes compute what they say, so that their
// timings are of the work described.
func TestProbes(t *testing.T) {
	want := uint64(1)
	for range 8 * 5 {
		want *= 3
	}
	if got := IMUL(5); got != want {
		t.Errorf("IMUL(5) = %d, want 3^40 mod 2^64 = %d", got, want)
	}
	if got := IMUL(0); got != 1 {
		t.Errorf("IMUL(0) = %d, want 1", got)
	}
	if !cpu.X86.HasAVX512F {
		t.Skip("no AVX-512 on this processor")
	}
	for _, n := range []int{0, 1, 1000} {
		if got := FMA512(n); got != float32(128*n) {
			t.Errorf("FMA512(%d) = %g, want %d", n, got, 128*n)
		}
	}
	base := make([]float32, 256)
	for i := range base {
		base[i] = -1000 // read by no lane
	}
	for l := range 16 {
		base[16*l] = float32(l + 1)
	}
	if got := Gather512(3, &base[0]); got != 136 {
		t.Errorf("Gather512 = %g, want 1+2+...+16 = 136", got)
	}
}
