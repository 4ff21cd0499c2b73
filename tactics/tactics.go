package tactics

import (
	"slices"

	"goeval/board"
)

// Defaults of Reader.
const (
	// DefaultBudget is the number of board positions one Read may visit.
	DefaultBudget = 400
	// MaxLiberties is the most liberties a chain may have and still be
	// read: at the attacker's turn a chain with more has escaped.
	MaxLiberties = 3
	// maxDepth bounds the plies of one line (a ladder across the board
	// takes about 2 plies per point it runs).
	maxDepth = 60
)

// Status is what reading found about a chain.
type Status int8

// Statuses, from safest to deadest.
const (
	// Unknown: the budget ran out before an answer.
	Unknown Status = iota
	// Safe: the chain cannot be captured even if the attacker moves first
	// (within what the reader tries), or it has too many liberties to read.
	Safe
	// Capturable: the attacker moving first captures the chain; the
	// defender moving first saves it.
	Capturable
	// Dead: the chain is captured whoever moves first.
	Dead
)

var statusNames = [...]string{"unknown", "safe", "capturable", "dead"}

// String returns the status's name in lower case.
func (s Status) String() string { return statusNames[s] }

// Reader reads capture fights. The zero Reader uses DefaultBudget. It owns
// scratch memory: it is not safe for concurrent use.
type Reader struct {
	// Budget is the number of positions one Read may visit; 0 means
	// DefaultBudget.
	Budget int

	nodes  int
	gen    uint32
	mark   [board.MaxPoints]uint32 // liberties' marks
	stack  [board.MaxPoints]board.Point
	own    [board.MaxPoints]bool // defences' marks of the chain's stones
	foe    [board.MaxPoints]bool // defences' marks of the opponent stones looked at
	stones [board.MaxPoints]board.Point
	boards [maxDepth + 1]board.Board
	moves  [maxDepth + 1][16]board.Point
}

// Nodes returns the number of positions the last Read visited.
func (r *Reader) Nodes() int { return r.nodes }

// Read reads the chain through p (a stone) and returns its status. It
// panics with a "tactics: ..." message if p is empty.
func (r *Reader) Read(b *board.Board, p board.Point) Status {
	c := b.At(p)
	if c == board.Empty {
		panic("tactics: Read of an empty point")
	}
	r.nodes = 0
	var buf [MaxLiberties + 1]board.Point
	libs := r.liberties(b, p, buf[:0])
	if len(libs) > MaxLiberties {
		return Safe
	}
	attackFirst := r.attack(b, p, libs, 0, true)
	if r.out() {
		return Unknown
	}
	if !attackFirst {
		return Safe
	}
	defended := r.defend(b, p, 0)
	if r.out() {
		return Unknown
	}
	if defended {
		return Capturable
	}
	return Dead
}

func (r *Reader) budget() int {
	if r.Budget > 0 {
		return r.Budget
	}
	return DefaultBudget
}

// out reports whether the budget is spent: answers found after that are
// not trusted.
func (r *Reader) out() bool { return r.nodes >= r.budget() }

// liberties appends the distinct liberties of the chain through p to dst,
// stopping once dst holds more than MaxLiberties.
func (r *Reader) liberties(b *board.Board, p board.Point, dst []board.Point) []board.Point {
	return r.walk(b, p, dst, nil)
}

// walk is liberties, and when seen is not nil it sets seen on every stone
// of the chain that it visits (all of them unless it stopped early).
func (r *Reader) walk(b *board.Board, p board.Point, dst []board.Point, seen *[board.MaxPoints]bool) []board.Point {
	r.gen++
	if r.gen == 0 {
		r.mark = [board.MaxPoints]uint32{}
		r.gen = 1
	}
	g, cells := b.Geometry(), b.Cells()
	c := cells[p]
	r.mark[p] = r.gen
	r.stack[0] = p
	n := 1
	for n > 0 {
		n--
		s := r.stack[n]
		for _, q := range g.Neighbors(s) {
			if r.mark[q] == r.gen {
				continue
			}
			switch cells[q] {
			case c:
				r.mark[q] = r.gen
				r.stack[n] = q
				n++
				if seen != nil {
					seen[q] = true
				}
			case board.Empty:
				r.mark[q] = r.gen
				dst = append(dst, q)
				if len(dst) > MaxLiberties {
					return dst
				}
			}
		}
	}
	return dst
}

