package sgftree

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"

	"goeval/board"
	"goeval/control"
	"goeval/sgf"
	"goeval/thermo"
)

// MaxDepth is the deepest local tree Read accepts, in moves from the root;
// it is thermo's limit for notation.
const MaxDepth = thermo.MaxDepth

// ErrMalformed is matched by errors for an SGF game tree that is not a
// local tree (see the package doc).
var ErrMalformed = errors.New("sgftree: malformed local tree")

// ErrNoEstimator is matched by the error for a leaf without V[] when
// Options.Estimator is nil.
var ErrNoEstimator = errors.New("sgftree: no estimator to value a leaf without V[]")

// An Error is a problem at a place in an SGF file. Err is the sentinel it
// matches (thermo.ErrKo, sgf.ErrIllegalMove, ErrMalformed, ErrNoEstimator)
// or the estimator's error, and, for an illegal move, also the board's
// reason (board.ErrOccupied, ...) through Unwrap.
type Error struct {
	File string
	Pos  sgf.Pos
	Msg  string
	Err  []error
}

// Error returns "file:line:col: local tree: msg".
func (e *Error) Error() string {
	return fmt.Sprintf("%s:%s: local tree: %s", e.File, e.Pos, e.Msg)
}

// Unwrap returns the errors the Error matches.
func (e *Error) Unwrap() []error { return e.Err }

// Options says how to value leaves. The zero value values leaves by V[]
// only.
type Options struct {
	// Estimator, if not nil, returns the estimator that values the leaves
	// without V[]. Read calls it at most once, and only if such a leaf
	// exists, so an estimator that cannot be built costs nothing when every
	// leaf has V[]; its error is returned as it is.
	Estimator func() (control.Estimator, error)
}

// A Tree is a local tree read from SGF.
type Tree struct {
	// Game is the tree in thermo's terms, with a cycle where the file has
	// a ko. Each option's Label is the move's GTP vertex ("C3"), followed
	// by the node's N[] name if it has one.
	Game *thermo.Game
	// Root is the SGF node where the local tree starts, and Start the
	// position there.
	Root  *sgf.Node
	Start *board.Board
	// ByV and ByEstimator count the leaves valued by V[] and by the
	// estimator.
	ByV, ByEstimator int
	// Estimator is the estimator that valued leaves, nil if none did.
	Estimator control.Estimator
	// Nodes maps every node of Game to the SGF node it was read from.
	Nodes map[*thermo.Game]*sgf.Node

	file string
	// back holds the moves that bring back a position on the way from
	// the root: the node they leave, the node they return to, and where
	// the move is written.
	back []backEdge
}

type backEdge struct {
	from, to *thermo.Game
	pos      sgf.Pos
}

// Read reads the local tree of g. See the package doc for the rules and
// the errors.
func Read(g *sgf.Game, opt Options) (*Tree, error) {
	r := &reader{file: g.Name(), size: g.Info.Size, opt: opt,
		tree: &Tree{Nodes: map[*thermo.Game]*sgf.Node{}, file: g.Name()}}
	b := board.New(g.Info.Size)
	root := g.Root
	if err := r.start(root, b); err != nil {
		return nil, err
	}
	for len(root.Children) == 1 {
		c := root.Children[0]
		if col, _ := c.Move(); col != board.Empty {
			break
		}
		root = c
		if err := r.start(root, b); err != nil {
			return nil, err
		}
	}
	r.tree.Root, r.tree.Start = root, b
	game, err := r.node(root, b, map[string]*thermo.Game{}, 0)
	if err != nil {
		return nil, err
	}
	r.tree.Game = game
	if err := game.Validate(); err != nil {
		return nil, r.tree.Locate(err)
	}
	return r.tree, nil
}

// Locate places a *thermo.CycleError for t.Game, such as Analyze returns
// for a ko it cannot count, at a move of the file that closes the cycle,
// as an *Error ("ko.sgf:7:12: local tree: the cycle ..."); other errors
// are returned as they are.
func (t *Tree) Locate(err error) error {
	var ce *thermo.CycleError
	if !errors.As(err, &ce) {
		return err
	}
	in := map[*thermo.Game]bool{}
	for _, g := range ce.Cycle {
		in[g] = true
	}
	for _, e := range t.back {
		if in[e.from] && in[e.to] {
			return &Error{File: t.file, Pos: e.pos, Msg: strings.TrimPrefix(err.Error(), "thermo: "), Err: []error{err}}
		}
	}
	return err
}

type reader struct {
	file   string
	size   int
	opt    Options
	tree   *Tree
	est    control.Estimator
	estErr error
	res    control.Result
}

