package influence

import (
	"unsafe"

	"goeval/board"
)

// The assembly kernels of the symmetric estimator (jacobi_amd64.s) and
// the switches that choose them (from the processor's features: cpu_amd64.go).

//go:noescape
func jacobiAVX2(y, x, a, b, kg *float64, n, w int) float64

//go:noescape
func chainsAVX2(val, half, kc *float64, adj, qlen *int32, nq int, x *float64)

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
func solve32AVX512(a *solve32Args)

// solve32Args are the arguments of solve32AVX512: tables32 as pointers to
// first (x, y, a, b, ci) or to the start (the others), the sizes, and the
// steps to take.
type solve32Args struct {
	x, y, a, b *float32
	ci         *int32
	masks      *uint16
	val        *float32
	hrow, kc   *float32
	adj        *int32
	ends       *uint16
	eoff       *int32
	rows       int // chain rows; 0 for no chain pass
	blocks     int // blocks of 16 chains
	nt, n, w   int
	steps      int     // in: the most steps to take; out: the steps taken
	hi         float32 // stop after a step whose sum of squares is below hi
	sq         float32 // out: the last step's sum of squares
}

// The assembly kernel finds the fields at these offsets.
var (
	_ [unsafe.Offsetof(solve32Args{}.sq) - 148]struct{}
	_ [148 - unsafe.Offsetof(solve32Args{}.sq)]struct{}
)

//go:noescape
func prepareRowsAVX512(a *prepareArgs) int

// prepareRowsAVX512 finds the fields at these offsets.
var (
	_ [unsafe.Offsetof(prepareArgs{}.stones) - 96]struct{}
	_ [96 - unsafe.Offsetof(prepareArgs{}.stones)]struct{}
)

//go:noescape
func fillChainsAsm(state *[cellsMax]uint32, stones *int32, n int, w int32, cs *chainScratch) (nc, ntmp int32)

// fillChainsAsm finds the fields of chainScratch at these offsets.
var (
	_ [unsafe.Offsetof(chainScratch{}.colour) - 32772]struct{}
	_ [32772 - unsafe.Offsetof(chainScratch{}.colour)]struct{}
	_ [unsafe.Offsetof(chainScratch{}.length) - 28676]struct{}
	_ [28676 - unsafe.Offsetof(chainScratch{}.length)]struct{}
	_ [unsafe.Offsetof(chainScratch{}.tmpOff) - 24576]struct{}
	_ [24576 - unsafe.Offsetof(chainScratch{}.tmpOff)]struct{}
	_ [unsafe.Offsetof(chainScratch{}.tmp) - 8192]struct{}
	_ [8192 - unsafe.Offsetof(chainScratch{}.tmp)]struct{}
)

// useAsm32 selects the AVX-512 float32 kernels; tests turn it off to
// compare.
var useAsm32 = haveAVX512F

// use32 selects the float32 path of Symmetric (see solve32): where the
// processor runs the AVX-512 kernels. Tests turn it on and off to run
// both paths.
var use32 = haveAVX512F

// stepsAVX512 is tables32.steps in AVX-512.
func (t *tables32) stepsAVX512(maxSteps int, hi float32) (int, float32) {
	_ = t.x[t.first+t.n+max(t.w, lanes32)-1]
	_ = t.y[t.first+t.n+max(t.w, lanes32)-1]
	_, _, _ = t.a[t.first+t.n-1], t.b[t.first+t.n-1], t.ci[t.first+t.n-1]
	_, _ = t.masks[t.n/lanes32*t.nt-1], t.val[:32*t.nt+lanes32]
	args := solve32Args{
		x: &t.x[t.first], y: &t.y[t.first], a: &t.a[t.first], b: &t.b[t.first],
		ci: &t.ci[t.first], masks: &t.masks[0], val: &t.val[0],
		nt: t.nt, n: t.n, w: t.w, steps: maxSteps, hi: hi,
	}
	if rows := len(t.ends); t.nc > 0 && rows > 0 {
		blocks := (t.nc + lanes32 - 1) / lanes32
		_, _, _ = t.adj[lanes32*rows-1], t.hrow[lanes32*rows-1], t.eoff[rows-1]
		_ = t.kc[lanes32*blocks-1]
		args.hrow, args.kc, args.adj, args.ends, args.eoff = &t.hrow[0], &t.kc[0], &t.adj[0], &t.ends[0], &t.eoff[0]
		args.rows, args.blocks = rows, blocks
	}
	solve32AVX512(&args)
	if args.steps%2 == 1 {
		t.x, t.y = t.y, t.x
	}
	return args.steps, args.sq
}

//go:noescape
func layRowsAsm(cs *chainScratch, adj *int32, hrow *float32, ends *uint16, nc int, first, zeroB, zeroW int32)

// layRowsAsm finds these fields of chainScratch at these offsets too.
var (
	_ [unsafe.Offsetof(chainScratch{}.start) - 41996]struct{}
	_ [41996 - unsafe.Offsetof(chainScratch{}.start)]struct{}
	_ [unsafe.Offsetof(chainScratch{}.lane) - 46092]struct{}
	_ [46092 - unsafe.Offsetof(chainScratch{}.lane)]struct{}
)

// lay is layRows, in assembly where the processor runs the AVX-512
// kernels (layRowsAsm, plain amd64 code with BMI2).
func (cs *chainScratch) lay(adj []int32, hrow []float32, ends []uint16, nc, first int32, one [3]int32) {
	if !useAsm32 || nc == 0 {
		cs.layRows(adj, hrow, ends, nc, first, one)
		return
	}
	// Every chain's entries lie within the rows (deal sized them).
	_, _, _ = adj[len(adj)-1], hrow[len(adj)-1], ends[len(ends)-1]
	if len(hrow) != len(adj) || len(adj) != lanes32*len(ends) {
		panic("influence: chain rows of different sizes")
	}
	layRowsAsm(cs, &adj[0], &hrow[0], &ends[0], int(nc), first, one[0], one[2])
}

//go:noescape
func dealLanesAsm(cs *chainScratch, nc int) (rows int32)

// dealLanesAsm finds byLen at this offset.
var (
	_ [unsafe.Offsetof(chainScratch{}.byLen) - 33796]struct{}
	_ [33796 - unsafe.Offsetof(chainScratch{}.byLen)]struct{}
)

//go:noescape
func colours32AVX512(x *float32, cells *board.Color, size, w int)

//go:noescape
func unpad32AVX512(dst *float64, x *float32, size, w int) (sum float64)

//go:noescape
func masksAVX512(masks *uint16, ci *int32, state *uint32, blocks, nt int)
