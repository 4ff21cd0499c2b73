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
// once with their number, since the model cannot tell them apart. The
// choices are stored in chunks of about chunkTeams candidates, each
// sealed to its exact size, so that sets of millions of choices neither
// waste memory nor are ever copied whole.
type Choices struct {
	sizes  [NumGroups]int
	offset [NumGroups + 1]uint32 // global feature id = offset[g] + value - 1

	chunks []*chunk
	n      int // choices
	cands  int // distinct candidates

	index map[[NumGroups]uint32]uint32 // scratch of Add
}

// chunk is a run of choices.
type chunk struct {
	feats     []uint32 // global feature ids, team after team
	teamStart []uint32 // team t's features are feats[teamStart[t]:teamStart[t+1]]
	teamCount []uint16 // how many candidates share team t's features
	posStart  []uint32 // choice j's teams are teamStart[posStart[j]:posStart[j+1]]
	winner    []uint32 // the chosen team of each choice
	sealed    bool
}

// chunkTeams is the number of distinct candidates after which a chunk is
// sealed and a new one begun.
const chunkTeams = 1 << 20

func newChunk() *chunk { return &chunk{teamStart: []uint32{0}, posStart: []uint32{0}} }

// seal copies the chunk's slices to their exact lengths.
func (k *chunk) seal() {
	if k.sealed {
		return
	}
	k.feats = append([]uint32(nil), k.feats...)
	k.teamStart = append([]uint32(nil), k.teamStart...)
	k.teamCount = append([]uint16(nil), k.teamCount...)
	k.posStart = append([]uint32(nil), k.posStart...)
	k.winner = append([]uint32(nil), k.winner...)
	k.sealed = true
}

func (k *chunk) len() int { return len(k.winner) }

// strengths stores in dst (reused) the strength of each distinct
// candidate of choice j under the gammas, and returns it with the total
// strength of the choice's candidates, each counted as often as it occurs.
func (k *chunk) strengths(dst, gamma []float64, j int) ([]float64, float64) {
	dst = dst[:0]
	e := 0.0
	for t := k.posStart[j]; t < k.posStart[j+1]; t++ {
		s := 1.0
		for _, f := range k.feats[k.teamStart[t]:k.teamStart[t+1]] {
			s *= gamma[f]
		}
		dst = append(dst, s)
		e += float64(k.teamCount[t]) * s
	}
	return dst, e
}

// NewChoices returns an empty set of choices over groups of the given
// sizes (the number of values of each group).
func NewChoices(sizes [NumGroups]int) *Choices {
	c := &Choices{sizes: sizes, index: make(map[[NumGroups]uint32]uint32)}
	for g := range NumGroups {
		c.offset[g+1] = c.offset[g] + uint32(sizes[g])
	}
	return c
}

// Len returns the number of choices.
func (c *Choices) Len() int { return c.n }

// Candidates returns the number of distinct candidates stored.
func (c *Choices) Candidates() int { return c.cands }

// Add adds one choice among cands, of which cands[chosen] was chosen. It
// panics with a "movemodel: ..." message if a feature value is beyond its
// group's size or chosen is out of range.
func (c *Choices) Add(cands []Candidate, chosen int) {
	if chosen < 0 || chosen >= len(cands) {
		panic("movemodel: Choices.Add: chosen out of range")
	}
	if len(c.chunks) == 0 || c.chunks[len(c.chunks)-1].sealed {
		c.chunks = append(c.chunks, newChunk())
	}
	k := c.chunks[len(c.chunks)-1]
	clear(c.index)
	var win uint32
	for i := range cands {
		f := cands[i].F
		t, ok := c.index[f]
		if !ok {
			t = uint32(len(k.teamCount))
			c.index[f] = t
			for g, v := range f {
				if v == 0 {
					continue
				}
				if int(v) > c.sizes[g] {
					panic(fmt.Sprintf("movemodel: Choices.Add: %v value %d beyond its %d values", Group(g), v, c.sizes[g]))
				}
				k.feats = append(k.feats, c.offset[g]+v-1)
			}
			k.teamStart = append(k.teamStart, uint32(len(k.feats)))
			k.teamCount = append(k.teamCount, 0)
			c.cands++
		}
		k.teamCount[t]++
		if i == chosen {
			win = t
		}
	}
	k.posStart = append(k.posStart, uint32(len(k.teamCount)))
	k.winner = append(k.winner, win)
	c.n++
	if len(k.teamCount) >= chunkTeams {
		k.seal()
	}
}

