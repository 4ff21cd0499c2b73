package judge

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"goeval/board"
	"goeval/control"
)

// Analysis is the judge's verdict on one position (Judge.Analyze): the
// map and the score, each chain's probability of being dead, the stones
// taken off, and what the score was weighed from. Its methods answer
// questions about the position without judging it again. An Analysis is
// meant to be filled by Analyze (the zero value answers nothing) and is
// reused by the next Analyze into it.
type Analysis struct {
	// Result is the control map and the score, as Estimate gives them.
	Result control.Result
	// Dead holds, per point, the probability that the stone there is dead
	// (0 on empty points).
	Dead []float64
	// Removed holds, per point, whether the stone there was judged dead
	// (Dead above DeadAt, neither pass-alive nor in seki).
	Removed []bool
	// Seki holds, per point, whether the stone there is in seki, or the
	// empty point a liberty shared in seki (control 0).
	Seki []bool
	// Sum is the count the score model turns into the score: the control
	// map's empty points, plus every stone counted whole for the colour
	// that owns its point (the opponent's if Removed). Counting stones
	// whole rather than by 1-2P picks more winners on the dev set (at 20
	// moves before the end, 0.71 against 0.64).
	Sum float64
	// Unsure is the part of Doubt on the stones of the unsettled chains
	// (death probability from UnsettledFrom to UnsettledTo): the stones
	// whose fate the judge cannot tell, which the score's bounds allow
	// for (ScoreParams).
	Unsure float64
	// Doubt is the expected number of misjudged stones: the sum over
	// stones of min(P, 1-P).
	Doubt float64
	// RiskAlive and RiskDead are the stones at risk, by side: the sums of
	// colour·P (Black +1, White -1) over the stones counted alive (that
	// may yet die) and over those judged dead.
	RiskAlive, RiskDead float64
	// Open is the number of points the count leaves open (Count): empty
	// regions of more than board.DameSize points that both colours border.
	Open float64
	// Thin is the number of points the count gives to a colour without
	// their being settled (ThinTerritory): in each empty region that one
	// colour alone borders, the points beyond ThinTerritory for each of
	// its border stones. The score's bounds count them open.
	Thin float64
	// Stage is the number of stones over the number of points.
	Stage float64

	board   board.Board   // the position judged
	win     *WinParams    // the win model of the parameters that judged it, or nil
	removed []board.Point // the stones taken off, in map order
	area    float64       // the count's area (Count)
}

// reset sizes a's per-point slices for b, clears Dead and Removed, and
// records b as the position judged.
func (a *Analysis) reset(b *board.Board) {
	n := b.Geometry().N
	if cap(a.Dead) < n {
		a.Dead = make([]float64, n)
		a.Removed = make([]bool, n)
		a.Seki = make([]bool, n)
	}
	a.Dead, a.Removed, a.Seki = a.Dead[:n], a.Removed[:n], a.Seki[:n]
	clear(a.Dead)
	clear(a.Removed)
	a.board = *b
}

// mapAndSum draws the map into a.Result, from x2 (the estimate with the
// dead given to their killers) on empty points not in seki and from the
// death probabilities on stones, and sums the count into a.Sum.
func (a *Analysis) mapAndSum(b *board.Board, x2 []float64) {
	r := &a.Result
	r.Reset(len(a.Dead))
	a.Sum = 0
	for p, c := range b.Cells() {
		switch {
		case c == board.Empty:
			if !a.Seki[p] {
				r.Control[p] = x2[p]
				a.Sum += x2[p]
			}
			continue
		case a.Removed[p]:
			a.Sum -= float64(c)
		default:
			a.Sum += float64(c)
		}
		r.Control[p] = float64(c) * (1 - 2*a.Dead[p])
	}
}

// doubts sums a.Doubt, a.Unsure, a.RiskAlive and a.RiskDead over the
// stones of b.
func (a *Analysis) doubts(b *board.Board) {
	cells := b.Cells()
	a.Doubt, a.Unsure, a.RiskAlive, a.RiskDead = 0, 0, 0, 0
	for p, pd := range a.Dead {
		a.Doubt += min(pd, 1-pd)
		if pd >= UnsettledFrom && pd <= UnsettledTo {
			a.Unsure += min(pd, 1-pd)
		}
		if a.Removed[p] {
			a.RiskDead += float64(cells[p]) * pd
		} else {
			a.RiskAlive += float64(cells[p]) * pd
		}
	}
}

// ScoreInput returns what the score model reads of the analysis, with
// toMove to move.
func (a *Analysis) ScoreInput(toMove board.Color) ScoreInput {
	t := 1.0
	if toMove == board.White {
		t = -1
	}
	return ScoreInput{Sum: a.Sum, Stage: a.Stage, ToMove: t, Doubt: a.Doubt, Unsure: a.Unsure, RiskAlive: a.RiskAlive, RiskDead: a.RiskDead,
		Open: a.Open + a.Thin, Points: float64(len(a.Dead))}
}

// WinProbability returns the probability that Black wins the position
// with komi komi, by the win model of the parameters that judged it
// (Params.Win), or ok false if they have none.
func (a *Analysis) WinProbability(komi float64) (p float64, ok bool) {
	if a.win == nil {
		return 0, false
	}
	return a.win.Of(a.Result.Score, komi, a.Stage, a.Doubt), true
}

