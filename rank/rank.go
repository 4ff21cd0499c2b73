package rank

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync/atomic"

	"goeval/board"
	"goeval/control"
	"goeval/internal/pool"
	"goeval/movemodel"
)

// DefaultTop is the number of best moves whose miai value Rank computes
// when Settings.Top is 0: the 26 that the symmetric-estimate article's Figure 10 letters
// a..z (docs/estimators.md §4).
const DefaultTop = 26

// Settings configures a Ranker. The zero value means the defaults.
type Settings struct {
	// Workers is the number of goroutines that evaluate candidates; 0 (or
	// less) means GOMAXPROCS.
	Workers int
	// Top is the number of best moves whose miai value Rank computes; 0
	// means DefaultTop, a negative number means none.
	Top int
	// Cold turns warm starts off: every evaluation starts from the stones
	// even when the estimator is a control.WarmStarter.
	Cold bool
	// Win asks RankAfter, from an estimator that gives one
	// (control.WinPredictor), the probability that Black wins after each
	// play, at the komi of the call. Rank and Values give none.
	Win bool
	// Model, if not nil, orders the moves by the move model's probability
	// (package movemodel) instead of the one-ply score; every move keeps
	// its one-ply evaluation, and the best Top their miai value. The
	// model's gains are the Ranker's own one-ply gains when its estimator
	// is the one the model names, else those of the model's own.
	Model *Model
	// Policy orders the moves by the estimator's own move probabilities
	// (control.MovePredictor: the network's policy) instead of the
	// one-ply score, with no one-ply evaluations unless PolicyEval: the
	// position itself is evaluated once (Ranking.Pass) and every legal
	// move gets its probability (Move.Prob, Ranking.PassProb).
	Policy bool
	// PolicyEval, with Policy, still evaluates every move one ply deep
	// (Outcome, Gain) and the miai values of the best Top.
	PolicyEval bool
	// ModelOnly, with a Model that does not use the one-ply gain, skips
	// the one-ply evaluations: the moves are ordered by the model alone,
	// with no Outcome, Gain or miai Value (genmove and goeval predict need
	// no more). The position itself is still evaluated (Ranking.Pass).
	ModelOnly bool
}

// Outcome is the evaluation of the position after one play.
type Outcome struct {
	// Score is the estimated score: Black positive, before komi.
	Score float64
	// Captures is the number of stones the play captured.
	Captures int
	// Iterations and Converged are the estimator's, for iterative
	// estimators (see control.Result).
	Iterations int
	Converged  bool
	// Win is the probability that Black wins, when HasWin: by RankAfter
	// with Settings.Win, from an estimator that gives one.
	Win    float64
	HasWin bool
}

// WinFor returns the probability that c wins, by o.Win (Black's); it
// means something only when o.HasWin.
func (o Outcome) WinFor(c board.Color) float64 {
	if c == board.White {
		return 1 - o.Win
	}
	return o.Win
}

// Value is what a play at one empty point is worth, miai counting's way
// (docs/estimators.md §4). Black and White are the outcomes of each colour playing
// the point from the position as it stands; BlackErr and WhiteErr say why a
// colour may not play it (wrapping board.ErrSuicide or board.ErrKo), nil
// when it may, in which case the matching Outcome is meaningless.
type Value struct {
	Point              board.Point
	Black, White       Outcome
	BlackErr, WhiteErr error
	// Deiri is Black.Score - White.Score and Miai is Deiri/2, the gote miai
	// value; both are 0 unless HasMiai.
	Deiri, Miai float64
}

// HasMiai reports whether both colours may play the point, so that Deiri
// and Miai mean something.
func (v *Value) HasMiai() bool { return v.BlackErr == nil && v.WhiteErr == nil }

