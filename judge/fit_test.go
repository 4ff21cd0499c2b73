package judge_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	. "goeval/judge"
)

// FitDeath must recover the direction of a known model: chains generated
// dead with probability σ(3 - 6·mean + 2·atari) get a negative weight on the
// mean, a positive one on atari, and predict the labels well.
func TestFitDeathRecoversModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var samples []Sample
	for range 4000 {
		s := Sample{F: make([]float64, NumFeatures)}
		s.F[0] = 1
		s.F[1] = rng.Float64()*2 - 1 // mean
		if rng.IntN(5) == 0 {
			s.F[7] = 1 // atari
		}
		p := 1 / (1 + math.Exp(-(3 - 6*s.F[1] + 2*s.F[7])))
		if rng.Float64() < p {
			s.Dead = 1
		}
		s.Weight = 1
		samples = append(samples, s)
	}
	w, err := FitLogistic(context.Background(), samples, 1e-6)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(w[0]-3) > 0.6 || math.Abs(w[1]+6) > 1 || math.Abs(w[7]-2) > 0.6 {
		t.Errorf("weights bias %.2f mean %.2f atari %.2f, want about 3, -6, 2", w[0], w[1], w[7])
	}
	for k := 2; k < NumFeatures; k++ {
		if k != 7 && w[k] != 0 {
			t.Errorf("feature %d is always 0 but got weight %v", k, w[k])
		}
	}
}

// FitLogistic with soft targets (the reference's deaths, between 0 and
// 1): chains whose target is exactly σ(w·f) for known weights w give
// those weights back (the loss is then least at w, with nothing but the
// tiny penalty pulling).
func TestFitSoftDeathRecoversWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	want := map[int]float64{0: -1, 1: 4, 5: -2.5, 11: 1.5}
	var samples []Sample
	for range 3000 {
		s := Sample{F: make([]float64, NumFeatures), Weight: float64(1 + rng.IntN(5))}
		s.F[0] = 1
		s.F[1] = rng.Float64()*2 - 1
		s.F[5] = rng.Float64()*2 - 1
		s.F[11] = float64(rng.IntN(3)) / 2
		z := 0.0
		for k, w := range want {
			z += w * s.F[k]
		}
		s.Dead = 1 / (1 + math.Exp(-z))
		samples = append(samples, s)
	}
	w, err := FitLogistic(context.Background(), samples, 1e-9)
	if err != nil {
		t.Fatal(err)
	}
	for k := range NumFeatures {
		if math.Abs(w[k]-want[k]) > 0.01 {
			t.Errorf("weight %d: %.4f, want %v", k, w[k], want[k])
		}
	}
}

// FitScore must trust the map where it is right: positions whose area is
// the map sum exactly (small doubt) open the gate; with a prior of 7 and
// positions whose area is 7 whatever the sum (large doubt) it stays shut.
func TestFitScoreGate(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	var samples []ScoreSample
	for range 600 {
		sum := rng.Float64()*60 - 30
		if rng.IntN(2) == 0 {
			samples = append(samples, ScoreSample{ScoreInput: ScoreInput{Sum: sum, Stage: 0.7, ToMove: 1, Doubt: 1}, Area: sum})
		} else {
			samples = append(samples, ScoreSample{ScoreInput: ScoreInput{Sum: sum, Stage: 0.7, ToMove: 1, Doubt: 20}, Area: 7})
		}
	}
	sp, err := FitScore(context.Background(), samples)
	if err != nil {
		t.Fatal(err)
	}
	sure := sp.Of(ScoreInput{Sum: 10, Stage: 0.7, ToMove: 1, Doubt: 1})
	unsure := sp.Of(ScoreInput{Sum: 10, Stage: 0.7, ToMove: 1, Doubt: 20})
	if math.Abs(sure-10) > 1 || math.Abs(unsure-7) > 1 {
		t.Errorf("score with little doubt %.2f (want 10), with much doubt %.2f (want 7); %+v", sure, unsure, sp)
	}
}

