package compare

import (
	"fmt"
	"strings"

	"goeval/board"
	"goeval/control"
	"goeval/life"
	"goeval/sgf"
)

// Source says where a game's final ownership came from.
type Source int8

// The sources of final ownership, in the order they are tried.
const (
	NoFinal       Source = iota // not counted, or nothing to judge by
	FromLabels                  // the labels file
	FromMarkup                  // TB[]/TW[] in the last node of the main line
	FromJudgement               // goeval's own final-position judgement
)

var sourceNames = [...]string{"none", "labels", "markup", "judgement"}

// String returns "labels", "markup", "judgement" or "none".
func (s Source) String() string { return sourceNames[s] }

// Truth is the ground truth of one game.
type Truth struct {
	// Result is the game's result from RE[].
	Result Result
	// Komi is the game's komi (KM[]).
	Komi float64
	// Final holds the final ownership of every point in map order (+1
	// Black, -1 White, 0 dame or seki), or nil when it is not known.
	Final []int8
	// Area is the sum of Final: the final area score, Black positive,
	// before komi.
	Area float64
	// Source says where Final came from.
	Source Source
	// Dead is the number of stones removed as dead (for markup and
	// judgement; the labels' own count otherwise).
	Dead int
}

// Ownership writes into dst (one value per point, reusing its memory) the
// ownership of the finished position b once the stones in dead are
// removed: every remaining stone owns its point, and every empty region is
// owned by the one colour that alone borders it (0 when both do, or none:
// dame and seki). It returns dst and the area score, the sum of dst.
func Ownership(dst []int8, b *board.Board, dead []board.Point) ([]int8, float64) {
	g := b.Geometry()
	pos := *b
	for _, p := range dead {
		pos.Set(p, board.Empty)
	}
	cells := pos.Cells()
	if cap(dst) < g.N {
		dst = make([]int8, g.N)
	}
	dst = dst[:g.N]
	var seen [board.MaxPoints]bool
	var region [board.MaxPoints]board.Point
	area := 0.0
	for start, c := range cells {
		if c != board.Empty {
			dst[start] = int8(c)
			area += float64(c)
			continue
		}
		if seen[start] {
			continue
		}
		seen[start] = true
		region[0] = board.Point(start)
		n := 1
		var black, white bool
		for i := 0; i < n; i++ {
			for _, q := range g.Neighbors(region[i]) {
				switch cells[q] {
				case board.Black:
					black = true
				case board.White:
					white = true
				default:
					if !seen[q] {
						seen[q] = true
						region[n] = q
						n++
					}
				}
			}
		}
		owner := int8(0)
		if black && !white {
			owner = 1
		} else if white && !black {
			owner = -1
		}
		for _, p := range region[:n] {
			dst[p] = owner
		}
		area += float64(owner) * float64(n)
	}
	return dst, area
}

// MarkupDead returns the stones that the TB[] and TW[] properties of node
// mark dead in the position b (white stones on Black's territory, black
// stones on White's), and whether the node has any such markup at all.
func MarkupDead(node *sgf.Node, b *board.Board) (dead []board.Point, ok bool, err error) {
	for _, m := range []struct {
		id    string
		enemy board.Color
	}{{"TB", board.White}, {"TW", board.Black}} {
		prop := node.Get(m.id)
		if prop == nil {
			continue
		}
		ok = true
		for _, raw := range prop.Values {
			pts, err := pointList(raw, b.Size())
			if err != nil {
				return nil, false, fmt.Errorf("%s: %s[%s]: %v", node.PropPos(m.id), m.id, raw, err)
			}
			for _, p := range pts {
				if b.At(p) == m.enemy {
					dead = append(dead, p)
				}
			}
		}
	}
	return dead, ok, nil
}

// pointList reads one SGF point-list value: a point or a rectangle "aa:cc"
// (empty: no points).
func pointList(v string, size int) ([]board.Point, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil, nil
	}
	a, c, rect := strings.Cut(v, ":")
	p, err := sgf.ParsePoint(a, size, false)
	if err != nil || !rect {
		return []board.Point{p}, err
	}
	q, err := sgf.ParsePoint(c, size, false)
	if err != nil {
		return nil, err
	}
	g := board.GeometryOf(size)
	x0, y0 := g.XY(p)
	x1, y1 := g.XY(q)
	var out []board.Point
	for y := min(y0, y1); y <= max(y0, y1); y++ {
		for x := min(x0, x1); x <= max(x0, x1); x++ {
			out = append(out, g.At(x, y))
		}
	}
	return out, nil
}

// Judge is goeval's own judgement of the dead stones in a finished
// position, for counted games that come with neither labels nor markup.
//
// A chain is alive if Benson's algorithm finds it pass-alive (package
// life), and dead if it lies in the opponent's pass-alive territory. Any
// other chain is judged by the Estimator's estimate of the final position:
// it is dead when the mean control over its stones has the sign of the
// opponent (strictly). Without an Estimator, only Benson's verdicts count
// and every other chain stays alive.
//
// A Judge owns scratch memory: it is not safe for concurrent use.
type Judge struct {
	// Estimator estimates the final position; nil for Benson alone.
	Estimator control.Estimator

	life   life.Result
	res    control.Result
	chains board.Chains
}

// Dead appends to dst the stones judged dead in the finished position b
// and returns it. It fails only if the Estimator does.
func (j *Judge) Dead(dst []board.Point, b *board.Board) ([]board.Point, error) {
	life.Analyze(&j.life, b)
	if j.Estimator != nil {
		if err := j.Estimator.Estimate(&j.res, b); err != nil {
			return dst, fmt.Errorf("judgement: %s: %w", j.Estimator.Name(), err)
		}
	}
	b.Chains(&j.chains)
	for k, ch := range j.chains.List {
		head := ch.Head
		if j.life.Alive[head] {
			continue
		}
		dead := j.life.Owner[head] == -ch.Color
		if !dead && j.Estimator != nil {
			sum := 0.0
			for p := head; ; {
				sum += j.res.Control[p]
				if p = j.chains.Next(p); p == head {
					break
				}
			}
			dead = sum*float64(ch.Color) < 0
		}
		if dead {
			dst = j.chains.Stones(k, dst)
		}
	}
	return dst, nil
}
