package tune

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"goeval/board"
	"goeval/control"
	"goeval/eval"
	"goeval/internal/pool"
	"goeval/movemodel"
	"goeval/rank"
	"goeval/sgf"
)

// The defaults of MovesConfig, which goeval tune moves shows as its own:
// the shipped model was fitted on every third move (docs/moves.md).
const (
	DefaultEvery         = 3
	DefaultValidateEvery = 50
	DefaultMinPattern    = 10
	DefaultMinShape      = 1
)

// MovesConfig says how to fit the move model (package movemodel).
type MovesConfig struct {
	// Files are the game records to fit on: SGF files, each one game or a
	// collection of many.
	Files []string
	// Games, if positive, fits on that many games only (a fixed choice
	// spread over all of them), the validation games aside.
	Games int
	// Every samples a training position every Every moves (0 or less:
	// DefaultEvery).
	Every int
	// ValidateEvery holds out one game in ValidateEvery for validation
	// (0 or less: DefaultValidateEvery), measured at every 5th move after
	// each sweep of the fit.
	ValidateEvery int
	// MinPattern keeps the spatial patterns played at least this often
	// (0 or less: DefaultMinPattern); MinShape the 3x3 shapes seen at
	// least this often among the candidates (0 or less: DefaultMinShape).
	MinPattern, MinShape int
	// Gain and Owner name the estimators of the Gain and Owner features
	// ("" leaves the feature out; see movemodel.Position).
	Gain, Owner string
	// Without lists feature groups to leave out (to measure what each
	// buys).
	Without []movemodel.Group
	// Fit configures the fit (Progress is set by MovesRun).
	Fit movemodel.FitSettings
	// Workers is the number of workers (GOMAXPROCS when 0).
	Workers int
	// Log, if not nil, receives progress lines.
	Log func(string)
}

// MovesReport is the outcome of a fit of the move model.
type MovesReport struct {
	Model *movemodel.Model
	// Games and Positions count the training games and positions;
	// Candidates the distinct candidates stored for the fit.
	Games, Positions, Candidates int
	// ValidationGames and ValidationPositions count the held-out ones.
	ValidationGames, ValidationPositions int
	// Unreadable lists the files and games left out because they could
	// not be read or replayed (an illegal move leaves out the whole game),
	// and why.
	Unreadable []string
	// Setup names the games left out by design because they have setup
	// stones (handicap games, problems): the move features need every
	// stone to have been played. A game is named by its file, with
	// " (game K)" when the file holds more than one.
	Setup []string
	// Sweeps holds the figures after each sweep of the fit.
	Sweeps []MovesSweep
	Fit    movemodel.FitResult
	// Interrupted says the fit was cancelled after Sweeps: Model holds the
	// gammas reached.
	Interrupted bool
}

// MovesSweep is the state of the fit after one sweep.
type MovesSweep struct {
	Iteration int
	// TrainLogLik is the mean log-likelihood of the training moves;
	// ValLogLik and ValTop1 those of the validation moves and the share
	// the model ranks first (see movemodel.Evaluate).
	TrainLogLik, ValLogLik, ValTop1 float64
}

func (c *MovesConfig) defaults() {
	if c.Every <= 0 {
		c.Every = DefaultEvery
	}
	if c.ValidateEvery <= 0 {
		c.ValidateEvery = DefaultValidateEvery
	}
	if c.MinPattern <= 0 {
		c.MinPattern = DefaultMinPattern
	}
	if c.MinShape <= 0 {
		c.MinShape = DefaultMinShape
	}
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
}

func (c *MovesConfig) logf(format string, args ...any) {
	if c.Log != nil {
		c.Log(fmt.Sprintf(format, args...))
	}
}

// moveGame is one game's moves, without setup stones.
type moveGame struct {
	size  int
	moves []board.Move
}