// FitScore weighs its samples: three positions of every four end at the
// prior (7) whatever the map says, the fourth where the map says; weighed
// 1 each the fit follows the many (a median-like loss), and with the
// fourth weighing 10 it follows the map.
func TestFitScoreWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 12))
	fit := func(w float64) float64 {
		var samples []ScoreSample
		for i := range 800 {
			sum := rng.Float64()*40 - 20
			in := ScoreInput{Sum: sum, Stage: 0.5, ToMove: 1, Doubt: 2}
			if i%4 == 0 {
				samples = append(samples, ScoreSample{ScoreInput: in, Area: sum, Weight: w})
			} else {
				samples = append(samples, ScoreSample{ScoreInput: in, Area: 7})
			}
		}
		sp, err := FitScore(context.Background(), samples)
		if err != nil {
			t.Fatal(err)
		}
		return sp.Of(ScoreInput{Sum: -13, Stage: 0.5, ToMove: 1, Doubt: 2})
	}
	if got := fit(0); math.Abs(got-7) > 1.5 {
		t.Errorf("unweighted: score %.2f for a map of -13, want about the prior 7", got)
	}
	if got := fit(10); math.Abs(got+13) > 1.5 {
		t.Errorf("the map's positions weighing 10: score %.2f, want about the map's -13", got)
	}
}

// The risk terms take the stones at risk off the count, each by its own
// weight: with the gate open and no reach, the score is the sum less them.
func TestScoreRiskByHand(t *testing.T) {
	sp := ScoreParams{Base: 7, Gate: 40, Shift: 0.5, Risk: 0.8, RiskDead: 0.25}
	in := ScoreInput{Sum: 12, Stage: 0.6, ToMove: 1, Doubt: 3, RiskAlive: 5, RiskDead: -4}
	// 12 + 0.5 - 0.8·5 - 0.25·(-4) = 9.5
	if got := sp.Of(in); math.Abs(got-9.5) > 1e-9 {
		t.Errorf("score %.6f, want 12 + 0.5 - 0.8·5 + 0.25·4 = 9.5", got)
	}
	in.RiskAlive, in.RiskDead = 0, 0
	if got := sp.Of(in); math.Abs(got-12.5) > 1e-9 {
		t.Errorf("score without stones at risk %.6f, want 12.5", got)
	}
}

// TestScoreBoundsByHand: with the board's points given, the score strays
// from the map's sum by at most the open points and four points for each
// unit of doubt on the unsettled chains, and stays within ±points; without them, or with the
// bound wide enough, it is the model's own.
func TestScoreBoundsByHand(t *testing.T) {
	// A prior of 7, a gate near 0 (σ(-20)) and a reach of 1: the model
	// says about 7 whatever the sum.
	sp := ScoreParams{Base: 7, Gate: -20, Reach: 1}
	// The doubt on the unsettled chains, 1.5, sets the bound, not the
	// doubt on every stone, 5.
	lopsided := ScoreInput{Sum: -300, Stage: 0.7, Doubt: 5, Unsure: 1.5}
	free := sp.Of(lopsided)
	if math.Abs(free-7) > 0.01 {
		t.Fatalf("unbounded score %v, want about the prior 7", free)
	}
	for _, tc := range []struct {
		open, points, want float64
	}{
		{0, 0, free},       // no board size: no bounds
		{0, 361, -300 + 6}, // nothing open: the sum, but 4·1.5 towards the model
		{10, 361, -300 + 16},
		{400, 361, free}, // open points enough for the model's score
	} {
		in := lopsided
		in.Open, in.Points = tc.open, tc.points
		if got := sp.Of(in); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("open %v, points %v: score %v, want %v", tc.open, tc.points, got, tc.want)
		}
	}
	// On a 2x2 board the prior alone is more than the board holds.
	tiny := ScoreInput{Sum: 3, Stage: 0.5, Open: 4, Points: 4}
	if got := sp.Of(tiny); got != 4 {
		t.Errorf("2x2 board: score %v, want the board's 4 points", got)
	}
}

// FitScore must find the weight of the stones at risk: when the area is
// the sum less 0.8 points for each stone at risk counted alive, and the
// stones judged dead do not matter, it recovers 0.8 and about 0.
func TestFitScoreRisk(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	var samples []ScoreSample
	for range 800 {
		sum := rng.Float64()*40 - 20
		ra, rd := rng.Float64()*20-10, rng.Float64()*20-10
		area := sum - 0.8*ra + rng.NormFloat64()*0.5
		samples = append(samples, ScoreSample{ScoreInput: ScoreInput{Sum: sum, Stage: 0.7, ToMove: 1, Doubt: 1, RiskAlive: ra, RiskDead: rd}, Area: area})
	}
	sp, err := FitScore(context.Background(), samples)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(sp.Risk-0.8) > 0.1 || math.Abs(sp.RiskDead) > 0.1 {
		t.Errorf("risk weights %.3f and %.3f, want 0.8 and 0; %+v", sp.Risk, sp.RiskDead, sp)
	}
}