// Append moves o's choices to the end of c (o is left empty). Both must be
// over the same group sizes.
func (c *Choices) Append(o *Choices) {
	if c.sizes != o.sizes {
		panic("movemodel: Choices.Append: group sizes differ")
	}
	for _, k := range o.chunks {
		k.seal()
		c.chunks = append(c.chunks, k)
	}
	c.n += o.n
	c.cands += o.cands
	o.chunks, o.n, o.cands = nil, 0, 0
}

// The defaults of FitSettings, which goeval tune moves shows as its own:
// the shipped model was fitted with them (docs/moves.md).
const (
	DefaultIterations = 20
	DefaultTolerance  = 1e-4
	DefaultPrior      = 1.0
)

// FitSettings configures Fit. The zero value means the defaults.
type FitSettings struct {
	// Iterations is the most sweeps over all groups; 0 or less means
	// DefaultIterations.
	Iterations int
	// Tolerance stops the fit when a sweep improves the mean
	// log-likelihood by less than this; 0 or less means DefaultTolerance.
	Tolerance float64
	// Prior is the weight of the prior: each feature is given Prior
	// virtual wins and Prior virtual losses against a candidate of
	// strength 1 (Coulom's regularisation); 0 means DefaultPrior, a
	// negative value none.
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
		s.Iterations = DefaultIterations
	}
	if s.Tolerance <= 0 {
		s.Tolerance = DefaultTolerance
	}
	switch {
	case s.Prior == 0:
		s.Prior = DefaultPrior
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
	for _, k := range c.chunks {
		for _, w := range k.winner {
			for _, f := range k.feats[k.teamStart[w]:k.teamStart[w+1]] {
				wins[f]++
			}
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
// of the chosen candidates, on workers goroutines. Each chunk's sums are
// made apart and added in chunk order, so the result does not depend on
// the number of workers.
func (c *Choices) sweep(gamma []float64, lo, hi uint32, workers int) ([]float64, float64) {
	nk := len(c.chunks)
	dens := make([][]float64, nk)
	lls := make([]float64, nk)
	var next sync.WaitGroup
	jobs := make(chan int)
	for range max(1, min(workers, nk)) {
		next.Add(1)
		go func() {
			defer next.Done()
			var strength []float64
			for ki := range jobs {
				k := c.chunks[ki]
				den := make([]float64, hi-lo)
				var ll float64
				for j := range k.len() {
					t0 := k.posStart[j]
					var e float64
					strength, e = k.strengths(strength, gamma, j)
					ll += math.Log(strength[k.winner[j]-t0] / e)
					if hi == lo {
						continue
					}
					for t := t0; t < k.posStart[j+1]; t++ {
						for _, f := range k.feats[k.teamStart[t]:k.teamStart[t+1]] {
							if f >= lo && f < hi {
								den[f-lo] += float64(k.teamCount[t]) * strength[t-t0] / gamma[f] / e
							}
						}
					}
				}
				dens[ki], lls[ki] = den, ll
			}
		}()
	}
	for ki := range nk {
		jobs <- ki
	}
	close(jobs)
	next.Wait()
	den := make([]float64, hi-lo)
	ll := 0.0
	for ki := range nk {
		for i, v := range dens[ki] {
			den[i] += v
		}
		ll += lls[ki]
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
	var strength []float64
	for _, k := range c.chunks {
		for j := range k.len() {
			t0 := k.posStart[j]
			var e float64
			strength, e = k.strengths(strength, gamma, j)
			best, ws := 0.0, strength[k.winner[j]-t0]
			var nbest uint32
			for i, s := range strength {
				n := uint32(k.teamCount[t0+uint32(i)])
				switch {
				case s > best:
					best, nbest = s, n
				case s == best:
					nbest += n
				}
			}
			ll += math.Log(ws / e)
			if ws == best {
				top1 += 1 / float64(nbest)
			}
		}
	}
	n := float64(c.Len())
	return ll / n, top1 / n
}
