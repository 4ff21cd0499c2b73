package compare

import (
	"context"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"goeval/board"
	"goeval/control"
	"goeval/eval"
	"goeval/sgf"
)

// Estimator is a goeval estimator taking part in a comparison.
type Estimator struct {
	// Name is the estimator's name in the table.
	Name string
	// New builds a fresh estimator; every worker builds its own.
	New func() control.Estimator
}

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
	// the engine has a map, else empty.
	Evaluate(dst *control.Result, pos *Position) error
	// Close stops the engine.
	Close() error
}

// Position is one sampled position, as an Engine sees it.
type Position struct {
	// File is the game record's path and Game the game's place in it.
	File string
	Game int
	// Serial tells games apart: positions of one game share it.
	Serial int
	// Size and Komi are the game's.
	Size int
	Komi float64
	// Move is the number of moves played.
	Move int
	// Board is the position.
	Board *board.Board
	// Moves holds the first Move moves of the main line, or is nil when
	// the game has setup stones (AB, AW, AE): then only Board tells the
	// position.
	Moves []board.Move
}

// Progress says how far a run has got.
type Progress struct {
	// Phase is "goeval" while goeval's estimators run, "peers" while the
	// peers run.
	Phase string
	// Done and Total count files (goeval phase) or games (peers phase).
	Done, Total int
	// Positions counts the positions evaluated so far in this phase.
	Positions int
	// Elapsed is the time since the phase started.
	Elapsed time.Duration
}