// Note says, for people, which colours may not play the point and why
// ("White may not play here: suicide"), or "" if both may.
func (v *Value) Note() string {
	switch {
	case v.BlackErr != nil && v.WhiteErr != nil:
		return fmt.Sprintf("neither may play here (Black: %s, White: %s)", reason(v.BlackErr), reason(v.WhiteErr))
	case v.BlackErr != nil:
		return "Black may not play here: " + reason(v.BlackErr)
	case v.WhiteErr != nil:
		return "White may not play here: " + reason(v.WhiteErr)
	}
	return ""
}

func reason(err error) string {
	switch {
	case errors.Is(err, board.ErrSuicide):
		return "suicide"
	case errors.Is(err, board.ErrKo):
		return "ko recapture"
	case errors.Is(err, board.ErrOccupied):
		return "occupied"
	}
	return err.Error()
}

// Move is one candidate of a Ranking.
type Move struct {
	// Point is where the side to move plays.
	Point board.Point
	// Outcome is the evaluation after the move (Score Black positive).
	Outcome
	// Gain is Score minus the score after a pass by the side to move, from
	// the mover's point of view: positive when the move helps the mover.
	Gain float64
	// Value is the point's miai value; nil unless the move is among the
	// best Settings.Top.
	Value *Value
	// Prob is the probability that a strong player chooses the move, by
	// Settings.Model, and Features the move's features there (see
	// movemodel.Group); both 0 without a model.
	Prob     float64
	Features [movemodel.NumGroups]uint32
}

// Stats says how much work a ranking or value map took.
type Stats struct {
	// Evaluations counts estimator calls, the position itself included.
	Evaluations int
	// Iterations is the sum of the iterations of all evaluations (0 for a
	// non-iterative estimator).
	Iterations int
	// NotConverged counts evaluations that hit the iteration cap.
	NotConverged int
	// Warm says whether the plays started from the position's solution.
	Warm bool
}

func (s *Stats) add(o *Outcome) {
	s.Evaluations++
	s.Iterations += o.Iterations
	if o.Iterations > 0 && !o.Converged {
		s.NotConverged++
	}
}

// Ranking is the result of Rank.
type Ranking struct {
	// ToMove is the side whose moves are ranked.
	ToMove board.Color
	// Estimator and Params name the estimator used.
	Estimator string
	Params    []control.Param
	// Pass is the evaluation of the position as it stands, which is also
	// the score after a pass by the side to move (a pass leaves the stones
	// where they are). It always starts from the stones.
	Pass Outcome
	// Moves lists every legal move of ToMove but pass, best first: by
	// the model's probability with a model (Settings.Model), else by score
	// from ToMove's point of view; equal ones in map order. It is empty
	// when pass is the only legal move.
	Moves []Move
	// ByModel says whether Moves are in the model's order; PassProb is
	// then the model's probability of a pass.
	ByModel  bool
	PassProb float64
	// ByPolicy says, with ByModel, that the probabilities are the
	// estimator's own (Settings.Policy), not the move model's.
	ByPolicy bool
	// Stats counts the work done.
	Stats Stats
}

// PlayError is an estimator's failure on the position after one play.
type PlayError struct {
	Color board.Color
	Point board.Point
	// Vertex is Point in GTP coordinates ("Q16"), or "pass" for the
	// position itself.
	Vertex string
	Err    error
}

func (e *PlayError) Error() string {
	if e.Point == board.Pass {
		return fmt.Sprintf("rank: the position itself: %v", e.Err)
	}
	return fmt.Sprintf("rank: after %s %s: %v", e.Color.Name(), e.Vertex, e.Err)
}

func (e *PlayError) Unwrap() error { return e.Err }

// A Ranker ranks moves and values points with one estimator. It keeps its
// workers (their estimators and scratch) from call to call, so a Ranker
// used again does not allocate them anew. A Ranker is not safe for
// concurrent use; its results do not alias its memory.
type Ranker struct {
	newEst  func() control.Estimator
	s       Settings
	record  *control.Game // SetRecord's: the record behind the positions ranked
	workers []*worker
	parent  control.Result
	model   *modelState // with Settings.Model, made on first use
}

