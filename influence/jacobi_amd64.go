package influence

// The assembly kernels (jacobi_amd64.s) and the processor check that
// chooses them.

//go:noescape
func jacobiAVX2(y, x, a, b, kg *float64, n, w int) float64

//go:noescape
func chainsAVX2(val, half, kc *float64, adj, qlen *int32, nq int, x *float64)

func cpuid(leaf, sub uint32) (a, b, c, d uint32)

func xgetbv0() (eax uint32)

// haveAVX2 reports whether the processor and the operating system support
// AVX2 and FMA.
var haveAVX2 = func() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, c1, _ := cpuid(1, 0)
	const fma, osxsave, avx = 1 << 12, 1 << 27, 1 << 28
	if c1&fma == 0 || c1&osxsave == 0 || c1&avx == 0 {
		return false
	}
	if xgetbv0()&6 != 6 { // the OS saves XMM and YMM state
		return false
	}
	_, b7, _, _ := cpuid(7, 0)
	const avx2 = 1 << 5
	return b7&avx2 != 0
}()

// useAsm selects the assembly kernels; tests turn it off to compare.
var useAsm = haveAVX2

// jacobiFast is jacobi, in AVX2 where the processor has it. The slices
// must reach 8 cells beyond end and w cells beyond that (see
// tables.resize).
func jacobiFast(y, x, a, b, kg []float64, first, end, w int) float64 {
	if !useAsm {
		return jacobi(y, x, a, b, kg, first, end, w)
	}
	n := (end - first + 7) &^ 7
	_, _, _, _, _ = y[first+n-1], a[first+n-1], b[first+n-1], kg[first+n-1], x[first+n+w]
	_ = x[first-w]
	return jacobiAVX2(&y[first], &x[first], &a[first], &b[first], &kg[first], n, w)
}

// chainsFast is chains, in AVX2 where the processor has it. Every index in
// adj must be within x.
func chainsFast(val, half, kc []float64, adj, qlen []int32, x []float64) {
	nq := len(qlen)
	if !useAsm || nq == 0 {
		chains(val, half, kc, adj, qlen, x)
		return
	}
	_, _, _ = val[4*nq-1], half[4*nq-1], kc[4*nq-1]
	entries := 0
	for _, l := range qlen {
		entries += 4 * int(l)
	}
	_ = adj[entries-1]
	chainsAVX2(&val[0], &half[0], &kc[0], &adj[0], &qlen[0], nq, &x[0])
}

//go:noescape
func jacobi32AVX512(y, x, a, b *float32, ci *int32, val *float32, masks *uint16, nt, n, w int) float32

//go:noescape
func chains32AVX512(val, half, kc *float32, adj, glen *int32, ng int, x *float32)

// haveAVX512F reports whether the processor and the operating system
// support AVX512F, the instructions of the float32 kernels, with the ZMM
// and mask registers saved.
var haveAVX512F = func() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, c1, _ := cpuid(1, 0)
	const osxsave = 1 << 27
	if c1&osxsave == 0 || xgetbv0()&0xe6 != 0xe6 {
		return false
	}
	_, b7, _, _ := cpuid(7, 0)
	const avx512f = 1 << 16
	return b7&avx512f != 0
}()

// useAsm32 selects the AVX-512 float32 kernels; tests turn it off to
// compare.
var useAsm32 = haveAVX512F

// use32 selects the float32 path of Symmetric (see solve32): where the
// processor runs the AVX-512 kernels. Tests turn it on and off to run
// both paths.
var use32 = haveAVX512F

// jacobi32Fast is jacobi32, in AVX-512 where the processor has it (which
// reads val through masks: see tables32). n must be a multiple of 16, the
// slices must reach w cells beyond first+n, and val must hold 32 values
// per table of masks.
func jacobi32Fast(y, x, a, b []float32, ci []int32, val []float32, masks []uint16, first, n, w int) float32 {
	nt := len(val) / 32
	if !useAsm32 || n == 0 || nt == 0 {
		return jacobi32(y, x, a, b, ci, val, first, n, w)
	}
	_, _, _, _, _ = y[first+n-1], a[first+n-1], b[first+n-1], ci[first+n-1], x[first+n-1+w]
	_, _ = x[first-w], masks[n/16*nt-1]
	return jacobi32AVX512(&y[first], &x[first], &a[first], &b[first], &ci[first], &val[0], &masks[0], nt, n, w)
}

// chains32Fast is chains32, in AVX-512 where the processor has it. Every
// index in adj must be within x, and every glen at least 1.
func chains32Fast(val, half, kc []float32, adj, glen []int32, x []float32) {
	ng := len(glen)
	if !useAsm32 || ng == 0 {
		chains32(val, half, kc, adj, glen, x)
		return
	}
	_, _, _ = val[lanes32*ng-1], half[lanes32*ng-1], kc[lanes32*ng-1]
	entries := 0
	for _, l := range glen {
		entries += lanes32 * int(l)
	}
	_ = adj[entries-1]
	chains32AVX512(&val[0], &half[0], &kc[0], &adj[0], &glen[0], ng, &x[0])
}
