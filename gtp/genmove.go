package gtp

import (
	"goeval/board"
	"goeval/rank"
)

// choose picks genmove's move from a ranking of the current position's
// moves. Ranked by the one-ply score, it is the best move if it gains over
// a pass. Ranked by the move model, it is the likeliest move that
//
//   - is at least as likely as a pass,
//   - does not fill one of the mover's own true eyes (an empty point whose
//     neighbours are all the mover's stones, with at most one diagonal
//     point held by the opponent, none on the edge), and
//   - is worth a point: it is not on a settled point, or it captures,
//     saves a chain in atari or ataris. A point is settled when the
//     judge's count gives it to one colour (its dead stones off, the
//     empty region that colour alone borders) and the judge's map agrees,
//     at least SettledControl strong: playing in either side's sure area
//     gains nothing,
//
// else a pass.
func (e *Engine) choose(rk *rank.Ranking) (board.Point, error) {
	if !rk.ByModel {
		if len(rk.Moves) > 0 && rk.Moves[0].Gain > 0 {
			return rk.Moves[0].Point, nil
		}
		return board.Pass, nil
	}
	b := e.b
	b.SetToMove(rk.ToMove)
	var settled []bool
	for _, m := range rk.Moves {
		if m.Prob < rk.PassProb {
			break
		}
		if ownTrueEye(&b, m.Point, rk.ToMove) {
			continue
		}
		if settled == nil {
			var err error
			if settled, err = e.settled(); err != nil {
				return board.Pass, err
			}
		}
		if settled[m.Point] && !tactical(&b, m.Point, rk.ToMove) {
			continue
		}
		return m.Point, nil
	}
	return board.Pass, nil
}

// SettledControl is how strong the judge's map must be on a point, for
// the colour its count gives the point to, for genmove to take it as
// settled.
const SettledControl = 0.75

// settled returns, per point, whether it is settled (see choose).
func (e *Engine) settled() ([]bool, error) {
	cnt, err := e.count()
	if err != nil {
		return nil, err
	}
	res, err := e.estimate()
	if err != nil {
		return nil, err
	}
	pos := e.b
	for _, p := range cnt.Dead {
		pos.Set(p, board.Empty)
	}
	var r board.Regions
	pos.Regions(&r)
	out := make([]bool, pos.Geometry().N)
	for p, c := range pos.Cells() {
		if c == board.Empty {
			c = r.Border[r.ID[p]]
		}
		out[p] = c != board.Empty && res.Control[p]*float64(c) >= SettledControl
	}
	return out, nil
}

// ownTrueEye reports whether p is a true eye of c: every neighbour is a
// stone of c, and the opponent holds at most one diagonal point (none
// when p is on the edge).
func ownTrueEye(b *board.Board, p board.Point, c board.Color) bool {
	g := b.Geometry()
	for _, q := range g.Neighbors(p) {
		if b.At(q) != c {
			return false
		}
	}
	x, y := g.XY(p)
	foes, edge := 0, false
	for _, d := range [4][2]int{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
		if !g.OnBoard(x+d[0], y+d[1]) {
			edge = true
			continue
		}
		if b.At(g.At(x+d[0], y+d[1])) == -c {
			foes++
		}
	}
	if edge {
		return foes == 0
	}
	return foes <= 1
}

// tactical reports whether c playing p captures, or touches a chain in
// atari (its own, to save it, or the opponent's, to take it), or ataris an
// opponent chain.
func tactical(b *board.Board, p board.Point, c board.Color) bool {
	var cs board.Chains
	b.Chains(&cs)
	for _, q := range b.Geometry().Neighbors(p) {
		if id := cs.ID[q]; id >= 0 {
			ch := cs.List[id]
			if ch.Liberties == 1 || (ch.Color == -c && ch.Liberties == 2) {
				return true
			}
		}
	}
	return false
}
