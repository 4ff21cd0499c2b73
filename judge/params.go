package judge

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"os"
)

// Params are the judge's parameters: those of the λ/κ estimate it starts
// from, the weights of its death model, and the score model. The defaults
// (Default) were fitted to the dev game set by "goeval tune" and are
// embedded from params.json.
type Params struct {
	// Lambda and Kappa are the λ and κ of the symmetric estimate that the
	// features and the final map come from.
	Lambda float64 `json:"lambda"`
	Kappa  float64 `json:"kappa"`
	// Death holds the weights of the death model by feature name (see
	// FeatureNames): a chain is dead with probability σ(Σ w·f).
	Death map[string]float64 `json:"death"`
	// Round2 holds the weights of the death model's second round by
	// feature name (see Round2Names); none means no second round.
	Round2 map[string]float64 `json:"round2,omitempty"`
	// DeadAt is the probability from which a chain is taken off the board
	// (given to the opponent) before the second estimate.
	DeadAt float64 `json:"dead_at"`
	// Playouts is the number of random playouts (package playout) behind
	// the death model's playout features; 0 computes none and leaves
	// those features 0.
	Playouts int `json:"playouts,omitempty"`
	// Late, when set, judges the positions with at least LateFrom of
	// their points occupied (the stage): weights of its own, fitted on
	// such positions only, usually playouts, and λ and κ of its own
	// (the estimate underneath is run with them); it has no Late of its
	// own.
	Late     *Params `json:"late,omitempty"`
	LateFrom float64 `json:"late_from,omitempty"`
	// Score is the score model.
	Score ScoreParams `json:"score"`
	// Win, when set, is the win model: how likely Black is to win given
	// the score (see WinParams). Parameters without one give no
	// probability.
	Win *WinParams `json:"win,omitempty"`
	// Fit says where the parameters came from.
	Fit *FitInfo `json:"fit,omitempty"`

	death  [NumFeatures]float64
	round2 [NumRound2]float64
	hasR2  bool
}

// ScoreParams turn the map's sum into a score. A prior that knows only the
// stage s (stones on the board over points) and the side to move t (+1
// Black, -1 White) is moved towards the map's sum by a gate in [0, 1] that
// closes as the expected number of misjudged stones u grows:
//
//	prior = Base + BaseStage·s + (Tempo + TempoStage·s)·t
//	gate  = σ(Gate + GateStage·s + GateDoubt·u)
//	d     = sum + Shift - Risk·ra - RiskDead·rd - prior
//	score = prior + gate·R·tanh(d/R),  R = Reach·exp(ReachStage·s)
//
// u is the sum over stones of min(P, 1-P), P being each stone's death
// probability; ra and rd are the sums of colour·P (Black +1, White -1) over
// the stones counted alive and over those judged dead (ScoreInput): the
// stones at risk, by side. The reach R saturates the map's say: a count far
// from the prior is more often a misjudged group than a rout, since the
// games the model learns from are close. Reach 0 means no saturation (score
// = prior + gate·d).
//
// Two bounds, not fitted (FitScore fits the model without them), then
// hold the score to what the position allows, when ScoreInput.Points is
// set: it strays from the map's sum by at most the points still open (o,
// the empty points the count gives to neither side, and those it gives to
// a colour beyond ThinTerritory points for each stone walling them in:
// Analysis.Thin) and four points for each stone whose fate the judge
// cannot tell, weighted by its doubt (v, Analysis.Unsure: the sum of
// min(P, 1-P) over the stones of the unsettled chains, P from
// UnsettledFrom to UnsettledTo; a misjudged stone's own point changes
// hands, and about as much territory with it),
//
//	sum - (o + 4v) <= score <= sum + (o + 4v),
//
// and it stays within ±Points. The first lets the map speak once the
// board is settled: the close professional games the model is fitted on
// have taught it to believe a lopsided map only a little, and without the
// bound a finished game that one side won by 300 points, its every point
// settled, was forecast to end 20 points apart (see docs/judge-notes.md,
// "Lopsided games"). The second keeps the prior, about 7 points to Black,
// within a small board.
type ScoreParams struct {
	Base       float64 `json:"base"`
	BaseStage  float64 `json:"base_stage"`
	Tempo      float64 `json:"tempo"`
	TempoStage float64 `json:"tempo_stage"`
	Gate       float64 `json:"gate"`
	GateStage  float64 `json:"gate_stage"`
	GateDoubt  float64 `json:"gate_doubt"`
	Shift      float64 `json:"shift"`
	Reach      float64 `json:"reach,omitempty"`
	ReachStage float64 `json:"reach_stage,omitempty"`
	Risk       float64 `json:"risk,omitempty"`
	RiskDead   float64 `json:"risk_dead,omitempty"`
}

