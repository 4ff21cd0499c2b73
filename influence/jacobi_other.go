//go:build !amd64

package influence

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

// haveAVX512 and usePropAsm are false: there is no assembly kernel for
// the propagating estimator on this architecture.
var haveAVX512, usePropAsm = false, false

func propSearchAVX512(a *propSearchArgs) { panic("influence: no assembly kernel") }
