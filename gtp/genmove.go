package gtp

import (
	"goeval/board"
	"goeval/movemodel"
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
//   - is worth a point: it is not on a settled point, or it changes the
//     fate of stones (tactical: its model features say so). A
//     point is settled when the judge's count gives it to one colour (its
//     dead stones off, the empty region that colour alone borders), the
//     judge's map agrees, at least SettledControl strong, no stone the
//     count calls dead lies within SettledReach steps (an invasion must be
//     answered; the mover's own stones that the map gives to the
//     opponent at least SettledControl strong do not count: reinforcing
//     them adds a dead stone), and either the point's empty region is that colour's
//     alone with every stone on the board, or at least SettledStage of the
//     points hold stones (so that a count that calls a lone stone dead
//     early in a game, as the judge may on a small board, does not settle
//     the whole board): playing in either side's sure area gains nothing,
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
			if settled, err = e.settled(rk.ToMove); err != nil {
				return board.Pass, err
			}
		}
		if settled[m.Point] && !tactical(&m) {
			continue
		}
		return m.Point, nil
	}
	return board.Pass, nil
}

// SettledControl is how strong the judge's map must be on a point, for
// the colour its count gives the point to, for genmove to take it as
// settled; SettledStage is the share of the points holding stones from
// which a point whose region holds dead stones may be settled.
// Points within SettledReach steps of a stone the count calls dead are
// never settled: an invader left alone lives.
const (
	SettledControl = 0.75
	SettledStage   = 0.35
	SettledReach   = 2
)

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// settled returns, per point, whether it is settled for mover (see
// choose).
func (e *Engine) settled(mover board.Color) ([]bool, error) {
	// The estimate first: a judge that counts counts from it (the count
	// reuses the analysis of the same position).
	res, err := e.estimate()
	if err != nil {
		return nil, err
	}
	cnt, err := e.countFrom(res)
	if err != nil {
		return nil, err
	}
	n := e.b.Geometry().N
	late := float64(n-e.b.Count(board.Empty)) >= SettledStage*float64(n)
	var raw, counted board.Regions
	e.b.Regions(&raw)
	pos := e.b
	for _, p := range cnt.Dead {
		pos.Set(p, board.Empty)
	}
	pos.Regions(&counted)
	out := make([]bool, n)
	for p, c := range pos.Cells() {
		if c == board.Empty {
			c = counted.Border[counted.ID[p]]
		}
		if c == board.Empty || res.Control[p]*float64(c) < SettledControl {
			continue
		}
		// Without dead stones taken off, the point's region must be c's
		// alone, unless the game is late enough to trust the count.
		alone := e.b.At(board.Point(p)) == c || (e.b.At(board.Point(p)) == board.Empty && raw.Border[raw.ID[p]] == c)
		out[p] = alone || late
	}
	// Stones the count calls dead are dead only if they are answered: the
	// points near them stay open. The mover's own dead stones that the map
	// gives to the opponent at least SettledControl strong open nothing: a
	// stone added to them in the opponent's sure area is one more dead
	// stone (after a finished game White played K18 beside its dead
	// stones in Black's area and lost a point).
	g := e.b.Geometry()
	for _, d := range cnt.Dead {
		if e.b.At(d) == mover && res.Control[d]*float64(-mover) >= SettledControl {
			continue
		}
		x0, y0 := g.XY(d)
		for dy := -SettledReach; dy <= SettledReach; dy++ {
			for dx := -SettledReach; dx <= SettledReach; dx++ {
				if abs(dx)+abs(dy) <= SettledReach && g.OnBoard(x0+dx, y0+dy) {
					out[g.At(x0+dx, y0+dy)] = false
				}
			}
		}
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

// tactical reports whether a move of the model's ranking changes the
// fate of stones, by its features: it captures, saves a chain in atari
// that then escapes, or ataris a chain that is then dead whoever moves
// (a working ladder or net). An extension that does not escape and an
// atari the opponent answers change nothing: in a settled area they are
// stones added to the count's dead (after a finished game White's K18,
// an atari in Black's area, did that).
func tactical(m *rank.Move) bool {
	f := &m.Features
	return f[movemodel.GroupCapture] > 0 || f[movemodel.GroupExtension] == 1 || f[movemodel.GroupAtari] == 1
}
