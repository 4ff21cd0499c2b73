package sgf

import (
	"errors"
	"fmt"
	"strings"

	"goeval/board"
)

// Summary says how a replay of the main line went.
type Summary struct {
	// Moves is the number of move nodes replayed (passes included).
	Moves int
	// Warnings lists recoverable oddities met on the way, such as a
	// suicide carried out as the record means it.
	Warnings []Warning
}

// errStop ends a replay early without error.
var errStop = errors.New("stop")

// Replay plays the main line of g onto a new board. If visit is not nil it
// is called with the position after every number of moves n = 0, 1, ...,
// Moves, once each: the position after the first n move nodes (B or W,
// passes included), with the setup nodes that follow them, as docs/estimators.md
// §7 defines "move n". The board passed to visit is the replay's own: visit
// must copy it to keep it. If visit returns an error the replay stops and
// returns it.
//
// The side to move is PL[] where a node sets it, else the opponent of the
// last move's colour, else Black (White after handicap setup stones).
//
// An illegal move ends the replay with a *MoveError; positions before it
// have been visited.
func (g *Game) Replay(visit func(n int, b *board.Board) error) (Summary, error) {
	var sum Summary
	size := g.Info.Size
	b := board.New(size)
	var buf []board.Point
	plSet := false
	for _, n := range g.MainLine() {
		moves := nodeMoves(n)
		if len(moves) > 1 {
			sum.Warnings = append(sum.Warnings, Warning{File: g.coll.Name, Pos: n.Pos(),
				Msg: fmt.Sprintf("a node holds %d moves: played in the order written, each counted as a move", len(moves))})
		}
		for i, m := range moves {
			if visit != nil {
				if err := visit(sum.Moves, b); err != nil {
					if err == errStop {
						return sum, nil
					}
					return sum, err
				}
			}
			if i == 0 {
				if err := g.setup(n, b, &buf, sum.Moves, plSet, &sum); err != nil {
					return sum, err
				}
			}
			sum.Moves++
			pos := n.src.pos(m.offset)
			p, err := ParsePoint(m.raw, size, true)
			if err != nil {
				return sum, &MoveError{File: g.coll.Name, Pos: pos, Move: sum.Moves, Color: m.color, Vertex: fmt.Sprintf("[%s]", m.raw), Err: err}
			}
			suicide, err := b.PlayRecorded(m.color, p)
			if err != nil {
				return sum, &MoveError{File: g.coll.Name, Pos: pos, Move: sum.Moves, Color: m.color, Vertex: b.Geometry().GTP(p), Err: err}
			}
			if suicide {
				sum.Warnings = append(sum.Warnings, Warning{File: g.coll.Name, Pos: pos,
					Msg: fmt.Sprintf("move %d (%s %s) is a suicide: replayed as the record means it, removing the mover's chain", sum.Moves, m.color, b.Geometry().GTP(p))})
			}
		}
		if len(moves) == 0 {
			if err := g.setup(n, b, &buf, sum.Moves, plSet, &sum); err != nil {
				return sum, err
			}
		}
		if pl := n.Value("PL"); pl != "" {
			switch pl {
			case "B", "b", "1":
				b.SetToMove(board.Black)
			case "W", "w", "2":
				b.SetToMove(board.White)
			default:
				sum.Warnings = append(sum.Warnings, Warning{File: g.coll.Name, Pos: n.PropPos("PL"), Msg: fmt.Sprintf("PL[%s] is not B or W: ignored", pl)})
			}
			plSet = true
		}
	}
	if visit != nil {
		if err := visit(sum.Moves, b); err != nil && err != errStop {
			return sum, err
		}
	}
	return sum, nil
}

type nodeMove struct {
	color  board.Color
	raw    string
	offset int
}

// nodeMoves lists the moves of a node in the order written: normally one,
// but old files put more in one node (B[tt]W[tt]).
func nodeMoves(n *Node) []nodeMove {
	var out []nodeMove
	for _, p := range n.Props {
		var c board.Color
		switch p.ID {
		case "B":
			c = board.Black
		case "W":
			c = board.White
		default:
			continue
		}
		for _, v := range p.Values {
			out = append(out, nodeMove{color: c, raw: v, offset: p.offset})
		}
	}
	return out
}

