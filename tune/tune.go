package tune

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"goeval/board"
	"goeval/control"
	"goeval/eval"
	"goeval/influence"
	"goeval/internal/pool"
	"goeval/judge"
	"goeval/life"
	"goeval/records"
	"goeval/sgf"
)

// Config says what to fit and how.
type Config struct {
	// Files are the game records (all are measured; the labelled counted
	// ones are also trained on).
	Files []string
	// Labels hold the final ownership of the counted games.
	Labels *records.Labels
	// Reference, if not nil, is what the judge learns from instead of the
	// labels: the positions it evaluates of the games in Files (records
	// or collections, found by base name and game number) are the
	// training positions, a chain's death is the reference's ownership of
	// its stones (DeathFromReference), the score model's target is the
	// reference's lead plus komi, and the win model's the game's winner.
	// Stride is then unused, and the cross-validation measures the
	// held-out games against the reference (Report.RefCV).
	Reference *records.Reference
	// HardDeath makes the reference's deaths 0 or 1 (see
	// DeathFromReference).
	HardDeath bool
	// CountedWeight, if positive, is the weight of the positions of
	// counted games in the score and win models' fits (the others weigh
	// 1).
	CountedWeight float64
	// Base gives λ, κ and DeadAt (the late model's too, but for
	// LateLambda and LateKappa); its weights, playouts and late model
	// are ignored.
	Base judge.Params
	// LateLambda and LateKappa, if positive, are the late model's λ and κ
	// (Base's when 0), and LateDeadAt its DeadAt.
	LateLambda, LateKappa, LateDeadAt float64
	// Playouts is the number of playouts behind the playout features:
	// in every position if LateFrom is 0, else in the late model's.
	Playouts int
	// LateFrom, if positive, splits the judge in two (judge.Params.Late):
	// one model fitted on the positions with a stage (stones over
	// points) below LateFrom, without playouts, and one on the others,
	// with Playouts playouts.
	LateFrom float64
	// Stride samples a training position every Stride moves (0 or less:
	// DefaultStride).
	Stride int
	// Folds is the number of cross-validation folds (0 or less:
	// DefaultFolds; 1 skips cross-validation).
	Folds int
	// L2 is the death model's regularisation (0 or less: DefaultL2).
	L2 float64
	// Bands are the bands of the cross-validation against a reference
	// (default records.DefaultBands).
	Bands []records.Band
	// Measure, if not nil, measures the cross-validation without a
	// reference: Run calls it once per fold, in order, with the
	// estimators to measure (the λ/κ estimator and the judge fitted
	// without the fold) and the fold's held-out games, in Files order.
	// goeval tune measures them with package compare.
	Measure func(ctx context.Context, contenders []Contender, held []string) error
	// Workers is the number of workers (GOMAXPROCS when 0).
	Workers int
	// Log, if not nil, receives progress lines.
	Log func(string)
}

// Report is the outcome of a fit.
type Report struct {
	// Params are fitted on every labelled game.
	Params judge.Params
	// Folds is the number of cross-validation folds (Config.Folds).
	Folds int
	// Reference names the reference fitted to (Config.Reference), "" for
	// a fit to labels.
	Reference string
	// Games is the number of games measured; Labelled the number trained on.
	Games, Labelled int
	// Positions and Chains count the training samples of the labelled
	// games.
	Positions, Chains int
	// WinOnlyGames are the games with a winner but no final ownership
	// (resigned, say), whose WinOnlyPositions only the win model learns
	// from.
	WinOnlyGames, WinOnlyPositions int
	// RefCV holds, when fitted to a reference, the cross-validated rows
	// against it and the truth (the games of each fold judged by
	// parameters fitted on the others), one per band.
	RefCV []RefRow
	// Skipped are the files (with a reference, the games) that could not
	// be read or replayed, and why: none of their positions are trained
	// on. Run logs each as it is found (Config.Log) and goes on with the
	// others.
	Skipped []records.FileError
}

// position is one training position.
type position struct {
	game   int // index in the file list
	board  board.Board
	chains []chainData
	// early holds, for a late position when the late model has a λ or κ
	// of its own, the chains as the early model sees them.
	early  []chainData
	area   float64
	stage  float64
	komi   float64
	winner board.Color // Empty for a draw
	// With a reference (Config.Reference): its evaluation, the game's
	// result, margin (counted games), the move number and the length of
	// the main line.
	ref         *records.RefPosition
	kind        records.Kind
	margin      float64
	move, moves int
	// winOnly marks a position of a game without final ownership but
	// with a winner: it has no chains or area, and only the win model
	// learns from it.
	winOnly bool
}