// New returns a Ranker that evaluates with estimators made by newEst (one
// per worker, such as a constructor from eval.Factory). It panics with a
// "rank: ..." message if Settings.Model was not made by LoadModel or
// BindModel.
func New(newEst func() control.Estimator, s Settings) *Ranker {
	if m := s.Model; m != nil && (m.Model == nil || m.Uses(movemodel.GroupGain) && m.gain == nil || m.Uses(movemodel.GroupOwner) && m.owner == nil) {
		panic("rank: Settings.Model has estimators unresolved: make it with LoadModel or BindModel")
	}
	if s.Workers <= 0 {
		s.Workers = runtime.GOMAXPROCS(0)
	}
	if s.Top == 0 {
		s.Top = DefaultTop
	}
	return &Ranker{newEst: newEst, s: s, workers: make([]*worker, s.Workers)}
}

// Workers returns the number of workers.
func (r *Ranker) Workers() int { return r.s.Workers }

// SetRecord tells the Ranker the record behind the positions it ranks
// next (nil: none): an estimator that reads records (control.GameEstimator,
// the network) then evaluates the position itself as g, and the position
// after each play as g with that play added. The komi of the win
// probabilities is still RankAfter's, but for an estimator that evaluates
// records in batches (control.BatchEstimator), which gives those of
// g.Komi. The Ranker keeps g.
func (r *Ranker) SetRecord(g *control.Game) {
	r.record = g
	for _, w := range r.workers {
		if w != nil {
			w.record = g
		}
	}
}

// worker is one goroutine's state: its estimator and scratch.
type worker struct {
	est   control.Estimator
	game  control.GameEstimator  // est, if it reads records
	batch control.BatchEstimator // est, if it evaluates records in batches
	// games, moves and results are evalBatch's scratch.
	games   []control.Game
	moves   []board.Move
	results []control.Result
	// record is the Ranker's (SetRecord), and child the record of the
	// position after one play.
	record *control.Game
	child  control.Game
	warm   control.WarmStarter  // est, if it can start from a map
	win    control.WinPredictor // est, if Settings.Win and it gives a win probability
	b      board.Board
	res    control.Result
	start  []float64
}

func (r *Ranker) worker(i int) *worker {
	if r.workers[i] == nil {
		w := &worker{est: r.newEst(), record: r.record}
		w.warm, _ = w.est.(control.WarmStarter)
		w.game, _ = w.est.(control.GameEstimator)
		w.batch, _ = w.est.(control.BatchEstimator)
		if r.s.Win {
			w.win, _ = w.est.(control.WinPredictor)
		}
		r.workers[i] = w
	}
	return r.workers[i]
}

// play is one evaluation job: c plays p on the parent.
type play struct {
	c board.Color
	p board.Point
}

// winAt is the win probabilities one call asks for: none (on false: Rank,
// Values, or no Settings.Win), or those at komi.
type winAt struct {
	on   bool
	komi float64
}

// evalParent evaluates the position itself, from the stones, into
// r.parent.
func (r *Ranker) evalParent(b *board.Board, wa winAt) (Outcome, error) {
	w := r.worker(0)
	var err error
	if w.game != nil && w.record != nil {
		err = w.game.EstimateGame(&r.parent, w.record)
	} else {
		err = w.est.Estimate(&r.parent, b)
	}
	if err != nil {
		return Outcome{}, &PlayError{Color: b.ToMove(), Point: board.Pass, Vertex: "pass", Err: err}
	}
	o := Outcome{Score: r.parent.Score, Iterations: r.parent.Iterations, Converged: r.parent.Converged}
	if err := w.winOf(&o, b, wa); err != nil {
		return Outcome{}, &PlayError{Color: b.ToMove(), Point: board.Pass, Vertex: "pass", Err: err}
	}
	return o, nil
}

// winOf sets o's win probability for b, just estimated, if the call asks
// for one and the worker's estimator gives it.
func (w *worker) winOf(o *Outcome, b *board.Board, wa winAt) (err error) {
	if wa.on && w.win != nil {
		o.Win, o.HasWin, err = w.win.WinProbability(b, wa.komi)
	}
	return err
}