// ScoreInput is what the score model reads of a judged position (see
// Analysis): the map's sum, the stage, the side to move (+1 Black, -1
// White), the doubt, the stones at risk counted alive and judged dead, and
// for the bounds the points not settled (Analysis.Open and Thin), the
// doubt on the unsettled chains (Analysis.Unsure) and the number of points
// on the board (0 for no bounds).
type ScoreInput struct {
	Sum, Stage, ToMove, Doubt float64
	Unsure                    float64
	RiskAlive, RiskDead       float64
	Open, Points              float64
}

// Of returns the score of a judged position: the model's, within the
// bounds.
func (sp ScoreParams) Of(in ScoreInput) float64 {
	score := sp.model(in)
	if in.Points > 0 {
		m := in.Open + 4*in.Unsure
		score = max(in.Sum-m, min(in.Sum+m, score))
		score = max(-in.Points, min(in.Points, score))
	}
	return score
}

// model returns the fitted model's score, without the bounds.
func (sp ScoreParams) model(in ScoreInput) float64 {
	s, u := in.Stage, in.Doubt
	prior := sp.Base + sp.BaseStage*s + (sp.Tempo+sp.TempoStage*s)*in.ToMove
	d := in.Sum + sp.Shift - sp.Risk*in.RiskAlive - sp.RiskDead*in.RiskDead - prior
	if sp.Reach > 0 {
		r := sp.Reach * math.Exp(sp.ReachStage*s)
		d = r * math.Tanh(d/r)
	}
	return prior + sp.gate(s, u)*d
}

func (sp ScoreParams) gate(s, u float64) float64 {
	return 1 / (1 + math.Exp(-(sp.Gate + sp.GateStage*s + sp.GateDoubt*u)))
}

// WinParams turn the score into the probability that Black wins, a
// logistic in the score's margin over komi whose spread changes with the
// stage s (stones on the board over points) and the doubt u (the expected
// number of misjudged stones, as in ScoreParams):
//
//	P(Black wins) = σ((score - komi - Offset) / Spread)
//	Spread = exp(Scale + ScaleStage·s + ScaleDoubt·u)
//
// Offset is where the game is even. It is not 0 on the dev set: the score
// predicts the final area score, and under territory counting (the dev
// games' Korean rules) Black's area is a point more than his territory
// when he played the last stone, so a game whose area margin is 0.5 is
// lost about as often as won. Spread is how far the final result
// typically lies from the score: large early in the game, small late, and
// larger the more stones the judge may have misjudged.
type WinParams struct {
	Offset     float64 `json:"offset"`
	Scale      float64 `json:"scale"`
	ScaleStage float64 `json:"scale_stage"`
	ScaleDoubt float64 `json:"scale_doubt"`
}

// Of returns the probability that Black wins with score score (before
// komi) at stage s with doubt u.
func (wp WinParams) Of(score, komi, s, u float64) float64 {
	return sigmoid((score - komi - wp.Offset) / wp.Spread(s, u))
}

// Spread returns the spread of the final result around the score at stage
// s with doubt u: the margin over the even point at which Black wins with
// probability σ(1), about 0.73.
func (wp WinParams) Spread(s, u float64) float64 {
	return math.Exp(wp.Scale + wp.ScaleStage*s + wp.ScaleDoubt*u)
}

// FitInfo records how parameters were fitted.
type FitInfo struct {
	Data      string  `json:"data"`
	Games     int     `json:"games"`
	Positions int     `json:"positions"`
	Chains    int     `json:"chains"`
	L2        float64 `json:"l2"`
	Date      string  `json:"date,omitempty"`
	// WinOnlyGames are the games with a winner but no final ownership
	// (resigned, say) whose WinOnlyPositions only the win model learned
	// from.
	WinOnlyGames     int `json:"win_only_games,omitempty"`
	WinOnlyPositions int `json:"win_only_positions,omitempty"`
}

// MaxPlayouts bounds Params.Playouts.
const MaxPlayouts = 1024

//go:embed params.json
var defaultJSON []byte

//go:embed params-playouts.json
var playoutsJSON []byte

// Default returns the fitted default parameters.
func Default() Params {
	p, err := ParseParams(defaultJSON)
	if err != nil {
		panic("judge: embedded params.json: " + err.Error())
	}
	return p
}

// WithPlayouts returns the fitted parameters of the judge that also plays
// random games out (Params.Playouts, embedded from params-playouts.json):
// slower, and better at telling dead stones late in the game.
func WithPlayouts() Params {
	p, err := ParseParams(playoutsJSON)
	if err != nil {
		panic("judge: embedded params-playouts.json: " + err.Error())
	}
	return p
}

