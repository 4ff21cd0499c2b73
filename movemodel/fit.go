package movemodel

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
)

// Choices is a set of choices for fitting: in each, one of several
// candidates was chosen. A candidate is a team of features (at most one
// per group); candidates of one choice with the same features are stored
// once with their number, since the model cannot tell them apart.
type Choices struct {
	sizes  [NumGroups]int
	offset [NumGroups + 1]uint32 // global feature id = offset[g] + value - 1

	feats     []uint32 // global feature ids, team after team
	teamStart []uint32 // team t's features are feats[teamStart[t]:teamStart[t+1]]
	teamCount []uint32 // how many candidates share team t's features
	posStart  []uint32 // choice j's teams are teamStart[posStart[j]:posStart[j+1]]
	winner    []uint32 // the chosen team of each choice

	index map[[NumGroups]uint32]uint32 // scratch of Add
}

// NewChoices returns an empty set of choices over groups of the given
// sizes (the number of values of each group).
func NewChoices(sizes [NumGroups]int) *Choices {
	c := &Choices{sizes: sizes, teamStart: []uint32{0}, posStart: []uint32{0}, index: make(map[[NumGroups]uint32]uint32)}
	for g := range NumGroups {
		c.offset[g+1] = c.offset[g] + uint32(sizes[g])
	}
	return c
}

// Len returns the number of choices.
func (c *Choices) Len() int { return len(c.winner) }

// Candidates returns the number of distinct candidates stored.
func (c *Choices) Candidates() int { return len(c.teamCount) }

// Add adds one choice among cands, of which cands[chosen] was chosen. It
// panics with a "movemodel: ..." message if a feature value is beyond its
// group's size or chosen is out of range.
func (c *Choices) Add(cands []Candidate, chosen int) {
	if chosen < 0 || chosen >= len(cands) {
		panic("movemodel: Choices.Add: chosen out of range")
	}
	clear(c.index)
	var win uint32
	for i := range cands {
		f := cands[i].F
		t, ok := c.index[f]
		if !ok {
			t = uint32(len(c.teamCount))
			c.index[f] = t
			for g, v := range f {
				if v == 0 {
					continue
				}
				if int(v) > c.sizes[g] {
					panic(fmt.Sprintf("movemodel: Choices.Add: %v value %d beyond its %d values", Group(g), v, c.sizes[g]))
				}
				c.feats = append(c.feats, c.offset[g]+v-1)
			}
			c.teamStart = append(c.teamStart, uint32(len(c.feats)))
			c.teamCount = append(c.teamCount, 0)
		}
		c.teamCount[t]++
		if i == chosen {
			win = t
		}
	}
	c.posStart = append(c.posStart, uint32(len(c.teamCount)))
	c.winner = append(c.winner, win)
}

// FitSettings configures Fit. The zero value means the defaults.
type FitSettings struct {
	// Iterations is the most sweeps over all groups; 0 means 30.
	Iterations int
	// Tolerance stops the fit when a sweep improves the mean
	// log-likelihood by less than this; 0 means 1e-5.
	Tolerance float64
	// Prior is the weight of the prior: each feature is given Prior
	// virtual wins and Prior virtual losses against a candidate of
	// strength 1 (Coulom's regularisation); 0 means 1, a negative value
	// none.
	Prior float64
	// Workers is the number of goroutines; 0 means GOMAXPROCS.
	Workers int
	// Start holds starting gammas (per group, per value), or nil for all
	// 1; groups with no slice start at 1.
	Start [NumGroups][]float64
	// Fixed groups keep their starting gammas.
	Fixed [NumGroups]bool
	// Progress, if not nil, is called after each sweep.
	Progress func(FitProgress)
}

// FitProgress reports one sweep of Fit.
type FitProgress struct {
	Iteration int
	// LogLikelihood is the mean log-probability of the chosen candidates
	// (the training data) with the gammas after the sweep.
	LogLikelihood float64
	// Gammas are the gammas after the sweep (shared: do not modify).
	Gammas *[NumGroups][]float64
}

// FitResult says how a fit ended.
type FitResult struct {
	Iterations    int
	Converged     bool
	LogLikelihood float64
}