type chainData struct {
	f      [judge.NumFeatures]float64
	links  judge.Links // Foes copied
	dead   float64
	weight float64
	alive  bool // pass-alive
	doomed bool // inside the opponent's pass-alive territory
	stones []board.Point
	color  board.Color
}

// The defaults of Config, which goeval tune shows as its own.
const (
	DefaultStride = 10
	DefaultFolds  = 5
	DefaultL2     = 1e-4
)

func (c *Config) defaults() {
	if c.Stride <= 0 {
		c.Stride = DefaultStride
	}
	if c.Folds <= 0 {
		c.Folds = DefaultFolds
	}
	if c.L2 <= 0 {
		c.L2 = DefaultL2
	}
	if c.Bands == nil {
		c.Bands = records.DefaultBands
	}
	if c.LateLambda <= 0 {
		c.LateLambda = c.Base.Lambda
	}
	if c.LateKappa <= 0 {
		c.LateKappa = c.Base.Kappa
	}
}

// settings returns the λ/κ settings of the early model, or of the late
// one (the early model's if there is only one, LateFrom 0).
func (c *Config) settings(late bool) influence.SymmetricSettings {
	l, k := c.Base.Lambda, c.Base.Kappa
	if late && c.LateFrom > 0 {
		l, k = c.LateLambda, c.LateKappa
	}
	return influence.SymmetricSettings{Preset: influence.LambdaKappa, Lambda: influence.Set(l), Kappa: influence.Set(k)}
}

func (c *Config) logf(format string, args ...any) {
	if c.Log != nil {
		c.Log(fmt.Sprintf(format, args...))
	}
}

// Run fits the judge and cross-validates it.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	cfg.defaults()
	if cfg.Reference != nil {
		return runRef(ctx, cfg)
	}
	start := time.Now()
	pos, labelled, winOnly, skipped, err := collect(ctx, &cfg)
	if err != nil {
		return nil, err
	}
	rep := &Report{Games: len(cfg.Files), Labelled: labelled, WinOnlyGames: winOnly, Folds: cfg.Folds, Skipped: skipped}
	for _, p := range pos {
		if p.winOnly {
			rep.WinOnlyPositions++
		} else {
			rep.Positions++
		}
		rep.Chains += len(p.chains)
	}
	cfg.logf("%d training positions (%d chains) from %d labelled games, and %d positions of %d other games with a winner for the win model, in %v",
		rep.Positions, rep.Chains, labelled, rep.WinOnlyPositions, winOnly, time.Since(start).Round(time.Millisecond))
	if rep.Positions == 0 {
		return nil, fmt.Errorf("tune: no labelled counted games to train on among %d files", len(cfg.Files))
	}

	if cfg.Folds > 1 && cfg.Measure != nil {
		for k := 0; k < cfg.Folds; k++ {
			inFold := func(game int) bool { return game%cfg.Folds == k }
			p, err := fitAll(ctx, &cfg, pos, func(game int) bool { return !inFold(game) })
			if err != nil {
				return nil, err
			}
			var held []string
			for i, f := range cfg.Files {
				if inFold(i) {
					held = append(held, f)
				}
			}
			if err := measure(ctx, &cfg, p, held); err != nil {
				return nil, err
			}
			cfg.logf("fold %d of %d: fitted and measured on %d held-out games", k+1, cfg.Folds, len(held))
		}
	}
	p, err := fitAll(ctx, &cfg, pos, func(int) bool { return true })
	if err != nil {
		return nil, err
	}
	p.Fit = &judge.FitInfo{Data: dataName(cfg.Files), Games: labelled, Positions: rep.Positions, Chains: rep.Chains, L2: cfg.L2,
		WinOnlyGames: winOnly, WinOnlyPositions: rep.WinOnlyPositions}
	rep.Params = p
	return rep, nil
}

func dataName(files []string) string {
	if len(files) == 0 {
		return ""
	}
	return fmt.Sprintf("%d game records in %s", len(files), filepath.Dir(files[0]))
}

