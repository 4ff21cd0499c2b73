package board

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Size limits. MaxPoints is the length of every per-point array.
const (
	MinSize   = 2
	MaxSize   = 25
	MaxPoints = MaxSize * MaxSize
)

// Point is a point of the board as an index into a row-major array that
// starts at the top-left point. Pass is the Point -1. A Point means nothing
// without the Geometry (board size) it belongs to.
type Point int16

// Pass is the Point of a pass move; it also marks "no point" (no ko).
const Pass Point = -1

// Errors about points and sizes.
var (
	// ErrSize reports a board size goeval does not support (outside 2..25).
	ErrSize = errors.New("board: unsupported board size")
	// ErrVertex reports a malformed or off-board GTP vertex.
	ErrVertex = errors.New("board: bad vertex")
)

// Geometry holds the tables of one board size, computed once and shared by
// every board of that size. It is immutable.
type Geometry struct {
	// Size is the number of lines; N is Size*Size, the number of points.
	Size, N int

	nbr [MaxPoints][4]Point
	deg [MaxPoints]uint8
}

var geometries [MaxSize + 1]struct {
	once sync.Once
	g    *Geometry
}

// ValidSize returns nil if size is a supported board size, else an error
// wrapping ErrSize that names the size.
func ValidSize(size int) error {
	if size < MinSize || size > MaxSize {
		return fmt.Errorf("%w %d (want %d..%d)", ErrSize, size, MinSize, MaxSize)
	}
	return nil
}

// GeometryOf returns the shared geometry of a size x size board.
// It panics with a "board: ..." message if the size is outside 2..25;
// callers validating user input use ValidSize first.
func GeometryOf(size int) *Geometry {
	if err := ValidSize(size); err != nil {
		panic(err.Error())
	}
	e := &geometries[size]
	e.once.Do(func() {
		g := &Geometry{Size: size, N: size * size}
		for p := 0; p < g.N; p++ {
			x, y := p%size, p/size
			add := func(q int) { g.nbr[p][g.deg[p]] = Point(q); g.deg[p]++ }
			// Order: up, left, right, down (row-major order of the neighbours).
			if y > 0 {
				add(p - size)
			}
			if x > 0 {
				add(p - 1)
			}
			if x < size-1 {
				add(p + 1)
			}
			if y < size-1 {
				add(p + size)
			}
		}
		e.g = g
	})
	return e.g
}

// Neighbors returns the on-board neighbours of p (2, 3 or 4 of them) as a
// slice of the shared table; callers must not modify it.
func (g *Geometry) Neighbors(p Point) []Point { return g.nbr[p][:g.deg[p]] }

// Degree returns the number of on-board neighbours of p.
func (g *Geometry) Degree(p Point) int { return int(g.deg[p]) }

// At returns the point in column x and row y, both counted from 0 at the
// top-left. It does not check the range; see OnBoard.
func (g *Geometry) At(x, y int) Point { return Point(y*g.Size + x) }

// OnBoard reports whether column x and row y (from 0, top-left) are on the board.
func (g *Geometry) OnBoard(x, y int) bool { return x >= 0 && y >= 0 && x < g.Size && y < g.Size }

// XY returns the column and row of p, both from 0 at the top-left.
func (g *Geometry) XY(p Point) (x, y int) { return int(p) % g.Size, int(p) / g.Size }

// Line returns the line number of p: 1 on the edge, 2 next to it, and so on,
// counted to the nearest edge.
func (g *Geometry) Line(p Point) int {
	x, y := g.XY(p)
	return 1 + min(x, y, g.Size-1-x, g.Size-1-y)
}

const gtpLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ" // no I

// GTP returns p in GTP coordinates ("Q16"); Pass is "pass".
func (g *Geometry) GTP(p Point) string {
	if p == Pass {
		return "pass"
	}
	x, y := g.XY(p)
	return string(gtpLetters[x]) + strconv.Itoa(g.Size-y)
}

// ParseGTP reads a GTP vertex ("Q16", "q16", "pass"). Errors wrap ErrVertex
// and quote the vertex.
func (g *Geometry) ParseGTP(s string) (Point, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "PASS" {
		return Pass, nil
	}
	if len(t) < 2 {
		return 0, fmt.Errorf("%w %q", ErrVertex, s)
	}
	x := strings.IndexByte(gtpLetters, t[0])
	row, err := strconv.Atoi(t[1:])
	if x < 0 || err != nil || t[1] == '+' || t[1] == '-' {
		return 0, fmt.Errorf("%w %q", ErrVertex, s)
	}
	y := g.Size - row
	if !g.OnBoard(x, y) {
		return 0, fmt.Errorf("%w %q: off the %dx%d board", ErrVertex, s, g.Size, g.Size)
	}
	return g.At(x, y), nil
}

// SGF returns p in SGF coordinates ("pd", "aa" top-left); Pass is "".
func (g *Geometry) SGF(p Point) string {
	if p == Pass {
		return ""
	}
	x, y := g.XY(p)
	return string([]byte{'a' + byte(x), 'a' + byte(y)})
}

// Symmetry is one of the eight symmetries of the square: Identity, the three
// rotations and the four reflections.
type Symmetry int

// The symmetries of the square.
const (
	Identity Symmetry = iota
	Rotate90
	Rotate180
	Rotate270
	FlipX // mirror left-right
	FlipY // mirror top-bottom
	FlipDiagonal
	FlipAntiDiagonal
)

// Symmetries lists all eight, Identity first.
var Symmetries = [...]Symmetry{Identity, Rotate90, Rotate180, Rotate270, FlipX, FlipY, FlipDiagonal, FlipAntiDiagonal}

// Transform returns the image of p under s. Pass maps to Pass.
func (g *Geometry) Transform(p Point, s Symmetry) Point {
	if p == Pass {
		return Pass
	}
	x, y := g.XY(p)
	m := g.Size - 1
	switch s {
	case Rotate90:
		x, y = m-y, x
	case Rotate180:
		x, y = m-x, m-y
	case Rotate270:
		x, y = y, m-x
	case FlipX:
		x = m - x
	case FlipY:
		y = m - y
	case FlipDiagonal:
		x, y = y, x
	case FlipAntiDiagonal:
		x, y = m-y, m-x
	}
	return g.At(x, y)
}