// Fit fits the gammas of the generalized Bradley-Terry model to the
// choices by minorization-maximization (Hunter, "MM algorithms for
// generalized Bradley-Terry models", 2004; as Coulom, "Computing Elo
// Ratings of Move Patterns in the Game of Go", 2007): each sweep updates
// one group at a time, every gamma of the group at once,
//
//	gamma_i = W_i / sum_j C_ij / E_j
//
// where W_i counts the choices won by a candidate with feature i, E_j is
// the total strength of choice j's candidates and C_ij the total strength
// of its candidates with feature i, divided by gamma_i. Each update
// raises the likelihood. A value no candidate has keeps gamma 1 (less
// the prior's pull, it has no data). It returns the gammas, per group and
// value, and how the fit ended.
func Fit(ctx context.Context, c *Choices, s FitSettings) ([NumGroups][]float64, FitResult, error) {
	if s.Iterations <= 0 {
		s.Iterations = 30
	}
	if s.Tolerance <= 0 {
		s.Tolerance = 1e-5
	}
	switch {
	case s.Prior == 0:
		s.Prior = 1
	case s.Prior < 0:
		s.Prior = 0
	}
	if s.Workers <= 0 {
		s.Workers = runtime.GOMAXPROCS(0)
	}
	var res FitResult
	if c.Len() == 0 {
		return [NumGroups][]float64{}, res, errors.New("movemodel: no choices to fit")
	}
	nf := int(c.offset[NumGroups])
	gamma := make([]float64, nf)
	for g := range NumGroups {
		for v := range c.sizes[g] {
			x := 1.0
			if v < len(s.Start[g]) {
				x = s.Start[g][v]
			}
			gamma[int(c.offset[g])+v] = x
		}
	}
	wins := make([]float64, nf)
	for _, w := range c.winner {
		for _, f := range c.feats[c.teamStart[w]:c.teamStart[w+1]] {
			wins[f]++
		}
	}
	prev := math.Inf(-1)
	for it := 1; it <= s.Iterations; it++ {
		for g := range NumGroups {
			if s.Fixed[g] || c.sizes[g] == 0 {
				continue
			}
			if err := ctx.Err(); err != nil {
				return c.split(gamma), res, err
			}
			lo, hi := c.offset[g], c.offset[g+1]
			den, _ := c.sweep(gamma, lo, hi, s.Workers)
			for i := lo; i < hi; i++ {
				w := wins[i] + s.Prior
				d := den[i-lo] + 2*s.Prior/(gamma[i]+1)
				if d > 0 && w > 0 {
					gamma[i] = w / d
				}
			}
		}
		_, ll := c.sweep(gamma, 0, 0, s.Workers)
		ll /= float64(c.Len())
		res.Iterations, res.LogLikelihood = it, ll
		if s.Progress != nil {
			gs := c.split(gamma)
			s.Progress(FitProgress{Iteration: it, LogLikelihood: ll, Gammas: &gs})
		}
		if ll-prev < s.Tolerance {
			res.Converged = true
			break
		}
		prev = ll
	}
	return c.split(gamma), res, nil
}

// split cuts the flat gammas into groups.
func (c *Choices) split(gamma []float64) [NumGroups][]float64 {
	var out [NumGroups][]float64
	for g := range NumGroups {
		out[g] = append([]float64(nil), gamma[c.offset[g]:c.offset[g+1]]...)
	}
	return out
}

// sweep computes, with the gammas, the MM denominators of the features
// lo..hi-1 (sum over choices of C_ij / E_j) and the total log-likelihood
// of the chosen candidates, on workers goroutines.
func (c *Choices) sweep(gamma []float64, lo, hi uint32, workers int) ([]float64, float64) {
	n := c.Len()
	workers = max(1, min(workers, n))
	dens := make([][]float64, workers)
	lls := make([]float64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			den := make([]float64, hi-lo)
			var ll float64
			var strength []float64
			for j := w * n / workers; j < (w+1)*n/workers; j++ {
				t0, t1 := c.posStart[j], c.posStart[j+1]
				strength = strength[:0]
				e := 0.0
				for t := t0; t < t1; t++ {
					s := 1.0
					for _, f := range c.feats[c.teamStart[t]:c.teamStart[t+1]] {
						s *= gamma[f]
					}
					strength = append(strength, s)
					e += float64(c.teamCount[t]) * s
				}
				ll += math.Log(strength[c.winner[j]-t0] / e)
				if hi == lo {
					continue
				}
				for t := t0; t < t1; t++ {
					for _, f := range c.feats[c.teamStart[t]:c.teamStart[t+1]] {
						if f >= lo && f < hi {
							den[f-lo] += float64(c.teamCount[t]) * strength[t-t0] / gamma[f] / e
						}
					}
				}
			}
			dens[w], lls[w] = den, ll
		}()
	}
	wg.Wait()
	den := dens[0]
	ll := lls[0]
	for w := 1; w < workers; w++ {
		for i, v := range dens[w] {
			den[i] += v
		}
		ll += lls[w]
	}
	return den, ll
}

// Evaluate returns the mean log-likelihood of the chosen candidates of c
// under the gammas, and the share of choices whose chosen candidate is the
// strongest (a tie for the top shared evenly, so candidates with the same
// features count as one guess among them).
func Evaluate(c *Choices, gammas *[NumGroups][]float64) (ll, top1 float64) {
	gamma := make([]float64, c.offset[NumGroups])
	for g := range NumGroups {
		copy(gamma[c.offset[g]:], gammas[g])
	}
	for j := range c.Len() {
		t0, t1 := c.posStart[j], c.posStart[j+1]
		e, best, ws := 0.0, 0.0, 0.0
		var nbest uint32
		for t := t0; t < t1; t++ {
			s := 1.0
			for _, f := range c.feats[c.teamStart[t]:c.teamStart[t+1]] {
				s *= gamma[f]
			}
			e += float64(c.teamCount[t]) * s
			switch {
			case s > best:
				best, nbest = s, c.teamCount[t]
			case s == best:
				nbest += c.teamCount[t]
			}
			if t == c.winner[j] {
				ws = s
			}
		}
		ll += math.Log(ws / e)
		if ws == best {
			top1 += 1 / float64(nbest)
		}
	}
	n := float64(c.Len())
	return ll / n, top1 / n
}

// Append adds o's choices to c. Both must be over the same group sizes.
func (c *Choices) Append(o *Choices) {
	if c.sizes != o.sizes {
		panic("movemodel: Choices.Append: group sizes differ")
	}
	nf, nt := uint32(len(c.feats)), uint32(len(c.teamCount))
	c.feats = append(c.feats, o.feats...)
	for _, s := range o.teamStart[1:] {
		c.teamStart = append(c.teamStart, s+nf)
	}
	c.teamCount = append(c.teamCount, o.teamCount...)
	for _, s := range o.posStart[1:] {
		c.posStart = append(c.posStart, s+nt)
	}
	for _, w := range o.winner {
		c.winner = append(c.winner, w+nt)
	}
}