// Config says what to compare. Its zero value compares nothing but the
// tie baseline over DefaultBands, with GOMAXPROCS workers.
type Config struct {
	// Estimators are goeval's estimators to measure, in table order.
	Estimators []Estimator
	// Peers are outside engines to measure, after the estimators.
	Peers []Peer
	// Bands are the move bands; nil means DefaultBands.
	Bands []Band
	// Labels holds the final ownership of counted games; nil for none.
	Labels *Labels
	// Judge builds the estimator of goeval's own final-position
	// judgement (see Judge), used for counted games without labels or
	// markup; nil judges by Benson's algorithm alone.
	Judge func() control.Estimator
	// Workers is the number of workers (and of engines per peer);
	// GOMAXPROCS when 0 or less.
	Workers int
	// OmitTie leaves out the tie baseline row.
	OmitTie bool
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

// FileError is an error (or warning) about one input file.
type FileError struct {
	File string `json:"file"`
	Err  string `json:"error"`
}

// Count is a number of games with a reason.
type Count struct {
	Reason string `json:"reason"`
	Games  int    `json:"games"`
}

// Row holds the metrics of one estimator in one band. A metric is nil when
// nothing stands behind it.
type Row struct {
	Estimator string `json:"estimator"`
	Band      string `json:"band"`
	// Games and Positions count the games and positions evaluated (one
	// position per game and band).
	Games     int `json:"games"`
	Positions int `json:"positions"`
	// SignAgreement is the share, over the points of counted games whose
	// final owner is not 0, where the estimate has the owner's sign (0
	// counts wrong).
	SignAgreement *float64 `json:"sign_agreement"`
	// OwnershipMSE is the mean of (estimate - final owner)² over all
	// points of counted games.
	OwnershipMSE *float64 `json:"ownership_mse"`
	// ScoreMAE is the mean |score - final area score| over counted games.
	ScoreMAE *float64 `json:"score_mae"`
	// WinnerAccuracy is the share of games with a known winner where
	// sign(score - komi) is the winner's (score = komi counts wrong).
	WinnerAccuracy *float64 `json:"winner_accuracy"`
	// WinnerAccuracyCounted and WinnerAccuracyResigned are WinnerAccuracy
	// over the games won by a margin and over the games won by
	// resignation, with their numbers of games.
	WinnerAccuracyCounted  *float64 `json:"winner_accuracy_counted"`
	WinnerAccuracyResigned *float64 `json:"winner_accuracy_resigned"`
	WinnerGamesCounted     int      `json:"winner_games_counted"`
	WinnerGamesResigned    int      `json:"winner_games_resigned"`
	// WinBrier is the mean squared difference between the estimator's
	// probability that Black wins and the outcome (1 if Black won, 0 if
	// White did), and WinLogLoss the mean negative log-likelihood of the
	// outcome (natural log, probabilities clipped to [1e-6, 1-1e-6]), over
	// the WinGames games with a known winner where the estimator gave a
	// probability (see control.WinPredictor). A coin (the tie row's 0.5)
	// scores 0.25 and ln 2 ≈ 0.693; lower is better.
	WinBrier   *float64 `json:"win_brier"`
	WinLogLoss *float64 `json:"win_log_loss"`
	WinGames   int      `json:"win_games"`
	// MicrosPerPosition is the mean time per position in microseconds.
	MicrosPerPosition *float64 `json:"micros_per_position"`
	// CountedGames is the number of counted games behind ScoreMAE, and
	// MapGames of those behind SignAgreement and OwnershipMSE (fewer for a
	// peer without a map); WinnerGames is behind WinnerAccuracy.
	CountedGames int `json:"counted_games"`
	MapGames     int `json:"map_games"`
	WinnerGames  int `json:"winner_games"`
	// TooShort counts the used games too short for the band.
	TooShort int `json:"too_short"`
	// Failed counts positions whose evaluation failed (listed in Errors).
	Failed int `json:"failed"`
}

// TruthCounts says what ground truth the used games had.
type TruthCounts struct {
	// Counted games have a final ownership, from Labels, Markup or
	// Judgement.
	Counted   int `json:"counted"`
	Labels    int `json:"labels"`
	Markup    int `json:"markup"`
	Judgement int `json:"judgement"`
	// MatchResult counts the counted games with a margin in RE[] whose
	// final area score minus komi is within 1 point of it (territory and
	// area counting may differ by a point); ByMargin is their number.
	MatchResult int `json:"match_result"`
	ByMargin    int `json:"by_margin"`
	// Winner counts games with a known winner; ByKind counts games by how
	// they ended.
	Winner int     `json:"winner"`
	ByKind []Count `json:"by_kind"`
}

// Report is the outcome of a run.
type Report struct {
	// Bands and Contenders (estimator names, in row order) of the table.
	Bands      []Band
	Contenders []string
	// Rows are grouped by band, in the order of Bands, and within a band
	// in the order of Contenders.
	Rows []Row
	// Files is the number of input files, UnreadableFiles of those that
	// could not be read at all (listed in Errors).
	Files, UnreadableFiles int
	// GamesRead counts the games found in the files that could be read;
	// GamesUsed those that gave at least one position.
	GamesRead, GamesUsed int
	// Unused says why the other games were not used.
	Unused []Count
	// Truth describes the used games' ground truth.
	Truth TruthCounts
	// JudgementCheck measures goeval's own final-position judgement
	// against the labels, when Config.CheckJudgement asks for it.
	JudgementCheck *JudgementCheck
	// Errors lists every file or game that could not be used and every
	// evaluation that failed; Warnings lists oddities that did not stop
	// a game from being used.
	Errors, Warnings []FileError
	// Interrupted says what the report leaves out when the run was
	// cancelled ("interrupted: 12 of 300 files read"); "" for a run that
	// finished.
	Interrupted string
}

// JudgementCheck measures goeval's final-position judgement (Judge)
// against a labels file, on the used games that have a label.
type JudgementCheck struct {
	// Games is the number of labelled games judged.
	Games int `json:"games"`
	// PointAgreement is the share of their points whose judged final owner
	// is the label's.
	PointAgreement float64 `json:"point_agreement"`
	// AreaWithin1 is the share of games whose judged area score is within
	// 1 point of the label's; AreaMAE the mean absolute difference.
	AreaWithin1 float64 `json:"area_within_1"`
	AreaMAE     float64 `json:"area_mae"`
	// DeadLabels and DeadJudged count the dead stones of the labels and of
	// the judgement.
	DeadLabels int `json:"dead_labels"`
	DeadJudged int `json:"dead_judged"`
}

// Row returns the row of estimator name in band, or nil.
func (r *Report) Row(name string, band Band) *Row {
	for i := range r.Rows {
		if r.Rows[i].Estimator == name && r.Rows[i].Band == band.String() {
			return &r.Rows[i]
		}
	}
	return nil
}

// Files expands paths into game records: a file is taken as it is, a
// folder is walked recursively for files ending in .sgf (in any case), in
// lexical order. Paths that cannot be read are returned as errors.
func Files(paths []string) ([]string, []FileError) {
	var out []string
	var errs []FileError
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			errs = append(errs, FileError{p, err.Error()})
			continue
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		found := 0
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				errs = append(errs, FileError{path, err.Error()})
				return nil
			}
			if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".sgf") {
				out = append(out, path)
				found++
			}
			return nil
		})
		if err != nil {
			errs = append(errs, FileError{p, err.Error()})
		} else if found == 0 {
			errs = append(errs, FileError{p, "no .sgf files in this folder"})
		}
	}
	return out, errs
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
	used   bool
	unused string // why not, when !used

	// The judgement check: points agreeing with the label, area
	// difference, dead stones judged.
	checked    bool
	checkAgree int
	checkArea  float64
	checkDead  int

	errs, warns []string
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

