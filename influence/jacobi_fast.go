package influence

// jacobiFast is the kernel of a step; for now, jacobi.
func jacobiFast(y, x, a, b, kg []float64, first, end, w int) float64 {
	return jacobi(y, x, a, b, kg, first, end, w)
}

// chainsFast is the kernel of the chain estimates; for now, chains.
func chainsFast(val, half, kc []float64, adj, qlen []int32, x []float64) {
	chains(val, half, kc, adj, qlen, x)
}