// warm reports whether evaluations start from the parent's solution.
func (r *Ranker) warm() bool {
	return !r.s.Cold && r.worker(0).warm != nil
}

// BatchSize is how many plays a worker hands at once to an estimator that
// evaluates records in batches (control.BatchEstimator: the network).
const BatchSize = 16

// run evaluates every play on the parent b into out (same index), on the
// workers, each play starting from r.parent when warm starts are on, or in
// batches of BatchSize for a BatchEstimator given a record.
func (r *Ranker) run(ctx context.Context, b *board.Board, plays []play, out []Outcome, wa winAt) error {
	if w := r.worker(0); w.batch != nil && w.record != nil {
		return r.runBatches(ctx, b, plays, out, wa)
	}
	warm := r.warm()
	var next atomic.Int32
	newState := func() (*worker, error) { return r.worker(int(next.Add(1) - 1)), nil }
	err := pool.Map(ctx, r.s.Workers, len(plays), newState, func(_ context.Context, w *worker, i int) error {
		pl := plays[i]
		o, err := w.eval(b, pl.c, pl.p, r.parent.Control, warm, wa)
		if err != nil {
			return &PlayError{Color: pl.c, Point: pl.p, Vertex: b.Geometry().GTP(pl.p), Err: err}
		}
		out[i] = o
		return nil
	})
	return unwrapJobs(err)
}

// runBatches is run for a BatchEstimator: each job evaluates BatchSize
// plays (the last fewer) in one call, as the record with the play added.
func (r *Ranker) runBatches(ctx context.Context, b *board.Board, plays []play, out []Outcome, wa winAt) error {
	var next atomic.Int32
	newState := func() (*worker, error) { return r.worker(int(next.Add(1) - 1)), nil }
	jobs := (len(plays) + BatchSize - 1) / BatchSize
	err := pool.Map(ctx, r.s.Workers, jobs, newState, func(_ context.Context, w *worker, j int) error {
		chunk := plays[j*BatchSize : min((j+1)*BatchSize, len(plays))]
		return w.evalBatch(b, chunk, out[j*BatchSize:][:len(chunk)], wa)
	})
	return unwrapJobs(err)
}

// evalBatch evaluates parent after each play of plays into out, with the
// estimator's win probabilities (of the record's komi) if wa asks for them.
func (w *worker) evalBatch(parent *board.Board, plays []play, out []Outcome, wa winAt) error {
	n := len(plays)
	rec := w.record
	k := len(rec.Moves) + 1
	if cap(w.moves) < n*k {
		w.moves = make([]board.Move, n*k)
	}
	w.games = slices.Grow(w.games[:0], n)[:n]
	if cap(w.results) < n {
		w.results = make([]control.Result, n)
	}
	res := w.results[:n]
	for i, pl := range plays {
		w.b = *parent
		if err := w.b.Play(pl.c, pl.p); err != nil {
			return &PlayError{Color: pl.c, Point: pl.p, Vertex: parent.Geometry().GTP(pl.p), Err: err}
		}
		out[i] = Outcome{Captures: w.b.Captures(pl.c) - parent.Captures(pl.c)}
		moves := w.moves[i*k : (i+1)*k : (i+1)*k]
		copy(moves, rec.Moves)
		moves[k-1] = board.Move{Color: pl.c, Point: pl.p}
		w.games[i] = *rec
		w.games[i].Moves = moves
	}
	if err := w.batch.EstimateGames(res, w.games); err != nil {
		return &PlayError{Color: plays[0].c, Point: plays[0].p, Vertex: parent.Geometry().GTP(plays[0].p), Err: err}
	}
	for i := range plays {
		o := &out[i]
		o.Score, o.Iterations, o.Converged = res[i].Score, res[i].Iterations, res[i].Converged
		if wa.on && w.win != nil && res[i].HasWin {
			o.Win, o.HasWin = res[i].Win, true
		}
	}
	return nil
}

