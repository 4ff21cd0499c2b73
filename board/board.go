package board

import (
	"errors"
	"fmt"
	"strings"
)

// Errors returned for illegal plays. Each is wrapped with the point and colour.
var (
	ErrOccupied = errors.New("board: point is occupied")
	ErrSuicide  = errors.New("board: suicide")
	ErrKo       = errors.New("board: immediate recapture of a ko")
	ErrOffBoard = errors.New("board: point is off the board")
	ErrColor    = errors.New("board: a move must be Black or White")
)

// Board is a Go position: stones, the simple-ko point and the side to move.
// The zero Board is not usable; make one with New or Parse. A Board is a
// value: assignment copies it without allocating.
type Board struct {
	geo      *Geometry
	cells    [MaxPoints]Color
	ko       Point // the point koColor may not play next, or Pass
	koColor  Color
	toMove   Color
	captured [2]int // stones captured by Black, by White
}

// New returns an empty size x size board with Black to move. It panics with
// a "board: ..." message for a size outside 2..25 (see ValidSize).
func New(size int) *Board {
	b := &Board{geo: GeometryOf(size), ko: Pass, toMove: Black}
	return b
}

// Geometry returns the shared tables of the board's size.
func (b *Board) Geometry() *Geometry { return b.geo }

// Size returns the number of lines of the board.
func (b *Board) Size() int { return b.geo.Size }

// At returns the colour on p.
func (b *Board) At(p Point) Color { return b.cells[p] }

// Cells returns the colours of all points in map order. The slice aliases
// the board: callers must not modify it and must not keep it across plays.
func (b *Board) Cells() []Color { return b.cells[:b.geo.N] }

// Set puts c (Empty to clear) on p without applying any rule, as SGF setup
// properties do. It clears the ko.
func (b *Board) Set(p Point, c Color) {
	b.cells[p] = c
	b.ko = Pass
}

// ToMove returns the side to move.
func (b *Board) ToMove() Color { return b.toMove }

// SetToMove sets the side to move (SGF PL[]). It panics for Empty.
func (b *Board) SetToMove(c Color) {
	if c != Black && c != White {
		panic("board: SetToMove needs Black or White")
	}
	b.toMove = c
}

// Ko returns the point that the side to move may not play because it would
// retake a ko at once, or Pass if there is none.
func (b *Board) Ko() Point {
	if b.koColor != b.toMove {
		return Pass
	}
	return b.ko
}

// Captures returns the number of stones captured so far by c.
func (b *Board) Captures(c Color) int {
	if c == Black {
		return b.captured[0]
	}
	return b.captured[1]
}

// Count returns the number of stones of colour c on the board (or of empty
// points for Empty).
func (b *Board) Count(c Color) int {
	n := 0
	for _, v := range b.cells[:b.geo.N] {
		if v == c {
			n++
		}
	}
	return n
}

// smallChain is the length of hasLibertyBesides's first queue; the rare
// bigger chain is searched again with one that holds any chain.
const smallChain = 64

// hasLibertyBesides reports whether the chain through start has a liberty
// other than except. The work space it clears on every call (Legal and
// Play call it up to five times a move, and Go clears local arrays) is
// small: a bitset of marks and a short queue. It does not write to b.
func (b *Board) hasLibertyBesides(start, except Point) bool {
	var queue [smallChain]Point
	if found, done := b.searchLiberty(start, except, queue[:]); done {
		return found
	}
	var all [MaxPoints]Point
	found, _ := b.searchLiberty(start, except, all[:])
	return found
}

// searchLiberty searches the chain through start breadth first for a
// liberty other than except, queueing its stones in queue. It reports
// whether it found one, and whether it finished: it gives up when the
// queue is full.
func (b *Board) searchLiberty(start, except Point, queue []Point) (found, done bool) {
	c := b.cells[start]
	var seen [(MaxPoints + 63) / 64]uint64
	queue[0] = start
	seen[start/64] |= 1 << (start % 64)
	n := 1
	for i := 0; i < n; i++ {
		for _, q := range b.geo.Neighbors(queue[i]) {
			switch v := b.cells[q]; {
			case v == Empty:
				if q != except {
					return true, true
				}
			case v == c && seen[q/64]&(1<<(q%64)) == 0:
				if n == len(queue) {
					return false, false
				}
				seen[q/64] |= 1 << (q % 64)
				queue[n] = q
				n++
			}
		}
	}
	return false, true
}