// MovesRun reads the games, builds the shape and pattern tables from the
// training games, extracts the features of every candidate of the sampled
// positions and fits the gammas, measuring the validation games after each
// sweep. Games with setup stones are left out (the features need the
// moves; named in the report's Setup), as are games that cannot be read or
// replayed (listed in its Unreadable). When no game is left to fit on, the error comes with the report
// so far, which lists the games left out.
func MovesRun(ctx context.Context, cfg MovesConfig) (*MovesReport, error) {
	cfg.defaults()
	start := time.Now()
	rep := &MovesReport{}
	var all []moveGame
	for _, f := range cfg.Files {
		games, setup, bad := readMoveGames(f)
		all = append(all, games...)
		rep.Setup = append(rep.Setup, setup...)
		rep.Unreadable = append(rep.Unreadable, bad...)
	}
	var train, val []moveGame
	for i, g := range all {
		if i%cfg.ValidateEvery == cfg.ValidateEvery-1 {
			val = append(val, g)
		} else {
			train = append(train, g)
		}
	}
	if cfg.Games > 0 && cfg.Games < len(train) {
		// A fixed choice spread evenly over the files.
		picked := make([]moveGame, 0, cfg.Games)
		for k := range cfg.Games {
			picked = append(picked, train[k*len(train)/cfg.Games])
		}
		train = picked
	}
	if len(train) == 0 {
		return rep, errors.New("tune: no games to fit the move model on")
	}
	rep.Games, rep.ValidationGames = len(train), len(val)
	cfg.logf("read %d games (%d to train on, %d to validate), %d unreadable, %d with setup stones left out, in %v",
		len(all), len(train), len(val), len(rep.Unreadable), len(rep.Setup), time.Since(start).Round(time.Millisecond))

	// The tables, from the training positions.
	harvests := make([]*movemodel.Harvest, (len(train)+chunk-1)/chunk)
	err := pool.Map(ctx, cfg.Workers, len(harvests), func() (struct{}, error) { return struct{}{}, nil },
		func(_ context.Context, _ struct{}, k int) error {
			h := movemodel.NewHarvest()
			for i := k * chunk; i < min((k+1)*chunk, len(train)); i++ {
				walkGame(train[i], cfg.Every, i%cfg.Every, func(pos movemodel.Position, next board.Point) error {
					h.Add(pos, next)
					return nil
				})
			}
			harvests[k] = h
			return nil
		})
	if err != nil {
		return nil, err
	}
	h := movemodel.NewHarvest()
	for _, o := range harvests {
		h.Merge(o)
	}
	tab := h.Tables(cfg.MinShape, cfg.MinPattern)
	cfg.logf("tables: %d shapes of %d seen, %d patterns of %d played, from %d positions, in %v", len(tab.Shapes), len(h.Shapes),
		len(tab.Patterns), len(h.Patterns), h.Positions, time.Since(start).Round(time.Millisecond))
	harvests, h = nil, nil

	sizes := movemodel.Sizes(tab)
	if cfg.Gain == "" {
		sizes[movemodel.GroupGain] = 0
	}
	if cfg.Owner == "" {
		sizes[movemodel.GroupOwner] = 0
	}
	for _, g := range cfg.Without {
		sizes[g] = 0
	}
	ex := &extraction{cfg: &cfg, tab: tab, sizes: sizes}
	trainSet, err := ex.run(ctx, train, cfg.Every, "training", start)
	if err != nil {
		return nil, err
	}
	valSet, err := ex.run(ctx, val, 5, "validation", start)
	if err != nil {
		return nil, err
	}
	rep.Positions, rep.Candidates, rep.ValidationPositions = trainSet.Len(), trainSet.Candidates(), valSet.Len()

	fs := cfg.Fit
	fs.Workers = cfg.Workers
	fs.Progress = func(p movemodel.FitProgress) {
		sw := MovesSweep{Iteration: p.Iteration, TrainLogLik: p.LogLikelihood}
		if valSet.Len() > 0 {
			sw.ValLogLik, sw.ValTop1 = movemodel.Evaluate(valSet, p.Gammas)
		}
		rep.Sweeps = append(rep.Sweeps, sw)
		if valSet.Len() == 0 {
			cfg.logf("sweep %d: log-likelihood %.4f (training), no validation (%s); %v", p.Iteration,
				sw.TrainLogLik, noValidation(len(all), cfg.ValidateEvery), time.Since(start).Round(time.Second))
			return
		}
		cfg.logf("sweep %d: log-likelihood %.4f (training), %.4f (validation); validation top-1 %.4f; %v", p.Iteration,
			sw.TrainLogLik, sw.ValLogLik, sw.ValTop1, time.Since(start).Round(time.Second))
	}
	gammas, res, err := movemodel.Fit(ctx, trainSet, fs)
	switch {
	case err != nil && ctx.Err() != nil && len(rep.Sweeps) > 0:
		// Interrupted during the fit: the gammas so far are a model (each
		// group's update raised the likelihood).
		rep.Interrupted = true
	case err != nil:
		return nil, err
	}
	rep.Fit = res
	m := &movemodel.Model{Tables: *tab, Gamma: gammas, GainEstimator: cfg.Gain, OwnerEstimator: cfg.Owner}
	// A table left out has no gammas, and no entries.
	if sizes[movemodel.GroupShape] == 0 {
		m.Tables.Shapes = map[uint32]uint32{}
	}
	if sizes[movemodel.GroupPattern] == 0 {
		m.Tables.Patterns = map[uint64]uint32{}
	}
	m.Notes = fmt.Sprintf("fitted by goeval tune moves on %d positions (every %s move) of %d games, %d candidates; "+
		"%d shapes (seen %d+ times), %d patterns (played %d+ times); %d sweeps, training log-likelihood %.4f",
		rep.Positions, ordinal(cfg.Every), rep.Games, rep.Candidates, len(tab.Shapes), cfg.MinShape, len(tab.Patterns), cfg.MinPattern,
		len(rep.Sweeps), rep.Sweeps[len(rep.Sweeps)-1].TrainLogLik)
	if rep.Interrupted {
		m.Notes += " (interrupted during the next sweep)"
	}
	if n := len(rep.Sweeps); n > 0 && valSet.Len() > 0 {
		m.Notes += fmt.Sprintf("; %d validation positions of %d held-out games: log-likelihood %.4f, top-1 %.4f",
			rep.ValidationPositions, rep.ValidationGames, rep.Sweeps[n-1].ValLogLik, rep.Sweeps[n-1].ValTop1)
	} else {
		m.Notes += "; validation: none (" + noValidation(len(all), cfg.ValidateEvery) + ")"
	}
	if cfg.Gain != "" || cfg.Owner != "" {
		m.Notes += fmt.Sprintf("; gain by %q, owner by %q", cfg.Gain, cfg.Owner)
	}
	rep.Model = m
	return rep, nil
}

