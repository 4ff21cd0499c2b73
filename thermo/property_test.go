package thermo

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// randTree returns a random Go-like tree: Black's options tend to be worth
// more than the node, White's less, with leaves in quarters. A few nodes
// have an empty side, which makes them CGT numbers.
func randTree(rng *rand.Rand, center *big.Rat, spread int64, depth int) *Game {
	if depth == 0 || rng.IntN(5) == 0 {
		return NewLeaf(add(center, big.NewRat(rng.Int64N(9)-4, 4)))
	}
	g := &Game{}
	for side := range 2 {
		n := 1 + rng.IntN(2)
		switch rng.IntN(20) {
		case 0:
			n = 0
		case 1, 2:
			n = 3
		}
		for range n {
			d := big.NewRat(spread*(1+rng.Int64N(4)), 2)
			if rng.IntN(6) == 0 {
				d = neg(d) // now and then a move that loses
			}
			if side == 1 {
				d = neg(d)
			}
			o := randTree(rng, add(center, d), max(1, spread/2), depth-1)
			if side == 0 {
				g.Left = append(g.Left, o)
			} else {
				g.Right = append(g.Right, o)
			}
		}
	}
	return g
}

func randTrees(seed uint64, n int) []*Game {
	rng := rand.New(rand.NewPCG(seed, 0x7e4d0))
	trees := make([]*Game, n)
	for i := range trees {
		trees[i] = randTree(rng, big.NewRat(rng.Int64N(21)-10, 1), 1+rng.Int64N(8), 1+rng.IntN(4))
	}
	return trees
}

// mapTree copies g, applying f to every leaf value and swapping the sides
// if swap is set.
func mapTree(g *Game, f func(*big.Rat) *big.Rat, swap bool) *Game {
	if g.Value != nil {
		return NewLeaf(f(g.Value))
	}
	c := &Game{}
	for _, o := range g.Left {
		c.Left = append(c.Left, mapTree(o, f, swap))
	}
	for _, o := range g.Right {
		c.Right = append(c.Right, mapTree(o, f, swap))
	}
	if swap {
		c.Left, c.Right = c.Right, c.Left
	}
	return c
}

func mustAnalyze(t *testing.T, g *Game) *Result {
	t.Helper()
	r, err := Analyze(g)
	if err != nil {
		t.Fatalf("Analyze(%s): %v", g, err)
	}
	return r
}

// allResults lists r and every result below it once.
func allResults(r *Result) []*Result {
	seen := map[*Result]bool{}
	var out []*Result
	var walk func(*Result)
	walk = func(r *Result) {
		if seen[r] {
			return
		}
		seen[r] = true
		out = append(out, r)
		for _, c := range r.Left {
			walk(c)
		}
		for _, c := range r.Right {
			walk(c)
		}
	}
	walk(r)
	return out
}

func wallMapped(w Wall, f func(Point) Point) []Point {
	var out []Point
	for _, p := range w.Points() {
		out = append(out, f(p))
	}
	return out
}

func samePoints(a, b []Point) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].T.Cmp(b[i].T) != 0 || a[i].V.Cmp(b[i].V) != 0 {
			return false
		}
	}
	return true
}

// TestPropertyNegation: negating every leaf and swapping the sides negates
// the count, keeps the temperature, mirrors the walls (LW of -G is -RW of G)
// and swaps the classification.
func TestPropertyNegation(t *testing.T) {
	negPt := func(p Point) Point { return Point{p.T, neg(p.V)} }
	for i, g := range randTrees(1, 200) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			a := mustAnalyze(t, g)
			b := mustAnalyze(t, mapTree(g, neg, true))
			ta, tb := a.Thermograph, b.Thermograph
			if tb.Count.Cmp(neg(ta.Count)) != 0 || tb.Temperature.Cmp(ta.Temperature) != 0 || ta.Number != tb.Number {
				t.Fatalf("%s: %s (%s); negated %s (%s)", g, ta.Count.RatString(), ta.Temperature.RatString(), tb.Count.RatString(), tb.Temperature.RatString())
			}
			if !samePoints(tb.Left.Points(), wallMapped(ta.Right, negPt)) || !samePoints(tb.Right.Points(), wallMapped(ta.Left, negPt)) {
				t.Errorf("%s: walls %s, %s; negated %s, %s", g, ta.Left, ta.Right, tb.Left, tb.Right)
			}
			if a.Class.Left != b.Class.Right || a.Class.Right != b.Class.Left {
				t.Errorf("%s: class %v, negated %v", g, a.Class, b.Class)
			}
		})
	}
}

