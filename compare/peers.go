package compare

import (
	"context"
	"fmt"
	"sync"
	"time"

	"goeval/control"
	"goeval/internal/pool"
	"goeval/internal/progress"
	"goeval/records"
)

// peerWorker is one worker's engines, one per peer (nil until started,
// and again after a failure).
type peerWorker struct {
	engines []Engine
	res     control.Result
}

// runPeers evaluates the positions of the used games with the peers, one
// job per game, into the cells from first on.
func runPeers(ctx context.Context, cfg *Config, bands []records.Band, used []*game, first int, pr *progress.Tracker) error {
	var mu sync.Mutex
	var workers []*peerWorker
	defer func() {
		for _, w := range workers {
			for _, e := range w.engines {
				if e != nil {
					e.Close()
				}
			}
		}
	}()
	pr.Begin("peers", "games", len(used))
	errs := make([][]string, len(used))
	err := pool.Map(ctx, cfg.Workers, len(used), func() (*peerWorker, error) {
		w := &peerWorker{engines: make([]Engine, len(cfg.Peers))}
		mu.Lock()
		workers = append(workers, w)
		mu.Unlock()
		for i, p := range cfg.Peers {
			e, err := p.Start()
			if err != nil {
				return nil, fmt.Errorf("peer %s: %w", p.Name, err)
			}
			w.engines[i] = e
		}
		return w, nil
	}, func(ctx context.Context, w *peerWorker, gi int) error {
		g := used[gi]
		positions := 0
		for pi, p := range cfg.Peers {
			for i := range bands {
				if g.at[i] < 0 || ctx.Err() != nil {
					continue
				}
				c := &g.cells[i][first+pi]
				err := w.evaluate(c, p, pi, g, i)
				if err != nil && ctx.Err() != nil {
					// The interrupt cut the evaluation short (an engine
					// that takes a context stops): not the engine's
					// failure, and not part of the report.
					*c = cell{}
					continue
				}
				if err != nil {
					errs[gi] = append(errs[gi], err.Error())
					continue
				}
				positions++
			}
		}
		pr.Add(1, positions)
		return nil
	})
	for gi, e := range errs {
		used[gi].errs = append(used[gi].errs, e...)
	}
	return err
}

// evaluate evaluates the position of band i of g with peer p (the pi-th)
// into c, starting its engine if need be, and timing the evaluation. On
// failure the engine is closed, so that the next position gets a fresh
// one.
func (w *peerWorker) evaluate(c *cell, p Peer, pi int, g *game, i int) error {
	if w.engines[pi] == nil {
		e, err := p.Start()
		if err != nil {
			c.failed = true
			return fmt.Errorf("peer %s: restart: %v", p.Name, err)
		}
		w.engines[pi] = e
	}
	pos := &records.Position{File: g.file, Game: g.index, Serial: g.serial, Size: g.boards[i].Size(),
		Komi: g.truth.Komi, Move: g.at[i], Board: &g.boards[i], Last: records.NoMove, Last2: records.NoMove, Next: records.NoMove}
	if g.moves != nil {
		pos.Moves = g.moves[:g.at[i]]
	}
	w.res.Reset(0)
	w.res.Control = w.res.Control[:0]
	start := time.Now()
	err := w.engines[pi].Evaluate(&w.res, pos)
	c.ns = time.Since(start).Nanoseconds()
	c.timed = true
	if err == nil {
		err = checkControl(w.res.Control)
	}
	if err == nil && g.truth.Final != nil {
		err = c.measure(w.res.Control, g.truth.Final)
	}
	if r := g.refs[i]; r != nil && err == nil {
		err = c.ref.measure(r, w.res.Score, g.truth.Komi, w.res.Control)
	}
	if err != nil {
		c.failed = true
		w.engines[pi].Close()
		w.engines[pi] = nil // a fresh engine for the next position
		return fmt.Errorf("peer %s at move %d: %v", p.Name, g.at[i], err)
	}
	c.done, c.score = true, w.res.Score
	return nil
}

func checkControl(ctrl []float64) error {
	for p, v := range ctrl {
		if !(v >= -1 && v <= 1) {
			return fmt.Errorf("control value %v at point %d is outside [-1, 1]", v, p)
		}
	}
	return nil
}