type file struct {
	path  string
	games []*game
	err   error
}

// progress serialises progress reports.
type progress struct {
	mu        sync.Mutex
	f         func(Progress)
	p         Progress
	start     time.Time
	lastPhase string
}

func (pr *progress) begin(phase string, total int) {
	if pr.f == nil {
		return
	}
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.p = Progress{Phase: phase, Total: total}
	pr.start = time.Now()
	pr.f(pr.p)
}

func (pr *progress) add(done, positions int) {
	if pr.f == nil {
		return
	}
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.p.Done += done
	pr.p.Positions += positions
	pr.p.Elapsed = time.Since(pr.start)
	pr.f(pr.p)
}

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
		bands = DefaultBands
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
	for i, n := range names {
		for _, m := range names[:i] {
			if n == m {
				return nil, fmt.Errorf("compare: two contenders named %q", n)
			}
		}
	}
	pr := &progress{f: cfg.Progress}
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
	pr.begin("goeval", len(files))
	var done atomic.Int64 // files read
	err := eval.Map(ctx, cfg.Workers, len(files), func() (*worker, error) {
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
		pr.add(1, positions)
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
			if g.used {
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
	r := report(&cfg, bands, names, firstPeer, data)
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
			g.unused = "unreadable or unsupported game"
			g.errs = append(g.errs, err.Error())
			continue
		}
		for _, wn := range sg.Warnings {
			g.warns = append(g.warns, wn.String())
		}
		positions += g.measure(sg, coll.Games(), cfg, bands, contenders, w)
	}
	return positions
}

