package judge

import (
	"math"

	"goeval/board"
)

// The features of the second round of the death model, which lets chains
// share their fate: a chain whose group mates look dead is likely dead, and
// one whose attackers look dead likely lives.
const (
	r2Bias      = iota // 1
	r2Logit            // the first round's log-odds of death
	r2FoeDead          // the highest first-round P among adjacent opponent chains
	r2SpaceDead        // stone-weighted mean first-round P of the other chains of its living space
	r2EnclDead         // the same over its enclosure
	r2FoeSelf          // r2FoeDead × its own first-round P
	NumRound2
)

// Round2Names names the second-round features, in order.
var Round2Names = [NumRound2]string{"bias", "first-round log-odds", "deadest foe", "living space's death", "enclosure's death", "deadest foe × own death"}

// Links is how a chain stands among the others (see Features.Links).
type Links struct {
	Color  board.Color
	Stones int
	// Foes are the indices of the adjacent opponent chains.
	Foes []int32
	// Space and Encl number the chain's living space and enclosure among
	// those of its colour.
	Space, Encl int32
}

// round2 holds scratch for Round2.
type round2 struct {
	sum, weight [2][2][]float64 // [side][space=0/encl=1][component]
}

// Round2 computes the second-round features of every chain from the
// chains' links and their first-round death probabilities p1, into dst.
func (r *round2) features(links []Links, p1 []float64, dst [][NumRound2]float64) {
	for s := range r.sum {
		for k := range r.sum[s] {
			r.sum[s][k] = r.sum[s][k][:0]
			r.weight[s][k] = r.weight[s][k][:0]
		}
	}
	grow := func(v []float64, n int) []float64 {
		for len(v) <= n {
			v = append(v, 0)
		}
		return v
	}
	for i, l := range links {
		s := side(l.Color)
		for k, comp := range [2]int32{l.Space, l.Encl} {
			r.sum[s][k] = grow(r.sum[s][k], int(comp))
			r.weight[s][k] = grow(r.weight[s][k], int(comp))
			w := float64(l.Stones)
			r.sum[s][k][comp] += w * p1[i]
			r.weight[s][k][comp] += w
		}
	}
	for i, l := range links {
		s := side(l.Color)
		p := p1[i]
		w := float64(l.Stones)
		var mates [2]float64
		for k, comp := range [2]int32{l.Space, l.Encl} {
			mates[k] = p
			if rest := r.weight[s][k][comp] - w; rest > 0.5 {
				mates[k] = (r.sum[s][k][comp] - w*p) / rest
			}
		}
		foe := 0.0
		for _, f := range l.Foes {
			foe = max(foe, p1[f])
		}
		pc := min(max(p, 1e-6), 1-1e-6)
		dst[i] = [NumRound2]float64{
			r2Bias:      1,
			r2Logit:     math.Log(pc / (1 - pc)),
			r2FoeDead:   foe,
			r2SpaceDead: mates[0],
			r2EnclDead:  mates[1],
			r2FoeSelf:   foe * p,
		}
	}
}

// Round2Features computes the second-round features of chains (for
// fitting; the judge has its own scratch).
func Round2Features(links []Links, p1 []float64) [][NumRound2]float64 {
	var r round2
	dst := make([][NumRound2]float64, len(links))
	r.features(links, p1, dst)
	return dst
}
