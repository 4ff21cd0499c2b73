package predict

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"goeval/board"
	"goeval/internal/pool"
	"goeval/internal/progress"
	"goeval/movemodel"
	"goeval/records"
	"goeval/sgf"
)

// Ranker orders the moves of positions. A Ranker may own scratch memory
// and processes: each worker gets its own.
type Ranker interface {
	// Order lists moves of the side to move of pos, best first.
	Order(ctx context.Context, pos *records.Position) (Order, error)
	// Close releases the ranker (stops an engine).
	Close() error
}

// Order is a ranker's answer for one position.
type Order struct {
	// Moves lists moves, best first (board.Pass for a pass); it may hold
	// only the best few.
	Moves []board.Point
	// Probs, if not nil, holds the probability of each of Moves; a
	// probability model lists every legal move and the pass.
	Probs []float64
}

// Contender is a ranker taking part.
type Contender struct {
	// Name is its name in the report.
	Name string
	// New makes one ranker; every worker makes its own.
	New func() (Ranker, error)
}

// Phase is a range of move numbers of the answer, from 1.
type Phase struct {
	Name     string
	From, To int // To 0: no end
}

// DefaultPhases are the phases of the report besides "all".
var DefaultPhases = []Phase{{"1-50", 1, 50}, {"51-150", 51, 150}, {"151+", 151, 0}}

func (p Phase) holds(move int) bool { return move >= p.From && (p.To == 0 || move <= p.To) }

// DefaultEvery is Config.Every's default, which goeval predict shows as
// its own.
const DefaultEvery = 5

// Config says what to measure. The zero value measures nothing.
type Config struct {
	Contenders []Contender
	// Every samples the positions after 0, Every, 2*Every, ... moves; 0
	// or less means DefaultEvery.
	Every int
	// Phases are the phases reported besides "all"; nil means
	// DefaultPhases.
	Phases []Phase
	// Workers is the number of workers (and of rankers per contender); 0
	// means GOMAXPROCS.
	Workers int
	// Progress, if not nil, is called as the run goes on, from one
	// goroutine at a time.
	Progress func(Progress)
}

// Progress says how far a run has got: Phase is "reading" while the
// records are read (Done and Total count files), "ranking" after (games).
type Progress = progress.State

// Row is one contender's figures over one phase.
type Row struct {
	Name  string `json:"name"`
	Phase string `json:"phase"`
	// Positions counts the positions ranked; Failed those where the
	// ranker failed, which the figures leave out.
	Positions int `json:"positions"`
	Failed    int `json:"failed,omitempty"`
	// Top1, Top5 and Top10 are shares of Positions, each with its
	// standard error (SE).
	Top1    float64 `json:"top1"`
	Top1SE  float64 `json:"top1_se"`
	Top5    float64 `json:"top5"`
	Top5SE  float64 `json:"top5_se"`
	Top10   float64 `json:"top10"`
	Top10SE float64 `json:"top10_se"`
	// LogLik is the mean log-probability of the answer, for rankers that
	// give probabilities; nil for the others.
	LogLik   *float64 `json:"log_likelihood,omitempty"`
	LogLikSE *float64 `json:"log_likelihood_se,omitempty"`
	// Micros is the mean time per position in microseconds.
	Micros   float64 `json:"micros"`
	MicrosSE float64 `json:"micros_se"`
}

// Report is the result of Run.
type Report struct {
	Files     int `json:"files"`
	Games     int `json:"games"`
	Positions int `json:"positions"`
	Every     int `json:"every"`
	// Interrupted says the run was cancelled: the figures are those of
	// the games finished.
	Interrupted bool `json:"interrupted,omitempty"`
	// Rows holds per contender, in order, the row of all positions and
	// then one per phase.
	Rows []Row `json:"rows"`
	// Unreadable lists files and games that could not be used; Errors the
	// failures of rankers (the first few of each).
	Unreadable []records.FileError `json:"unreadable,omitempty"`
	Errors     []string            `json:"errors,omitempty"`
	// Warnings lists the oddities of the records (package sgf's
	// warnings, "file:line:col: sgf: warning: ...") that did not stop
	// them from being used.
	Warnings []records.FileError `json:"warnings,omitempty"`
	// Elapsed is the time the run took.
	Elapsed time.Duration `json:"-"`
}

// game is one game of the run and its positions.
type game struct {
	positions []records.Position
	cells     [][]cell // [position][contender]
}

// cell is one contender's answer for one position.
type cell struct {
	done   bool
	failed bool
	place  int // 1-based place of the answer, 0 if not listed
	logp   float64
	hasP   bool
	ns     int64
}

// maxErrors is how many ranker failures a report lists per contender.
const maxErrors = 5

// Run reads the game records in files and measures every contender on
// them (see the package documentation). It returns an error only if the
// run cannot be carried out (a contender that does not start, or two
// with one name); a cancelled run returns what was finished, marked
// Interrupted.
func Run(ctx context.Context, cfg Config, files []string) (*Report, error) {
	start := time.Now()
	rep, err := run(ctx, cfg, files)
	if rep != nil {
		rep.Elapsed = time.Since(start)
	}
	return rep, err
}