// removeChain clears the chain through start and returns its size.
func (b *Board) removeChain(start Point) int {
	var stack [MaxPoints]Point
	c := b.cells[start]
	stack[0] = start
	b.cells[start] = Empty
	n, removed := 1, 0
	for n > 0 {
		n--
		p := stack[n]
		removed++
		for _, q := range b.geo.Neighbors(p) {
			if b.cells[q] == c {
				b.cells[q] = Empty
				stack[n] = q
				n++
			}
		}
	}
	return removed
}

func (b *Board) check(c Color, p Point) error {
	if c != Black && c != White {
		return fmt.Errorf("%w (got %v)", ErrColor, c)
	}
	if p == Pass {
		return nil
	}
	if p < 0 || int(p) >= b.geo.N {
		return fmt.Errorf("%w: %d", ErrOffBoard, p)
	}
	if b.cells[p] != Empty {
		// Name the stone that is there, not the mover: the caller says who
		// tried to play.
		return fmt.Errorf("%w: %s holds a %s stone", ErrOccupied, b.geo.GTP(p), b.cells[p].Name())
	}
	if p == b.ko && c == b.koColor {
		return fmt.Errorf("%w: %s at %s", ErrKo, c.Name(), b.geo.GTP(p))
	}
	return nil
}

// Legal returns nil if c may play p now, else the reason: ErrOccupied,
// ErrSuicide, ErrKo or ErrOffBoard, wrapped with the point. Pass is legal.
// The board is not changed.
func (b *Board) Legal(c Color, p Point) error {
	if err := b.check(c, p); err != nil || p == Pass {
		return err
	}
	for _, q := range b.geo.Neighbors(p) {
		switch v := b.cells[q]; {
		case v == Empty:
			return nil
		case v == c:
			if b.hasLibertyBesides(q, p) {
				return nil
			}
		default:
			if !b.hasLibertyBesides(q, p) {
				return nil // captures
			}
		}
	}
	return fmt.Errorf("%w: %s at %s", ErrSuicide, c.Name(), b.geo.GTP(p))
}

// Play plays c at p (Pass to pass) with captures, if it is legal; an illegal
// play returns the reason (see Legal) and leaves the board unchanged.
// Afterwards it is the opponent's turn.
func (b *Board) Play(c Color, p Point) error {
	_, err := b.play(c, p, false)
	return err
}

// PlayRecorded plays a move from a game record. It is Play, except that a
// suicide is carried out the way rule sets that allow it mean: the stone is
// placed and the mover's chain, left without liberties, is removed. It
// reports whether that happened. Occupied points and ko recaptures are still
// errors.
func (b *Board) PlayRecorded(c Color, p Point) (suicide bool, err error) {
	return b.play(c, p, true)
}

func (b *Board) play(c Color, p Point, allowSuicide bool) (bool, error) {
	if err := b.check(c, p); err != nil {
		return false, err
	}
	if p == Pass {
		b.ko = Pass
		b.toMove = -c
		return false, nil
	}
	b.cells[p] = c
	captured, lastCaptured := 0, Pass
	for _, q := range b.geo.Neighbors(p) {
		if b.cells[q] == -c && !b.hasLibertyBesides(q, Pass) {
			captured += b.removeChain(q)
			lastCaptured = q
		}
	}
	suicide := false
	if captured == 0 && !b.hasLibertyBesides(p, Pass) {
		if !allowSuicide {
			b.cells[p] = Empty
			return false, fmt.Errorf("%w: %s at %s", ErrSuicide, c.Name(), b.geo.GTP(p))
		}
		n := b.removeChain(p)
		if c == Black {
			b.captured[1] += n
		} else {
			b.captured[0] += n
		}
		suicide = true
	}
	if c == Black {
		b.captured[0] += captured
	} else {
		b.captured[1] += captured
	}
	b.ko = Pass
	if captured == 1 && b.isLoneStoneInAtari(p) {
		b.ko, b.koColor = lastCaptured, -c
	}
	b.toMove = -c
	return suicide, nil
}

