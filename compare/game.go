package compare

import (
	"fmt"
	"math"
	"slices"
	"time"

	"goeval/board"
	"goeval/control"
	"goeval/records"
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
	total  int                    // moves in the main line
	moves  []board.Move           // nil when the game has setup stones
	at     []int                  // per band: the move sampled, -1 when too short
	boards []board.Board          // per band
	record *sgf.Game              // the record, for estimators that read it (control.GameEstimator)
	refs   []*records.RefPosition // per band: the reference's evaluation, or nil
	cells  [][]cell               // [band][contender]
	skip   skip                   // why the game gave no position; zero if it is used

	check labelCheck // the judgement measured against the label (Config.CheckJudgement)

	missing []int // the sampled move numbers the reference lacks

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
	kind records.Kind // the game's result, for noTruth
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
	// ref is the measure against the reference, when the position has one.
	ref refCell
}

// refCell is one evaluation measured against the reference's evaluation
// of the same position.
type refCell struct {
	done bool
	// leadErr is |score - reference area|; points counts the points the
	// reference is sure of (|ownership| > ReferenceThreshold), agree those
	// where the map has the reference's sign, and sqErr sums the squared
	// differences over them, when there is a map (hasMap).
	leadErr       float64
	hasMap        bool
	points, agree int
	sqErr         float64
	// winnerKnown says that the reference's lead is not 0, and
	// winnerAgrees that the score minus komi has its sign.
	winnerKnown, winnerAgrees bool
}

