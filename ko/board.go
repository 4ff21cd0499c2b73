package ko

import (
	"fmt"

	"goeval/board"
)

// A Found is a basic ko open on a board.
type Found struct {
	// Stone is the lone stone in atari; Point is its one liberty, the ko
	// point, where its owner connects and the opponent captures.
	Stone, Point board.Point
	// Owner is the colour of Stone: the player who can connect the ko.
	Owner board.Color
}

// Find returns the basic kos open on b once the stones at dead are taken
// off, in map order of their ko points. A ko is basic (package doc) when:
//
//   - Stone is a single stone with no neighbour of its colour and one
//     liberty, Point;
//   - every other neighbour of Point is a stone of Stone's colour, so that
//     the opponent's capture at Point takes one stone and leaves the
//     capturing stone alone in atari (the ko), and the owner's play at
//     Point connects Stone to its neighbours;
//   - the owner's chains around Point have two liberties or more besides
//     it, so that the capture puts none of them in atari, and the
//     opponent's chains around Stone have two liberties or more, so that
//     the owner cannot capture them instead.
//
// b is not changed.
func Find(b *board.Board, dead []board.Point) []Found {
	pos := *b
	for _, p := range dead {
		pos.Set(p, board.Empty)
	}
	var cs board.Chains
	pos.Chains(&cs)
	g := pos.Geometry()
	var out []Found
	for _, ch := range cs.List {
		if ch.Stones != 1 || ch.Liberties != 1 {
			continue
		}
		s, c := ch.Head, ch.Color
		ko := board.Pass
		basic := true
		for _, q := range g.Neighbors(s) {
			switch v := pos.At(q); {
			case v == board.Empty:
				ko = q
			case cs.List[cs.ID[q]].Liberties < 2:
				basic = false // the owner could capture instead
			}
		}
		if !basic || ko == board.Pass {
			continue
		}
		for _, q := range g.Neighbors(ko) {
			if q == s {
				continue
			}
			if pos.At(q) != c || cs.List[cs.ID[q]].Liberties < 3 {
				basic = false
				break
			}
		}
		if basic {
			out = append(out, Found{Stone: s, Point: ko, Owner: c})
		}
	}
	// Chains come in map order of their first stone; the kos go in map
	// order of their points.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Point < out[j-1].Point; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// A Count is a finished position counted under territory scoring, its
// open basic kos and dame resolved by the table.
type Count struct {
	// Territory is Black's territory less White's: the empty points of
	// regions that one colour alone borders, with the stones at dead taken
	// off, except the ko points and regions next to a stone in seki.
	Territory int
	// Prisoners is Black's prisoners less White's: the stones each has
	// captured (board.Board.Captures) and the opponent's dead stones.
	Prisoners int
	// Kos are the basic kos open on the board (Find), and Dame the empty
	// points of regions that both colours border, none next to a stone in
	// seki.
	Kos  []Found
	Dame int
	// Solution is the table's answer for the kos, the dame, the threats
	// and the side to move; nil when no ko is open.
	Solution *Solution
	// Score is Territory + Prisoners + Solution.Score: Black's points
	// less White's, before komi.
	Score int
}

// CountTerritory counts b, a finished position, under territory scoring
// (see Count) with the stones at dead taken off, those at seki alive in
// seki, and tb and tw the ko threats of Black and White for the table. The
// side to move is b's. The error is an *InputError for negative threats.
func CountTerritory(b *board.Board, dead, seki []board.Point, tb, tw int) (*Count, error) {
	if tb < 0 {
		return nil, &InputError{"Tb", fmt.Sprintf("%d is negative (want 0 or more)", tb)}
	}
	if tw < 0 {
		return nil, &InputError{"Tw", fmt.Sprintf("%d is negative (want 0 or more)", tw)}
	}
	c := &Count{Kos: Find(b, dead)}
	pos := *b
	for _, p := range dead {
		c.Prisoners -= int(pos.At(p)) // a dead White stone is Black's prisoner
		pos.Set(p, board.Empty)
	}
	c.Prisoners += b.Captures(board.Black) - b.Captures(board.White)

	g := pos.Geometry()
	koPoint := make([]bool, g.N)
	for _, k := range c.Kos {
		koPoint[k.Point] = true
	}
	inSeki := make([]bool, g.N)
	for _, p := range seki {
		inSeki[p] = true
	}
	var r board.Regions
	pos.Regions(&r)
	type touch struct{ black, white, seki bool }
	touches := make([]touch, len(r.Size))
	for p, col := range pos.Cells() {
		if col != board.Empty {
			continue
		}
		t := &touches[r.ID[p]]
		for _, q := range g.Neighbors(board.Point(p)) {
			switch pos.At(q) {
			case board.Black:
				t.black = true
			case board.White:
				t.white = true
			}
			t.seki = t.seki || inSeki[q]
		}
	}
	for p, col := range pos.Cells() {
		if col != board.Empty || koPoint[p] {
			continue
		}
		switch t := touches[r.ID[p]]; {
		case t.seki:
		case t.black && t.white:
			c.Dame++
		case t.black:
			c.Territory++
		case t.white:
			c.Territory--
		}
	}
	c.Score = c.Territory + c.Prisoners
	if len(c.Kos) == 0 {
		return c, nil
	}
	in := Position{D: c.Dame, Tb: tb, Tw: tw, ToMove: b.ToMove()}
	for _, k := range c.Kos {
		if k.Owner == board.Black {
			in.Kb++
		} else {
			in.Kw++
		}
	}
	s, err := Solve(in)
	if err != nil {
		return nil, err
	}
	c.Solution = s
	c.Score += s.Score
	return c, nil
}
