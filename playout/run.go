package playout

import (
	"slices"

	"goeval/board"
)

// DefaultPlayouts is the number of playouts Ownership plays when asked
// for none.
const DefaultPlayouts = 32

// Runner plays random games to the end from a position and records who
// owns each point at the end. It owns its scratch memory: reuse one to
// avoid allocation; it is not safe for concurrent use.
type Runner struct {
	base, start, b Board         // the position, the image at hand, a game
	first, last    [maxPad]int16 // image's scratch
	own            [board.MaxPoints]int32
	at             [board.MaxPoints]int16 // a point's padded index in the image under the symmetry at hand
	// Moves counts the moves played by the last Ownership, passes
	// excluded, and Games the games.
	Moves, Games int
}

// Ownership plays n random games from b (DefaultPlayouts if n <= 0; n
// above 8 is rounded up to a multiple of 8, and fewer may be played more
// often, see below) and writes to dst, for every point, the mean of its
// final owner: +1 Black, -1 White, 0 neither. It returns the mean final
// area score, Black's points minus White's (no komi). dst must hold b's
// points.
//
// The games start with b's side to move and alternate. A player answers the
// opponent's last move when it left a chain in atari: it captures the chain
// of the stone just played, or else it saves its own chain next to that
// stone by capturing an opponent chain in atari next to it or by playing
// its liberty, if that is legal and no self-atari (see below). Otherwise
// the move is drawn uniformly among the empty points that are legal (not
// suicide, not the ko), not an eye of the mover's (every neighbour the
// mover's, and at most one diagonal the opponent's, none on the edge) and
// not a self-atari of two or more stones (a chain left with one liberty and
// nothing captured); a player without such a point passes, and the game
// ends after two passes in a row (or after 3 moves per point, a bound no
// real playout nears). At the end a stone belongs to its colour and an
// empty point to the colour of all its neighbours, if they have one colour.
//
// An eighth of the games are played on each of the position's eight
// images under the symmetries of the board, each from a generator seeded
// by its image (as the side to move sees it), and the owners are mapped
// back. Fewer than 8 games are played one each on the n images whose
// hashes (as the side to move sees them) are least, and on every image
// that ties with the last of them, so a symmetric position may play more.
// So the answer is a function of the position alone, rotating or
// mirroring b rotates or mirrors it exactly (the same images are played),
// and swapping the colours of b negates it exactly.
func (r *Runner) Ownership(dst []float64, b *board.Board, n int) float64 {
	if n <= 0 {
		n = DefaultPlayouts
	}
	per := (n + 7) / 8
	g := b.Geometry()
	cells := len(b.Cells())
	own := r.own[:cells]
	clear(own)
	r.Moves = 0
	total, games := 0, 0
	limit := 3 * cells
	r.base.Load(b)
	// With fewer than 8 games, the images played are those whose hashes
	// are at most the n-th least, cut (else every hash is left 0).
	var hs [8]uint64
	cut := ^uint64(0)
	if n < 8 {
		for i, s := range board.Symmetries {
			hs[i] = r.base.imageHash(b, s)
		}
		sorted := hs
		slices.Sort(sorted[:])
		cut = sorted[n-1]
	}
	// The identity comes last (Symmetries lists it first): its image is
	// the loaded board itself, which the other images are laid out from
	// and its last game then plays on. The sums do not depend on the order.
	for j := 1; j <= len(board.Symmetries); j++ {
		i := j % len(board.Symmetries)
		s := board.Symmetries[i]
		if hs[i] > cut {
			continue
		}
		img := &r.base
		if s != board.Identity {
			r.start.image(&r.base, b, s, &r.first, &r.last)
			img = &r.start
		}
		o, dx, dy := affine(g, s)
		for y := range g.Size {
			for x := range g.Size {
				r.at[y*g.Size+x] = img.pad[o+x*dx+y*dy]
			}
		}
		base := img.hash()
		for k := range per {
			rng := mix(base + uint64(k+1)*0x9e3779b97f4a7c15)
			pb := img // the last game of an image plays on the image itself
			if k < per-1 {
				r.b = *img
				pb = &r.b
			}
			r.Moves += pb.run(&rng, limit)
			total += pb.score(own, r.at[:cells])
			games++
		}
	}
	r.Games = games
	inv := 1 / float64(games)
	for p := range own {
		dst[p] = float64(own[p]) * inv
	}
	return float64(total) * inv
}

// mix scrambles a seed (the finaliser of splitmix64), never to 0, the one
// state xorshift cannot leave.
func mix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	z ^= z >> 31
	if z == 0 {
		z = 1
	}
	return z
}