// noValidation says why a fit has no validation positions.
func noValidation(read, every int) string {
	if read < every {
		return fmt.Sprintf("no game held out: one game in %d is, of the %d read", every, read)
	}
	return "the held-out games gave no position"
}

// chunk is the number of games one job of the extraction takes: jobs fill
// their own choices, appended in game order, so that the fit does not
// depend on the number of workers.
const chunk = 25

// extraction extracts the candidates of games into choices.
type extraction struct {
	cfg   *MovesConfig
	tab   *movemodel.Tables
	sizes [movemodel.NumGroups]int
}

// extractor is one worker's feature extractor and the estimators of the
// Gain and Owner features.
type extractor struct {
	ext   *movemodel.Extractor
	gain  *rank.Ranker
	owner control.Estimator
	res   control.Result
	gains []float64
	cands []movemodel.Candidate
}

func (x *extraction) newExtractor() (*extractor, error) {
	w := &extractor{ext: movemodel.NewExtractor(x.tab), gains: make([]float64, board.MaxPoints)}
	if x.cfg.Gain != "" {
		f, err := eval.Factory(x.cfg.Gain, nil)
		if err != nil {
			return nil, err
		}
		w.gain = rank.New(f, rank.Settings{Workers: 1, Top: -1})
	}
	if x.cfg.Owner != "" {
		e, err := eval.New(x.cfg.Owner, nil)
		if err != nil {
			return nil, err
		}
		w.owner = e
	}
	return w, nil
}