// measure replays the game, finds its truth and evaluates the estimators.
func (g *game) measure(sg *sgf.Game, games int, cfg *Config, bands []Band, contenders int, w *worker) int {
	moves, setup, err := sg.Moves()
	total := len(moves)
	setup = setup || err != nil // the replay reports a malformed move
	g.total = total
	if !setup {
		g.moves = moves
	}
	g.at = make([]int, len(bands))
	want := map[int]bool{}
	anyBand := false
	for i, b := range bands {
		n, ok := b.At(total)
		if !ok {
			n = -1
		} else {
			want[n] = true
			anyBand = true
		}
		g.at[i] = n
	}
	g.boards = make([]board.Board, len(bands))
	var final board.Board
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
		g.unused = "illegal move or unreadable move"
		g.errs = append(g.errs, err.Error())
		return 0
	}
	if sum.Moves != total {
		g.unused = "unreadable moves"
		g.errs = append(g.errs, fmt.Sprintf("replayed %d moves, counted %d", sum.Moves, total))
		return 0
	}
	for _, wn := range sum.Warnings {
		g.warns = append(g.warns, wn.String())
	}

	// The truth.
	t := &g.truth
	t.Komi = sg.Info.Komi
	t.Result, err = ParseResult(sg.Info.Result)
	if err != nil {
		g.warns = append(g.warns, err.Error()+": result taken as unknown")
	}
	if l := cfg.Labels.Lookup(g.file); l != nil {
		switch {
		case games > 1:
			g.warns = append(g.warns, fmt.Sprintf("%s:%d: labels ignored: the file holds %d games and a label cannot tell which", cfg.Labels.Name, l.Line, games))
		case len(l.Ownership) != final.Geometry().N:
			g.unused = "labels do not fit the record"
			g.errs = append(g.errs, fmt.Sprintf("%s:%d: the label has %d points, the board %d", cfg.Labels.Name, l.Line, len(l.Ownership), final.Geometry().N))
			return 0
		case l.Moves != 0 && l.Moves != total:
			g.unused = "labels do not fit the record"
			g.errs = append(g.errs, fmt.Sprintf("%s:%d: the label says %d moves, the record has %d", cfg.Labels.Name, l.Line, l.Moves, total))
			return 0
		default:
			t.Final, t.Area, t.Source, t.Dead = l.Ownership, l.AreaScore, FromLabels, len(l.Dead)
			if cfg.CheckJudgement {
				w.dead, err = w.judge.Dead(w.dead[:0], &final)
				if err != nil {
					g.errs = append(g.errs, err.Error())
					break
				}
				var own []int8
				var area float64
				own, area = Ownership(nil, &final, w.dead)
				g.checked, g.checkArea, g.checkDead = true, area-l.AreaScore, len(w.dead)
				for p, v := range own {
					if v == l.Ownership[p] {
						g.checkAgree++
					}
				}
			}
		}
	}
	if t.Final == nil && t.Result.Counted() {
		dead, ok, err := MarkupDead(sg.MainLine()[len(sg.MainLine())-1], &final)
		if err != nil {
			g.warns = append(g.warns, fmt.Sprintf("%s:%v: markup ignored", g.file, err))
		}
		src := FromMarkup
		if !ok || err != nil {
			src = FromJudgement
			w.dead, err = w.judge.Dead(w.dead[:0], &final)
			if err != nil {
				g.unused = "final-position judgement failed"
				g.errs = append(g.errs, err.Error())
				return 0
			}
			dead = w.dead
		}
		t.Final, t.Area = Ownership(nil, &final, dead)
		t.Source, t.Dead = src, len(dead)
	}
	switch {
	case !anyBand:
		g.unused = "shorter than every band"
		return 0
	case t.Final == nil && t.Result.Winner == board.Empty:
		g.unused = "no truth (result " + t.Result.Kind.String() + ", no final ownership)"
		return 0
	}
	g.used = true

	// The tie baseline and goeval's estimators.
	g.cells = make([][]cell, len(bands))
	positions := 0
	first := 0
	if !cfg.OmitTie {
		first = 1
	}
	n := final.Geometry().N
	if len(w.zero) < n {
		w.zero = make([]float64, n)
	}
	for i := range bands {
		g.cells[i] = make([]cell, contenders)
		if g.at[i] < 0 {
			continue
		}
		if first == 1 {
			c := &g.cells[i][0]
			c.done, c.score = true, t.Komi
			c.hasWin, c.win = true, 0.5
			if t.Final != nil {
				c.measure(w.zero[:n], t.Final)
			}
		}
		b := &g.boards[i]
		for j, e := range w.ests {
			c := &g.cells[i][first+j]
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
				continue
			}
			c.done, c.score = true, w.res.Score
			positions++
		}
	}
	return positions
}

