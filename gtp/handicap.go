package gtp

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"goeval/board"
)

// MaxKomi is the largest komi, either way, that komi accepts: the area of
// the largest board, beyond which no game's result can reach.
const MaxKomi = board.MaxPoints

func (e *Engine) setKomi(args []string) (string, error) {
	if len(args) != 1 {
		return "", syntax("komi NUMBER")
	}
	k, err := strconv.ParseFloat(args[0], 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return "", errors.New("komi not a number")
	}
	if math.IsNaN(k) || math.Abs(k) > MaxKomi {
		return "", errors.New("komi out of range")
	}
	e.komi = k
	return "", nil
}

// timeSettings accepts time_settings MAIN_TIME BYO_YOMI_TIME
// BYO_YOMI_STONES and ignores it: goeval does not search, so time changes
// nothing.
func (e *Engine) timeSettings(args []string) (string, error) {
	if len(args) != 3 || !timeNumber(args[0]) || !timeNumber(args[1]) || !wholeNumber(args[2]) {
		return "", syntax("time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES (seconds, seconds, stones)")
	}
	return "", nil
}

// timeLeft accepts time_left COLOR TIME STONES and ignores it, as
// timeSettings.
func (e *Engine) timeLeft(args []string) (string, error) {
	if len(args) != 3 {
		return "", syntax("time_left COLOR TIME STONES")
	}
	if _, err := parseColor(args[0]); err != nil {
		return "", err
	}
	if t, err := strconv.ParseFloat(args[1], 64); err != nil || math.IsNaN(t) || math.IsInf(t, 0) || !wholeNumber(args[2]) {
		return "", syntax("time_left COLOR TIME STONES (seconds, stones)")
	}
	return "", nil
}

// timeNumber reports whether s is a time in seconds: a finite number, 0
// or more.
func timeNumber(s string) bool {
	v, err := strconv.ParseFloat(s, 64)
	return err == nil && v >= 0 && !math.IsInf(v, 0)
}

// wholeNumber reports whether s is a whole number, 0 or more.
func wholeNumber(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n >= 0
}

// maxFixedHandicap is the largest fixed handicap on a size×size board, as
// the GTP specification (section 4.1.1) has them: none below 7x7, four on
// 7x7 and even sizes (no middle line), nine on odd sizes from 9x9.
func maxFixedHandicap(size int) int {
	switch {
	case size < 7:
		return 0
	case size%2 == 0 || size == 7:
		return 4
	}
	return 9
}

// handicapPoints returns the GTP specification's points of a fixed
// handicap of n stones, in its order (on 19x19: D4 Q16 D16 Q4, then K10
// for an odd number, D10 Q10 from six, K4 K16 from eight): on the 4th
// line from 13x13, the 3rd below.
func handicapPoints(g *board.Geometry, n int) ([]board.Point, error) {
	size := g.Size
	most := maxFixedHandicap(size)
	switch {
	case most == 0:
		return nil, fmt.Errorf("invalid number of stones: no fixed handicap points on a %dx%d board", size, size)
	case n < 2 || n > most:
		return nil, fmt.Errorf("invalid number of stones: %d (want 2 to %d on a %dx%d board)", n, most, size, size)
	}
	lo := 2
	if size >= 13 {
		lo = 3
	}
	hi, mid := size-1-lo, size/2
	// g.At counts rows from the top: D4 on 19x19 is (lo, hi).
	ps := []board.Point{g.At(lo, hi), g.At(hi, lo), g.At(lo, lo), g.At(hi, hi)}
	if n <= 4 {
		return ps[:n], nil
	}
	if n >= 6 {
		ps = append(ps, g.At(lo, mid), g.At(hi, mid))
	}
	if n >= 8 {
		ps = append(ps, g.At(mid, hi), g.At(mid, lo))
	}
	if n%2 == 1 {
		ps = append(ps, g.At(mid, mid))
	}
	return ps, nil
}

// fixedHandicap is fixed_handicap N: the specification's points.
func (e *Engine) fixedHandicap(args []string) (string, error) {
	n, err := e.handicapCount("fixed_handicap", args)
	if err != nil {
		return "", err
	}
	ps, err := handicapPoints(e.b.Geometry(), n)
	if err != nil {
		return "", err
	}
	return e.placeHandicap(ps), nil
}

// placeFreeHandicap is place_free_handicap N: the engine's choice, which
// is the fixed handicap's points, at most nine on odd boards from 9x9 and
// four on 7x7 and even boards (the GTP specification lets an engine place
// fewer stones than asked for when they are enough).
func (e *Engine) placeFreeHandicap(args []string) (string, error) {
	n, err := e.handicapCount("place_free_handicap", args)
	if err != nil {
		return "", err
	}
	size := e.b.Size()
	if maxFixedHandicap(size) == 0 {
		return "", fmt.Errorf("no handicap points of its own on a %dx%d board: place the stones with set_free_handicap", size, size)
	}
	ps, err := handicapPoints(e.b.Geometry(), min(n, maxFixedHandicap(size)))
	if err != nil {
		return "", err
	}
	return e.placeHandicap(ps), nil
}

// handicapCount reads the number of stones of a handicap command and
// checks that the board is empty.
func (e *Engine) handicapCount(name string, args []string) (int, error) {
	if len(args) != 1 {
		return 0, syntax(name + " NUMBER_OF_STONES")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return 0, syntax(name + " NUMBER_OF_STONES")
	}
	if n < 2 || n >= e.b.Geometry().N {
		return 0, fmt.Errorf("invalid number of stones: %d (want 2 to %d)", n, e.b.Geometry().N-1)
	}
	if e.b.Count(board.Empty) != e.b.Geometry().N {
		return 0, errors.New("board not empty")
	}
	return n, nil
}

// setFreeHandicap is set_free_handicap VERTEX...: black stones where the
// controller says, on an empty board.
func (e *Engine) setFreeHandicap(args []string) (string, error) {
	g := e.b.Geometry()
	if len(args) < 2 || len(args) >= g.N {
		return "", fmt.Errorf("bad vertex list: %d vertices (want 2 to %d)", len(args), g.N-1)
	}
	if e.b.Count(board.Empty) != g.N {
		return "", errors.New("board not empty")
	}
	seen := map[board.Point]bool{}
	var ps []board.Point
	for _, v := range args {
		p, err := e.parseVertex(v)
		if err != nil {
			return "", fmt.Errorf("bad vertex list: %v", err)
		}
		switch {
		case p == board.Pass:
			return "", errors.New("bad vertex list: pass is not a point")
		case seen[p]:
			return "", fmt.Errorf("bad vertex list: %s twice", g.GTP(p))
		}
		seen[p] = true
		ps = append(ps, p)
	}
	e.placeHandicap(ps)
	return "", nil
}

// placeHandicap puts black stones on ps of an empty board, White to move,
// and answers their vertices. The stones are setup, not moves: the history
// starts after them, and undo cannot take them off.
func (e *Engine) placeHandicap(ps []board.Point) string {
	g := e.b.Geometry()
	e.b = *board.New(g.Size)
	vs := make([]string, len(ps))
	for i, p := range ps {
		e.b.Set(p, board.Black)
		vs[i] = g.GTP(p)
	}
	e.b.SetToMove(board.White)
	e.clearHistory()
	return strings.Join(vs, " ")
}