// collect replays the games and computes the training positions: those of
// the labelled counted games, with their chains, for every model, and
// those of the other games with a known winner (resigned, say), without,
// for the win model alone. It returns the number of labelled counted games
// and of the other games.
func collect(ctx context.Context, cfg *Config) (pos []position, labelled, winOnly int, skipped []records.FileError, err error) {
	jobs := make([][]position, len(cfg.Files))
	kinds := make([]int, len(cfg.Files)) // 1 labelled and counted, 2 a winner only
	bad := make([]error, len(cfg.Files))
	var mu sync.Mutex // the workers log one at a time
	err = pool.Map(ctx, cfg.Workers, len(cfg.Files), cfg.newCollector, func(ctx context.Context, w *collector, i int) error {
		out, kind, err := cfg.collectGame(w, i)
		if err != nil {
			// Left out whole, even if some positions were read: a game
			// cut short or with an illegal move is not the game recorded.
			bad[i] = err
			mu.Lock()
			defer mu.Unlock()
			cfg.logf("not trained on: %v", err)
			return nil
		}
		jobs[i], kinds[i] = out, kind
		return nil
	})
	if err != nil {
		return nil, 0, 0, nil, err
	}
	for i, j := range jobs {
		pos = append(pos, j...)
		switch kinds[i] {
		case 1:
			labelled++
		case 2:
			winOnly++
		}
		if bad[i] != nil {
			skipped = append(skipped, fileError(cfg.Files[i], bad[i]))
		}
	}
	return pos, labelled, winOnly, skipped, nil
}

// fileError is err about the file (or game) named name, as the comparison
// lists it.
func fileError(name string, err error) records.FileError {
	return records.FileError{File: name, Err: err.Error()}
}

// collectGame reads and replays the game of cfg.Files[i] and returns its
// training positions and its kind (1 labelled and counted, 2 a winner
// only, 0 neither). An error names the file.
func (c *Config) collectGame(w *collector, i int) ([]position, int, error) {
	file := c.Files[i]
	l := c.Labels.Lookup(file)
	g, err := sgf.Load(file, 1)
	if err != nil {
		return nil, 0, err
	}
	res, err := records.ParseResult(g.Info.Result)
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", file, err)
	}
	kind := 0
	switch {
	case l != nil && res.Counted():
		kind = 1
	case res.Winner != board.Empty:
		kind = 2
	default:
		return nil, 0, nil
	}
	var out []position
	_, err = g.Replay(func(n int, b *board.Board) error {
		if n == 0 || n%c.Stride != 0 {
			return nil
		}
		stage := judge.Stage(b)
		p := position{game: i, board: *b, stage: stage, komi: g.Info.Komi, winner: res.Winner}
		if kind == 2 {
			p.winOnly = true
			out = append(out, p)
			return nil
		}
		if len(l.Ownership) != b.Geometry().N {
			return fmt.Errorf("label has %d points for a %dx%d board", len(l.Ownership), b.Size(), b.Size())
		}
		p.area = l.AreaScore
		if !c.late(stage) {
			return w.add(&out, &p, w.early, 0, l)
		}
		if c.LateFrom > 0 && c.ownLate() {
			// The early model learns from the late positions too, as
			// it would see them.
			var err error
			if p.early, err = w.chains(b, w.early, 0, l); err != nil {
				return err
			}
		}
		return w.add(&out, &p, w.late, c.Playouts, l)
	})
	if err != nil {
		if !strings.HasPrefix(err.Error(), file+":") {
			err = fmt.Errorf("%s: %w", file, err)
		}
		return nil, 0, err
	}
	return out, kind, nil
}

// newCollector returns a worker's scratch for collecting positions, with
// the estimates of the early and the late model.
func (c *Config) newCollector() (*collector, error) {
	early, err := influence.NewSymmetric(c.settings(false))
	if err != nil {
		return nil, err
	}
	late, err := influence.NewSymmetric(c.settings(true))
	return &collector{early: early, late: late}, err
}

// collector is the scratch of one worker of collect.
type collector struct {
	early, late *influence.Symmetric // the estimates under the two models
	feat        judge.Features
	life        life.Result
	r           control.Result
}

// add sets p's chains as lk and playouts see them and appends p to out.
func (w *collector) add(out *[]position, p *position, lk *influence.Symmetric, playouts int, l *records.Label) error {
	var err error
	p.chains, err = w.chains(&p.board, lk, playouts, l)
	*out = append(*out, *p)
	return err
}

// chains returns the training data of b's chains, with features from the
// estimate lk and playouts random playouts, and deaths from the label l.
func (w *collector) chains(b *board.Board, lk *influence.Symmetric, playouts int, l *records.Label) ([]chainData, error) {
	return w.chainsBy(b, lk, playouts, func(stones []board.Point, c board.Color) float64 {
		dead := 0
		for _, q := range stones {
			if l.Ownership[q] == -int8(c) {
				dead++
			}
		}
		if 2*dead > len(stones) {
			return 1
		}
		return 0
	})
}