func run(ctx context.Context, cfg Config, files []string) (*Report, error) {
	every := cfg.Every
	if every <= 0 {
		every = DefaultEvery
	}
	phases := cfg.Phases
	if phases == nil {
		phases = DefaultPhases
	}
	for i, c := range cfg.Contenders {
		for _, o := range cfg.Contenders[:i] {
			if c.Name == o.Name {
				return nil, fmt.Errorf("predict: two contenders named %q", c.Name)
			}
		}
		r, err := c.New()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.Name, err)
		}
		r.Close()
	}
	rep := &Report{Files: len(files), Every: every}
	pr := progress.New(cfg.Progress)

	// Read and replay every record.
	pr.Begin("reading", "files", len(files))
	perFile := make([][]*game, len(files))
	fileErrs := make([][]records.FileError, len(files))
	fileWarns := make([][]records.FileError, len(files))
	err := pool.Map(ctx, cfg.Workers, len(files), func() (struct{}, error) { return struct{}{}, nil },
		func(_ context.Context, _ struct{}, i int) error {
			perFile[i], fileErrs[i], fileWarns[i] = readFile(files[i], every)
			pr.Add(1, 0)
			return nil
		})
	if err != nil && !errors.Is(err, context.Canceled) {
		return nil, err
	}
	var games []*game
	for i := range files {
		rep.Unreadable = append(rep.Unreadable, fileErrs[i]...)
		rep.Warnings = append(rep.Warnings, fileWarns[i]...)
		for _, g := range perFile[i] {
			for k := range g.positions {
				g.positions[k].Serial = len(games)
			}
			g.cells = make([][]cell, len(g.positions))
			for k := range g.cells {
				g.cells[k] = make([]cell, len(cfg.Contenders))
			}
			games = append(games, g)
		}
	}
	if err != nil {
		rep.Interrupted = true
		return rep, nil
	}

	// Rank: each worker owns one ranker per contender.
	var errMu sync.Mutex
	errs := make([][]string, len(cfg.Contenders))
	pr.Begin("ranking", "games", len(games))
	var made []Ranker // every ranker made, to close at the end
	defer func() {
		for _, r := range made {
			r.Close()
		}
	}()
	err = pool.Map(ctx, cfg.Workers, len(games), func() ([]Ranker, error) {
		rs := make([]Ranker, 0, len(cfg.Contenders))
		for _, c := range cfg.Contenders {
			r, err := c.New()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", c.Name, err)
			}
			errMu.Lock()
			made = append(made, r)
			errMu.Unlock()
			rs = append(rs, r)
		}
		return rs, nil
	}, func(ctx context.Context, rs []Ranker, i int) error {
		g := games[i]
		for k := range g.positions {
			pos := &g.positions[k]
			for ci, r := range rs {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				start := time.Now()
				o, err := r.Order(ctx, pos)
				c := &g.cells[k][ci]
				c.ns = time.Since(start).Nanoseconds()
				c.done = true
				if err != nil {
					if ctx.Err() != nil {
						c.done = false
						return ctx.Err()
					}
					c.failed = true
					errMu.Lock()
					if len(errs[ci]) < maxErrors {
						errs[ci] = append(errs[ci], fmt.Sprintf("%s: %s move %d: %v", cfg.Contenders[ci].Name, gameName(pos), pos.Move, err))
					}
					errMu.Unlock()
					continue
				}
				c.place, c.logp, c.hasP = score(o, pos.Next)
			}
		}
		pr.Add(1, len(g.positions))
		return nil
	})
	if err != nil {
		if !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
			return nil, err
		}
		rep.Interrupted = true
	}
	for _, e := range errs {
		rep.Errors = append(rep.Errors, e...)
	}
	rep.tally(cfg.Contenders, phases, games)
	return rep, nil
}

// score returns the place of the answer in o (0 if not listed) and the
// log-probability o gave it, if o has probabilities.
func score(o Order, answer board.Point) (place int, logp float64, hasP bool) {
	for i, p := range o.Moves {
		if p == answer {
			place = i + 1
			break
		}
	}
	if o.Probs != nil {
		hasP = true
		logp = math.Inf(-1)
		if place > 0 {
			logp = math.Log(o.Probs[place-1])
		}
	}
	return place, logp, hasP
}

// gameName names a position's game for messages.
func gameName(p *records.Position) string {
	if p.Game > 1 {
		return fmt.Sprintf("%s (game %d)", p.File, p.Game)
	}
	return p.File
}

