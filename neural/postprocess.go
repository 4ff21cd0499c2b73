package neural

import (
	"math"

	"goeval/board"
	"goeval/netinput"
)

// Output is a post-processed evaluation of one position, KataGo's
// NNOutput as kata-raw-nn prints it (docs/net.md §2; KataGo's command/gtp.cpp rawNN), except that illegal
// moves get policy 0 instead of -1.
type Output struct {
	// Policy holds size*size+1 move probabilities for the side to move,
	// board order (row 0 = top row), the pass last; illegal moves get 0 and
	// the legal ones sum to 1.
	Policy []float32
	// WhiteWin, WhiteLoss and NoResult are the value head's probabilities,
	// summing to 1. NoResult is 0 under ko rules other than simple ko
	// unless scoring is territory (global inputs 6 and 9), as in KataGo.
	WhiteWin, WhiteLoss, NoResult float64
	// WhiteLead is White's predicted lead in points.
	WhiteLead float64
	// WhiteScoreMean is White's predicted score (KataGo's
	// whiteScoreMean, printed as whiteScoreSelfplay), in points.
	WhiteScoreMean float64
	// WhiteScoreMeanSq is the second moment of the score, in points².
	WhiteScoreMeanSq float64
	// WhiteScoreStdev is sqrt(max(0, WhiteScoreMeanSq - WhiteScoreMean²)).
	WhiteScoreStdev float64
	// VarTimeLeft is KataGo's variance-of-time-left output; KataGo reports
	// -1 for models before version 9, and so does this.
	VarTimeLeft float64
	// WhiteOwnership holds size*size values in [-1, 1], board order,
	// +1 where White owns the point.
	WhiteOwnership []float32
}

// softplus is KataGo's log(1+e^x), x itself above 40.
func softplus(x float64) float64 {
	if x > 40 {
		return x
	}
	return math.Log1p(math.Exp(x))
}

// postProcess turns raw outputs r of position f into o (nneval.cpp
// NNEvaluator::evaluate). Values are computed in float64.
func (nw *Network) postProcess(o *Output, r *RawOutput, f *netinput.Features) {
	pp := &nw.pp
	scale := pp.OutputScaleMultiplier
	pts := len(r.OwnershipLogits)

	// Policy: softmax over the legal moves.
	o.Policy = grow(o.Policy, pts+1)
	mx := float32(math.Inf(-1))
	for i, l := range r.PolicyLogits {
		if f.Legal[i] {
			mx = max(mx, l*float32(scale))
		}
	}
	var sum float64
	for i, l := range r.PolicyLogits {
		if f.Legal[i] {
			e := math.Exp(float64(l*float32(scale) - mx))
			o.Policy[i] = float32(e)
			sum += e
		} else {
			o.Policy[i] = 0
		}
	}
	if sum > 0 {
		for i := range o.Policy {
			o.Policy[i] = float32(float64(o.Policy[i]) / sum)
		}
	}

	// Value: softmax of win, loss, no result.
	w := float64(r.Value[0]) * scale
	l := float64(r.Value[1]) * scale
	nr := float64(r.Value[2]) * scale
	if f.Global[6] != 0 && f.Global[9] == 0 {
		// Ko rule other than simple, area scoring: KataGo suppresses
		// the no-result outcome. goeval's rules use simple ko, so this
		// is here for completeness.
		nr = -1e5
	}
	vmax := max(w, l, nr)
	ew, el, en := math.Exp(w-vmax), math.Exp(l-vmax), math.Exp(nr-vmax)
	vsum := ew + el + en
	win, loss, noResult := ew/vsum, el/vsum, en/vsum

	// Score.
	mean := float64(r.Score[0]) * scale * pp.ScoreMeanMultiplier
	stdev := softplus(float64(r.Score[1])*scale) * pp.ScoreStdevMultiplier
	meanSq := mean*mean + stdev*stdev
	lead := float64(r.Score[2]) * scale * pp.LeadMultiplier
	varTime := softplus(float64(r.Score[3])*scale) * pp.VarianceTimeMultiplier
	if nw.model.Version < 9 {
		varTime = -1
	}
	mean *= 1 - noResult
	meanSq *= 1 - noResult
	lead *= 1 - noResult

	// Perspective: from the side to move to White.
	sign := 1.0
	if f.ToMove == board.Black {
		sign = -1
		win, loss = loss, win
	}
	o.WhiteWin, o.WhiteLoss, o.NoResult = win, loss, noResult
	o.WhiteScoreMean = sign * mean
	o.WhiteScoreMeanSq = meanSq
	o.WhiteLead = sign * lead
	o.VarTimeLeft = varTime
	o.setStdev()

	o.WhiteOwnership = grow(o.WhiteOwnership, pts)
	for i, v := range r.OwnershipLogits {
		o.WhiteOwnership[i] = float32(sign * math.Tanh(float64(v)*scale))
	}
}

// setStdev derives WhiteScoreStdev from the score's two moments.
func (o *Output) setStdev() {
	o.WhiteScoreStdev = math.Sqrt(max(0, o.WhiteScoreMeanSq-o.WhiteScoreMean*o.WhiteScoreMean))
}

// add adds the values of a (same board size) to o.
func (o *Output) add(a *Output) {
	for i, v := range a.Policy {
		o.Policy[i] += v
	}
	o.WhiteWin += a.WhiteWin
	o.WhiteLoss += a.WhiteLoss
	o.NoResult += a.NoResult
	o.WhiteLead += a.WhiteLead
	o.WhiteScoreMean += a.WhiteScoreMean
	o.WhiteScoreMeanSq += a.WhiteScoreMeanSq
	o.VarTimeLeft += a.VarTimeLeft
	for i, v := range a.WhiteOwnership {
		o.WhiteOwnership[i] += v
	}
}

// scale multiplies o's values by k and derives the stdev again.
func (o *Output) scale(k float64) {
	for i := range o.Policy {
		o.Policy[i] = float32(float64(o.Policy[i]) * k)
	}
	o.WhiteWin *= k
	o.WhiteLoss *= k
	o.NoResult *= k
	o.WhiteLead *= k
	o.WhiteScoreMean *= k
	o.WhiteScoreMeanSq *= k
	o.VarTimeLeft *= k
	for i := range o.WhiteOwnership {
		o.WhiteOwnership[i] = float32(float64(o.WhiteOwnership[i]) * k)
	}
	o.setStdev()
}