// Moves lists the moves of the main line in order, as Replay counts them
// (several in one node count as several), and says whether the main line
// has setup properties (AB, AW, AE), without which the moves alone tell
// every position. It stops at a move that is not a point, with the
// *MoveError that Replay gives, which says where it is.
func (g *Game) Moves() (moves []board.Move, setup bool, err error) {
	for _, n := range g.MainLine() {
		setup = setup || n.Has("AB") || n.Has("AW") || n.Has("AE")
		for _, m := range nodeMoves(n) {
			p, err := ParsePoint(m.raw, g.Info.Size, true)
			if err != nil {
				return moves, setup, &MoveError{File: g.coll.Name, Pos: n.src.pos(m.offset), Move: len(moves) + 1, Color: m.color, Vertex: fmt.Sprintf("[%s]", m.raw), Err: err}
			}
			moves = append(moves, board.Move{Color: m.color, Point: p})
		}
	}
	return moves, setup, nil
}

// setup applies the node's AE, AB and AW properties, and the initial side
// to move while no move has been played. A point named by two of them (FF[4]
// forbids it) gets the last one's colour, in the order AE, AB, AW, with a
// warning in sum.
func (g *Game) setup(n *Node, b *board.Board, buf *[]board.Point, moves int, plSet bool, sum *Summary) error {
	done := false
	var seen map[board.Point]string // the property that set each point, when the node has several
	if btoi(n.Has("AE"))+btoi(n.Has("AB"))+btoi(n.Has("AW")) > 1 {
		seen = map[board.Point]string{}
	}
	for _, s := range []struct {
		id string
		c  board.Color
	}{{"AE", board.Empty}, {"AB", board.Black}, {"AW", board.White}} {
		if !n.Has(s.id) {
			continue
		}
		var err error
		*buf, err = g.points(n, s.id, (*buf)[:0])
		if err != nil {
			return err
		}
		for _, p := range *buf {
			if seen != nil {
				if prev, ok := seen[p]; ok && prev != s.id {
					sum.Warnings = append(sum.Warnings, Warning{File: g.coll.Name, Pos: n.PropPos(s.id),
						Msg: fmt.Sprintf("%s is in both %s and %s: %s, the later, applied", b.Geometry().GTP(p), prev, s.id, s.id)})
				}
				seen[p] = s.id
			}
			b.Set(p, s.c)
		}
		done = true
	}
	if done {
		g.removeDead(n, b, sum)
	}
	if done && moves == 0 && !plSet {
		if g.Info.Handicap >= 2 && b.Count(board.Black) > 0 && b.Count(board.White) == 0 {
			b.SetToMove(board.White)
		} else {
			b.SetToMove(board.Black)
		}
	}
	return nil
}

// removeDead removes the chains that the setup of node n left without
// liberties, which no position can hold, as SGF viewers do, with a
// warning naming their stones. Chains of both colours without liberties
// are removed together.
func (g *Game) removeDead(n *Node, b *board.Board, sum *Summary) {
	var cs board.Chains
	b.Chains(&cs)
	var dead []board.Point
	for id, ch := range cs.List {
		if ch.Liberties > 0 {
			continue
		}
		from := len(dead)
		dead = cs.Stones(id, dead)
		names := make([]string, 0, ch.Stones)
		for _, p := range dead[from:] {
			names = append(names, b.Geometry().GTP(p))
		}
		what, prop, other := "black", "AB", "AW"
		if ch.Color == board.White {
			what, prop, other = "white", "AW", "AB"
		}
		if !n.Has(prop) { // stones of the other colour took its last liberty
			prop = other
		}
		kind := "stone"
		if ch.Stones > 1 {
			kind = "chain"
		}
		sum.Warnings = append(sum.Warnings, Warning{File: g.coll.Name, Pos: n.PropPos(prop),
			Msg: fmt.Sprintf("the setup leaves the %s %s at %s without liberties: removed, as SGF viewers do", what, kind, strings.Join(names, " "))})
	}
	for _, p := range dead {
		b.Set(p, board.Empty)
	}
}

// Position returns the position after move n of the main line (n = 0 is
// the setup position; n < 0 means the end of the main line), as a board
// with the side to move set. It fails with ErrNoGame if the main line is
// shorter than n, or with the *MoveError of an illegal move before move n.
func (g *Game) Position(n int) (*board.Board, Summary, error) {
	var out board.Board
	found := false
	sum, err := g.Replay(func(k int, b *board.Board) error {
		if n < 0 || k == n {
			out, found = *b, true // for n < 0 the last copy is the end
			if k == n {
				return errStop
			}
		}
		return nil
	})
	if err != nil {
		return nil, sum, err
	}
	if !found {
		return nil, sum, fmt.Errorf("%s: %w: move %d asked for, the main line has %d moves", g.coll.Name, ErrNoGame, n, sum.Moves)
	}
	return &out, sum, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