func (r *reader) errorf(pos sgf.Pos, sentinels []error, format string, args ...any) error {
	return &Error{File: r.file, Pos: pos, Msg: fmt.Sprintf(format, args...), Err: sentinels}
}

func (r *reader) malformed(pos sgf.Pos, format string, args ...any) error {
	return r.errorf(pos, []error{ErrMalformed}, format, args...)
}

// start applies a node of the starting position: its setup stones, then
// its move.
func (r *reader) start(n *sgf.Node, b *board.Board) error {
	for _, s := range []struct {
		id string
		c  board.Color
	}{{"AE", board.Empty}, {"AB", board.Black}, {"AW", board.White}} {
		pts, err := r.points(n, s.id)
		if err != nil {
			return err
		}
		for _, p := range pts {
			b.Set(p, s.c)
		}
	}
	if err := r.oneMove(n); err != nil {
		return err
	}
	if c, raw := n.Move(); c != board.Empty {
		if _, err := r.play(n, c, raw, b, 0); err != nil {
			return err
		}
	}
	return nil
}

// points reads a setup property's point list, with rectangles ("aa:cc").
func (r *reader) points(n *sgf.Node, id string) ([]board.Point, error) {
	prop := n.Get(id)
	if prop == nil {
		return nil, nil
	}
	geo := board.GeometryOf(r.size)
	var out []board.Point
	for _, raw := range prop.Values {
		v := strings.TrimSpace(raw)
		if v == "" {
			continue
		}
		a, c, rect := strings.Cut(v, ":")
		p, err := sgf.ParsePoint(a, r.size, false)
		q := p
		if err == nil && rect {
			q, err = sgf.ParsePoint(c, r.size, false)
		}
		if err != nil {
			return nil, r.malformed(n.PropPos(id), "%s[%s]: %v", id, v, err)
		}
		x0, y0 := geo.XY(p)
		x1, y1 := geo.XY(q)
		for y := min(y0, y1); y <= max(y0, y1); y++ {
			for x := min(x0, x1); x <= max(x0, x1); x++ {
				out = append(out, geo.At(x, y))
			}
		}
	}
	return out, nil
}

// play plays n's move of colour c onto b. depth is the move's number in
// the variation from the root (0 for a move of the starting position).
func (r *reader) play(n *sgf.Node, c board.Color, raw string, b *board.Board, depth int) (board.Point, error) {
	id := moveID(c)
	pos := n.PropPos(id)
	p, err := sgf.ParsePoint(raw, r.size, true)
	if err != nil {
		return 0, r.errorf(pos, []error{sgf.ErrIllegalMove}, "illegal move %s[%s]: %v", id, raw, err)
	}
	err = b.Play(c, p)
	if errors.Is(err, board.ErrKo) && depth > 0 {
		// A retake at once: in a local tree it stands for a retake after
		// a ko threat and its answer elsewhere, so the ban is lifted
		// (Set on the empty point clears the ko).
		b.Set(p, board.Empty)
		err = b.Play(c, p)
	}
	if err != nil {
		where := "in the starting position"
		if depth > 0 {
			where = fmt.Sprintf("(move %d of the variation)", depth)
		}
		return 0, r.errorf(pos, []error{sgf.ErrIllegalMove, err}, "illegal move %s %s %s: %v", c.Name(), b.Geometry().GTP(p), where, err)
	}
	return p, nil
}

// oneMove checks that n holds at most one move.
func (r *reader) oneMove(n *sgf.Node) error {
	if n.Has("B") && n.Has("W") {
		return r.malformed(n.Pos(), "the node holds both a Black and a White move; a local tree has one move a node")
	}
	for _, id := range []string{"B", "W"} {
		if p := n.Get(id); p != nil && len(p.Values) > 1 {
			return r.malformed(n.PropPos(id), "%s holds %d moves; a local tree has one move a node", id, len(p.Values))
		}
	}
	return nil
}

func moveID(c board.Color) string {
	if c == board.White {
		return "W"
	}
	return "B"
}

// key identifies a position by its stones only: in a local tree either
// player may move, so the side to move is not part of it.
func key(b *board.Board) string {
	cells := b.Cells()
	k := make([]byte, len(cells))
	for i, c := range cells {
		k[i] = byte(c + 1)
	}
	return string(k)
}

// node reads the game of SGF node n, whose position is b; seen holds the
// games of the positions on the way from the root.
func (r *reader) node(n *sgf.Node, b *board.Board, seen map[string]*thermo.Game, depth int) (*thermo.Game, error) {
	g := &thermo.Game{}
	r.tree.Nodes[g] = n
	k := key(b)
	seen[k] = g
	defer delete(seen, k)
	if err := r.options(g, n, b, seen, depth); err != nil {
		return nil, err
	}
	if len(g.Left) == 0 && len(g.Right) == 0 {
		v, err := r.leaf(n, b)
		if err != nil {
			return nil, err
		}
		g.Value = v
	}
	return g, nil
}