// measure measures the score (before komi) and the map ctrl (empty for
// none) against the reference r; komi is the game's.
func (c *refCell) measure(r *records.RefPosition, score, komi float64, ctrl []float64) error {
	if len(ctrl) > 0 && len(ctrl) != len(r.Ownership) {
		return fmt.Errorf("%d control values for the reference's %d points", len(ctrl), len(r.Ownership))
	}
	*c = refCell{done: true, leadErr: math.Abs(score - r.Area())}
	if len(ctrl) > 0 {
		c.hasMap = true
		for p, v := range r.Ownership {
			if math.Abs(v) <= records.ReferenceThreshold {
				continue
			}
			c.points++
			d := ctrl[p] - v
			c.sqErr += d * d
			if ctrl[p]*v > 0 {
				c.agree++
			}
		}
	}
	// The reference's lead is after its komi, the estimate's margin after
	// the game's.
	if lead := r.Area() - komi; lead != 0 {
		c.winnerKnown = true
		c.winnerAgrees = (score-komi)*lead > 0
	}
	return nil
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
func readFile(f *file, cfg *Config, bands []records.Band, contenders int, w *worker) int {
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
func (g *game) measure(sg *sgf.Game, games int, cfg *Config, bands []records.Band, contenders int, w *worker) int {
	g.record = sg
	final, ok := g.replay(sg, bands)
	if !ok || !g.findTruth(sg, games, cfg, &final, w) {
		return 0
	}
	if g.skip = g.usable(); !g.used() {
		return 0
	}
	g.findRefs(cfg.Reference, final.Geometry().N)
	return g.evaluate(cfg, bands, contenders, w, final.Geometry().N)
}

// replay plays the main line, keeping the position of each band (g.at,
// g.boards), and returns the final position; ok is false, with the game
// failed, if the moves cannot be replayed.
func (g *game) replay(sg *sgf.Game, bands []records.Band) (final board.Board, ok bool) {
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
func (g *game) evaluate(cfg *Config, bands []records.Band, contenders int, w *worker, n int) int {
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
			g.tie(&g.cells[i][0], w.zero[:n], g.refs[i])
		}
		for j, e := range w.ests {
			if g.estimate(&g.cells[i][first+j], e, i, w) {
				positions++
			}
		}
		if cfg.Reference != nil {
			g.reference(&g.cells[i][contenders-1], g.refs[i])
		}
	}
	return positions
}

// findRefs looks up the reference's evaluation of each band's position
// (g.refs), noting the positions it lacks (g.missing) and listing one
// that does not fit the board (n points) in g.errs.
func (g *game) findRefs(ref *records.Reference, n int) {
	g.refs = make([]*records.RefPosition, len(g.at))
	if ref == nil {
		return
	}
	for i, m := range g.at {
		if m < 0 {
			continue
		}
		r := ref.Lookup(g.file, g.index, m)
		switch {
		case r == nil:
			if !slices.Contains(g.missing, m) { // two bands may sample one move
				g.missing = append(g.missing, m)
			}
		case len(r.Ownership) != n:
			g.errs = append(g.errs, fmt.Sprintf("%s:%d: the reference has %d points at move %d, the board %d", ref.Name, r.Line, len(r.Ownership), m, n))
		default:
			if why := r.Mismatch(g.boards[i].ToMove(), g.truth.Komi); why != "" {
				if w := fmt.Sprintf("%s:%d: %s: position left out", ref.Name, r.Line, why); !slices.Contains(g.warns, w) {
					g.warns = append(g.warns, w) // two bands may sample one move
				}
				continue
			}
			g.refs[i] = r
		}
	}
}

// reference fills c with the reference's own evaluation r, measured like
// an estimator's (untimed); nil leaves it not done.
func (g *game) reference(c *cell, r *records.RefPosition) {
	if r == nil {
		return
	}
	t := &g.truth
	if t.Final != nil {
		c.measure(r.Ownership, t.Final) // findRefs checked the size
	}
	c.done, c.score = true, r.Area()
	c.hasWin, c.win = t.Result.Winner != board.Empty, r.Winrate
	c.ref.measure(r, c.score, t.Komi, r.Ownership)
}

// tie fills c with the tie baseline: score komi, control zero (all 0), a
// win probability of 1/2; measured against the reference r if not nil.
func (g *game) tie(c *cell, zero []float64, r *records.RefPosition) {
	c.done, c.score = true, g.truth.Komi
	c.hasWin, c.win = true, 0.5
	if g.truth.Final != nil {
		c.measure(zero, g.truth.Final)
	}
	if r != nil {
		c.ref.measure(r, c.score, g.truth.Komi, zero)
	}
}

// estimate evaluates the position of band i with e into c, timing the
// estimate, and reports whether it succeeded; a failure is listed in
// g.errs.
func (g *game) estimate(c *cell, e control.Estimator, i int, w *worker) bool {
	t := &g.truth
	b := &g.boards[i]
	start := time.Now()
	err := g.estimateWith(e, w, i)
	c.ns = time.Since(start).Nanoseconds()
	c.timed = true
	if err == nil && t.Final != nil {
		err = c.measure(w.res.Control, t.Final)
	}
	if wp, ok := e.(control.WinPredictor); ok && err == nil && t.Result.Winner != board.Empty {
		c.win, c.hasWin, err = wp.WinProbability(b, t.Komi)
	}
	if r := g.refs[i]; r != nil && err == nil {
		err = c.ref.measure(r, w.res.Score, t.Komi, w.res.Control)
	}
	if err != nil {
		c.failed = true
		g.errs = append(g.errs, fmt.Sprintf("%s at move %d: %v", e.Name(), g.at[i], err))
		return false
	}
	c.done, c.score = true, w.res.Score
	return true
}

// estimateWith evaluates the position of band i with e into w.res: with
// its record, komi and area scoring for an estimator that reads them (the
// network), else the board alone. A record that carries out a suicide gives
// the board alone, as rules that forbid suicide cannot replay it.
func (g *game) estimateWith(e control.Estimator, w *worker, i int) error {
	ge, ok := e.(control.GameEstimator)
	if !ok || g.record == nil {
		return e.Estimate(&w.res, &g.boards[i])
	}
	rec := control.Game{Start: &g.boards[i], Komi: g.truth.Komi}
	h, err := g.record.History(g.at[i])
	if err != nil {
		return err
	}
	if !h.Suicide {
		rec.Start, rec.Moves = &h.Start, h.Moves
	}
	return ge.EstimateGame(&w.res, &rec)
}
