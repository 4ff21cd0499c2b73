package sgf

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"goeval/board"
)

// Info is the game information of a game record.
type Info struct {
	Size      int     // SZ, 19 when absent
	Komi      float64 // KM, 0 when absent or empty
	KomiGiven bool    // whether KM held a number
	Handicap  int     // HA
	Result    string  // RE as written
	Rules     string  // RU
	Black     string  // PB
	White     string  // PW
	Date      string  // DT
	Event     string  // EV
	Format    int     // FF, 1 when absent
}

// Game is one game of a collection, ready to replay.
type Game struct {
	Root *Node
	Info Info
	// Index is the game's place in its file, from 1.
	Index int
	// Warnings lists oddities of this game (its collection's included).
	Warnings []Warning
	// Truncated says that the file ends before this game's tree is
	// closed (a warning says so too): the record may have been cut short,
	// its last node not being the game's end.
	Truncated bool

	coll      *Collection
	variation []int // SetVariation's choice at each fork, from 1
}

// Games returns the number of games in the collection.
func (c *Collection) Games() int { return len(c.Roots) }

// Game returns game k of the collection, counted from 1, with its game
// information read and checked. Errors: ErrNoGame for a k out of range,
// *UnsupportedError (board size, rectangular board, not Go), *SyntaxError
// for unreadable game information.
func (c *Collection) Game(k int) (*Game, error) {
	if k < 1 || k > len(c.Roots) {
		return nil, fmt.Errorf("%s: %w: game %d asked for, the file holds %d", c.Name, ErrNoGame, k, len(c.Roots))
	}
	g := &Game{Root: c.Roots[k-1], Index: k, coll: c, Truncated: k == c.truncated}
	g.Warnings = append(g.Warnings, c.Warnings...)
	if err := g.readInfo(); err != nil {
		return nil, err
	}
	return g, nil
}

// Load reads game k (from 1) of the SGF file at path.
func Load(path string, k int) (*Game, error) {
	c, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	return c.Game(k)
}

