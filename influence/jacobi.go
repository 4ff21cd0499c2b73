package influence

// jacobi sets y[p] = a[p]·S1 + b[p]·S3 + kg[p] for p in [first, end) and
// returns Σ(y[p]-x[p])², where S1 and S3 are the first and third
// elementary symmetric sums of the four neighbours x[p-w], x[p-1], x[p+1]
// and x[p+w]. With u and v the sums of the first two and last two, the
// value is computed as u·(a + b·x[p+1]·x[p+w]) + v·(a + b·x[p-w]·x[p-1]) +
// kg: every operation is odd in x and kg, so negating them negates y
// exactly.
func jacobi(y, x, a, b, kg []float64, first, end, w int) float64 {
	x = x[first-w : end+w]
	n := end - first
	y, a, b, kg = y[first:end], a[first:end], b[first:end], kg[first:end]
	_, _, _, _, _ = y[n-1], a[n-1], b[n-1], kg[n-1], x[n+2*w-1]
	var sq0, sq1 float64
	i := 0
	for ; i+1 < n; i += 2 {
		c := i + w
		nn, ww, ee, ss := x[c-w], x[c-1], x[c+1], x[c+w]
		v := (nn+ww)*(a[i]+b[i]*(ee*ss)) + (ee+ss)*(a[i]+b[i]*(nn*ww)) + kg[i]
		d := v - x[c]
		y[i] = v
		sq0 += d * d
		c++
		nn, ww, ee, ss = x[c-w], x[c-1], x[c+1], x[c+w]
		v = (nn+ww)*(a[i+1]+b[i+1]*(ee*ss)) + (ee+ss)*(a[i+1]+b[i+1]*(nn*ww)) + kg[i+1]
		d = v - x[c]
		y[i+1] = v
		sq1 += d * d
	}
	for ; i < n; i++ {
		c := i + w
		nn, ww, ee, ss := x[c-w], x[c-1], x[c+1], x[c+w]
		v := (nn+ww)*(a[i]+b[i]*(ee*ss)) + (ee+ss)*(a[i]+b[i]*(nn*ww)) + kg[i]
		d := v - x[c]
		y[i] = v
		sq0 += d * d
	}
	return sq0 + sq1
}

// chains sets val[c] = kc[c]·(1 - 2P) for every chain slot c, P being the
// product of (1/2 - half[c]·x[q]) over the slot's entries q in adj (see
// tables). For a chain of colour s, half = s/2 and kc = κs, so val is κG.
func chains(val, half, kc []float64, adj, qlen []int32, x []float64) {
	off := 0
	for q, l := range qlen {
		for lane := range 4 {
			c := 4*q + lane
			h := half[c]
			prod := 1.0
			for e := range int(l) {
				prod *= 0.5 - h*x[adj[off+4*e+lane]]
			}
			val[c] = kc[c] * (1 - 2*prod)
		}
		off += 4 * int(l)
	}
}