// peerWorker is one worker's engines.
type peerWorker struct {
	engines []Engine
	res     control.Result
}

func runPeers(ctx context.Context, cfg *Config, bands []Band, used []*game, first int, pr *progress) error {
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
	pr.begin("peers", len(used))
	errs := make([][]string, len(used))
	err := eval.Map(ctx, cfg.Workers, len(used), func() (*peerWorker, error) {
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
				if w.engines[pi] == nil {
					e, err := p.Start()
					if err != nil {
						errs[gi] = append(errs[gi], fmt.Sprintf("peer %s: restart: %v", p.Name, err))
						g.cells[i][first+pi].failed = true
						continue
					}
					w.engines[pi] = e
				}
				pos := &Position{File: g.file, Game: g.index, Serial: g.serial, Size: g.boards[i].Size(),
					Komi: g.truth.Komi, Move: g.at[i], Board: &g.boards[i]}
				if g.moves != nil {
					pos.Moves = g.moves[:g.at[i]]
				}
				c := &g.cells[i][first+pi]
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
				if err != nil {
					c.failed = true
					errs[gi] = append(errs[gi], fmt.Sprintf("peer %s at move %d: %v", p.Name, g.at[i], err))
					w.engines[pi].Close()
					w.engines[pi] = nil // a fresh engine for the next position
					continue
				}
				c.done, c.score = true, w.res.Score
				positions++
			}
		}
		pr.add(1, positions)
		return nil
	})
	for gi, e := range errs {
		used[gi].errs = append(used[gi].errs, e...)
	}
	return err
}

func checkControl(ctrl []float64) error {
	for p, v := range ctrl {
		if !(v >= -1 && v <= 1) {
			return fmt.Errorf("control value %v at point %d is outside [-1, 1]", v, p)
		}
	}
	return nil
}