// options adds the games of n's children to g's options. A pass child
// adds its own children instead, in the same position.
func (r *reader) options(g *thermo.Game, n *sgf.Node, b *board.Board, seen map[string]*thermo.Game, depth int) error {
	for _, c := range n.Children {
		if err := r.oneMove(c); err != nil {
			return err
		}
		col, raw := c.Move()
		if col == board.Empty {
			return r.malformed(c.Pos(), "the node has no move (B[] or W[]): below the root of a local tree every node is a play")
		}
		id := moveID(col)
		for _, s := range []string{"AB", "AW", "AE"} {
			if c.Has(s) {
				return r.malformed(c.PropPos(s), "setup stones (%s) below the root of a local tree are not supported: put them in the root", s)
			}
		}
		if depth+1 > MaxDepth {
			return r.malformed(c.Pos(), "the local tree is deeper than %d moves", MaxDepth)
		}
		if p, err := sgf.ParsePoint(raw, r.size, true); err == nil && p == board.Pass {
			if len(c.Children) == 0 {
				return r.malformed(c.PropPos(id), "%s passes and the variation ends there: a pass is not a local play, so it cannot end a variation or carry its value (put V[] on the last play)", col.Name())
			}
			// Declining to play locally: the children are options of this
			// same position.
			if err := r.options(g, c, b, seen, depth+1); err != nil {
				return err
			}
			continue
		}
		after := *b
		p, err := r.play(c, col, raw, &after, depth+1)
		if err != nil {
			return err
		}
		var o *thermo.Game
		if back := seen[key(&after)]; back != nil {
			// A ko: the move brings back a position on the way from the
			// root, and the option is that position.
			move := fmt.Sprintf("%s %s (move %d of the variation)", col.Name(), after.Geometry().GTP(p), depth+1)
			switch {
			case len(c.Children) > 0:
				return r.malformed(c.Children[0].Pos(), "the variation goes on after %s, which brings back a position met before on the way from the root (a ko): end the variation there", move)
			case c.Has("V"):
				return r.malformed(c.PropPos("V"), "V[] on %s, which brings back a position met before on the way from the root (a ko): its value is that position's", move)
			}
			r.tree.back = append(r.tree.back, backEdge{from: g, to: back, pos: c.PropPos(id)})
			o = back
		} else {
			o, err = r.node(c, &after, seen, depth+1)
			if err != nil {
				return err
			}
			o.Label = after.Geometry().GTP(p)
			if name := c.Value("N"); name != "" {
				o.Label += " " + name
			}
		}
		if col == board.Black {
			g.Left = append(g.Left, o)
		} else {
			g.Right = append(g.Right, o)
		}
	}
	return nil
}

// leaf values leaf n, whose position is b.
func (r *reader) leaf(n *sgf.Node, b *board.Board) (*big.Rat, error) {
	if n.Has("V") {
		f, ok := n.V()
		text := n.Value("V")
		if !ok {
			return nil, r.malformed(n.PropPos("V"), "V[%s] is not a number", text)
		}
		// Exactly as written: V[0.1] is 1/10, not the float nearest it.
		v, exact := new(big.Rat).SetString(strings.ReplaceAll(text, ",", "."))
		if !exact {
			v = new(big.Rat).SetFloat64(f)
		}
		r.tree.ByV++
		return v, nil
	}
	if r.est == nil && r.estErr == nil {
		if r.opt.Estimator == nil {
			r.estErr = ErrNoEstimator
		} else {
			r.est, r.estErr = r.opt.Estimator()
		}
	}
	if errors.Is(r.estErr, ErrNoEstimator) {
		return nil, r.errorf(n.Pos(), []error{ErrNoEstimator}, "the leaf has no V[] and no estimator was given to value its position")
	}
	if r.estErr != nil {
		return nil, r.estErr
	}
	if err := r.est.Estimate(&r.res, b); err != nil {
		return nil, r.errorf(n.Pos(), []error{err}, "estimator %s: %v", r.est.Name(), err)
	}
	s := r.res.Score
	if math.IsNaN(s) || math.IsInf(s, 0) || math.Abs(s) > 1e12 {
		return nil, r.errorf(n.Pos(), nil, "estimator %s scores the leaf %g, which is not a count", r.est.Name(), s)
	}
	r.tree.Estimator = r.est
	r.tree.ByEstimator++
	return big.NewRat(int64(math.Round(s*100)), 100), nil
}