// chainsBy returns the training data of b's chains, with features from
// the estimate lk and playouts random playouts, and deaths by dead: the
// target death probability of a chain of colour c with the given stones.
func (w *collector) chainsBy(b *board.Board, lk *influence.Symmetric, playouts int, dead func(stones []board.Point, c board.Color) float64) ([]chainData, error) {
	if err := lk.Estimate(&w.r, b); err != nil {
		return nil, err
	}
	w.feat.Playouts = playouts
	w.feat.Compute(b, w.r.Control)
	life.Analyze(&w.life, b)
	var cs []chainData
	for id, ch := range w.feat.Chains.List {
		cd := chainData{f: w.feat.Of[id], color: ch.Color, alive: w.life.Alive[ch.Head], doomed: w.life.Owner[ch.Head] == -ch.Color, links: w.feat.Links(id)}
		cd.links.Foes = slices.Clone(cd.links.Foes)
		cd.stones = w.feat.Chains.Stones(id, nil)
		cd.dead = dead(cd.stones, ch.Color)
		cd.weight = float64(len(cd.stones))
		cs = append(cs, cd)
	}
	return cs, nil
}

// weight returns the weight of position q in the score and win models'
// fits: CountedWeight for a counted game's (a margin or a draw), when set,
// else 1.
func (c *Config) weight(q *position) float64 {
	if c.CountedWeight > 0 && (records.Result{Kind: q.kind}).Counted() {
		return c.CountedWeight
	}
	return 1
}

// ownLate reports whether the late model has a λ or κ of its own.
func (c *Config) ownLate() bool { return c.LateLambda != c.Base.Lambda || c.LateKappa != c.Base.Kappa }

// late reports whether a position at stage s has playouts (and is the
// late model's, if there is one).
func (c *Config) late(s float64) bool { return c.LateFrom <= 0 || s >= c.LateFrom }

// fitAll fits the judge on the positions of the games that train says to
// use: one model, or an early and a late one (Config.LateFrom).
func fitAll(ctx context.Context, cfg *Config, pos []position, train func(game int) bool) (judge.Params, error) {
	base := cfg.Base
	base.Late, base.LateFrom, base.Playouts, base.Fit = nil, 0, 0, nil
	if cfg.LateFrom <= 0 {
		base.Playouts = cfg.Playouts
		return fit(ctx, cfg, base, pos, train, nil)
	}
	// The early model learns from every position, as a judge without
	// playouts would see it: fitted on the early positions alone, its
	// score model did worse than the tie baseline there (cross-validated
	// score MAE 5.44 at moves 50-150, against 5.31-5.38).
	early, err := fit(ctx, cfg, base, pos, train, nil)
	if err != nil {
		return judge.Params{}, fmt.Errorf("early model: %w", err)
	}
	base.Playouts = cfg.Playouts
	base.Lambda, base.Kappa = cfg.LateLambda, cfg.LateKappa
	if cfg.LateDeadAt > 0 {
		base.DeadAt = cfg.LateDeadAt
	}
	late, err := fit(ctx, cfg, base, pos, train, cfg.late)
	if err != nil {
		return judge.Params{}, fmt.Errorf("late model: %w", err)
	}
	early.Late, early.LateFrom = &late, cfg.LateFrom
	return early, nil
}