// FitScore must learn to saturate: when the area follows the sum within
// ±5 but a quarter of the sums are off by 40 to 60 (a misjudged group), a
// finite reach keeps those from dragging the score, and the fitted model
// beats the best linear one on the same data.
func TestFitScoreReach(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	var samples []ScoreSample
	for range 800 {
		area := 7 + rng.Float64()*10 - 5
		sum := area
		if rng.IntN(4) == 0 {
			sum += (40 + rng.Float64()*20) * float64(1-2*rng.IntN(2))
		}
		samples = append(samples, ScoreSample{ScoreInput: ScoreInput{Sum: sum, Stage: 0.7, ToMove: 1, Doubt: 2}, Area: area})
	}
	sp, err := FitScore(context.Background(), samples)
	if err != nil {
		t.Fatal(err)
	}
	if sp.Reach <= 0 || sp.Reach*math.Exp(sp.ReachStage*0.7) > 20 {
		t.Fatalf("reach %.2f·exp(%.2f·s): want a finite reach well below the outliers' 40; %+v", sp.Reach, sp.ReachStage, sp)
	}
	mae := func(sp ScoreParams) float64 {
		e := 0.0
		for _, s := range samples {
			e += math.Abs(sp.Of(s.ScoreInput) - s.Area)
		}
		return e / float64(len(samples))
	}
	linear := sp
	linear.Reach = 0
	bestLinear := math.Inf(1)
	for g := -8.0; g <= 8; g += 0.25 {
		linear.Gate, linear.GateStage, linear.GateDoubt = g, 0, 0
		bestLinear = min(bestLinear, mae(linear))
	}
	if got := mae(sp); got >= bestLinear {
		t.Errorf("MAE with reach %.2f, best linear gate %.2f", got, bestLinear)
	}
}

// WinParams.Of by hand: with the even point at komi + 0.5 and a spread of
// 4 points (e^Scale = 4), a margin of 4.5 over komi is one spread above
// even, σ(1); at the even point 1/2; at stage 1 with ScaleStage ln 2 the
// spread doubles to 8, σ(1/2), and with a doubt of 2 and ScaleDoubt
// (ln 2)/2 it doubles again, σ(1/4).
func TestWinParamsOf(t *testing.T) {
	wp := WinParams{Offset: 0.5, Scale: math.Log(4)}
	for _, c := range []struct{ score, komi, stage, want float64 }{
		{11, 6.5, 0.3, 1 / (1 + math.Exp(-1))},
		{7, 6.5, 0.3, 0.5},
		{3, 6.5, 0.9, 1 / (1 + math.Exp(1))},
	} {
		if got := wp.Of(c.score, c.komi, c.stage, 7); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("Of(%v, %v, %v) = %v, want %v", c.score, c.komi, c.stage, got, c.want)
		}
	}
	wp.ScaleStage = math.Log(2)
	if got, want := wp.Of(11, 6.5, 1, 0), 1/(1+math.Exp(-0.5)); math.Abs(got-want) > 1e-12 {
		t.Errorf("Of at stage 1 = %v, want %v", got, want)
	}
	if got := wp.Spread(1, 0); math.Abs(got-8) > 1e-12 {
		t.Errorf("Spread(1, 0) = %v, want 8", got)
	}
	wp.ScaleDoubt = math.Log(2) / 2
	if got, want := wp.Of(11, 6.5, 1, 2), 1/(1+math.Exp(-0.25)); math.Abs(got-want) > 1e-12 {
		t.Errorf("Of at stage 1, doubt 2 = %v, want %v", got, want)
	}
}

// FitWin must recover a known win model from its own draws: winners
// drawn with probability σ((score - komi - 0.7)/exp(2.3 - 1.8·s + 0.1·u)),
// for margins spread over ±25 points, stages from 0.1 to 0.8 and doubts
// from 0 to 10.
func TestFitWinRecoversModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	truth := WinParams{Offset: 0.7, Scale: 2.3, ScaleStage: -1.8, ScaleDoubt: 0.1}
	var samples []WinSample
	for range 20000 {
		s := WinSample{Score: 6.5 + rng.Float64()*50 - 25, Stage: 0.1 + 0.7*rng.Float64(), Doubt: 10 * rng.Float64(), Komi: 6.5}
		s.BlackWins = rng.Float64() < truth.Of(s.Score, s.Komi, s.Stage, s.Doubt)
		samples = append(samples, s)
	}
	wp, err := FitWin(context.Background(), samples)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(wp.Offset-truth.Offset) > 0.4 || math.Abs(wp.Scale-truth.Scale) > 0.15 || math.Abs(wp.ScaleStage-truth.ScaleStage) > 0.3 ||
		math.Abs(wp.ScaleDoubt-truth.ScaleDoubt) > 0.03 {
		t.Errorf("fitted %+v, want about %+v", wp, truth)
	}
}

