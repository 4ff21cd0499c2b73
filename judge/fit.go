package judge

import (
	"context"
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/optimize"
)

// Sample is one chain of a training position: its features (those of
// the first round of the death model, or of the second), whether it was
// dead at the end of the game (its stones owned by the opponent), and its
// weight (its number of stones).
type Sample struct {
	F      []float64
	Dead   float64
	Weight float64
}

// FitLogistic fits the weights of a round of the death model by
// regularised logistic regression (L2 penalty l2 on every weight but the
// first, the bias), minimising the stone-weighted log loss with gonum's
// BFGS. All samples must have the same number of features. It stops with
// ctx's error when ctx is done.
func FitLogistic(ctx context.Context, samples []Sample, l2 float64) ([]float64, error) {
	if len(samples) == 0 {
		return nil, errors.New("judge: no chains to fit")
	}
	k := len(samples[0].F)
	total := 0.0
	for _, s := range samples {
		if len(s.F) != k {
			return nil, errors.New("judge: samples with different numbers of features")
		}
		total += s.Weight
	}
	loss := func(x []float64) float64 {
		l := 0.0
		for i := range samples {
			s := &samples[i]
			z := dot(x, s.F)
			// log(1+e^z) - dead·z, computed stably.
			l += s.Weight * (softplus(z) - s.Dead*z)
		}
		l /= total
		for j := 1; j < len(x); j++ {
			l += l2 * x[j] * x[j]
		}
		return l
	}
	grad := func(g, x []float64) {
		clear(g)
		for i := range samples {
			s := &samples[i]
			r := s.Weight * (sigmoid(dot(x, s.F)) - s.Dead) / total
			for j, v := range s.F {
				g[j] += r * v
			}
		}
		for j := 1; j < len(x); j++ {
			g[j] += 2 * l2 * x[j]
		}
	}
	res, err := minimize(ctx, optimize.Problem{Func: loss, Grad: grad}, make([]float64, k), 1e-7)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if res == nil {
		return nil, fmt.Errorf("judge: fitting the death model: %w", err)
	}
	return res.X, nil
}

// ScoreSample is one training position for the score model: what the
// model reads of it, the final area score it should predict, and its
// weight (0 counts as 1).
type ScoreSample struct {
	ScoreInput
	Area   float64
	Weight float64
}

// FitScore fits the score model, reach included, by minimising a smooth
// absolute error (pseudo-Huber with a 1-point knee), so that a few badly
// labelled games do not pull it. It fits the model alone: the bounds of
// ScoreParams are not fitted. The gradient is taken numerically (the
// model is small); the loss is not convex, so it starts from several
// points and keeps the best. It stops with ctx's error when ctx is done.
func FitScore(ctx context.Context, samples []ScoreSample) (ScoreParams, error) {
	if len(samples) == 0 {
		return ScoreParams{}, errors.New("judge: no positions to fit")
	}
	// x[8] is log Reach, so that the reach stays positive.
	params := func(x []float64) ScoreParams {
		return ScoreParams{Base: x[0], BaseStage: x[1], Tempo: x[2], TempoStage: x[3], Gate: x[4], GateStage: x[5], GateDoubt: x[6], Shift: x[7],
			Reach: math.Exp(x[8]), ReachStage: x[9], Risk: x[10], RiskDead: x[11]}
	}
	total := 0.0
	for _, s := range samples {
		total += weightOf(s.Weight)
	}
	loss := func(x []float64) float64 {
		sp := params(x)
		l := 0.0
		for _, s := range samples {
			r := sp.model(s.ScoreInput) - s.Area
			l += weightOf(s.Weight) * (math.Sqrt(1+r*r) - 1)
		}
		return l / total
	}
	grad := func(g, x []float64) {
		const h = 1e-6
		y := append([]float64(nil), x...)
		for i := range x {
			y[i] = x[i] + h
			up := loss(y)
			y[i] = x[i] - h
			down := loss(y)
			y[i] = x[i]
			g[i] = (up - down) / (2 * h)
		}
	}
	// The gate makes the loss non-convex: start from a prior only and
	// from gates that open for the surest positions, keep the best.
	var best *optimize.Result
	var firstErr error
	for _, start := range [][]float64{
		{7, 0, 0, 0, -6, 0, 0, 0, 4, 0, 0, 0},
		{7, 0, 0, 0, 2, 0, -0.3, 0, 4, 0, 0, 0},
		{7, 0, 0, 0, 4, 0, -0.6, 0, 2, 0, 0, 0},
		{7, 0, 0, 0, -4, 8, -0.3, 0, 2, 0, 0, 0},
		{7, 0, 0, 0, -4, 8, -0.3, 0, 3, 0, 0, 0},
	} {
		res, err := minimize(ctx, optimize.Problem{Func: loss, Grad: grad}, start, 1e-6)
		if err := ctx.Err(); err != nil {
			return ScoreParams{}, err
		}
		if res == nil {
			firstErr = err
			continue
		}
		if best == nil || res.F < best.F {
			best = res
		}
	}
	if best == nil {
		return ScoreParams{}, fmt.Errorf("judge: fitting the score model: %w", firstErr)
	}
	return params(best.X), nil
}