// fit fits the death model and then the score model of parameters base
// on the positions of the games that train says to use and, if stage is
// not nil, of the stages it accepts.
func fit(ctx context.Context, cfg *Config, base judge.Params, pos []position, train func(game int) bool, stage func(float64) bool) (judge.Params, error) {
	use := func(q *position) bool {
		return train(q.game) && (stage == nil || stage(q.stage))
	}
	// The chains as this model sees them: the early model (the one fitted
	// on every position) sees a late position's through its own λ and κ.
	chainsOf := func(q *position) []chainData {
		if stage == nil && q.early != nil {
			return q.early
		}
		return q.chains
	}
	// A model without playouts sees no playout features (the positions
	// were collected with them where the late model is to have them).
	features := func(c *chainData) []float64 {
		if base.Playouts > 0 {
			return c.f[:]
		}
		f := judge.WithoutPlayouts(c.f)
		return f[:]
	}
	// First round: each chain by its own features.
	var samples []judge.Sample
	for i := range pos {
		p := &pos[i]
		if !use(p) {
			continue
		}
		chains := chainsOf(p)
		for i := range chains {
			c := &chains[i]
			if c.alive || c.doomed {
				continue // Benson's verdicts are not the model's to learn
			}
			samples = append(samples, judge.Sample{F: features(c), Dead: c.dead, Weight: c.weight})
		}
	}
	if len(samples) == 0 {
		return judge.Params{}, fmt.Errorf("tune: no chains to train on in this fold (too few labelled games for %d folds?)", cfg.Folds)
	}
	w, err := judge.FitLogistic(ctx, samples, cfg.L2)
	if err != nil {
		return judge.Params{}, err
	}
	// Second round: each chain by its neighbours' first-round deaths.
	samples = samples[:0]
	var links []judge.Links
	var p1 []float64
	for i := range pos {
		p := &pos[i]
		if !use(p) {
			continue
		}
		links, p1 = links[:0], p1[:0]
		chains := chainsOf(p)
		for i := range chains {
			c := &chains[i]
			pd := 0.0
			switch {
			case c.doomed:
				pd = 1
			case !c.alive:
				pd = sigmoid(w, features(c))
			}
			links = append(links, c.links)
			p1 = append(p1, pd)
		}
		for i, f2 := range judge.Round2Features(links, p1) {
			c := &chains[i]
			if !c.alive && !c.doomed {
				samples = append(samples, judge.Sample{F: slices.Clone(f2[:]), Dead: c.dead, Weight: c.weight})
			}
		}
	}
	w2, err := judge.FitLogistic(ctx, samples, cfg.L2)
	if err != nil {
		return judge.Params{}, err
	}
	p := base
	p.SetDeath(w)
	p.SetRound2(w2)
	p.Score, p.Win = judge.ScoreParams{}, nil
	// The score model sees the sums of the maps that these weights give,
	// in the labelled games; the win model also the other games'.
	var idx []int
	for i := range pos {
		if use(&pos[i]) && (!pos[i].winOnly || pos[i].winner != board.Empty) {
			idx = append(idx, i)
		}
	}
	sums := make([]judge.ScoreSample, len(idx))
	type scorer struct {
		j *judge.Judge
		a judge.Analysis
	}
	err = pool.Map(ctx, cfg.Workers, len(idx), func() (*scorer, error) {
		j, err := judge.New(p)
		return &scorer{j: j}, err
	}, func(ctx context.Context, s *scorer, k int) error {
		q := &pos[idx[k]]
		if err := s.j.Analyze(&s.a, &q.board); err != nil {
			return err
		}
		sums[k] = judge.ScoreSample{ScoreInput: s.a.ScoreInput(q.board.ToMove()), Area: q.area, Weight: cfg.weight(q)}
		return nil
	})
	if err != nil {
		return judge.Params{}, err
	}
	var counted []judge.ScoreSample
	for k, i := range idx {
		if !pos[i].winOnly {
			counted = append(counted, sums[k])
		}
	}
	sp, err := judge.FitScore(ctx, counted)
	if err != nil {
		return judge.Params{}, err
	}
	p.Score = sp
	// The win model sees the scores of this score model, and the winners.
	var wins []judge.WinSample
	for k, i := range idx {
		q, s := &pos[i], &sums[k]
		if q.winner != board.Empty {
			wins = append(wins, judge.WinSample{Score: sp.Of(s.ScoreInput), Stage: s.Stage, Doubt: s.Doubt, Komi: q.komi, BlackWins: q.winner == board.Black, Weight: cfg.weight(q)})
		}
	}
	switch wp, err := judge.FitWin(ctx, wins); {
	case errors.Is(err, judge.ErrOneSided):
		cfg.logf("no win model: %v", err)
	case err != nil:
		return judge.Params{}, err
	default:
		p.Win = &wp
	}
	return p, nil
}

// Contender is an estimator measured on a fold's held-out games (see
// Config.Measure), under its name in the table.
type Contender = control.Named

// measure measures the judge with parameters p and the λ/κ estimator on
// files, through cfg.Measure.
func measure(ctx context.Context, cfg *Config, p judge.Params, files []string) error {
	lkNew, err := eval.Factory(influence.LambdaKappa, nil)
	if err != nil {
		return err
	}
	return cfg.Measure(ctx, []Contender{
		{Name: influence.LambdaKappa, New: lkNew},
		{Name: judge.Name, New: func() control.Estimator {
			j, err := judge.New(p)
			if err != nil {
				panic(err) // p was checked when fitted
			}
			return j
		}},
	}, files)
}

// sigmoid returns σ(w·f).
func sigmoid(w, f []float64) float64 {
	z := 0.0
	for i, v := range f {
		z += w[i] * v
	}
	return 1 / (1 + math.Exp(-z))
}
