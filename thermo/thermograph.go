package thermo

import (
	"math/big"
)

// A Thermograph describes a game at every temperature t >= 0.
//
// Left is the left wall LW(t), the value when Black (Left) plays first and
// every move is taxed t; Right is the right wall RW(t), White first. Above
// Temperature both walls are the vertical mast at Count.
type Thermograph struct {
	Left, Right Wall
	// Count is the mast value, the mean of the game (Black positive).
	Count *big.Rat
	// Temperature is the miai value: the lowest t >= 0 at which the walls
	// meet. It is 0 for a cold game (see Number).
	Temperature *big.Rat
	// Number reports that the game equals a number in CGT: a leaf, or a
	// node where neither player wants to move, such as {1 | 3} = 2. CGT
	// gives numbers a negative temperature; this package reports 0.
	Number bool
}

// PlayKind says what a player's best play in a node is.
type PlayKind int

const (
	// NoPlay: the node is a number; no play is worth making.
	NoPlay PlayKind = iota
	// Gote: the play ends the local exchange; the opponent need not answer.
	Gote
	// Sente: the play's follow-up for the same player is hotter than the
	// node, so the opponent is expected to answer.
	Sente
	// ReverseSente: the play prevents the opponent's sente.
	ReverseSente
)

// String returns "none", "gote", "sente" or "reverse sente".
func (k PlayKind) String() string {
	switch k {
	case Gote:
		return "gote"
	case Sente:
		return "sente"
	case ReverseSente:
		return "reverse sente"
	}
	return "none"
}

// A Class classifies a node by its two best plays, Black's (Left) and
// White's (Right).
type Class struct {
	Left, Right PlayKind
}

// String returns "number", "gote", "black sente", "white sente" or
// "double sente" (each player's play is sente).
func (c Class) String() string {
	switch {
	case c.Left == Sente && c.Right == Sente:
		return "double sente"
	case c.Left == Sente:
		return "black sente"
	case c.Right == Sente:
		return "white sente"
	case c.Left == NoPlay && c.Right == NoPlay:
		return "number"
	}
	return "gote"
}

// A Result is the analysis of one node and, through Left and Right, of the
// whole tree below it.
type Result struct {
	Game        *Game
	Thermograph *Thermograph
	Class       Class
	// LeftPlay and RightPlay are the options that define the walls where
	// the mast starts (the plays the count and miai value come from): Left's
	// option maximizing RW(t)-t at the temperature, Right's minimizing
	// LW(t)+t, ties broken by the value just below the temperature, then by
	// order. Both are nil for a number.
	LeftPlay, RightPlay *Result
	// Left and Right are the results of the node's options, in order. A
	// subtree shared in the Game graph has one shared Result.
	Left, Right []*Result
	// Ko is the ko the node is a position of, nil if it is none; KoIndex
	// is its index in Ko.Positions. A ko position's count is
	// Ko.Counts[KoIndex] and its temperature Ko.Value; its walls are
	// those of the package doc's ko thermograph.
	Ko      *Ko
	KoIndex int

	// Adorned stops, for the exact number test: lstop is the left stop and
	// leClosed reports that the game is <= lstop; likewise rstop, geClosed.
	lstop, rstop       *big.Rat
	leClosed, geClosed bool
}

// Analyze validates g and computes the thermograph and classification of
// every node, counting kos by the tally method (see the package doc). The
// error is a *CycleError (wrapping ErrKo) for a cycle that is not a ko the
// method counts, or a ko it cannot count, and wraps ErrMalformed for a nil
// option or a leaf with options.
func Analyze(g *Game) (*Result, error) {
	gr, err := inspect(g)
	if err != nil {
		return nil, err
	}
	memo := map[*Game]*Result{}
	// A ko comes after the kos below it, whose positions are then in memo.
	var kos []*Ko
	for _, s := range gr.kos {
		k, err := analyzeKo(s, gr.paths, memo)
		if err != nil {
			return nil, err
		}
		kos = append(kos, k)
	}
	nameKos(g, kos)
	return analyze(g, memo), nil
}

// Thermograph analyzes g and returns the thermograph of its root.
func (g *Game) Thermograph() (*Thermograph, error) {
	r, err := Analyze(g)
	if err != nil {
		return nil, err
	}
	return r.Thermograph, nil
}

func analyze(g *Game, memo map[*Game]*Result) *Result {
	if r := memo[g]; r != nil {
		return r
	}
	r := &Result{Game: g}
	memo[g] = r
	if g.Value != nil {
		r.setNumber(cp(g.Value))
		return r
	}
	for _, o := range g.Left {
		r.Left = append(r.Left, analyze(o, memo))
	}
	for _, o := range g.Right {
		r.Right = append(r.Right, analyze(o, memo))
	}
	r.solve(r.Left, r.Right)
	return r
}

