package influence

// jacobi32 is jacobi in float32, with the points' κG looked up in val as
// the AVX-512 kernel looks it up (see tables32): it sets y[p] = a[p]·S1 +
// b[p]·S3 + κG for the n cells p from first and returns Σ(y[p]-x[p])². As
// in jacobi, every operation is odd in x and val, so negating them
// negates y exactly.
func jacobi32(y, x, a, b []float32, ci []int32, val []float32, masks []uint16, nt, first, n, w int) float32 {
	x = x[first-w : first+n+w]
	y, a, b, ci = y[first:first+n], a[first:first+n], b[first:first+n], ci[first:first+n]
	var sq float32
	for i := range y {
		var kg float32
		for k, m := range masks[i/lanes32*nt:][:nt] {
			if m>>(i%lanes32)&1 != 0 {
				kg = val[32*k+int(ci[i]%32)]
			}
		}
		c := i + w
		nn, ww, ee, ss := x[c-w], x[c-1], x[c+1], x[c+w]
		v := (nn+ww)*(a[i]+b[i]*(ee*ss)) + (ee+ss)*(a[i]+b[i]*(nn*ww)) + kg
		d := v - x[c]
		y[i] = v
		sq += d * d
	}
	return sq
}

// chains32 is chains in float32 for groups of 16 slots: it sets val[c] =
// kc[c]·(1 - 2P) for every chain slot c, P being the product of
// (1/2 - half[c]·x[q]) over the slot's entries q in adj (see tables32).
func chains32(val, half, kc []float32, adj, glen []int32, x []float32) {
	off := 0
	for g, l := range glen {
		for lane := range lanes32 {
			c := lanes32*g + lane
			h := half[c]
			prod := float32(1)
			for e := range int(l) {
				prod *= 0.5 - h*x[adj[off+lanes32*e+lane]]
			}
			val[c] = kc[c] * (1 - 2*prod)
		}
		off += lanes32 * int(l)
	}
}
