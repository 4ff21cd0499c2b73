package compare

import (
	"fmt"
	"time"

	"goeval/board"
	"goeval/control"
	"goeval/sgf"
)

// file is one input file and its games.
type file struct {
	path  string
	games []*game
	err   error
}

// game is one game of the run and everything measured on it.
type game struct {
	file   string
	index  int // in its file, from 1
	serial int
	name   string // file, or "file (game k)"

	truth  Truth
	total  int           // moves in the main line
	moves  []board.Move  // nil when the game has setup stones
	at     []int         // per band: the move sampled, -1 when too short
	boards []board.Board // per band
	cells  [][]cell      // [band][contender]
	skip   skip          // why the game gave no position; zero if it is used

	check labelCheck // the judgement measured against the label (Config.CheckJudgement)

	errs, warns []string
}

// used reports whether the game gave positions.
func (g *game) used() bool { return g.skip.why == notSkipped }

// fail marks the game unused for why, with the error that says so.
func (g *game) fail(why skipWhy, err string) {
	g.skip = skip{why: why}
	g.errs = append(g.errs, err)
}

// skip says why a game gave no position: Report.Unused counts the games
// by it (its String).
type skip struct {
	why  skipWhy
	kind Kind // the game's result, for noTruth
}

// skipWhy is the reason of a skip.
type skipWhy int8

// The reasons for not using a game, in the order measure finds them.
const (
	notSkipped      skipWhy = iota
	unreadableGame          // the game cannot be read, or is not Go
	badMove                 // the replay found an illegal or unreadable move
	unreadableMoves         // the replay played fewer moves than the record holds
	labelMismatch           // the game's label is of another board size or game length
	judgementFailed         // the final-position judgement failed
	tooShort                // shorter than every band
	noTruth                 // neither a known winner nor a final ownership
)

var skipReasons = [...]string{
	notSkipped:      "used",
	unreadableGame:  "unreadable or unsupported game",
	badMove:         "illegal move or unreadable move",
	unreadableMoves: "unreadable moves",
	labelMismatch:   "labels do not fit the record",
	judgementFailed: "final-position judgement failed",
	tooShort:        "shorter than every band",
}

// String returns the reason as the report says it.
func (s skip) String() string {
	if s.why == noTruth {
		return "no truth (result " + s.kind.String() + ", no final ownership)"
	}
	return skipReasons[s.why]
}

// cell is one contender's evaluation of one position.
type cell struct {
	done, failed, timed bool
	score               float64
	hasMap              bool
	agree, nonzero      int
	points              int
	sqErr               float64
	ns                  int64
	// hasWin says whether win holds the probability that Black wins.
	hasWin bool
	win    float64
}

// measure adds the map ctrl against the final ownership.
func (c *cell) measure(ctrl []float64, final []int8) error {
	if len(ctrl) == 0 {
		return nil
	}
	if len(ctrl) != len(final) {
		return fmt.Errorf("%d control values for %d points", len(ctrl), len(final))
	}
	c.hasMap = true
	for p, t := range final {
		e := ctrl[p]
		d := e - float64(t)
		c.sqErr += d * d
		if t != 0 {
			c.nonzero++
			if e*float64(t) > 0 {
				c.agree++
			}
		}
	}
	c.points += len(final)
	return nil
}

// readFile reads one file and measures its games; it returns the number of
// positions evaluated.
func readFile(f *file, cfg *Config, bands []Band, contenders int, w *worker) int {
	coll, err := sgf.ReadFile(f.path)
	if err != nil {
		f.err = err
		return 0
	}
	positions := 0
	for k := 1; k <= coll.Games(); k++ {
		g := &game{file: f.path, index: k, name: f.path}
		if coll.Games() > 1 {
			g.name = fmt.Sprintf("%s (game %d)", f.path, k)
		}
		f.games = append(f.games, g)
		sg, err := coll.Game(k)
		if err != nil {
			g.fail(unreadableGame, err.Error())
			continue
		}
		for _, wn := range sg.Warnings {
			g.warns = append(g.warns, wn.String())
		}
		positions += g.measure(sg, coll.Games(), cfg, bands, contenders, w)
	}
	return positions
}