// TestPropertyTranslation: adding c to every leaf adds c to the count and
// the walls and keeps the temperature. This holds for trees without cold
// interior nodes only: the simplest-number rule is not translation
// invariant ({1|3} = 2, but {3/2|7/2} = 2 too), see TestTranslationCold.
func TestPropertyTranslation(t *testing.T) {
	cs := []*big.Rat{big.NewRat(1, 1), big.NewRat(-7, 2), big.NewRat(5, 4), big.NewRat(1, 3)}
	tested := 0
	for i, g := range randTrees(2, 300) {
		a := mustAnalyze(t, g)
		cold := false
		for _, r := range allResults(a) {
			cold = cold || r.Game.Value == nil && r.Thermograph.Number
		}
		if cold {
			continue
		}
		tested++
		c := cs[i%len(cs)]
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			b := mustAnalyze(t, mapTree(g, func(v *big.Rat) *big.Rat { return add(v, c) }, false))
			ta, tb := a.Thermograph, b.Thermograph
			if tb.Count.Cmp(add(ta.Count, c)) != 0 || tb.Temperature.Cmp(ta.Temperature) != 0 {
				t.Fatalf("%s + %s: count %s temp %s, want %s + c, %s", g, c.RatString(), tb.Count.RatString(), tb.Temperature.RatString(), ta.Count.RatString(), ta.Temperature.RatString())
			}
			shift := func(p Point) Point { return Point{p.T, add(p.V, c)} }
			if !samePoints(tb.Left.Points(), wallMapped(ta.Left, shift)) || !samePoints(tb.Right.Points(), wallMapped(ta.Right, shift)) {
				t.Errorf("%s + %s: walls %s, %s from %s, %s", g, c.RatString(), tb.Left, tb.Right, ta.Left, ta.Right)
			}
			if a.Class != b.Class {
				t.Errorf("%s: class %v, shifted %v", g, a.Class, b.Class)
			}
		})
	}
	if tested < 100 {
		t.Errorf("only %d of 300 random trees had no cold interior node", tested)
	}
}

func TestTranslationCold(t *testing.T) {
	for _, tree := range []string{"{1 | 3}", "{3/2 | 7/2}"} {
		r := mustAnalyze(t, MustParse(tree))
		if r.Thermograph.Count.Cmp(rat("2")) != 0 {
			t.Errorf("%s = %s, want 2", tree, r.Thermograph.Count.RatString())
		}
	}
}

// TestPropertyDominated: giving a node an extra Black option that is a leaf
// below the right stop of one of its Black options (so its RW, a constant,
// is below that option's RW at every t), or an extra White option above a
// White option's left stop, changes nothing at the root.
func TestPropertyDominated(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for i, g := range randTrees(3, 200) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			a := mustAnalyze(t, g)
			// Pick an interior node with options on the chosen side.
			side := rng.IntN(2)
			var cands []*Result
			for _, r := range allResults(a) {
				if side == 0 && len(r.Left) > 0 || side == 1 && len(r.Right) > 0 {
					cands = append(cands, r)
				}
			}
			if len(cands) == 0 {
				return
			}
			r := cands[rng.IntN(len(cands))]
			less := big.NewRat(1+rng.Int64N(8), 1+rng.Int64N(4))
			var extra *Game
			if side == 0 {
				o := r.Left[rng.IntN(len(r.Left))]
				extra = NewLeaf(sub(o.Thermograph.Right.At(ratZero), less))
				r.Game.Left = append(r.Game.Left, extra)
			} else {
				o := r.Right[rng.IntN(len(r.Right))]
				extra = NewLeaf(add(o.Thermograph.Left.At(ratZero), less))
				r.Game.Right = append(r.Game.Right, extra)
			}
			b := mustAnalyze(t, g)
			ta, tb := a.Thermograph, b.Thermograph
			if tb.Count.Cmp(ta.Count) != 0 || tb.Temperature.Cmp(ta.Temperature) != 0 || ta.Number != tb.Number ||
				!samePoints(ta.Left.Points(), tb.Left.Points()) || !samePoints(ta.Right.Points(), tb.Right.Points()) {
				t.Errorf("adding %s to a node changed %s: %s (%s) %s %s -> %s (%s) %s %s", extra, g,
					ta.Count.RatString(), ta.Temperature.RatString(), ta.Left, ta.Right,
					tb.Count.RatString(), tb.Temperature.RatString(), tb.Left, tb.Right)
			}
		})
	}
}