// report aggregates the cells, in file and game order.
func report(cfg *Config, bands []Band, names []string, firstPeer int, data []file) *Report {
	r := &Report{Bands: bands, Contenders: names, Files: len(data)}
	unused := map[string]int{}
	kinds := map[Kind]int{}
	var used []*game
	for fi := range data {
		f := &data[fi]
		if f.err != nil {
			r.Errors = append(r.Errors, FileError{f.path, f.err.Error()})
			r.UnreadableFiles++
			continue
		}
		for _, g := range f.games {
			r.GamesRead++
			for _, e := range g.errs {
				r.Errors = append(r.Errors, FileError{g.name, e})
			}
			for _, w := range g.warns {
				r.Warnings = append(r.Warnings, FileError{g.name, w})
			}
			if !g.used {
				unused[g.unused]++
				continue
			}
			used = append(used, g)
			t := &g.truth
			kinds[t.Result.Kind]++
			if t.Final != nil {
				r.Truth.Counted++
				if t.Result.Kind == Score {
					r.Truth.ByMargin++
					if math.Abs(t.Area-t.Komi-t.Result.Margin) <= 1 {
						r.Truth.MatchResult++
					}
				}
				switch t.Source {
				case FromLabels:
					r.Truth.Labels++
				case FromMarkup:
					r.Truth.Markup++
				case FromJudgement:
					r.Truth.Judgement++
				}
			}
			if t.Result.Winner != board.Empty {
				r.Truth.Winner++
			}
		}
	}
	r.GamesUsed = len(used)
	if cfg.CheckJudgement {
		jc := &JudgementCheck{}
		var agree, points, within int
		var absErr float64
		for _, g := range used {
			if !g.checked {
				continue
			}
			jc.Games++
			agree += g.checkAgree
			points += len(g.truth.Final)
			absErr += math.Abs(g.checkArea)
			if math.Abs(g.checkArea) <= 1 {
				within++
			}
			jc.DeadLabels += g.truth.Dead
			jc.DeadJudged += g.checkDead
		}
		if jc.Games > 0 {
			jc.PointAgreement = float64(agree) / float64(points)
			jc.AreaWithin1 = float64(within) / float64(jc.Games)
			jc.AreaMAE = absErr / float64(jc.Games)
		}
		r.JudgementCheck = jc
	}
	for k := Unknown; k <= Win; k++ {
		if kinds[k] > 0 {
			r.Truth.ByKind = append(r.Truth.ByKind, Count{k.String(), kinds[k]})
		}
	}
	for reason, n := range unused {
		r.Unused = append(r.Unused, Count{reason, n})
	}
	sort.Slice(r.Unused, func(i, j int) bool {
		if r.Unused[i].Games != r.Unused[j].Games {
			return r.Unused[i].Games > r.Unused[j].Games
		}
		return r.Unused[i].Reason < r.Unused[j].Reason
	})

	for bi, band := range bands {
		for ci, name := range names {
			row := Row{Estimator: name, Band: band.String()}
			var agree, nonzero, points int
			var sqErr, absErr, ns float64
			var right, rightCounted, rightResigned int
			var brier, logLoss float64
			timed := 0
			for _, g := range used {
				if g.at[bi] < 0 {
					row.TooShort++
					continue
				}
				c := &g.cells[bi][ci]
				if c.failed {
					row.Failed++
				}
				if !c.done {
					continue
				}
				row.Games++
				row.Positions++
				if c.timed {
					timed++
					ns += float64(c.ns)
				}
				t := &g.truth
				if t.Final != nil {
					row.CountedGames++
					absErr += math.Abs(c.score - t.Area)
					if c.hasMap {
						row.MapGames++
						agree += c.agree
						nonzero += c.nonzero
						points += c.points
						sqErr += c.sqErr
					}
				}
				if t.Result.Winner != board.Empty {
					d := c.score - t.Komi
					ok := (d > 0 && t.Result.Winner == board.Black) || (d < 0 && t.Result.Winner == board.White)
					row.WinnerGames++
					if ok {
						right++
					}
					if c.hasWin {
						row.WinGames++
						b, l := winLoss(c.win, t.Result.Winner == board.Black)
						brier += b
						logLoss += l
					}
					switch t.Result.Kind {
					case Score:
						row.WinnerGamesCounted++
						if ok {
							rightCounted++
						}
					case Resignation:
						row.WinnerGamesResigned++
						if ok {
							rightResigned++
						}
					}
				}
			}
			row.SignAgreement = ratio(float64(agree), nonzero)
			row.OwnershipMSE = ratio(sqErr, points)
			row.ScoreMAE = ratio(absErr, row.CountedGames)
			row.WinnerAccuracy = ratio(float64(right), row.WinnerGames)
			row.WinnerAccuracyCounted = ratio(float64(rightCounted), row.WinnerGamesCounted)
			row.WinnerAccuracyResigned = ratio(float64(rightResigned), row.WinnerGamesResigned)
			row.WinBrier = ratio(brier, row.WinGames)
			row.WinLogLoss = ratio(logLoss, row.WinGames)
			row.MicrosPerPosition = ratio(ns/1e3, timed)
			r.Rows = append(r.Rows, row)
		}
	}
	return r
}

// winLoss returns the squared error and the log loss of the probability p
// that Black wins, for the outcome blackWon.
func winLoss(p float64, blackWon bool) (brier, logLoss float64) {
	q := min(max(p, 1e-6), 1-1e-6)
	if !blackWon {
		p, q = 1-p, 1-q
	}
	return (1 - p) * (1 - p), -math.Log(q)
}

func ratio(num float64, den int) *float64 {
	if den == 0 {
		return nil
	}
	v := num / float64(den)
	return &v
}
