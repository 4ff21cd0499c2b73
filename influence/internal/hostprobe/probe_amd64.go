package hostprobe

// FMA512 runs n rounds of eight independent 16-lane float32 FMAs
// (acc += 1·1) and returns the sum of the accumulators' lanes, 128n. It
// needs AVX-512.
//
//go:noescape
func FMA512(n int) float32

// Gather512 runs n rounds of four independent 16-lane gathers of
// base[16l], l = 0..15 (one cache line a lane, as the chain pass of the
// λ/κ kernel reads), and returns the sum of the last gather's lanes. base
// must hold 256 values. It needs AVX-512.
//
//go:noescape
func Gather512(n int, base *float32) float32

// IMUL runs n rounds of eight dependent 64-bit multiplies by 3 from 1 and
// returns the product, 3^(8n) modulo 2^64: scalar code, which the host's
// slow phase barely touches.
func IMUL(n int) uint64
