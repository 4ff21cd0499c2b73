package life

// MaxNakade is the size of the largest eye space that can be dead with the
// opponent to move (the rabbity six).
const MaxNakade = 6

// DeadShape reports whether an eye space made of the connected points at
// the coordinates xy makes one eye at most with the opponent to move, and
// returns the index in xy of its vital point: the point with the most
// neighbours in the space (the first of a tie), where the opponent plays
// to kill. The dead spaces are those of up to three points; of four, the
// square and the pyramid (T); of five, the bulky five (a square and one
// more) and the cross; of six, the rabbity six (a cross with a square in
// it). Longer or bent shapes make two eyes (straight and bent four, for
// example), and so do all larger spaces. The board's edges play no part.
func DeadShape(xy [][2]int) (dead bool, vital int) {
	n := len(xy)
	if n == 0 || n > MaxNakade {
		return false, 0
	}
	in := func(x, y int) bool {
		for _, p := range xy {
			if p[0] == x && p[1] == y {
				return true
			}
		}
		return false
	}
	maxDeg, square := -1, false
	for i, p := range xy {
		x, y := p[0], p[1]
		deg := 0
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			if in(x+d[0], y+d[1]) {
				deg++
			}
		}
		if deg > maxDeg {
			maxDeg, vital = deg, i
		}
		square = square || in(x+1, y) && in(x, y+1) && in(x+1, y+1)
	}
	switch n {
	case 1, 2, 3:
		dead = true
	case 4:
		dead = square || maxDeg == 3
	case 5:
		dead = square || maxDeg == 4
	default:
		dead = square && maxDeg == 4
	}
	return dead, vital
}