// measure replays the game, finds its truth (findTruth) and, if it can be
// used, evaluates its positions with the tie baseline and goeval's
// estimators. It returns the number of positions evaluated.
func (g *game) measure(sg *sgf.Game, games int, cfg *Config, bands []Band, contenders int, w *worker) int {
	final, ok := g.replay(sg, bands)
	if !ok || !g.findTruth(sg, games, cfg, &final, w) {
		return 0
	}
	if g.skip = g.usable(); !g.used() {
		return 0
	}
	return g.evaluate(cfg, bands, contenders, w, final.Geometry().N)
}

// replay plays the main line, keeping the position of each band (g.at,
// g.boards), and returns the final position; ok is false, with the game
// failed, if the moves cannot be replayed.
func (g *game) replay(sg *sgf.Game, bands []Band) (final board.Board, ok bool) {
	moves, setup, err := sg.Moves()
	total := len(moves)
	setup = setup || err != nil // the replay reports a malformed move
	g.total = total
	if !setup {
		g.moves = moves
	}
	g.at = make([]int, len(bands))
	want := map[int]bool{}
	for i, b := range bands {
		n, ok := b.At(total)
		if !ok {
			n = -1
		} else {
			want[n] = true
		}
		g.at[i] = n
	}
	g.boards = make([]board.Board, len(bands))
	sum, err := sg.Replay(func(n int, b *board.Board) error {
		if want[n] {
			for i, m := range g.at {
				if m == n {
					g.boards[i] = *b
				}
			}
		}
		if n == total {
			final = *b
		}
		return nil
	})
	if err != nil {
		g.fail(badMove, err.Error())
		return final, false
	}
	if sum.Moves != total {
		g.fail(unreadableMoves, fmt.Sprintf("replayed %d moves, counted %d", sum.Moves, total))
		return final, false
	}
	for _, wn := range sum.Warnings {
		g.warns = append(g.warns, wn.String())
	}
	return final, true
}

// usable returns why a replayed game with its truth gives no position, or
// the zero skip if it gives some.
func (g *game) usable() skip {
	anyBand := false
	for _, n := range g.at {
		anyBand = anyBand || n >= 0
	}
	switch t := &g.truth; {
	case !anyBand:
		return skip{why: tooShort}
	case t.Final == nil && t.Result.Winner == board.Empty:
		return skip{why: noTruth, kind: t.Result.Kind}
	}
	return skip{}
}

// evaluate runs the tie baseline and goeval's estimators on the game's
// positions (of n points) into g.cells, and returns the number of
// positions the estimators evaluated.
func (g *game) evaluate(cfg *Config, bands []Band, contenders int, w *worker, n int) int {
	g.cells = make([][]cell, len(bands))
	positions := 0
	first := 0
	if !cfg.OmitTie {
		first = 1
	}
	if len(w.zero) < n {
		w.zero = make([]float64, n)
	}
	for i := range bands {
		g.cells[i] = make([]cell, contenders)
		if g.at[i] < 0 {
			continue
		}
		if first == 1 {
			g.tie(&g.cells[i][0], w.zero[:n])
		}
		for j, e := range w.ests {
			if g.estimate(&g.cells[i][first+j], e, i, w) {
				positions++
			}
		}
	}
	return positions
}

// tie fills c with the tie baseline: score komi, control zero (all 0), a
// win probability of 1/2.
func (g *game) tie(c *cell, zero []float64) {
	c.done, c.score = true, g.truth.Komi
	c.hasWin, c.win = true, 0.5
	if g.truth.Final != nil {
		c.measure(zero, g.truth.Final)
	}
}

// estimate evaluates the position of band i with e into c, timing the
// estimate, and reports whether it succeeded; a failure is listed in
// g.errs.
func (g *game) estimate(c *cell, e control.Estimator, i int, w *worker) bool {
	t := &g.truth
	b := &g.boards[i]
	start := time.Now()
	err := e.Estimate(&w.res, b)
	c.ns = time.Since(start).Nanoseconds()
	c.timed = true
	if err == nil && t.Final != nil {
		err = c.measure(w.res.Control, t.Final)
	}
	if wp, ok := e.(control.WinPredictor); ok && err == nil && t.Result.Winner != board.Empty {
		c.win, c.hasWin, err = wp.WinProbability(b, t.Komi)
	}
	if err != nil {
		c.failed = true
		g.errs = append(g.errs, fmt.Sprintf("%s at move %d: %v", e.Name(), g.at[i], err))
		return false
	}
	c.done, c.score = true, w.res.Score
	return true
}