// FitWin needs winners of both colours: with one, the spread would shrink
// without end.
func TestFitWinOneSided(t *testing.T) {
	samples := []WinSample{{Score: 10, Stage: 0.5, Komi: 6.5, BlackWins: true}, {Score: 3, Stage: 0.5, Komi: 6.5, BlackWins: true}}
	if _, err := FitWin(context.Background(), samples); err == nil {
		t.Error("no error for winners of one colour")
	}
	if _, err := FitWin(context.Background(), nil); err == nil {
		t.Error("no error for no samples")
	}
}

// FitWin weighs its samples: at a margin of 0, half the games are won by
// Black; weighing Black's wins there 3 makes him win 3 of 4 at that
// margin. (Games at ±10 points, won by the side ahead, pin the spread.)
func TestFitWinWeights(t *testing.T) {
	fit := func(w float64) float64 {
		var samples []WinSample
		for i := range 400 {
			samples = append(samples,
				WinSample{Score: 6.5, Komi: 6.5, Stage: 0.5, BlackWins: i%2 == 0, Weight: map[bool]float64{true: w, false: 1}[i%2 == 0]},
				WinSample{Score: 16.5, Komi: 6.5, Stage: 0.5, BlackWins: true},
				WinSample{Score: -3.5, Komi: 6.5, Stage: 0.5, BlackWins: false})
		}
		wp, err := FitWin(context.Background(), samples)
		if err != nil {
			t.Fatal(err)
		}
		return wp.Of(6.5, 6.5, 0.5, 0)
	}
	if p := fit(1); math.Abs(p-0.5) > 0.02 {
		t.Errorf("unweighted: P(Black wins) at a margin of 0 is %.3f, want 0.5", p)
	}
	if p := fit(3); math.Abs(p-0.75) > 0.03 {
		t.Errorf("Black's wins weighing 3: P(Black wins) at a margin of 0 is %.3f, want 0.75", p)
	}
}

// countdownContext is a context that is cancelled from its n-th look on
// (Err's calls), so that a test can cancel a fit in the middle, between
// two evaluations of its loss, without timing.
type countdownContext struct {
	context.Context
	n, calls int
}

func (c *countdownContext) Err() error {
	c.calls++
	if c.calls >= c.n {
		return context.Canceled
	}
	return nil
}

// The fits stop with the context's error when it is cancelled, before
// they start or in the middle: within a few evaluations of the loss, not
// at the end of the fit.
func TestFitsStopWhenCancelled(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	var deaths []Sample
	var scores []ScoreSample
	var wins []WinSample
	for i := range 2000 {
		s := Sample{F: make([]float64, NumFeatures), Weight: 1}
		s.F[0], s.F[1] = 1, rng.Float64()*2-1
		s.Dead = float64(rng.IntN(2))
		deaths = append(deaths, s)
		sum := rng.Float64()*60 - 30
		scores = append(scores, ScoreSample{ScoreInput: ScoreInput{Sum: sum, Stage: 0.5, ToMove: 1, Doubt: 2}, Area: sum + rng.NormFloat64()})
		wins = append(wins, WinSample{Score: sum, Komi: 6.5, Stage: 0.5, BlackWins: i%2 == 0})
	}
	fits := map[string]func(context.Context) error{
		"FitLogistic": func(ctx context.Context) error { _, err := FitLogistic(ctx, deaths, 1e-9); return err },
		"FitScore":    func(ctx context.Context) error { _, err := FitScore(ctx, scores); return err },
		"FitWin":      func(ctx context.Context) error { _, err := FitWin(ctx, wins); return err },
	}
	for name, fit := range fits {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := fit(ctx); err != context.Canceled {
			t.Errorf("%s, cancelled before: error %v, want %v", name, err, context.Canceled)
		}
		// How often the whole fit looks, to cancel it well before its end.
		whole := &countdownContext{Context: context.Background(), n: math.MaxInt}
		if err := fit(whole); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if whole.calls < 10 {
			t.Fatalf("%s looked at its context %d times: too few to cancel it in the middle", name, whole.calls)
		}
		mid := &countdownContext{Context: context.Background(), n: whole.calls / 2}
		if err := fit(mid); err != context.Canceled {
			t.Errorf("%s, cancelled in the middle: error %v, want %v", name, err, context.Canceled)
		}
		if mid.calls > mid.n+3 {
			t.Errorf("%s, cancelled at look %d: went on to look %d times (of %d for the whole fit)", name, mid.n, mid.calls, whole.calls)
		}
	}
}