// run extracts the positions after n moves, n % every == game index %
// every, of games.
func (x *extraction) run(ctx context.Context, games []moveGame, every int, what string, start time.Time) (*movemodel.Choices, error) {
	parts := make([]*movemodel.Choices, (len(games)+chunk-1)/chunk)
	var mu sync.Mutex
	done, positions := 0, 0
	last := time.Now()
	err := pool.Map(ctx, x.cfg.Workers, len(parts), x.newExtractor, func(ctx context.Context, w *extractor, k int) error {
		cs := movemodel.NewChoices(x.sizes)
		n := 0
		for i := k * chunk; i < min((k+1)*chunk, len(games)); i++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			err := walkGame(games[i], every, i%every, func(pos movemodel.Position, next board.Point) error {
				if err := w.maps(ctx, &pos); err != nil {
					return err
				}
				w.cands = w.ext.Extract(w.cands, pos)
				for j := range w.cands {
					for g, n := range x.sizes {
						if n == 0 {
							w.cands[j].F[g] = 0
						}
					}
				}
				for j := range w.cands {
					if w.cands[j].Point == next {
						cs.Add(w.cands, j)
						n++
						return nil
					}
				}
				return fmt.Errorf("the move played, %s, is not a candidate", pos.Board.Geometry().GTP(next))
			})
			if err != nil && ctx.Err() == nil && !errors.Is(err, errIllegal) {
				return err
			}
		}
		parts[k] = cs
		mu.Lock()
		done++
		positions += n
		if x.cfg.Log != nil && (time.Since(last) > 10*time.Second || done == len(parts)) {
			last = time.Now()
			x.cfg.logf("%s: %d of %d games, %d positions, %v", what, min(done*chunk, len(games)), len(games), positions, time.Since(start).Round(time.Second))
		}
		mu.Unlock()
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := movemodel.NewChoices(x.sizes)
	for _, p := range parts {
		out.Append(p)
	}
	return out, nil
}

// maps sets the Gain and Owner maps of pos, where the fit uses them.
func (w *extractor) maps(ctx context.Context, pos *movemodel.Position) error {
	if w.gain != nil {
		rk, err := w.gain.Rank(ctx, pos.Board)
		if err != nil {
			return err
		}
		for _, m := range rk.Moves {
			w.gains[m.Point] = m.Gain
		}
		pos.Gain = w.gains
	}
	if w.owner != nil {
		if err := w.owner.Estimate(&w.res, pos.Board); err != nil {
			return err
		}
		pos.Owner = w.res.Control
	}
	return nil
}

// ordinal writes 1st, 2nd, 3rd, 4th...
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprint(n) + suffix
}

// errIllegal ends the replay of a game at an illegal move. readMoveGames
// leaves such games out, so it is a guard: the positions before it are
// used.
var errIllegal = errors.New("an illegal move")

// walkGame replays g and calls visit with the positions after n moves for
// n % every == phase, and the move played next. It stops at an illegal
// move or an error of visit.
func walkGame(g moveGame, every, phase int, visit func(pos movemodel.Position, next board.Point) error) error {
	b := board.New(g.size)
	for n, m := range g.moves {
		b.SetToMove(m.Color)
		if m.Point != board.Pass && b.Legal(m.Color, m.Point) != nil {
			return fmt.Errorf("%w: move %d (%s %s)", errIllegal, n+1, m.Color.Name(), b.Geometry().GTP(m.Point))
		}
		if n%every == phase {
			last, last2 := movemodel.LastMoves(g.moves[:n])
			if err := visit(movemodel.Position{Board: b, Last: last, Last2: last2}, m.Point); err != nil {
				return err
			}
		}
		if m.Point != board.Pass {
			b.Play(m.Color, m.Point)
		} else {
			b.SetToMove(-m.Color)
		}
	}
	return nil
}

// readMoveGames reads the games of one record that have no setup stones.
// It names the games with setup stones apart from those it cannot use
// (with the reason).
func readMoveGames(path string) (out []moveGame, setup, bad []string) {
	c, err := sgf.ReadFile(path)
	if err != nil {
		return nil, nil, []string{err.Error()}
	}
	for k := 1; k <= c.Games(); k++ {
		g, err := c.Game(k)
		if err != nil {
			bad = append(bad, err.Error())
			continue
		}
		moves, hasSetup, err := g.Moves()
		switch {
		case err != nil:
			bad = append(bad, err.Error())
		case hasSetup:
			name := path
			if c.Games() > 1 {
				name = fmt.Sprintf("%s (game %d)", path, k)
			}
			setup = append(setup, name)
		default:
			// A game with an illegal move is left out whole, as the
			// judge's fit leaves it out: the moves after it were never
			// played on the board the record shows.
			if _, err := g.Replay(func(int, *board.Board) error { return nil }); err != nil {
				bad = append(bad, err.Error())
				continue
			}
			out = append(out, moveGame{g.Info.Size, moves})
		}
	}
	return out, setup, bad
}