// ParseParams reads parameters from JSON and checks them.
func ParseParams(data []byte) (Params, error) {
	var p Params
	if err := json.Unmarshal(data, &p); err != nil {
		return Params{}, fmt.Errorf("judge: parameters: %w", err)
	}
	return p, p.check()
}

// ReadParams reads parameters from a JSON file (as "goeval tune" writes).
func ReadParams(path string) (Params, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Params{}, err
	}
	p, err := ParseParams(data)
	if err != nil {
		return Params{}, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// check validates p and fills its weight vector.
func (p *Params) check() error {
	if !lambdaOK(p.Lambda) || !kappaOK(p.Kappa) {
		return fmt.Errorf("judge: lambda %v or kappa %v out of range", p.Lambda, p.Kappa)
	}
	if !playoutsOK(p.Playouts) {
		return fmt.Errorf("judge: playouts %d is not in [0, %d]", p.Playouts, MaxPlayouts)
	}
	if p.Late != nil {
		if !(p.LateFrom > 0 && p.LateFrom <= 1) {
			return fmt.Errorf("judge: late_from %v is not in (0, 1]", p.LateFrom)
		}
		if p.Late.Late != nil {
			return fmt.Errorf("judge: the late parameters may not have late parameters of their own")
		}
		if err := p.Late.check(); err != nil {
			return fmt.Errorf("late: %w", err)
		}
	}
	if w := p.Win; w != nil {
		for _, v := range []float64{w.Offset, w.Scale, w.ScaleStage} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("judge: win model parameter %v", v)
			}
		}
	}
	if !deadAtOK(p.DeadAt) {
		return fmt.Errorf("judge: dead_at %v is not in (0, 1)", p.DeadAt)
	}
	for k := range p.Death {
		if indexOf(FeatureNames[:], k) < 0 {
			return fmt.Errorf("judge: unknown feature %q in death weights", k)
		}
	}
	for k := range p.Round2 {
		if indexOf(Round2Names[:], k) < 0 {
			return fmt.Errorf("judge: unknown feature %q in round2 weights", k)
		}
	}
	p.hasR2 = len(p.Round2) > 0
	for i, name := range Round2Names {
		w := p.Round2[name]
		if math.IsNaN(w) || math.IsInf(w, 0) {
			return fmt.Errorf("judge: round2 weight of %q is %v", name, w)
		}
		p.round2[i] = w
	}
	for i, name := range FeatureNames {
		w := p.Death[name]
		if math.IsNaN(w) || math.IsInf(w, 0) {
			return fmt.Errorf("judge: weight of %q is %v", name, w)
		}
		p.death[i] = w
	}
	return nil
}

// OwnLateEstimate reports whether the late model, if any, runs its λ/κ
// estimate with a λ or κ of its own.
func (p *Params) OwnLateEstimate() bool {
	return p.Late != nil && (p.Late.Lambda != p.Lambda || p.Late.Kappa != p.Kappa)
}

// For returns the parameters that judge a position at stage s (stones
// over points): p's Late from LateFrom on, else p.
func (p *Params) For(s float64) *Params {
	if p.Late != nil && s >= p.LateFrom {
		return p.Late
	}
	return p
}

func indexOf(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return -1
}

// SetDeath sets the first-round death weights from a vector in feature
// order (len NumFeatures).
func (p *Params) SetDeath(w []float64) {
	copy(p.death[:], w)
	p.Death = make(map[string]float64, NumFeatures)
	for i, name := range FeatureNames {
		p.Death[name] = p.death[i]
	}
}

// SetRound2 sets the second-round weights from a vector in feature order
// (len NumRound2); nil removes the second round.
func (p *Params) SetRound2(w []float64) {
	p.round2, p.Round2, p.hasR2 = [NumRound2]float64{}, nil, w != nil
	if w == nil {
		return
	}
	copy(p.round2[:], w)
	p.Round2 = make(map[string]float64, NumRound2)
	for i, name := range Round2Names {
		p.Round2[name] = p.round2[i]
	}
}

// DeathWeights returns the first-round death weights in feature order.
func (p *Params) DeathWeights() [NumFeatures]float64 { return p.death }

// Round2Weights returns the second-round weights in feature order, all 0
// without a second round.
func (p *Params) Round2Weights() [NumRound2]float64 { return p.round2 }

// JSON returns p as indented JSON.
func (p Params) JSON() []byte {
	data, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		panic(err)
	}
	return append(data, '\n')
}
