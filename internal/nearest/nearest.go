// Package nearest finds the word of a list nearest to a slip of the
// keyboard, for "did you mean" suggestions.
package nearest

// Distance is the optimal string alignment distance between a and b:
// the fewest insertions, deletions, substitutions and swaps of two
// neighbouring letters that turn one into the other ("rnak" is 1 from
// "rank").
func Distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	d := make([][]int, len(x)+1)
	for i := range d {
		d[i] = make([]int, len(y)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(x); i++ {
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(x)][len(y)]
}

// Word returns the word of words nearest to w (Distance), the first of
// those as near, and its distance; "" and 0 for no words.
func Word(w string, words []string) (string, int) {
	best, bestD := "", 0
	for _, c := range words {
		if d := Distance(w, c); best == "" || d < bestD {
			best, bestD = c, d
		}
	}
	return best, bestD
}