// draw returns a uniform draw from [0, n), n > 0.
func draw(state *uint64, n int) int {
	// xorshift64*, then the top 32 bits scaled to [0, n).
	x := *state
	x ^= x >> 12
	x ^= x << 25
	x ^= x >> 27
	*state = x
	v := uint32((x * 0x2545f4914f6cdd1d) >> 32)
	return int((uint64(v) * uint64(n)) >> 32)
}

// run plays the game out and returns the number of moves played.
func (pb *Board) run(state *uint64, limit int) int {
	passes, moves := 0, 0
	last := none
	for passes < 2 && moves < limit {
		c := pb.toMove
		if last != none {
			if p := pb.reply(last, c); p != none {
				pb.play(p, c)
				last = p
				passes = 0
				moves++
				continue
			}
		}
		played := false
		for i := pb.nEmpty; i > 0; i-- {
			k := draw(state, i)
			p := pb.empty[k&m]
			// A point with two empty neighbours is always fine; one with
			// one is legal and no eye, so only a self-atari rules it out.
			if f := pb.free(p); f > 1 || (f == 1 || !pb.eyelike(p, c) && pb.legal(p, c)) && !pb.selfAtari(p, c) {
				pb.play(p, c)
				last = p
				played = true
				break
			}
			// Move p out of the draw: swap it to the end of the part
			// still to draw from.
			j := int16(i - 1)
			q := pb.empty[j&m]
			pb.empty[k&m], pb.empty[j&m] = q, p
			pb.where[q&m], pb.where[p&m] = int16(k), j
		}
		if played {
			passes = 0
			moves++
			continue
		}
		passes++
		last = none
		pb.ko = none
		pb.toMove = -c
	}
	return moves
}

// score adds every point's final owner to own, point p of the position
// played from being the board's cell at[p], and returns Black's points
// minus White's.
func (pb *Board) score(own []int32, at []int16) int {
	sum := 0
	for p := range own {
		q := at[p]
		v := pb.cell[q&m]
		if v == int8(board.Empty) {
			v = pb.emptyOwner(q)
		}
		own[p] += int32(v)
		sum += int(v)
	}
	return sum
}

// emptyOwner returns the colour of all of p's neighbours on the board, or
// Empty if they are not all one colour.
func (pb *Board) emptyOwner(p int16) int8 {
	var c int8
	for _, q := range neighbours(p) {
		switch v := pb.cell[q&m]; v {
		case edge:
		case int8(board.Empty):
			return int8(board.Empty)
		default:
			if c != 0 && v != c {
				return int8(board.Empty)
			}
			c = v
		}
	}
	return c
}

// reply returns c's answer to the opponent's move at last: the capture of
// the chain of last if it is in atari, or else, for a chain of c's next to
// last that is in atari, the capture of an opponent chain in atari next to
// it or its escape (when playing its liberty is legal and no self-atari),
// or none.
func (pb *Board) reply(last int16, c int8) int16 {
	if pb.cell[last&m] != -c {
		return none
	}
	if l := pb.atariLiberty(pb.head[last&m]); l != none && pb.legal(l, c) {
		return l
	}
	if pb.own(last, c) == 0 {
		return none
	}
	// A chain in atari is rare, so the test is inline and the rescue a
	// call.
	for _, q := range neighbours(last) {
		if pb.cell[q&m] != c {
			continue
		}
		if h := pb.head[q&m]; pb.atariLiberty(h) != none {
			if l := pb.rescue(h, c); l != none {
				return l
			}
		}
	}
	return none
}

// rescue returns c's answer for its chain headed h, in atari: the capture
// of an opponent chain in atari next to it, or else its escape (when
// playing its liberty is legal and no self-atari), or none.
func (pb *Board) rescue(h int16, c int8) int16 {
	if k := pb.counterCapture(h, c); k != none {
		return k
	}
	if l := pb.atariLiberty(h); pb.legal(l, c) && !pb.selfAtari(l, c) {
		return l
	}
	return none
}

// counterCapture returns the liberty of an opponent chain in atari next to
// c's chain headed h, or none.
func (pb *Board) counterCapture(h int16, c int8) int16 {
	for s := h; ; {
		for _, q := range neighbours(s) {
			if pb.cell[q&m] == -c {
				if l := pb.atariLiberty(pb.head[q&m]); l != none && pb.legal(l, c) {
					return l
				}
			}
		}
		s = pb.next[s&m]
		if s == h {
			return none
		}
	}
}