// unwrapJobs replaces each *pool.JobError of a joined error by the error it
// holds (a *PlayError, which names the play).
func unwrapJobs(err error) error {
	if err == nil {
		return nil
	}
	var errs []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	} else {
		errs = []error{err}
	}
	out := make([]error, len(errs))
	for i, e := range errs {
		var je *pool.JobError
		if errors.As(e, &je) {
			e = je.Err
		}
		out[i] = e
	}
	if len(out) == 1 {
		return out[0]
	}
	return errors.Join(out...)
}

// eval evaluates parent after c plays p, with the win probability wa asks
// for. With warm set, the estimator is a WarmStarter and starts from
// parentCtl adjusted for the play.
func (w *worker) eval(parent *board.Board, c board.Color, p board.Point, parentCtl []float64, warm bool, wa winAt) (Outcome, error) {
	w.b = *parent
	if err := w.b.Play(c, p); err != nil {
		return Outcome{}, err
	}
	captures := w.b.Captures(c) - parent.Captures(c)
	var err error
	if warm {
		w.start = warmStart(w.start, parentCtl, parent, &w.b, c, p, captures > 0)
		err = w.warm.EstimateFrom(&w.res, &w.b, w.start)
	} else if w.game != nil && w.record != nil {
		w.child = *w.record
		w.child.Moves = append(w.child.Moves[:len(w.child.Moves):len(w.child.Moves)], board.Move{Color: c, Point: p})
		err = w.game.EstimateGame(&w.res, &w.child)
	} else {
		err = w.est.Estimate(&w.res, &w.b)
	}
	if err != nil {
		return Outcome{}, err
	}
	o := Outcome{Score: w.res.Score, Captures: captures, Iterations: w.res.Iterations, Converged: w.res.Converged}
	if err := w.winOf(&o, &w.b, wa); err != nil {
		return Outcome{}, err
	}
	return o, nil
}

// capturedStart is the value a captured stone's point starts from, times
// the mover's colour; a variable so that the benchmarks can compare
// choices.
var capturedStart = 1.0

// warmStart builds into dst (reusing its memory) the start of the child
// position after c played p on parent: the parent's solution, with the new
// stone at c's value (±1) and the points of captured stones at
// capturedStart for c, since they are now c's empty points.
func warmStart(dst, parentCtl []float64, parent, child *board.Board, c board.Color, p board.Point, captured bool) []float64 {
	dst = append(dst[:0], parentCtl...)
	dst[p] = float64(c)
	if captured {
		pc, cc := parent.Cells(), child.Cells()
		for q := range pc {
			if pc[q] == -c && cc[q] == board.Empty {
				dst[q] = capturedStart * float64(c)
			}
		}
	}
	return dst
}

// Rank ranks every legal move of the side to move of b (see the package
// documentation) and computes the miai value of the best Settings.Top.
// It returns an error if ctx is cancelled or the estimator fails; the
// estimator's failures are *PlayErrors, all of them joined. It is
// RankAfter with no moves before, and no win probabilities.
func (r *Ranker) Rank(ctx context.Context, b *board.Board) (*Ranking, error) {
	return r.rankAfter(ctx, b, movemodel.NoMove, movemodel.NoMove, winAt{})
}

// RankAfter is Rank for a position reached by the moves last (the
// previous move) and last2 (the one before): board.Pass for a pass,
// movemodel.NoMove where there was none, which only the model looks at;
// with komi komi, the komi of the win probabilities (Settings.Win).
func (r *Ranker) RankAfter(ctx context.Context, b *board.Board, last, last2 board.Point, komi float64) (*Ranking, error) {
	return r.rankAfter(ctx, b, last, last2, winAt{on: r.s.Win, komi: komi})
}