// legal reports whether c may play at the empty point q of b: not the ko
// point, and not suicide.
func (r *Reader) legal(b *board.Board, c board.Color, q board.Point) bool {
	if b.At(q) != board.Empty || q == b.Ko() {
		return false
	}
	nbs := b.Geometry().Neighbors(q)
	for _, n := range nbs {
		if b.At(n) == board.Empty {
			return true
		}
	}
	var libs [MaxLiberties + 1]board.Point
	for _, n := range nbs {
		switch b.At(n) {
		case c:
			if len(r.liberties(b, n, libs[:0])) > 1 {
				return true
			}
		default:
			if len(r.liberties(b, n, libs[:0])) == 1 {
				return true // captures
			}
		}
	}
	return false
}

// play plays c at q on a copy of b at depth d+1 and returns it.
func (r *Reader) play(b *board.Board, c board.Color, q board.Point, d int) *board.Board {
	r.nodes++
	nb := &r.boards[d+1]
	*nb = *b
	if err := nb.Play(c, q); err != nil {
		panic("tactics: a move checked legal is not: " + err.Error())
	}
	return nb
}

// attack reports whether the attacker, to move on b, captures the chain
// through p, whose liberties are libs (as liberties finds them). At the
// root (the question asked) a chain with MaxLiberties liberties is read;
// deeper, it has escaped.
func (r *Reader) attack(b *board.Board, p board.Point, libs []board.Point, d int, root bool) bool {
	switch {
	case len(libs) == 1:
		return true
	case len(libs) > MaxLiberties || (!root && len(libs) == MaxLiberties):
		return false
	case d >= maxDepth || r.out():
		return false
	}
	a := -b.At(p)
	for _, q := range libs {
		if !r.legal(b, a, q) {
			continue
		}
		nb := r.play(b, a, q, d)
		if !r.defend(nb, p, d+1) {
			return true
		}
		if r.out() {
			return false
		}
	}
	return false
}

// defend reports whether the defender, to move on b, saves the chain
// through p from capture.
func (r *Reader) defend(b *board.Board, p board.Point, d int) bool {
	var buf [MaxLiberties + 1]board.Point
	libs := r.liberties(b, p, buf[:0])
	if len(libs) > MaxLiberties {
		return true
	}
	if d >= maxDepth || r.out() {
		return true
	}
	c := b.At(p)
	moves := r.defences(b, p, libs, r.moves[d][:0])
	for _, q := range moves {
		if !r.legal(b, c, q) {
			continue
		}
		nb := r.play(b, c, q, d)
		after := r.liberties(nb, p, buf[:0])
		n := len(after)
		if n >= MaxLiberties {
			return true // escaped: the attacker no longer reads the chain
		}
		if n >= 2 && !r.attack(nb, p, after, d+1, false) {
			return true
		}
		if r.out() {
			return true
		}
	}
	return false
}

// defences lists the defender's candidate moves: the liberties of the
// attacking chains in atari next to the chain through p (captures), then
// the chain's own liberties, without repeats.
func (r *Reader) defences(b *board.Board, p board.Point, libs, dst []board.Point) []board.Point {
	g, cells := b.Geometry(), b.Cells()
	c := cells[p]
	// Walk the chain's stones for adjacent enemy chains in atari, each
	// enemy chain once.
	stones := r.stones[:0]
	stones = append(stones, p)
	r.own[p] = true
	var foeLibs [MaxLiberties + 1]board.Point
	for i := 0; i < len(stones); i++ {
		for _, q := range g.Neighbors(stones[i]) {
			switch {
			case cells[q] == c:
				if !r.own[q] {
					r.own[q] = true
					stones = append(stones, q)
				}
			case cells[q] == -c && !r.foe[q]:
				r.foe[q] = true
				fl := r.walk(b, q, foeLibs[:0], &r.foe)
				if len(fl) == 1 && !slices.Contains(dst, fl[0]) && len(dst) < cap(dst) {
					dst = append(dst, fl[0])
				}
			}
		}
	}
	for _, s := range stones {
		r.own[s] = false
	}
	clear(r.foe[:g.N])
	for _, q := range libs {
		if !slices.Contains(dst, q) && len(dst) < cap(dst) {
			dst = append(dst, q)
		}
	}
	return dst
}