// readFile reads every game of one record and samples its positions; it
// returns the games, the errors and the warnings.
func readFile(path string, every int) ([]*game, []records.FileError, []records.FileError) {
	c, err := sgf.ReadFile(path)
	if err != nil {
		return nil, []records.FileError{{File: path, Err: err.Error()}}, nil
	}
	var out []*game
	var errs, warns []records.FileError
	warn := func(name string, ws []sgf.Warning) {
		for _, w := range ws {
			warns = append(warns, records.FileError{File: name, Err: w.String()})
		}
	}
	for k := 1; k <= c.Games(); k++ {
		name := path
		if c.Games() > 1 {
			name = fmt.Sprintf("%s (game %d)", path, k)
		}
		sg, err := c.Game(k)
		if err != nil {
			errs = append(errs, records.FileError{File: name, Err: err.Error()})
			continue
		}
		warn(name, sg.Warnings)
		moves, setup, err := sg.Moves()
		if err != nil {
			errs = append(errs, records.FileError{File: name, Err: err.Error()})
			continue
		}
		if len(moves) == 0 {
			errs = append(errs, records.FileError{File: name, Err: "no moves to predict"})
			continue
		}
		var hist []board.Move
		if !setup {
			hist = moves
		}
		g := &game{}
		sum, err := sg.Replay(func(n int, b *board.Board) error {
			if n%every != 0 || n >= len(moves) {
				return nil
			}
			pos := records.Position{File: path, Game: k, Size: sg.Info.Size, Komi: sg.Info.Komi, Move: n, Board: new(board.Board),
				Next: moves[n].Point}
			pos.Last, pos.Last2 = movemodel.LastMoves(moves[:n])
			*pos.Board = *b
			pos.Board.SetToMove(moves[n].Color)
			if hist != nil {
				pos.Moves = hist[:n]
			}
			g.positions = append(g.positions, pos)
			return nil
		})
		warn(name, sum.Warnings)
		if err != nil {
			// Positions before an illegal move are still good.
			errs = append(errs, records.FileError{File: name, Err: err.Error()})
		}
		if len(g.positions) > 0 {
			out = append(out, g)
		}
	}
	return out, errs, warns
}

// tally fills the report's rows from the games finished: those whose
// every position every contender has answered (or failed on). A game an
// interrupt cut short is left out whole, so that the figures are those of
// the games counted and every row holds the same positions.
func (r *Report) tally(cs []Contender, phases []Phase, games []*game) {
	all := append([]Phase{{Name: "all", From: 0}}, phases...)
	var finished []*game
	for _, g := range games {
		if g.finished() {
			finished = append(finished, g)
		}
	}
	r.Games = len(finished)
	for ci, c := range cs {
		for _, ph := range all {
			var a acc
			for _, g := range finished {
				for k := range g.positions {
					cl := g.cells[k][ci]
					if !ph.holds(g.positions[k].Move + 1) {
						continue
					}
					a.add(&cl)
				}
			}
			r.Rows = append(r.Rows, a.row(c.Name, ph.Name))
			if ph.Name == "all" && ci == 0 {
				r.Positions = a.n + a.failed
			}
		}
	}
}

// finished reports whether every contender has answered, or failed on,
// every position of g.
func (g *game) finished() bool {
	for _, cs := range g.cells {
		for _, c := range cs {
			if !c.done {
				return false
			}
		}
	}
	return true
}

// acc accumulates one row.
type acc struct {
	n, failed int
	top       [3]int
	ll, ll2   float64
	hasP      int
	infinite  bool
	us, us2   float64
	timed     int
}

func (a *acc) add(c *cell) {
	us := float64(c.ns) / 1e3
	a.us += us
	a.us2 += us * us
	a.timed++
	if c.failed {
		a.failed++
		return
	}
	a.n++
	for i, k := range [3]int{1, 5, 10} {
		if c.place > 0 && c.place <= k {
			a.top[i]++
		}
	}
	if c.hasP {
		a.hasP++
		if math.IsInf(c.logp, -1) {
			a.infinite = true
		}
		a.ll += c.logp
		a.ll2 += c.logp * c.logp
	}
}

func (a *acc) row(name, phase string) Row {
	r := Row{Name: name, Phase: phase, Positions: a.n, Failed: a.failed}
	share := func(k int) (float64, float64) {
		if a.n == 0 {
			return 0, 0
		}
		p := float64(k) / float64(a.n)
		return p, math.Sqrt(p * (1 - p) / float64(a.n))
	}
	r.Top1, r.Top1SE = share(a.top[0])
	r.Top5, r.Top5SE = share(a.top[1])
	r.Top10, r.Top10SE = share(a.top[2])
	if a.hasP > 0 && a.hasP == a.n {
		m, se := meanSE(a.ll, a.ll2, a.hasP)
		if a.infinite {
			m, se = math.Inf(-1), 0
		}
		r.LogLik, r.LogLikSE = &m, &se
	}
	r.Micros, r.MicrosSE = meanSE(a.us, a.us2, a.timed)
	return r
}

// meanSE returns the mean of n values with sum s and sum of squares s2,
// and its standard error.
func meanSE(s, s2 float64, n int) (float64, float64) {
	if n == 0 {
		return 0, 0
	}
	m := s / float64(n)
	if n < 2 {
		return m, 0
	}
	v := (s2 - s*m) / float64(n-1)
	return m, math.Sqrt(max(v, 0) / float64(n))
}