// WinSample is one training position for the win model: the score the
// judge gave it, its stage, the game's komi, whether Black won, and its
// weight (0 counts as 1).
type WinSample struct {
	Score, Stage, Doubt, Komi float64
	BlackWins                 bool
	Weight                    float64
}

// WinL2 is the weight of FitWin's penalty.
const WinL2 = 1e-3

// ErrOneSided is FitWin's error when the samples' games were all won by
// one colour: nothing then bounds the model.
var ErrOneSided = errors.New("judge: the games were all won by one colour")

// FitWin fits the win model (WinParams) by maximum likelihood: it
// minimises the mean log loss of its probabilities against the winners,
// with gonum's BFGS and the exact gradient, plus a weak penalty
// (WinL2 times the squares of Scale - ln 5, ScaleStage and ScaleDoubt)
// that keeps a small set of positions, whose winners a spread shrunk to
// nothing or blown up by the doubt could seem to explain, near a spread of
// 5 points; on the dev set's 14,000 positions it moves the Brier scores by
// less than 0.001. The samples need winners of both colours. It stops with
// ctx's error when ctx is done.
func FitWin(ctx context.Context, samples []WinSample) (WinParams, error) {
	black := 0
	for _, s := range samples {
		if s.BlackWins {
			black++
		}
	}
	if black == 0 || black == len(samples) {
		return WinParams{}, fmt.Errorf("%w: fitting the win model on %d positions, %d won by Black", ErrOneSided, len(samples), black)
	}
	n := 0.0
	for _, s := range samples {
		n += weightOf(s.Weight)
	}
	prior := [4]float64{0, math.Log(5), 0, 0} // the penalty's centre; Offset is free
	// x = (Offset, Scale, ScaleStage, ScaleDoubt);
	// z = (score-komi-Offset)·e^-(Scale+ScaleStage·s+ScaleDoubt·u).
	loss := func(x []float64) float64 {
		l := 0.0
		for _, s := range samples {
			z := (s.Score - s.Komi - x[0]) * math.Exp(-(x[1] + x[2]*s.Stage + x[3]*s.Doubt))
			w := weightOf(s.Weight)
			l += w * softplus(z)
			if s.BlackWins {
				l -= w * z
			}
		}
		l /= n
		for k := 1; k < 4; k++ {
			l += WinL2 * (x[k] - prior[k]) * (x[k] - prior[k])
		}
		return l
	}
	grad := func(g, x []float64) {
		clear(g)
		for _, s := range samples {
			e := math.Exp(-(x[1] + x[2]*s.Stage + x[3]*s.Doubt))
			z := (s.Score - s.Komi - x[0]) * e
			r := sigmoid(z)
			if s.BlackWins {
				r--
			}
			r *= weightOf(s.Weight)
			// dz/dOffset = -e, dz/dScale = -z, dz/dScaleStage = -z·s,
			// dz/dScaleDoubt = -z·u.
			g[0] -= r * e / n
			g[1] -= r * z / n
			g[2] -= r * z * s.Stage / n
			g[3] -= r * z * s.Doubt / n
		}
		for k := 1; k < 4; k++ {
			g[k] += 2 * WinL2 * (x[k] - prior[k])
		}
	}
	// Start from an even game with a spread of 5 points.
	res, err := minimize(ctx, optimize.Problem{Func: loss, Grad: grad}, prior[:], 1e-9)
	if err := ctx.Err(); err != nil {
		return WinParams{}, err
	}
	if res == nil {
		return WinParams{}, fmt.Errorf("judge: fitting the win model: %w", err)
	}
	return WinParams{Offset: res.X[0], Scale: res.X[1], ScaleStage: res.X[2], ScaleDoubt: res.X[3]}, nil
}

// minimize runs gonum's BFGS on p from start until the gradient's norm is
// below gradTol. It checks ctx at every evaluation of the loss and
// stops when ctx is done; callers then return ctx.Err().
func minimize(ctx context.Context, p optimize.Problem, start []float64, gradTol float64) (*optimize.Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return optimize.Minimize(p, start, &optimize.Settings{GradientThreshold: gradTol, Recorder: stopper{ctx}}, &optimize.BFGS{})
}

// stopper is an optimize.Recorder that fails the optimization once its
// context is done.
type stopper struct{ ctx context.Context }

func (s stopper) Init() error { return s.ctx.Err() }

func (s stopper) Record(*optimize.Location, optimize.Operation, *optimize.Stats) error {
	return s.ctx.Err()
}

// weightOf returns a sample's weight w, 1 for 0.
func weightOf(w float64) float64 {
	if w == 0 {
		return 1
	}
	return w
}

func dot(x, f []float64) float64 {
	z := 0.0
	for k, v := range f {
		z += x[k] * v
	}
	return z
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

func softplus(z float64) float64 {
	if z > 30 {
		return z
	}
	return math.Log1p(math.Exp(z))
}