// solve computes r's thermograph, best plays and class from views of its
// options: left[i] stands for r.Left[i] and right[i] for r.Right[i], and
// is that option's own result except for a ko's plays inside its cycle,
// which stand for the number the ko counts the position they reach.
func (r *Result) solve(left, right []*Result) {
	// The exact CGT number test. With a = max right stop of Left's options
	// and b = min left stop of Right's, g is a number iff some x lies in
	// the interval between them, each end included only when every option
	// reaching it is not comparable with it (the stop's infinitesimal
	// adornment). Then g is the simplest such x.
	var lo, hi bound
	for _, o := range left {
		switch c := cmpNil(o.rstop, lo.v); {
		case c > 0:
			lo = bound{o.rstop, !o.geClosed}
		case c == 0:
			lo.incl = lo.incl && !o.geClosed
		}
	}
	for _, o := range right {
		switch c := cmpNil(hi.v, o.lstop); {
		case c > 0:
			hi = bound{o.lstop, !o.leClosed}
		case c == 0:
			hi.incl = hi.incl && !o.leClosed
		}
	}
	if lo.v == nil || hi.v == nil || lo.v.Cmp(hi.v) < 0 || lo.v.Cmp(hi.v) == 0 && lo.incl && hi.incl {
		r.setNumber(simplest(lo, hi))
		return
	}
	r.lstop, r.leClosed = lo.v, lo.incl
	r.rstop, r.geClosed = hi.v, hi.incl

	// Scaffolds: LW(t) = max RW_L(t) - t, RW(t) = min LW_R(t) + t.
	var lambda, rho pl
	for i, o := range left {
		f := o.Thermograph.Right.f.shift(-1)
		if i == 0 {
			lambda = f
		} else {
			lambda = combine(lambda, f, true)
		}
	}
	for i, o := range right {
		f := o.Thermograph.Left.f.shift(+1)
		if i == 0 {
			rho = f
		} else {
			rho = combine(rho, f, false)
		}
	}
	tau := meet(lambda, rho)
	m := lambda.at(tau)
	r.Thermograph = &Thermograph{
		Left:        Wall{cut(lambda, tau, m)},
		Right:       Wall{cut(rho, tau, m)},
		Count:       cp(m),
		Temperature: cp(tau),
	}
	li, ri := bestOption(left, tau, true), bestOption(right, tau, false)
	r.LeftPlay, r.RightPlay = r.Left[li], r.Right[ri]
	lSente := left[li].Thermograph.Temperature.Cmp(tau) > 0
	rSente := right[ri].Thermograph.Temperature.Cmp(tau) > 0
	r.Class = Class{playKind(lSente, rSente), playKind(rSente, lSente)}
}

func playKind(mine, theirs bool) PlayKind {
	switch {
	case mine:
		return Sente
	case theirs:
		return ReverseSente
	}
	return Gote
}

// cmpNil compares a and b where nil is below everything for a lower bound
// (a == nil) and above everything for an upper bound (b == nil): it returns
// +1 whenever the other side is nil.
func cmpNil(a, b *big.Rat) int {
	if a == nil || b == nil {
		return 1
	}
	return a.Cmp(b)
}

func (r *Result) setNumber(x *big.Rat) {
	w := Wall{constant(x)}
	r.Thermograph = &Thermograph{Left: w, Right: w, Count: cp(x), Temperature: new(big.Rat), Number: true}
	r.lstop, r.rstop = x, x
	r.leClosed, r.geClosed = true, true
	r.Class = Class{NoPlay, NoPlay}
}

// bestOption returns the index of the option whose contribution to the
// left wall (left=true: RW_o(t)-t, maximized) or right wall (LW_o(t)+t,
// minimized) is best at t, ties going to the better value just below t,
// then to the first option. opts must not be empty.
func bestOption(opts []*Result, t *big.Rat, left bool) int {
	best := -1
	var bestV, bestS *big.Rat
	for i, o := range opts {
		w := o.Thermograph.Left.f
		if left {
			w = o.Thermograph.Right.f
		}
		v := w.at(t)
		var s *big.Rat
		if t.Sign() > 0 {
			s = w.slopeBefore(t)
		}
		if !left {
			// Minimizing LW+t is maximizing -(LW+t); the shared t and its
			// slope cancel out of every comparison.
			v, s = neg(v), negNil(s)
		}
		if best < 0 {
			best, bestV, bestS = i, v, s
			continue
		}
		c := v.Cmp(bestV)
		// Just below t, a larger value comes from a smaller slope.
		if c > 0 || c == 0 && s != nil && s.Cmp(bestS) < 0 {
			best, bestV, bestS = i, v, s
		}
	}
	return best
}

func negNil(a *big.Rat) *big.Rat {
	if a == nil {
		return nil
	}
	return neg(a)
}