// ResultRange returns the bounds, before komi, within which the win model
// puts the final result with probability 0.8 (control.ResultRanger): the
// model's P(Black wins) = σ((score − komi − offset)/spread) is that of a
// final margin logistic around score − offset with that spread, whose 0.1
// and 0.9 quantiles are ± ln 9 spreads away. ok is false without a win
// model.
func (a *Analysis) ResultRange() (lo, hi float64, ok bool) {
	if a.win == nil {
		return 0, 0, false
	}
	mid := a.Result.Score - a.win.Offset
	d := math.Log(9) * a.win.Spread(a.Stage, a.Doubt)
	return mid - d, mid + d, true
}

// UnsettledFrom and UnsettledTo bound the death probability of the chains
// the judge calls unsettled: those whose fate it cannot tell.
const (
	UnsettledFrom = 0.2
	UnsettledTo   = 0.8
)

// Unsettled is a chain whose fate the judge cannot tell.
type Unsettled struct {
	// Stone is the chain's first stone in map order, as a GTP vertex.
	Stone string `json:"stone"`
	// Stones is its number of stones, and Dead its death probability.
	Stones int     `json:"stones"`
	Dead   float64 `json:"dead"`
}

// Unsettled returns the chains whose death probability is from
// UnsettledFrom to UnsettledTo, the biggest first (then in map order).
func (a *Analysis) Unsettled() []Unsettled {
	var chains board.Chains
	a.board.Chains(&chains)
	g := a.board.Geometry()
	out := []Unsettled{}
	for _, ch := range chains.List {
		if p := a.Dead[ch.Head]; p >= UnsettledFrom && p <= UnsettledTo {
			out = append(out, Unsettled{Stone: g.GTP(ch.Head), Stones: ch.Stones, Dead: p})
		}
	}
	sort.SliceStable(out, func(i, k int) bool { return out[i].Stones > out[k].Stones })
	return out
}

// Notes returns the judge's line for the text output (control.Noter): its
// unsettled chains, the biggest first (at most 8 named), or nothing if
// there are none.
func (a *Analysis) Notes() []string {
	us := a.Unsettled()
	if len(us) == 0 {
		return nil
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "unsettled (death probability %g to %g):", UnsettledFrom, UnsettledTo)
	for i, u := range us {
		if i == 8 {
			fmt.Fprintf(&sb, " and %d more", len(us)-i)
			break
		}
		if i > 0 {
			sb.WriteByte(',')
		}
		stones := "stones"
		if u.Stones == 1 {
			stones = "stone"
		}
		fmt.Fprintf(&sb, " %s %d %s %.2f", u.Stone, u.Stones, stones, u.Dead)
	}
	return []string{sb.String()}
}

// Report returns the judge's extra JSON fields (control.Reporter): the
// stones judged dead and those in seki (GTP vertices), the unsettled
// chains and the doubt behind the score.
func (a *Analysis) Report() []control.Field {
	us := a.Unsettled()
	c := a.Count()
	g := a.board.Geometry()
	vertices := func(ps []board.Point) []string {
		vs := make([]string, len(ps))
		for i, p := range ps {
			vs[i] = g.GTP(p)
		}
		return vs
	}
	return []control.Field{{Key: "dead", Value: vertices(c.Dead)}, {Key: "seki", Value: vertices(c.Seki)}, {Key: "unsettled", Value: us}, {Key: "doubt", Value: a.Doubt}}
}

// Count returns the position counted as a finished game is counted under
// area rules (board.CountArea; control.Counter), with the stones the judge
// takes off (Removed) dead and those in seki left on the board. It is not
// the score: the score says how the game will end, the count how it
// stands.
func (a *Analysis) Count() control.Count {
	c := control.Count{Dead: append([]board.Point{}, a.removed...), Seki: []board.Point{}}
	for p, col := range a.board.Cells() {
		if col != board.Empty && a.Seki[p] && !a.Removed[p] {
			c.Seki = append(c.Seki, board.Point(p))
		}
	}
	c.Area, c.Open = a.area, int(a.Open)
	return c
}

// ThinTerritory is the most points an empty region that one colour alone
// borders holds for each stone of that colour on its border and still
// counts as settled in the score's bounds (ScoreParams): at the end of a
// game territory is walled in, and in the last positions of the 667
// counted games of the SGF corpus and the dev set that the judge finds
// settled, 99% of such regions held at most 2.5 points a border stone and
// the largest of any game 3.4 in 99% of the games (one held 12.5). In the
// opening a lone stone "borders" the whole board: 80 points on 9x9.
const ThinTerritory = 4

// thin returns the points of b's empty regions (r, labelled on b without
// the removed stones, as CountArea leaves it) that one colour alone
// borders beyond ThinTerritory for each of its border stones.
func thin(b *board.Board, removed []bool, r *board.Regions) float64 {
	g := b.Geometry()
	var border [board.MaxPoints]int32 // per region: its border stones
	for p, c := range b.Cells() {
		if c == board.Empty || removed[p] {
			continue
		}
		var seen [4]int16
		k := 0
	next:
		for _, q := range g.Neighbors(board.Point(p)) {
			id := r.ID[q]
			if id < 0 {
				continue
			}
			for _, s := range seen[:k] {
				if s == id {
					continue next
				}
			}
			seen[k] = id
			k++
			border[id]++
		}
	}
	excess := 0.0
	for id, size := range r.Size {
		if r.Border[id] != board.Empty {
			excess += max(0, float64(size)-ThinTerritory*float64(border[id]))
		}
	}
	return excess
}