func (r *Ranker) rankAfter(ctx context.Context, b *board.Board, last, last2 board.Point, wa winAt) (*Ranking, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	mover := b.ToMove()
	est := r.worker(0).est
	rk := &Ranking{ToMove: mover, Estimator: est.Name(), Params: est.Params(), Stats: Stats{Warm: r.warm()}}
	var err error
	if rk.Pass, err = r.evalParent(b, wa); err != nil {
		return nil, err
	}
	rk.Stats.add(&rk.Pass)
	var plays []play
	for p, c := range b.Cells() {
		// Occupied points first: Legal's error for them costs an allocation.
		if c == board.Empty && b.Legal(mover, board.Point(p)) == nil {
			plays = append(plays, play{mover, board.Point(p)})
		}
	}
	out := make([]Outcome, len(plays))
	skip := r.s.Model != nil && r.s.ModelOnly && !r.s.Model.Uses(movemodel.GroupGain) ||
		r.s.Policy && !r.s.PolicyEval
	var probs []float64
	if r.s.Policy {
		// The estimator's probabilities are of the position it evaluated
		// last, the parent: take them before the plays are evaluated.
		mp, ok := est.(control.MovePredictor)
		if !ok {
			return nil, fmt.Errorf("rank: estimator %s gives no move probabilities", est.Name())
		}
		probs = mp.MoveProbabilities(nil)
		if len(probs) != b.Geometry().N+1 {
			return nil, fmt.Errorf("rank: estimator %s gave %d move probabilities for %d points", est.Name(), len(probs), b.Geometry().N)
		}
	}
	if !skip {
		if err := r.run(ctx, b, plays, out, wa); err != nil {
			return nil, err
		}
	}
	rk.Moves = make([]Move, len(plays))
	sign := float64(mover)
	for i, pl := range plays {
		rk.Moves[i] = Move{Point: pl.p, Outcome: out[i], Gain: sign * (out[i].Score - rk.Pass.Score)}
		if !skip {
			rk.Stats.add(&out[i])
		}
	}
	switch {
	case r.s.Policy:
		for i := range rk.Moves {
			rk.Moves[i].Prob = probs[rk.Moves[i].Point]
		}
		rk.ByModel, rk.ByPolicy, rk.PassProb = true, true, probs[len(probs)-1]
		slices.SortStableFunc(rk.Moves, func(a, b Move) int { return cmp.Compare(b.Prob, a.Prob) })
	case r.s.Model != nil:
		if err := r.byModel(ctx, rk, b, last, last2); err != nil {
			return nil, err
		}
	default:
		slices.SortStableFunc(rk.Moves, func(a, b Move) int {
			// Best first by the mover's score; SortStable keeps map order
			// for equal scores.
			return cmp.Compare(sign*b.Score, sign*a.Score)
		})
	}

	if skip {
		for i := range rk.Moves {
			rk.Moves[i].Gain = 0
		}
		return rk, nil
	}

	// Miai values of the best moves: the other colour plays there instead.
	top := min(max(r.s.Top, 0), len(rk.Moves))
	values := make([]Value, top)
	var replies []play
	var replyOf []int
	for i := range top {
		m := &rk.Moves[i]
		v := &values[i]
		v.Point = m.Point
		if mover == board.Black {
			v.Black = m.Outcome
		} else {
			v.White = m.Outcome
		}
		if err := b.Legal(-mover, m.Point); err != nil {
			if mover == board.Black {
				v.WhiteErr = err
			} else {
				v.BlackErr = err
			}
		} else {
			replies = append(replies, play{-mover, m.Point})
			replyOf = append(replyOf, i)
		}
		m.Value = v
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out = make([]Outcome, len(replies))
	if err := r.run(ctx, b, replies, out, wa); err != nil {
		return nil, err
	}
	for j, i := range replyOf {
		v := &values[i]
		if mover == board.Black {
			v.White = out[j]
		} else {
			v.Black = out[j]
		}
		v.setMiai()
		rk.Stats.add(&out[j])
	}
	return rk, nil
}

func (v *Value) setMiai() {
	v.Deiri = v.Black.Score - v.White.Score
	v.Miai = v.Deiri / 2
}