func (g *Game) warnf(pos Pos, format string, args ...any) {
	g.Warnings = append(g.Warnings, Warning{File: g.coll.Name, Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

func (g *Game) syntaxf(pos Pos, format string, args ...any) error {
	return &SyntaxError{File: g.coll.Name, Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// infoNodes returns the root and the main-line nodes before the first move,
// where game information may stand.
func (g *Game) infoNodes() []*Node {
	var out []*Node
	for n := g.Root; n != nil; {
		if n.Has("B") || n.Has("W") {
			if len(out) == 0 {
				out = append(out, n)
			}
			break
		}
		out = append(out, n)
		if len(n.Children) == 0 {
			break
		}
		n = n.Children[0]
	}
	return out
}

func (g *Game) readInfo() error {
	info := Info{Size: 19, Format: 1}
	first := func(id string) *Node {
		for _, n := range g.infoNodes() {
			if n.Has(id) {
				return n
			}
		}
		return nil
	}
	if n := first("GM"); n != nil {
		if v := n.Value("GM"); v != "" && v != "1" {
			return &UnsupportedError{File: g.coll.Name, Pos: n.PropPos("GM"), Msg: fmt.Sprintf("GM[%s] is not the game of Go (GM[1])", v)}
		}
		if vs := n.Get("GM").Values; len(vs) > 1 {
			g.warnf(n.PropPos("GM"), "GM holds %d values (GM[%s]): read as GM[1], the first", len(vs), strings.Join(vs, "]["))
		}
	}
	g.warnLateGM()
	if n := first("FF"); n != nil {
		if ff, err := strconv.Atoi(n.Value("FF")); err == nil {
			info.Format = ff
		}
	}
	if n := first("SZ"); n != nil {
		v := n.Value("SZ")
		if a, b, ok := strings.Cut(v, ":"); ok {
			if strings.TrimSpace(a) != strings.TrimSpace(b) {
				return &UnsupportedError{File: g.coll.Name, Pos: n.PropPos("SZ"), Msg: fmt.Sprintf("rectangular board SZ[%s]", v)}
			}
			v = strings.TrimSpace(a)
		}
		size, err := strconv.Atoi(v)
		if err != nil || size < 1 || size > 52 {
			return g.syntaxf(n.PropPos("SZ"), "SZ[%s] is not a board size (1..52)", v)
		}
		if err := board.ValidSize(size); err != nil {
			return &UnsupportedError{File: g.coll.Name, Pos: n.PropPos("SZ"), Msg: fmt.Sprintf("SZ[%d]: goeval plays on boards of %d to %d lines", size, board.MinSize, board.MaxSize), Err: err}
		}
		info.Size = size
	}
	if n := first("KM"); n != nil {
		v := n.Value("KM")
		if v != "" {
			k, err := ParseKomi(v)
			if err != nil {
				why := "is not a number"
				if errors.Is(err, errKomiRange) {
					why = "is " + errKomiRange.Error()
				}
				g.warnf(n.PropPos("KM"), "KM[%s] %s: komi taken as 0", v, why)
			} else {
				info.Komi, info.KomiGiven = k, true
			}
		}
	}
	if n := first("HA"); n != nil {
		v := n.Value("HA")
		h, err := strconv.Atoi(v)
		switch {
		case err != nil || h < 0:
			if v != "" {
				g.warnf(n.PropPos("HA"), "HA[%s] is not a number of stones: ignored", v)
			}
		case h > info.Size*info.Size:
			g.warnf(n.PropPos("HA"), "HA[%s] is more stones than the %dx%d board holds: ignored", v, info.Size, info.Size)
		default:
			info.Handicap = h
			if h >= 2 && first("AB") == nil {
				g.warnf(n.PropPos("HA"), "HA[%d] but no handicap stones (AB) before the first move", h)
			}
		}
	}
	for _, f := range []struct {
		id  string
		dst *string
	}{{"RE", &info.Result}, {"RU", &info.Rules}, {"PB", &info.Black}, {"PW", &info.White}, {"DT", &info.Date}, {"EV", &info.Event}} {
		if n := first(f.id); n != nil {
			*f.dst = n.Value(f.id)
		}
	}
	g.Info = info
	return nil
}

// warnLateGM warns of GM properties on the main line after the first move,
// where game information does not belong: they are ignored.
func (g *Game) warnLateGM() {
	info := g.infoNodes()
	for _, n := range g.MainLine()[len(info):] {
		if n.Has("GM") {
			g.warnf(n.PropPos("GM"), "GM[%s] after the first move: ignored (game information belongs before it)", n.Value("GM"))
		}
	}
}

// ParseKomi reads a komi value: a decimal number, possibly negative, with
// '.' or ',' as the decimal mark ("6.5", "-5.5", "0.75", "7,5"), of at most
// 1000 either way. The error says whether s is not a number or too big.
func ParseKomi(s string) (float64, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), ",", ".")
	k, err := strconv.ParseFloat(t, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange), k != k:
		return 0, fmt.Errorf("sgf: komi %q is not a number", s)
	case err != nil || k > 1000 || k < -1000:
		return 0, fmt.Errorf("sgf: komi %q is %w", s, errKomiRange)
	}
	return k, nil
}

// errKomiRange is a komi that is a number, but too big to be one.
var errKomiRange = errors.New("beyond ±1000 points")

// MainLine returns the nodes of the main line, root first.
func (g *Game) MainLine() []*Node {
	var out []*Node
	fork := 0
	for n := g.Root; n != nil; {
		out = append(out, n)
		if len(n.Children) == 0 {
			break
		}
		next := n.Children[0]
		if len(n.Children) > 1 {
			if fork < len(g.variation) {
				next = n.Children[g.variation[fork]-1]
			}
			fork++
		}
		n = next
	}
	return out
}

// SetVariation chooses the line that MainLine, and so Replay, Moves and
// Position, follow: at the first node with several children (a fork) the
// path[0]-th of them, counted from 1, at the next fork along that line
// the path[1]-th, and so on; at the forks beyond the path, the first. A
// nil path is the main line. It fails, saying where, if a fork has fewer
// variations than asked for or the line has fewer forks than the path
// numbers.
func (g *Game) SetVariation(path []int) error {
	g.variation = nil
	fork := 0
	for n := g.Root; n != nil && fork < len(path); {
		if len(n.Children) == 0 {
			break
		}
		next := n.Children[0]
		if len(n.Children) > 1 {
			k := path[fork]
			if k < 1 || k > len(n.Children) {
				return fmt.Errorf("%s:%s: %w: variation %d asked for at fork %d, which has %d", g.coll.Name, n.Children[0].Pos(), ErrNoGame, k, fork+1, len(n.Children))
			}
			next = n.Children[k-1]
			fork++
		}
		n = next
	}
	if fork < len(path) {
		return fmt.Errorf("%s: %w: %d forks asked for, the line has %d", g.coll.Name, ErrNoGame, len(path), fork)
	}
	g.variation = append([]int(nil), path...)
	return nil
}

// Name returns the file name of the game's collection.
func (g *Game) Name() string { return g.coll.Name }

// coord reads one SGF coordinate letter: a..z are 0..25, A..Z are 26..51.
func coord(c byte) int {
	switch {
	case isLower(c):
		return int(c - 'a')
	case isUpper(c):
		return int(c-'A') + 26
	}
	return -1
}

// ParsePoint reads an SGF point such as "pd" on a board of the given size.
// For a move (isMove), "" and, on boards up to 19x19, "tt" are a pass.
func ParsePoint(s string, size int, isMove bool) (board.Point, error) {
	s = strings.TrimSpace(s)
	if isMove && (s == "" || (s == "tt" && size <= 19)) {
		return board.Pass, nil
	}
	if len(s) != 2 {
		return 0, fmt.Errorf("%q is not a point", s)
	}
	x, y := coord(s[0]), coord(s[1])
	if x < 0 || y < 0 {
		return 0, fmt.Errorf("%q is not a point", s)
	}
	if x >= size || y >= size {
		return 0, fmt.Errorf("%q is off the %dx%d board", s, size, size)
	}
	return board.GeometryOf(size).At(x, y), nil
}

// points reads a list of points with compressed rectangles ("aa:cc").
func (g *Game) points(n *Node, id string, dst []board.Point) ([]board.Point, error) {
	for _, raw := range n.Get(id).Values {
		var err error
		if dst, err = ParsePointList(raw, g.Info.Size, dst); err != nil {
			return nil, g.syntaxf(n.PropPos(id), "%s[%s]: %v", id, strings.TrimSpace(raw), err)
		}
	}
	return dst, nil
}

// ParsePointList appends to dst the points of one value of a point-list
// property on a board of the given size: a point ("pd"), a compressed
// rectangle of points ("aa:cc", corners in any order), or nothing ("").
func ParsePointList(v string, size int, dst []board.Point) ([]board.Point, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return dst, nil // an empty list, allowed for AE etc.
	}
	a, b, rect := strings.Cut(v, ":")
	p, err := ParsePoint(a, size, false)
	if err != nil {
		return nil, err
	}
	if !rect {
		return append(dst, p), nil
	}
	q, err := ParsePoint(b, size, false)
	if err != nil {
		return nil, err
	}
	geo := board.GeometryOf(size)
	x0, y0 := geo.XY(p)
	x1, y1 := geo.XY(q)
	for y := min(y0, y1); y <= max(y0, y1); y++ {
		for x := min(x0, x1); x <= max(x0, x1); x++ {
			dst = append(dst, geo.At(x, y))
		}
	}
	return dst, nil
}

// V returns the node's V[] value (a number, such as a local count) and
// whether it has a readable one.
func (n *Node) V() (float64, bool) {
	v := n.Value("V")
	if v == "" {
		return 0, false
	}
	f, err := ParseKomi(v)
	return f, err == nil
}

// Move returns the colour and raw value of the node's move (B or W), or
// Empty if it has none.
func (n *Node) Move() (board.Color, string) {
	if p := n.Get("B"); p != nil && len(p.Values) > 0 {
		return board.Black, p.Values[0]
	}
	if p := n.Get("W"); p != nil && len(p.Values) > 0 {
		return board.White, p.Values[0]
	}
	return board.Empty, ""
}
