package thermo

import (
	"math/big"
)

// A Ko is a ko in a game graph, counted by the tally method of "Miai Counting With Trees"
// (docs/estimators.md §5):
// a cycle of positions on a line from White's win to Black's.
type Ko struct {
	// Positions are the ko's positions along the line, from White's end
	// to Black's: from Positions[i] Black's play inside the cycle reaches
	// Positions[i+1] (a take, or a retake) and White's Positions[i-1].
	// Only White's plays from Positions[0] and Black's from the last
	// position leave the cycle: they end the ko.
	Positions []*Game
	// Names are the names of Positions in the graph analysed, as
	// Game.String writes them.
	Names []string
	// WhiteWin and BlackWin are the plays that end the ko in White's and
	// in Black's favour: among the plays that leave the cycle, White's
	// with the lowest count and Black's with the highest (the first of
	// equals). WhiteCount and BlackCount are their counts.
	WhiteWin, BlackWin     *Game
	WhiteCount, BlackCount *big.Rat
	// Swing is BlackCount - WhiteCount, the difference between winning
	// and losing the ko; it is positive.
	Swing *big.Rat
	// Tally is the number of moves that separate the two ends: White's
	// moves to win from Positions[0] (1) plus Black's from there
	// (len(Positions)), so 3 for a direct ko. Under MiaiCount, moves that
	// counting by averages (docs/estimators.md §5) counts below an end (a forced answer, Naive.Tally)
	// are added.
	Tally int
	// Value is Swing / Tally: what one move in the ko is worth, and the
	// miai value (temperature) of every position of it.
	Value *big.Rat
	// Counts are the counts of Positions: the position i+1 moves of
	// White's away from WhiteWin counts WhiteCount + (i+1)·Value.
	Counts []*big.Rat
}

// countKo counts the ko of shape s whose ends are wWin (count wc, wTally
// net Black moves below it) and bWin (bc, bTally).
func countKo(s *koShape, paths map[*Game]string, wWin, bWin *Game, wc, bc *big.Rat, wTally, bTally int) (*Ko, error) {
	k := &Ko{Positions: s.pos, WhiteWin: wWin, BlackWin: bWin, WhiteCount: wc, BlackCount: bc, Swing: sub(bc, wc)}
	if k.Swing.Sign() <= 0 {
		return nil, cycleError(s.pos, paths, "cannot be counted as a ko: Black's win (%s, count %s) is not worth more than White's (%s, count %s)",
			nodeName(bWin, paths), bc.RatString(), nodeName(wWin, paths), wc.RatString())
	}
	// From Positions[i], White needs i+1 moves to reach wWin and Black
	// len-i; below the ends the counts lie wTally and bTally net Black
	// moves further.
	n := len(s.pos)
	k.Tally = n + 1 + bTally - wTally
	if k.Tally <= 0 {
		return nil, cycleError(s.pos, paths, "cannot be counted as a ko: its ends lie %d net Black moves apart", k.Tally)
	}
	k.Value = quo(k.Swing, ratInt(int64(k.Tally)))
	for i := range s.pos {
		k.Counts = append(k.Counts, add(wc, mul(ratInt(int64(i+1-wTally)), k.Value)))
	}
	return k, nil
}

// nameKos sets the Names of the kos of the graph below root.
func nameKos(root *Game, kos []*Ko) {
	nm := names(root)
	for _, k := range kos {
		k.Names = nil
		for _, p := range k.Positions {
			k.Names = append(k.Names, nm[p])
		}
	}
}

// bestEnds returns the indexes of White's exit with the lowest count and
// Black's with the highest, the first of equals.
func bestEnds(white, black []*big.Rat) (wi, bi int) {
	for i, c := range white {
		if c.Cmp(white[wi]) < 0 {
			wi = i
		}
	}
	for i, c := range black {
		if c.Cmp(black[bi]) > 0 {
			bi = i
		}
	}
	return wi, bi
}

// analyzeKo analyses the ko of shape s, whose exits lead only to parts of
// the graph already in memo or free of kos not yet analysed, and puts the
// results of its positions in memo.
func analyzeKo(s *koShape, paths map[*Game]string, memo map[*Game]*Result) (*Ko, error) {
	var wr, br []*Result
	var wc, bc []*big.Rat
	for _, e := range s.whiteExits {
		r := analyze(e, memo)
		wr, wc = append(wr, r), append(wc, r.Thermograph.Count)
	}
	for _, e := range s.blackExits {
		r := analyze(e, memo)
		br, bc = append(br, r), append(bc, r.Thermograph.Count)
	}
	wi, bi := bestEnds(wc, bc)
	k, err := countKo(s, paths, s.whiteExits[wi], s.blackExits[bi], wc[wi], bc[bi], 0, 0)
	if err != nil {
		return nil, err
	}
	// The tally method prices every move of the ko at Value, so a play
	// that ends the ko must not reach a position hotter than that.
	for side, rs := range [2][]*Result{wr, br} {
		for _, r := range rs {
			if r.Thermograph.Temperature.Cmp(k.Value) > 0 {
				return nil, cycleError(s.pos, paths, "cannot be counted by the tally method: %s's play out of the cycle to %s reaches miai value %s, hotter than the ko's %s a move",
					[2]string{"White", "Black"}[side], nodeName(r.Game, paths), r.Thermograph.Temperature.RatString(), k.Value.RatString())
			}
		}
	}
	for i, p := range s.pos {
		memo[p] = &Result{Game: p, Ko: k, KoIndex: i}
	}
	stand := func(o *Game) *Result {
		j, in := s.index[o]
		if !in {
			return analyze(o, memo)
		}
		v := &Result{}
		v.setNumber(k.Counts[j])
		return v
	}
	for _, p := range s.pos {
		r := memo[p]
		var left, right []*Result
		for _, o := range p.Left {
			r.Left = append(r.Left, analyze(o, memo))
			left = append(left, stand(o))
		}
		for _, o := range p.Right {
			r.Right = append(r.Right, analyze(o, memo))
			right = append(right, stand(o))
		}
		r.solve(left, right)
	}
	return k, nil
}
