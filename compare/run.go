package compare

import (
	"context"
	"fmt"
	"sync/atomic"

	"goeval/board"
	"goeval/control"
	"goeval/internal/pool"
	"goeval/internal/progress"
	"goeval/records"
)

// Estimator is a goeval estimator taking part in a comparison, under its
// name in the table.
type Estimator = control.Named

// Peer is an outside engine taking part in a comparison (a GTP engine,
// say: see package peer).
type Peer struct {
	// Name is the peer's name in the table.
	Name string
	// Start starts one engine; every worker starts its own.
	Start func() (Engine, error)
}

// Engine is one running outside engine. Positions of one game come to an
// engine in increasing move order, one game after another, so that an
// engine may replay a game incrementally.
type Engine interface {
	// Evaluate evaluates pos into dst: dst.Score (Black positive, before
	// komi) always, dst.Control (one value per point in [-1, 1]) where
	// the engine has a map, else empty. An engine bound to the run's
	// context may fail once it is cancelled (an interrupt): that failure
	// is the interrupt's, not the engine's, and is left out of the report
	// with the position.
	Evaluate(dst *control.Result, pos *records.Position) error
	// Close stops the engine.
	Close() error
}

// Progress says how far a run has got: Phase is "goeval" while goeval's
// estimators run (Done and Total count files) and "peers" while the peers
// run (games).
type Progress = progress.State

// Config says what to compare. Its zero value compares nothing but the
// tie baseline over DefaultBands, with GOMAXPROCS workers.
type Config struct {
	// Estimators are goeval's estimators to measure, in table order.
	Estimators []Estimator
	// Peers are outside engines to measure, after the estimators.
	Peers []Peer
	// Bands are the move bands; nil means DefaultBands.
	Bands []records.Band
	// Labels holds the final ownership of counted games; nil for none.
	Labels *records.Labels
	// Reference holds a stronger program's evaluation of the positions;
	// with one, every contender is also measured against it (the Ref
	// metrics of Row), the reference itself is a contender (named
	// ReferenceName, last), and the sampled positions it lacks are listed
	// (Report.RefMissing). Nil for none.
	Reference *records.Reference
	// Judge builds the estimator of goeval's own final-position
	// judgement (see Judge), used for counted games without labels or
	// markup; nil judges by Benson's algorithm alone.
	Judge func() control.Estimator
	// Workers is the number of workers (and of engines per peer);
	// GOMAXPROCS when 0 or less.
	Workers int
	// OmitTie leaves out the tie baseline row.
	OmitTie bool
	// NoTimings leaves the time per position out of the rows
	// (Row.MicrosPerPosition nil), so that two runs' reports are the same.
	NoTimings bool
	// CheckJudgement also judges the final position of every labelled
	// game as if it had no label, and measures the judgement against the
	// label (Report.JudgementCheck).
	CheckJudgement bool
	// Progress, if not nil, is called as the run goes on, from one
	// goroutine at a time.
	Progress func(Progress)
}

// TieName is the name of the baseline that predicts a tie: score = komi,
// control 0 everywhere.
const TieName = "tie"

// ReferenceName is the name of the reference's own row (Config.Reference):
// its score is its lead plus its komi, its map its ownership, its win
// probability its winrate.
const ReferenceName = "reference"

// worker is one worker's own estimators and scratch.
type worker struct {
	ests  []control.Estimator
	judge Judge
	res   control.Result
	dead  []board.Point
	zero  []float64
}

// Run reads the game records in files (see Files), samples every game at
// the configured bands, evaluates each position with every estimator and
// peer, and measures them against the ground truth (see the package
// documentation). Files or games that cannot be used, and evaluations that
// fail, are listed in the report's Errors and the run goes on. Run returns
// an error only if the run could not be carried out (a peer that does not
// start); the report is then nil. If ctx is cancelled, Run returns the
// report of the work finished, with Interrupted saying what it leaves out,
// and ctx's error: the files read (each whole), and, cancelled while the
// peers run, every estimator but the peers on every game read.
//
// The report is the same for any number of workers, timings apart.
func Run(ctx context.Context, cfg Config, files []string) (*Report, error) {
	bands := cfg.Bands
	if bands == nil {
		bands = records.DefaultBands
	}
	var names []string
	if !cfg.OmitTie {
		names = append(names, TieName)
	}
	for _, e := range cfg.Estimators {
		names = append(names, e.Name)
	}
	firstPeer := len(names)
	for _, p := range cfg.Peers {
		names = append(names, p.Name)
	}
	if cfg.Reference != nil {
		names = append(names, ReferenceName)
	}
	for i, n := range names {
		for _, m := range names[:i] {
			if n == m {
				return nil, fmt.Errorf("compare: two contenders named %q", n)
			}
		}
	}
	pr := progress.New(cfg.Progress)
	// Check that every peer starts before spending time on anything else.
	for _, p := range cfg.Peers {
		e, err := p.Start()
		if err != nil {
			return nil, fmt.Errorf("peer %s: %w", p.Name, err)
		}
		e.Close()
	}

	// Phase 1: read, replay, judge, and evaluate with goeval's estimators.
	data := make([]file, len(files))
	pr.Begin("goeval", "files", len(files))
	var done atomic.Int64 // files read
	err := pool.Map(ctx, cfg.Workers, len(files), func() (*worker, error) {
		w := &worker{}
		for _, e := range cfg.Estimators {
			w.ests = append(w.ests, e.New())
		}
		if cfg.Judge != nil {
			w.judge.Estimator = cfg.Judge()
		}
		return w, nil
	}, func(ctx context.Context, w *worker, i int) error {
		f := &data[i]
		f.path = files[i]
		positions := readFile(f, &cfg, bands, len(names), w)
		pr.Add(1, positions)
		done.Add(1)
		return nil
	})
	interrupted := ""
	if err != nil {
		if ctx.Err() == nil {
			return nil, err
		}
		// The files read are measured; the others were not started.
		interrupted = fmt.Sprintf("interrupted: %d of %d files read", done.Load(), len(files))
		var read []file
		for _, f := range data {
			if f.path != "" {
				read = append(read, f)
			}
		}
		data = read
	}
	var used []*game
	for fi := range data {
		for _, g := range data[fi].games {
			if g.used() {
				g.serial = len(used)
				used = append(used, g)
			}
		}
	}

	// Phase 2: the peers, each worker with its own engines.
	if len(cfg.Peers) > 0 && len(used) > 0 && interrupted == "" {
		if err := runPeers(ctx, &cfg, bands, used, firstPeer, pr); err != nil {
			if ctx.Err() == nil {
				return nil, err
			}
			measured := 0
			for _, g := range used {
				if peerTouched(g, firstPeer) {
					measured++
				}
			}
			interrupted = fmt.Sprintf("interrupted while the peers ran: they measured %d of %d games; goeval's estimators all of them", measured, len(used))
		}
	}
	r := report(&cfg, bands, names, data)
	if interrupted != "" {
		r.Interrupted = interrupted
		return r, ctx.Err()
	}
	return r, nil
}

// peerTouched reports whether a peer evaluated (or failed on) a position of
// g.
func peerTouched(g *game, firstPeer int) bool {
	for _, cells := range g.cells {
		for _, c := range cells[firstPeer:] {
			if c.done || c.failed {
				return true
			}
		}
	}
	return false
}
