package position

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"goeval/board"
	"goeval/control"
	"goeval/movemodel"
	"goeval/rank"
	"goeval/render"
	"goeval/sgf"
)

// A Position is a position of a game record and where it came from.
type Position struct {
	File  string // the file's name, "-" for standard input
	Game  *sgf.Game
	Board *board.Board
	Move  int // moves played to reach it
	Moves int // moves in the main line
	Games int // games in the file
	// Variation is the line followed, nil for the main line (see
	// sgf.Game.SetVariation).
	Variation []int
	// Warnings are the SGF reader's, and the replay's.
	Warnings []sgf.Warning
}

// Read reads game k (from 1) of file, or of stdin when file is "-", and
// replays the line of variation (nil: the main line; see
// sgf.Game.SetVariation) to move n (n < 0: the end). A line that stops at
// an illegal move after move n gives the position with a warning.
func Read(file string, stdin io.Reader, k, n int, variation []int) (*Position, error) {
	var c *sgf.Collection
	var err error
	if file == "-" {
		c, err = sgf.Read("<stdin>", stdin)
	} else {
		c, err = sgf.ReadFile(file)
	}
	if err != nil {
		return nil, err
	}
	g, err := c.Game(k)
	if err != nil {
		return nil, err
	}
	if err := g.SetVariation(variation); err != nil {
		return nil, err
	}
	// One replay gives both the position and the length of the main line.
	var at board.Board
	found := false
	sum, err := g.Replay(func(m int, b *board.Board) error {
		if n < 0 || m == n {
			at, found = *b, true
		}
		return nil
	})
	if err != nil {
		var me *sgf.MoveError
		if !(errors.As(err, &me) && found && n >= 0 && n < me.Move) {
			return nil, err
		}
		sum.Warnings = append(sum.Warnings, sgf.Warning{File: me.File, Pos: me.Pos,
			Msg: fmt.Sprintf("the main line stops at an illegal move (%v); the position asked for comes before it", me.Err)})
	}
	if !found {
		return nil, fmt.Errorf("%s: --move %d asked for, but the main line has %d moves", file, n, sum.Moves)
	}
	move := n
	if n < 0 {
		move = sum.Moves
	}
	return &Position{File: file, Game: g, Games: c.Games(), Variation: variation, Board: &at, Move: move, Moves: sum.Moves,
		Warnings: append(append([]sgf.Warning(nil), g.Warnings...), sum.Warnings...)}, nil
}

// Estimate evaluates the position into res: with its record, komi and
// rules (territory or area) for an estimator that reads them
// (control.GameEstimator: the network), else the board.
func (pos *Position) Estimate(est control.Estimator, res *control.Result, territory bool) error {
	ge, ok := est.(control.GameEstimator)
	if !ok {
		return est.Estimate(res, pos.Board)
	}
	g, err := pos.Record(territory)
	if err != nil {
		return err
	}
	return ge.EstimateGame(res, g)
}

// Record returns the record behind the position for a
// control.GameEstimator: the moves from the record's setup, komi and the
// scoring rule. A record whose moves cannot be replayed under rules that
// forbid suicide gives the position alone, with no history.
func (pos *Position) Record(territory bool) (*control.Game, error) {
	g := &control.Game{Start: pos.Board, Komi: pos.Game.Info.Komi, Territory: territory}
	h, err := pos.Game.History(pos.Move)
	if err != nil {
		return nil, err
	}
	if !h.Suicide {
		g.Start, g.Moves = &h.Start, h.Moves
	}
	return g, nil
}

// LastMove returns the point of the last move's stone on the board, for
// the pictures, or nil (no move, a pass, or a stone since taken).
func (pos *Position) LastMove() *board.Point {
	last, _ := pos.LastMoves()
	if last < 0 || int(last) >= pos.Board.Geometry().N || pos.Board.At(last) == board.Empty {
		return nil
	}
	return &last
}

// legend is the legend of the text map of shade: the symbols, and the
// mark of the last move when it is on the board.
func (pos *Position) legend(shade render.Shade) string {
	l, last := render.PlainLegend, render.PlainLastLegend
	if shade != render.Plain {
		l, last = render.ANSILegend, render.ANSILastLegend
	}
	if pos.LastMove() != nil {
		l += "   " + last
	}
	return l
}

// LastMoves returns the points of the two moves before the position (the
// last first): board.Pass for a pass, movemodel.NoMove where there was
// none or the record cannot tell (a move that is not a point).
func (pos *Position) LastMoves() (last, last2 board.Point) {
	moves, _, err := pos.Game.Moves()
	if err != nil || pos.Move > len(moves) {
		return movemodel.NoMove, movemodel.NoMove
	}
	return movemodel.LastMoves(moves[:pos.Move])
}

// header writes the line that says which position this is.
func (pos *Position) header(w io.Writer) {
	fmt.Fprintln(w, pos.Source().Header(pos.Board.ToMove()))
}

// Source says where pos comes from, for the writers of package rank.
func (pos *Position) Source() rank.Source {
	s := rank.Source{File: pos.File, Game: pos.Game.Index, Games: pos.Games, Variation: VariationName(pos.Variation), Move: pos.Move, Moves: pos.Moves,
		Komi: pos.Game.Info.Komi, Result: pos.Game.Info.Result}
	for _, w := range pos.Warnings {
		s.Warnings = append(s.Warnings, w.String())
	}
	return s
}

// ParseVariation reads a variation path as --variation takes it: numbers
// from 1 joined by dots ("2.1": the second variation at the first fork,
// the first at the next); "" is the main line, nil. It reports false for
// anything else.
func ParseVariation(s string) ([]int, bool) {
	var path []int
	if s == "" {
		return nil, true
	}
	for _, f := range strings.Split(s, ".") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			return nil, false
		}
		path = append(path, n)
	}
	return path, true
}

// VariationName writes a variation path as --variation takes it ("2.1"),
// "" for the main line.
func VariationName(path []int) string {
	var parts []string
	for _, n := range path {
		parts = append(parts, strconv.Itoa(n))
	}
	return strings.Join(parts, ".")
}
