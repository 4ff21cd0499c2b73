package influence

// The host probes (probe_amd64.s): fixed instruction sequences whose time
// says how fast the host runs this kind of code at the moment, so that a
// benchmark of the kernels can be read against the host's phase (see
// BenchmarkHostProbe and docs/speed-notes.md). Nothing outside the tests
// calls them.

// probeFMA512 runs n rounds of eight independent 16-lane float32 FMAs
// (acc += 1·1) and returns the sum of the accumulators' lanes, 128n.
//
//go:noescape
func probeFMA512(n int) float32

// probeGather512 runs n rounds of four independent 16-lane gathers of
// base[16l], l = 0..15 (one cache line a lane, as the chain pass reads),
// and returns the sum of the last gather's lanes. base must hold 256
// values.
//
//go:noescape
func probeGather512(n int, base *float32) float32

// probeIMUL runs n rounds of eight dependent 64-bit multiplies by 3 from 1
// and returns the product, 3^(8n) modulo 2^64: scalar code, which the
// host's slow phase barely touches.
func probeIMUL(n int) uint64