// TestWallsMatchDefinition is the slow twin of the breakpoint algebra: at
// sample temperatures it evaluates SPEC section 5's definition directly
// from the options' walls and compares it with every node's walls.
func TestWallsMatchDefinition(t *testing.T) {
	for i, g := range randTrees(4, 120) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			for _, r := range allResults(mustAnalyze(t, g)) {
				checkNode(t, r)
			}
		})
	}
}

func checkNode(t *testing.T, r *Result) {
	t.Helper()
	th := r.Thermograph
	T, m := th.Temperature, th.Count
	checkSlopes(t, r, th.Left, -1)
	checkSlopes(t, r, th.Right, +1)
	for _, s := range sampleTemps(r) {
		lw, rw := th.Left.At(s), th.Right.At(s)
		if th.Number || s.Cmp(T) >= 0 {
			if lw.Cmp(m) != 0 || rw.Cmp(m) != 0 {
				t.Fatalf("%s at t=%s: walls %s, %s, want the mast %s", r.Game, s.RatString(), lw.RatString(), rw.RatString(), m.RatString())
			}
			continue
		}
		var lambda, rho *big.Rat
		for _, o := range r.Left {
			v := sub(o.Thermograph.Right.At(s), s)
			if lambda == nil || v.Cmp(lambda) > 0 {
				lambda = v
			}
		}
		for _, o := range r.Right {
			v := add(o.Thermograph.Left.At(s), s)
			if rho == nil || v.Cmp(rho) < 0 {
				rho = v
			}
		}
		if lw.Cmp(lambda) != 0 || rw.Cmp(rho) != 0 || lw.Cmp(rw) <= 0 {
			t.Fatalf("%s at t=%s < T=%s: walls %s, %s; definition %s, %s (and LW > RW)", r.Game, s.RatString(), T.RatString(), lw.RatString(), rw.RatString(), lambda.RatString(), rho.RatString())
		}
	}
	if th.Number {
		// A number lies strictly between the stops of the options.
		for _, o := range r.Left {
			if o.Thermograph.Right.At(ratZero).Cmp(m) > 0 {
				t.Fatalf("%s = %s is below Black's option %s", r.Game, m.RatString(), o.Game)
			}
		}
		return
	}
	// At T the best options reach the mast.
	if got := sub(r.LeftPlay.Thermograph.Right.At(T), T); got.Cmp(m) != 0 {
		t.Fatalf("%s: Black's play %s gives %s at T, want %s", r.Game, r.LeftPlay.Game, got.RatString(), m.RatString())
	}
	if got := add(r.RightPlay.Thermograph.Left.At(T), T); got.Cmp(m) != 0 {
		t.Fatalf("%s: White's play %s gives %s at T, want %s", r.Game, r.RightPlay.Game, got.RatString(), m.RatString())
	}
}

