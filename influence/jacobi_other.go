//go:build !amd64

package influence

import "goeval/board"

// useAsm is false: there are no assembly kernels on this architecture.
var useAsm = false

// jacobiFast is jacobi: there is no assembly version on this architecture.
func jacobiFast(y, x, a, b, kg []float64, first, end, w int) float64 {
	return jacobi(y, x, a, b, kg, first, end, w)
}

// chainsFast is chains: there is no assembly version on this architecture.
func chainsFast(val, half, kc []float64, adj, qlen []int32, x []float64) {
	chains(val, half, kc, adj, qlen, x)
}

// use32 and useAsm32 are false: without the AVX-512 kernels the float32
// path would be no faster than the float64 one.
var use32, useAsm32 = false, false

// stepsAVX512 is never called: useAsm32 is false.
func (t *tables32) stepsAVX512(max int, hi float32) (int, float32) {
	panic("influence: no assembly kernel")
}

// colours32AVX512 and unpad32AVX512 are never called: useAsm32 is false.
func colours32AVX512(x *float32, cells *board.Color, size, w int) {
	panic("influence: no assembly kernel")
}

func unpad32AVX512(dst *float64, x *float32, size, w int) (sum float64) {
	panic("influence: no assembly kernel")
}

// masksAVX512 is never called: useAsm32 is false.
func masksAVX512(masks *uint16, ci *int32, state *uint32, blocks, nt int) {
	panic("influence: no assembly kernel")
}

// prepareRowsAVX512 is never called: useAsm32 is false.
func prepareRowsAVX512(a *prepareArgs) int { panic("influence: no assembly kernel") }

// fillChainsAsm is never called: useAsm32 is false.
func fillChainsAsm(state *[cellsMax]uint32, stones *int32, n int, w int32, cs *chainScratch) (nc, ntmp int32) {
	panic("influence: no assembly kernel")
}

// lay is layRows.
func (cs *chainScratch) lay(adj []int32, hrow []float32, ends []uint16, nc, first int32, one [3]int32) {
	cs.layRows(adj, hrow, ends, nc, first, one)
}

func dealLanesAsm(cs *chainScratch, nc int) (rows int32) { panic("influence: no assembly") }
