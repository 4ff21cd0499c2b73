package thermo

import (
	"fmt"
	"math/big"
	"strings"
)

// A Naive is one node of miai counting by averages, the hand method of
// docs/estimators.md §5, which people compare with thermography. It agrees with thermography
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
	// with the highest count, White's with the lowest (the first on a tie);
	// in a ko, the play inside the cycle or the one that wins the ko.
	LeftPlay, RightPlay *Naive
	Left, Right         []*Naive
	// Ko and KoIndex are as in Result: the ko, counted from the averages
	// of its ends, that the node is a position of.
	Ko      *Ko
	KoIndex int
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
// options at all counts 0. A ko is counted as "Miai Counting With Trees" counts it (see
// the package doc), from the counts of its ends by averages. The error
// wraps ErrKo or ErrMalformed as Analyze's does, and ErrTally where
// b - w <= 0.
func MiaiCount(g *Game) (*Naive, error) {
	gr, err := inspect(g)
	if err != nil {
		return nil, err
	}
	memo := map[*Game]*Naive{}
	var kos []*Ko
	for _, s := range gr.kos {
		k, err := naiveKo(s, gr.paths, memo)
		if err != nil {
			return nil, err
		}
		kos = append(kos, k)
	}
	nameKos(g, kos)
	return naive(g, "root", memo)
}

// naiveAll counts the games of opts.
func naiveAll(opts []*Game, paths map[*Game]string, memo map[*Game]*Naive) ([]*Naive, error) {
	var out []*Naive
	for _, o := range opts {
		n, err := naive(o, paths[o], memo)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// naiveKo counts the ko of shape s by averages and puts its positions in
// memo.
func naiveKo(s *koShape, paths map[*Game]string, memo map[*Game]*Naive) (*Ko, error) {
	wn, err := naiveAll(s.whiteExits, paths, memo)
	if err != nil {
		return nil, err
	}
	bn, err := naiveAll(s.blackExits, paths, memo)
	if err != nil {
		return nil, err
	}
	var wc, bc []*big.Rat
	for _, n := range wn {
		wc = append(wc, n.Count)
	}
	for _, n := range bn {
		bc = append(bc, n.Count)
	}
	wi, bi := bestEnds(wc, bc)
	k, err := countKo(s, paths, s.whiteExits[wi], s.blackExits[bi], wc[wi], bc[bi], wn[wi].Tally, bn[bi].Tally)
	if err != nil {
		return nil, err
	}
	for i, p := range s.pos {
		memo[p] = &Naive{Game: p, Count: k.Counts[i], Temperature: k.Value, Ko: k, KoIndex: i}
	}
	last := len(s.pos) - 1
	for i, p := range s.pos {
		n := memo[p]
		if n.Left, err = naiveAll(p.Left, paths, memo); err != nil {
			return nil, err
		}
		if n.Right, err = naiveAll(p.Right, paths, memo); err != nil {
			return nil, err
		}
		n.LeftPlay, n.RightPlay = bn[bi], wn[wi]
		if i < last {
			n.LeftPlay = memo[s.pos[i+1]]
		}
		if i > 0 {
			n.RightPlay = memo[s.pos[i-1]]
		}
	}
	return k, nil
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
// value for a leaf, for a forced node its count after the answer with
// empty brackets and the tally, "3 () tally +1", after "Miai Counting With Trees"' "C ()",
// and "3 (5) ko: swing 15, tally 3" for a ko position.
func (n *Naive) Tree() string {
	var b strings.Builder
	t := newTreeDrawer(n.Game)
	t.draw(&b, n, "", "")
	return b.String()
}

func (n *Naive) game() *Game { return n.Game }

func (n *Naive) options() (left, right []treeNode) {
	for _, o := range n.Left {
		left = append(left, o)
	}
	for _, o := range n.Right {
		right = append(right, o)
	}
	return left, right
}

func (n *Naive) summary() string {
	switch {
	case n.Ko != nil:
		return fmt.Sprintf("%s (%s) ko: swing %s, tally %d", n.Count.RatString(), n.Temperature.RatString(), n.Ko.Swing.RatString(), n.Ko.Tally)
	case n.Temperature == nil:
		return fmt.Sprintf("%s () tally %+d", n.Count.RatString(), n.Tally)
	case n.Game.Value == nil:
		return n.Count.RatString() + " (" + n.Temperature.RatString() + ")"
	}
	return n.Count.RatString()
}

// A NaiveReport is the JSON-ready form of a Naive node. MiaiValue is
// absent for a forced node, whose Tally says how many net Black moves its
// count lies ahead. Name, Swing, Tally (the ko's, for a ko position),
// BackTo and AsAbove mean what they mean in Report.
type NaiveReport struct {
	Label     string         `json:"label,omitempty"`
	Name      string         `json:"name,omitempty"`
	Count     string         `json:"count,omitempty"`
	MiaiValue string         `json:"miai_value,omitempty"`
	Tally     int            `json:"tally,omitempty"`
	Swing     string         `json:"swing,omitempty"`
	BackTo    string         `json:"back_to,omitempty"`
	AsAbove   string         `json:"as_above,omitempty"`
	Left      []*NaiveReport `json:"left,omitempty"`
	Right     []*NaiveReport `json:"right,omitempty"`
}

// Report returns the JSON-ready report of n and everything below it, as
// Result.Report does.
func (n *Naive) Report() *NaiveReport {
	return n.report(newTreeDrawer(n.Game))
}

func (n *Naive) report(t *treeDrawer) *NaiveReport {
	name := t.names[n.Game]
	j := &NaiveReport{Label: n.Game.Label, Name: name, Count: n.Count.RatString(), Tally: n.Tally}
	if n.Temperature != nil {
		j.MiaiValue = n.Temperature.RatString()
	}
	if n.Ko != nil {
		j.Swing, j.Tally = n.Ko.Swing.RatString(), n.Ko.Tally
	}
	if back, above := t.open(n.Game); back || above {
		j.BackTo, j.AsAbove = pick(back, name), pick(above, name)
		return j
	}
	for _, o := range n.Left {
		j.Left = append(j.Left, o.report(t))
	}
	for _, o := range n.Right {
		j.Right = append(j.Right, o.report(t))
	}
	delete(t.onPath, n.Game)
	return j
}