// checkSlopes checks that the wall's pieces have slopes 0 or dir, end in
// the mast and start at t = 0.
func checkSlopes(t *testing.T, r *Result, w Wall, dir int64) {
	t.Helper()
	ps := w.Points()
	if ps[0].T.Sign() != 0 {
		t.Fatalf("%s: wall %s starts at t=%s", r.Game, w, ps[0].T.RatString())
	}
	for i := 1; i < len(ps); i++ {
		s := quo(sub(ps[i].V, ps[i-1].V), sub(ps[i].T, ps[i-1].T))
		if s.Sign() != 0 && s.Cmp(ratInt(dir)) != 0 || ps[i].T.Cmp(ps[i-1].T) <= 0 {
			t.Fatalf("%s: wall %s has a piece of slope %s", r.Game, w, s.RatString())
		}
	}
	if last := ps[len(ps)-1]; last.T.Cmp(r.Thermograph.Temperature) > 0 || last.V.Cmp(r.Thermograph.Count) != 0 {
		t.Fatalf("%s: wall %s does not end in the mast", r.Game, w)
	}
}

// sampleTemps returns breakpoints of the node's and its options' walls,
// the points between them and beyond, and the temperature.
func sampleTemps(r *Result) []*big.Rat {
	var ts []*big.Rat
	addWall := func(w Wall) {
		for _, p := range w.Points() {
			ts = append(ts, p.T)
		}
	}
	addWall(r.Thermograph.Left)
	addWall(r.Thermograph.Right)
	for _, o := range append(append([]*Result(nil), r.Left...), r.Right...) {
		addWall(o.Thermograph.Left)
		addWall(o.Thermograph.Right)
	}
	ts = append(ts, r.Thermograph.Temperature)
	var out []*big.Rat
	for _, t := range ts {
		out = append(out, t, add(t, big.NewRat(1, 3)), add(t, big.NewRat(5, 2)))
		if t.Sign() > 0 {
			out = append(out, sub(t, big.NewRat(1, 7)), quo(t, ratInt(2)))
		}
	}
	var pos []*big.Rat
	seen := map[string]bool{}
	for _, t := range out {
		if k := t.RatString(); t.Sign() >= 0 && !seen[k] {
			seen[k] = true
			pos = append(pos, t)
		}
	}
	return pos
}

// TestSimplestMatchesBirthdays checks simplest against its slow twin:
// numbers listed in the order Conway's construction gives birth to them
// (day 0: 0; day 1: -1, 1; day 2: -2, -1/2, 1/2, 2; ...), the first one
// inside the interval being the simplest.
func TestSimplestMatchesBirthdays(t *testing.T) {
	born := []*big.Rat{new(big.Rat)}
	sorted := []*big.Rat{new(big.Rat)}
	for day := 1; day <= 6; day++ {
		var next []*big.Rat
		next = append(next, sub(sorted[0], ratOne))
		for i := 0; i+1 < len(sorted); i++ {
			next = append(next, quo(add(sorted[i], sorted[i+1]), ratInt(2)))
		}
		next = append(next, add(sorted[len(sorted)-1], ratOne))
		born = append(born, next...)
		var merged []*big.Rat
		for i, x := range sorted {
			merged = append(merged, next[i], x)
		}
		sorted = append(merged, next[len(next)-1])
	}
	ends := []*big.Rat{nil}
	for n := int64(-9); n <= 9; n++ {
		for _, d := range []int64{1, 2, 3, 4, 8} {
			ends = append(ends, big.NewRat(n, d))
		}
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for range 2000 {
		lo := bound{ends[rng.IntN(len(ends))], rng.IntN(2) == 0}
		hi := bound{ends[rng.IntN(len(ends))], rng.IntN(2) == 0}
		var want *big.Rat
		for _, x := range born {
			if contains(lo, hi, x) {
				want = x
				break
			}
		}
		if want == nil {
			continue // empty, or only later-born numbers inside
		}
		if got := simplest(lo, hi); got.Cmp(want) != 0 {
			t.Errorf("simplest(%v, %v) = %s, want %s", lo, hi, got.RatString(), want.RatString())
		}
	}
	// A single point that is not dyadic is its own value.
	third := big.NewRat(1, 3)
	if got := simplest(bound{third, true}, bound{third, true}); got.Cmp(third) != 0 {
		t.Errorf("simplest([1/3, 1/3]) = %s", got.RatString())
	}
}
