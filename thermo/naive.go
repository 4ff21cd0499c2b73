package thermo

import (
	"fmt"
	"math/big"
	"strings"
)

// A Naive is one node of miai counting by averages, the hand method of seed
// 000, which people compare with thermography. It agrees with thermography
// on plain gote trees and goes wrong on sente, which is what the comparison
// shows.
type Naive struct {
	Game *Game
	// Count is the node's count. For a forced node (see MiaiCount) it is
	// the count after the forced answer, Tally net Black moves later.
	Count *big.Rat
	// Temperature is the miai value (blackcount-whitecount)/(tally
	// difference): 0 for a leaf, nil for a forced node.
	Temperature *big.Rat
	// Tally is the net number of Black moves (Black's minus White's) from
	// this node to the position that Count describes; it is 0 except for
	// forced nodes.
	Tally int
	// LeftPlay and RightPlay are the options the count comes from: Black's
	// with the highest count, White's with the lowest (the first on a tie).
	LeftPlay, RightPlay *Naive
	Left, Right         []*Naive
}

// MiaiCount computes miai counting by averages ("Miai Counting With Trees",
// docs/estimators.md §5) for every node of
// g. A leaf is its value. A node with options on both sides takes Black's
// best option B (highest count) and White's best W (lowest count) and, with
// b and w the net Black moves from the node to the positions their counts
// describe (1 and -1 unless a forced node lies between), sets
//
//	Temperature = (count(B) - count(W)) / (b - w)
//	Count       = count(B) - b*Temperature = count(W) - w*Temperature
//
// A node with options for one player only is read as "Miai Counting With Trees" reads the
// node "C ()" left after cutting out an ignored variation: that player's
// answer is forced, so the node passes its best option's count up with the
// tally moved by one move (it has no temperature of its own). This is not
// CGT's reading of an empty side, which Analyze follows. A node with no
// options at all counts 0. The error wraps ErrKo or ErrMalformed as
// Analyze's does, and ErrTally where b - w <= 0.
func MiaiCount(g *Game) (*Naive, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	return naive(g, "root", map[*Game]*Naive{})
}

func naive(g *Game, path string, memo map[*Game]*Naive) (*Naive, error) {
	if n := memo[g]; n != nil {
		return n, nil
	}
	n := &Naive{Game: g}
	if g.Value != nil {
		n.Count, n.Temperature = cp(g.Value), new(big.Rat)
		memo[g] = n
		return n, nil
	}
	for side, opts := range [2][]*Game{g.Left, g.Right} {
		for i, o := range opts {
			c, err := naive(o, fmt.Sprintf("%s.%c[%d]", path, "LR"[side], i), memo)
			if err != nil {
				return nil, err
			}
			if side == 0 {
				n.Left = append(n.Left, c)
				if n.LeftPlay == nil || c.Count.Cmp(n.LeftPlay.Count) > 0 {
					n.LeftPlay = c
				}
			} else {
				n.Right = append(n.Right, c)
				if n.RightPlay == nil || c.Count.Cmp(n.RightPlay.Count) < 0 {
					n.RightPlay = c
				}
			}
		}
	}
	switch b, w := n.LeftPlay, n.RightPlay; {
	case b != nil && w != nil:
		bt, wt := b.Tally+1, w.Tally-1
		if bt-wt <= 0 {
			return nil, fmt.Errorf("%w at %s: Black's line takes %d net moves, White's %d", ErrTally, path, bt, wt)
		}
		n.Temperature = quo(sub(b.Count, w.Count), ratInt(int64(bt-wt)))
		n.Count = sub(b.Count, mul(ratInt(int64(bt)), n.Temperature))
	case b != nil:
		n.Count, n.Tally = b.Count, b.Tally+1
	case w != nil:
		n.Count, n.Tally = w.Count, w.Tally-1
	default:
		n.Count, n.Temperature = new(big.Rat), new(big.Rat)
	}
	memo[g] = n
	return n, nil
}

// Tree draws the averages like Result.Tree: "13/4 (3/4)" for a node, the
// value for a leaf, and for a forced node its count after the answer with
// empty brackets and the tally, "3 () tally +1", after that page's "C ()".
func (n *Naive) Tree() string {
	var b strings.Builder
	n.drawTree(&b, "", "")
	return b.String()
}

func (n *Naive) drawTree(b *strings.Builder, head, indent string) {
	b.WriteString(head)
	if n.Game.Label != "" {
		b.WriteString("[" + n.Game.Label + "] ")
	}
	b.WriteString(n.Count.RatString())
	switch {
	case n.Temperature == nil:
		fmt.Fprintf(b, " () tally %+d", n.Tally)
	case n.Game.Value == nil:
		b.WriteString(" (" + n.Temperature.RatString() + ")")
	}
	b.WriteString("\n")
	all := len(n.Left) + len(n.Right)
	i := 0
	for side, opts := range [2][]*Naive{n.Left, n.Right} {
		for _, o := range opts {
			i++
			branch, more := "|-- ", "|   "
			if i == all {
				branch, more = "`-- ", "    "
			}
			o.drawTree(b, indent+branch+"BW"[side:side+1]+" ", indent+more)
		}
	}
}