// isLoneStoneInAtari reports whether p holds a stone with no friendly
// neighbour and exactly one liberty (the shape that makes a simple ko).
func (b *Board) isLoneStoneInAtari(p Point) bool {
	c, libs := b.cells[p], 0
	for _, q := range b.geo.Neighbors(p) {
		switch b.cells[q] {
		case c:
			return false
		case Empty:
			libs++
		}
	}
	return libs == 1
}

// SamePosition reports whether b and o hold the same position: the same
// size, stones, side to move and ko, whatever the captures that led there
// (Board's == compares those too).
func (b *Board) SamePosition(o *Board) bool {
	return b.geo == o.geo && b.toMove == o.toMove && b.Ko() == o.Ko() && b.cells == o.cells
}

// String draws the board in ASCII with GTP coordinates: X for Black, O for
// White, . for empty points.
func (b *Board) String() string {
	var sb strings.Builder
	g := b.geo
	header := func() {
		sb.WriteString("   ")
		for x := 0; x < g.Size; x++ {
			sb.WriteByte(' ')
			sb.WriteByte(gtpLetters[x])
		}
		sb.WriteByte('\n')
	}
	header()
	for y := 0; y < g.Size; y++ {
		fmt.Fprintf(&sb, "%3d", g.Size-y)
		for x := 0; x < g.Size; x++ {
			sb.WriteByte(' ')
			sb.WriteByte(".XO"[colorIndex(b.cells[g.At(x, y)])])
		}
		fmt.Fprintf(&sb, " %d\n", g.Size-y)
	}
	header()
	return sb.String()
}

func colorIndex(c Color) int {
	switch c {
	case Black:
		return 1
	case White:
		return 2
	}
	return 0
}

// Parse reads a board drawn in ASCII, one row per line, top row first:
// X, x, B, # or @ for Black; O, o, W for White; ., + or - for empty points.
// Spaces are ignored, and so are lines that hold none of those characters
// (such as coordinate rows, which may be written around the drawing). The
// number of rows gives the size; every row must have that many points.
// Black is to move.
func Parse(drawing string) (*Board, error) {
	var rows [][]Color
	for _, line := range strings.Split(drawing, "\n") {
		var row []Color
		bad := false
		for _, r := range line {
			switch r {
			case 'X', 'x', 'B', '#', '@':
				row = append(row, Black)
			case 'O', 'o', 'W':
				row = append(row, White)
			case '.', '+', '-':
				row = append(row, Empty)
			case ' ', '\t', '\r', '|':
			default:
				bad = true
			}
		}
		if bad && len(row) == 0 {
			continue // a label row
		}
		if bad {
			return nil, fmt.Errorf("board: parse: unexpected character in row %q", line)
		}
		if len(row) > 0 {
			rows = append(rows, row)
		}
	}
	size := len(rows)
	if err := ValidSize(size); err != nil {
		return nil, fmt.Errorf("board: parse: %d rows: %w", size, err)
	}
	b := New(size)
	for y, row := range rows {
		if len(row) != size {
			return nil, fmt.Errorf("board: parse: row %d has %d points, want %d", y+1, len(row), size)
		}
		for x, c := range row {
			b.cells[b.geo.At(x, y)] = c
		}
	}
	return b, nil
}

// MustParse is Parse for fixtures: it panics if the drawing is malformed.
func MustParse(drawing string) *Board {
	b, err := Parse(drawing)
	if err != nil {
		panic(err)
	}
	return b
}

// Swapped returns a copy of b with the colours exchanged: stones, the side
// to move and the ko owner.
func (b *Board) Swapped() *Board {
	out := *b
	for p := 0; p < b.geo.N; p++ {
		out.cells[p] = -b.cells[p]
	}
	out.toMove, out.koColor = -b.toMove, -b.koColor
	out.captured[0], out.captured[1] = b.captured[1], b.captured[0]
	return &out
}

// Transformed returns a copy of b mapped by the symmetry s.
func (b *Board) Transformed(s Symmetry) *Board {
	out := *b
	for p := 0; p < b.geo.N; p++ {
		out.cells[b.geo.Transform(Point(p), s)] = b.cells[p]
	}
	out.ko = b.geo.Transform(b.ko, s)
	return &out
}
