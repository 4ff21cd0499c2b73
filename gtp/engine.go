package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"goeval/board"
	"goeval/control"
	"goeval/ko"
	"goeval/movemodel"
	"goeval/rank"
	"goeval/render"
	"goeval/sgf"
)

// DefaultKomi is the komi of a new engine, until a komi or loadsgf
// command sets it.
const DefaultKomi = 6.5

// ErrConfig reports an unusable Config.
var ErrConfig = errors.New("gtp: bad configuration")

// Estimator is an estimator offered by name in the analyze commands.
type Estimator = control.Named

// Config configures an Engine. Judge is required; the zero value of every
// other field means its default.
type Config struct {
	// Name and Version are the answers to name and version; "goeval" and
	// "devel" by default.
	Name, Version string
	// Judge builds the estimator behind the scores, the dead stones,
	// kata-analyze's ownership and values (and with Policy, the moves),
	// such as the command line's default from the registry
	// (eval.Factory). An estimator that reads records
	// (control.GameEstimator) is given the record behind each position.
	Judge func() control.Estimator
	// Rank builds the estimator that ranks moves (genmove, the ranking
	// analyze commands, kata-analyze's moves); nil means Judge.
	Rank func() control.Estimator
	// Estimators are offered as ownership maps in GoGui's analyze
	// commands (goeval-ownership-NAME), in this order.
	Estimators []Estimator
	// Model, if not nil, orders the moves of genmove and the analyze
	// commands by the move model (package movemodel): genmove plays its
	// likeliest move that is worth playing, and kata-analyze lists its
	// moves with their probabilities as the prior. It comes with the
	// estimators its features need (rank.LoadModel).
	Model *rank.Model
	// Policy, if true, takes the moves of genmove and kata-analyze from
	// the judge's move probabilities (the judge must be a
	// control.MovePredictor, as the network is), before Model and Rank:
	// genmove plays the judge's likeliest move, and kata-analyze lists its
	// likeliest moves with their probabilities as the prior. The ranking
	// analyze commands still rank by Rank (and Model).
	Policy bool
	// Workers is the number of goroutines that rank moves; 0 means
	// GOMAXPROCS.
	Workers int
	// Size is the board size at the start; 0 means 19.
	Size int
	// Territory makes final_score count under territory scoring
	// (ko.CountTerritory): territory and prisoners, with the basic kos
	// still open and the dame resolved by the Ikeda Territory I table,
	// which assumes KoThreatsBlack and KoThreatsWhite ko threats. The
	// default counts under area rules.
	Territory                      bool
	KoThreatsBlack, KoThreatsWhite int
	// Warn, if not nil, is told what a command did that its answer does
	// not say, a line each: loadsgf's warnings about the file it read
	// (the SGF reader's, and a move number past the end of the game).
	// Standard error is the usual place for them, where GUIs show an
	// engine's log.
	Warn func(line string)
}

// Engine is one GTP session: a board, its history and komi, and the
// estimators. Make one with New; it is not safe for concurrent use.
type Engine struct {
	cfg     Config
	b       board.Board
	history []step // the plays and the positions before them, for undo and the record
	komi    float64

	judge  control.Estimator
	ranker *rank.Ranker
	ests   map[string]control.Estimator // analyze commands' estimators, made when first used
	byName map[string]func() control.Estimator
	cmds   map[string]handler
	names  []string // list_commands, sorted

	out      *bufio.Writer
	lastWarn string // the last line told to Config.Warn, not repeated at once
}

// step is one play of the game: the position before it and the move
// (board.Pass for a pass). Steps share the position before them where it
// is the same (push), so that a long run of passes holds three positions,
// not one a pass.
type step struct {
	before *board.Board
	move   board.Move
	// cut says that the record cannot be replayed through this step: in
	// the SGF record loaded, setup stones follow it or it is a suicide.
	// The record behind the position then starts after it.
	cut bool
}

// push records that m was played from before, the position before it.
func (e *Engine) push(before *board.Board, m board.Move, cut bool) {
	e.history = appendStep(e.history, before, m, cut)
}

// appendStep appends to h the step of m played from before, sharing the
// position of one of the last two steps where it is the same.
func appendStep(h []step, before *board.Board, m board.Move, cut bool) []step {
	n := len(h)
	var at *board.Board
	switch {
	case n >= 1 && *h[n-1].before == *before:
		at = h[n-1].before
	case n >= 2 && *h[n-2].before == *before:
		at = h[n-2].before // a run of passes alternates two positions
	default:
		c := *before
		at = &c
	}
	return append(h, step{before: at, move: m, cut: cut})
}

// record returns the record behind the current position, for an estimator
// that reads records (control.GameEstimator): the first position of the
// history, or of its part after the last cut (the current board when there
// is none), the moves played since, komi and the scoring rule. Its Moves
// are its own.
func (e *Engine) record() control.Game {
	from := 0
	for i := len(e.history) - 1; i >= 0; i-- {
		if e.history[i].cut {
			from = i + 1
			break
		}
	}
	g := control.Game{Start: &e.b, Komi: e.komi, Territory: e.cfg.Territory}
	if from < len(e.history) {
		g.Start = e.history[from].before
		g.Moves = make([]board.Move, 0, len(e.history)-from)
		for _, s := range e.history[from:] {
			g.Moves = append(g.Moves, s.move)
		}
	}
	return g
}

// evaluate evaluates b, the position g leads to, with est into res: by its
// record when est reads records (control.GameEstimator), else the board
// alone. A record est cannot replay (its error) is warned about
// (Config.Warn), and b is evaluated alone.
func (e *Engine) evaluate(est control.Estimator, res *control.Result, g *control.Game, b *board.Board) error {
	if ge, ok := est.(control.GameEstimator); ok {
		err := ge.EstimateGame(res, g)
		if err == nil {
			return nil
		}
		// Said once, not for every evaluation of a kata-analyze.
		if w := fmt.Sprintf("%s cannot read the record of the position (%v): the board is evaluated alone", est.Name(), err); w != e.lastWarn {
			e.warnf("%s", w)
		}
	}
	if err := est.Estimate(res, b); err != nil {
		return fmt.Errorf("%s: %v", est.Name(), err)
	}
	return nil
}

// handler carries out a command; its answer is "= " + the string, or
// "? " + the error's message.
type handler func(e *Engine, args []string) (string, error)

// errQuit is returned by quit: answer, then stop.
var errQuit = errors.New("quit")

// New returns an engine with an empty board of Config.Size.
func New(cfg Config) (*Engine, error) {
	if cfg.Judge == nil {
		return nil, fmt.Errorf("%w: no Judge estimator", ErrConfig)
	}
	if cfg.Name == "" {
		cfg.Name = "goeval"
	}
	if cfg.Version == "" {
		cfg.Version = "devel"
	}
	if cfg.Size == 0 {
		cfg.Size = 19
	}
	if err := board.ValidSize(cfg.Size); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrConfig, err)
	}
	e := &Engine{cfg: cfg, komi: DefaultKomi, byName: map[string]func() control.Estimator{},
		ests: map[string]control.Estimator{}, cmds: map[string]handler{}}
	for _, est := range cfg.Estimators {
		if est.New == nil || est.Name == "" || strings.ContainsAny(est.Name, " \t/") {
			return nil, fmt.Errorf("%w: estimator %q", ErrConfig, est.Name)
		}
		e.byName[est.Name] = est.New
	}
	e.b = *board.New(cfg.Size)
	e.judge = cfg.Judge()
	if _, ok := e.judge.(control.MovePredictor); cfg.Policy && !ok {
		return nil, fmt.Errorf("%w: Policy takes the moves from the judge's move probabilities, and %s gives none", ErrConfig, e.judge.Name())
	}
	rankWith := cfg.Rank
	if rankWith == nil {
		rankWith = cfg.Judge
	}
	e.ranker = rank.New(rankWith, rank.Settings{Workers: cfg.Workers, Win: true, Model: cfg.Model, ModelOnly: true})
	for name, h := range coreCommands {
		e.cmds[name] = h
	}
	for _, est := range cfg.Estimators {
		name := est.Name
		e.cmds[ownershipPrefix+name] = func(e *Engine, args []string) (string, error) { return e.ownership(name, args) }
	}
	for name := range e.cmds {
		e.names = append(e.names, name)
	}
	e.names = append(e.names, "kata-analyze", "lz-analyze")
	slices.Sort(e.names)
	return e, nil
}

// coreCommands are the commands every engine has, by name; kata-analyze,
// which streams, is handled by Run itself.
var coreCommands map[string]handler

func init() {
	coreCommands = map[string]handler{
		"protocol_version":    func(*Engine, []string) (string, error) { return "2", nil },
		"name":                func(e *Engine, _ []string) (string, error) { return e.cfg.Name, nil },
		"version":             func(e *Engine, _ []string) (string, error) { return e.cfg.Version, nil },
		"known_command":       (*Engine).knownCommand,
		"list_commands":       func(e *Engine, _ []string) (string, error) { return strings.Join(e.names, "\n"), nil },
		"quit":                func(*Engine, []string) (string, error) { return "", errQuit },
		"boardsize":           (*Engine).boardsize,
		"clear_board":         (*Engine).clearBoard,
		"komi":                (*Engine).setKomi,
		"play":                (*Engine).play,
		"undo":                (*Engine).undo,
		"showboard":           (*Engine).showboard,
		"loadsgf":             (*Engine).loadsgf,
		"genmove":             func(e *Engine, args []string) (string, error) { return e.genmove(args, true) },
		"reg_genmove":         func(e *Engine, args []string) (string, error) { return e.genmove(args, false) },
		"kgs-genmove_cleanup": (*Engine).genmoveCleanup,
		"time_settings":       (*Engine).timeSettings,
		"time_left":           (*Engine).timeLeft,
		"fixed_handicap":      (*Engine).fixedHandicap,
		"place_free_handicap": (*Engine).placeFreeHandicap,
		"set_free_handicap":   (*Engine).setFreeHandicap,
		"kata-genmove_analyze": func(e *Engine, args []string) (string, error) {
			return e.genmoveAnalyze("kata-genmove_analyze", false, args)
		},
		"lz-genmove_analyze": func(e *Engine, args []string) (string, error) {
			return e.genmoveAnalyze("lz-genmove_analyze", true, args)
		},
		"estimate_score":    (*Engine).estimateScore,
		"final_score":       (*Engine).finalScore,
		"final_status_list": (*Engine).finalStatusList,

		"gogui-analyze_commands": (*Engine).analyzeCommands,
		"gogui_analyze_commands": (*Engine).analyzeCommands,
		"goeval-values":          (*Engine).values,
		"goeval-ranking":         (*Engine).rankingBoard,
		"goeval-ranking-gfx":     (*Engine).rankingGfx,
	}
}

// Run serves commands from in, answering on out, until quit, the end of
// in, or ctx is cancelled (which returns ctx's error). It reads in on a
// goroutine of its own, so that kata-analyze can stream until the next
// command arrives; after quit or a cancellation that goroutine stays
// blocked on in until in yields a line or ends.
func (e *Engine) Run(ctx context.Context, in io.Reader, out io.Writer) error {
	e.out = bufio.NewWriter(out)
	lines := make(chan string)
	var readErr error // set before lines is closed
	go func() {
		defer close(lines)
		r := bufio.NewReaderSize(in, 64*1024)
		for {
			l, err := readLine(r)
			if err != nil {
				if err != io.EOF {
					readErr = fmt.Errorf("gtp: reading commands: %w", err)
				}
				return
			}
			select {
			case lines <- l:
			case <-ctx.Done():
				return
			}
		}
	}()
	var pending *string // a line that ended an analysis, to carry out next
	for {
		var raw string
		if pending != nil {
			raw, pending = *pending, nil
		} else {
			select {
			case l, ok := <-lines:
				if !ok {
					if err := e.out.Flush(); err != nil {
						return err
					}
					return readErr
				}
				raw = l
			case <-ctx.Done():
				e.out.Flush()
				return ctx.Err()
			}
		}
		if id, ok := strings.CutPrefix(raw, tooLong); ok {
			e.respond(id, "", errors.New("line of 1 MiB or more: ignored"))
			if err := e.out.Flush(); err != nil {
				return err
			}
			continue
		}
		id, name, args, ok := parseLine(raw)
		if !ok {
			if id != "" {
				e.respond(id, "", errors.New("no command after the id"))
				if err := e.out.Flush(); err != nil {
					return err
				}
			}
			continue
		}
		if name == "kata-analyze" || name == "lz-analyze" {
			next, err := e.analyze(ctx, id, name == "lz-analyze", args, lines)
			if err != nil {
				return err
			}
			pending = next
			continue
		}
		answer, err := e.exec(name, args)
		if errors.Is(err, errQuit) {
			e.respond(id, "", nil)
			return e.out.Flush()
		}
		e.respond(id, answer, err)
		if err := e.out.Flush(); err != nil {
			return err
		}
	}
}

// MaxLine is the longest command line an engine reads, in bytes, its line
// break apart: just under 1 MiB. A longer line is answered "? line of 1
// MiB or more: ignored" (with the line's id, if it starts with one) and
// skipped, and the engine goes on.
const MaxLine = 1<<20 - 1

// tooLong starts what the reader passes on for a line longer than MaxLine,
// followed by the line's id. No line read holds a newline, so no command
// can be mistaken for it.
const tooLong = "\ntoo long: "

// readLine reads one line without its line break (LF or CRLF); at the end
// of the input, a last line without a line break is a line, and then the
// error is io.EOF. A line longer than MaxLine is read to its end and
// returned as tooLong and its id.
func readLine(r *bufio.Reader) (string, error) {
	var buf []byte
	long := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !long {
			buf = append(buf, chunk...)
			if len(buf) > MaxLine+2 { // the line break is not part of the line
				long = true
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && len(buf) == 0 && !long:
			return "", io.EOF
		case err != nil && err != io.EOF:
			return "", err
		}
		l := strings.TrimSuffix(strings.TrimSuffix(string(buf), "\n"), "\r")
		if long || len(l) > MaxLine {
			id, _, _, _ := parseLine(l[:min(len(l), 64)])
			return tooLong + id, nil
		}
		return l, nil
	}
}

// exec runs one command, turning a panic into an error answer.
func (e *Engine) exec(name string, args []string) (answer string, err error) {
	h, ok := e.cmds[name]
	if !ok {
		return "", errors.New("unknown command")
	}
	defer func() {
		if r := recover(); r != nil {
			answer, err = "", fmt.Errorf("internal error: %v", r)
		}
	}()
	return h(e, args)
}

// respond writes one answer: "=id answer" or "?id message", then an empty
// line. Empty lines inside an answer would end it early, so they are
// dropped.
func (e *Engine) respond(id, answer string, err error) {
	mark := "="
	if err != nil {
		mark, answer = "?", strings.TrimRight(err.Error(), "\n")
	}
	var lines []string
	for i, l := range strings.Split(answer, "\n") {
		if i == 0 || strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	fmt.Fprintf(e.out, "%s%s %s\n\n", mark, id, strings.Join(lines, "\n"))
}

// parseLine cleans a line as GTP says and splits it into an id (digits,
// "" if none), a command name and arguments; ok is false for a line with
// no command.
func parseLine(raw string) (id, name string, args []string, ok bool) {
	var sb strings.Builder
	for _, r := range raw {
		switch {
		case r == '#':
			goto done
		case r == '\t':
			sb.WriteByte(' ')
		case r < 32 || r == 127:
		default:
			sb.WriteRune(r)
		}
	}
done:
	f := strings.Fields(sb.String())
	if len(f) > 0 && isDigits(f[0]) {
		id, f = f[0], f[1:]
	}
	if len(f) == 0 {
		return id, "", nil, false
	}
	return id, f[0], f[1:], true
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// syntax returns the error of a command given the wrong arguments.
func syntax(usage string) error { return errors.New("syntax error: want " + usage) }

func (e *Engine) knownCommand(args []string) (string, error) {
	if len(args) != 1 {
		return "", syntax("known_command NAME")
	}
	_, ok := e.cmds[args[0]]
	return strconv.FormatBool(ok || args[0] == "kata-analyze" || args[0] == "lz-analyze"), nil
}

func (e *Engine) boardsize(args []string) (string, error) {
	if len(args) != 1 {
		return "", syntax("boardsize SIZE")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return "", errors.New("boardsize not an integer")
	}
	if board.ValidSize(n) != nil {
		return "", errors.New("unacceptable size")
	}
	e.b = *board.New(n)
	e.clearHistory()
	return "", nil
}

func (e *Engine) clearBoard([]string) (string, error) {
	e.b = *board.New(e.b.Size())
	e.clearHistory()
	return "", nil
}

// clearHistory forgets the history, letting its positions go.
func (e *Engine) clearHistory() {
	clear(e.history)
	e.history = e.history[:0]
}

// parseColor reads a GTP colour: b, black, w or white, in any case
// (board.ParseColor), with GTP's error for anything else.
func parseColor(s string) (board.Color, error) {
	if c, ok := board.ParseColor(s); ok {
		return c, nil
	}
	return board.Empty, fmt.Errorf("invalid color %q", s)
}

// colorName is a colour as GTP answers it.
func colorName(c board.Color) string { return strings.ToLower(c.Name()) }

// parseVertex reads a GTP vertex on the current board, naming it if it is
// malformed or off the board.
func (e *Engine) parseVertex(s string) (board.Point, error) {
	p, err := e.b.Geometry().ParseGTP(s)
	if err != nil {
		msg := fmt.Sprintf("invalid vertex %q", s)
		if i := strings.LastIndex(err.Error(), ": off the "); i >= 0 {
			msg += err.Error()[i:] // ": off the 19x19 board"
		}
		return 0, errors.New(msg)
	}
	return p, nil
}

func (e *Engine) play(args []string) (string, error) {
	if len(args) != 2 {
		return "", syntax("play COLOR VERTEX")
	}
	c, err := parseColor(args[0])
	if err != nil {
		return "", err
	}
	p, err := e.parseVertex(args[1])
	if err != nil {
		return "", err
	}
	before := e.b
	if err := e.b.Play(c, p); err != nil {
		return "", fmt.Errorf("illegal move: %s", reason(err, c, e.b.Geometry().GTP(p)))
	}
	e.push(&before, board.Move{Color: c, Point: p}, false)
	return "", nil
}

// reason says why a play is illegal, for people.
func reason(err error, c board.Color, v string) string {
	what := colorName(c) + " " + v
	switch {
	case errors.Is(err, board.ErrOccupied):
		return what + " is occupied"
	case errors.Is(err, board.ErrSuicide):
		return what + " is suicide"
	case errors.Is(err, board.ErrKo):
		return what + " retakes a ko"
	}
	return what + ": " + err.Error()
}

func (e *Engine) undo([]string) (string, error) {
	if len(e.history) == 0 {
		return "", errors.New("cannot undo")
	}
	e.b = *e.history[len(e.history)-1].before
	e.history[len(e.history)-1] = step{}
	e.history = e.history[:len(e.history)-1]
	return "", nil
}

func (e *Engine) showboard([]string) (string, error) {
	var sb strings.Builder
	sb.WriteByte('\n')
	render.Grid(&sb, e.b.Geometry(), 2, func(p board.Point) string {
		switch e.b.At(p) {
		case board.Black:
			return "X"
		case board.White:
			return "O"
		}
		return "."
	})
	fmt.Fprintf(&sb, "%s to move, komi %g; captured: %d by Black, %d by White",
		e.b.ToMove().Name(), e.komi, e.b.Captures(board.Black), e.b.Captures(board.White))
	return sb.String(), nil
}

// loadsgf loads a game record's main line as GNU Go does (see the package
// documentation).
func (e *Engine) loadsgf(args []string) (string, error) {
	if len(args) < 1 || len(args) > 2 {
		return "", syntax("loadsgf FILE [MOVE_NUMBER]")
	}
	n := -1 // the end of the main line
	if len(args) == 2 {
		k, err := strconv.Atoi(args[1])
		if err != nil || k < 0 {
			return "", fmt.Errorf("invalid move number %q (want 1 or more; 0 or none for the end)", args[1])
		}
		if k >= 1 {
			n = k - 1 // the position before move k: k-1 moves
		}
	}
	g, err := sgf.Load(args[0], 1)
	if err != nil {
		return "", fmt.Errorf("cannot open or parse '%s': %v", args[0], err)
	}
	// The history is built as the record is replayed, each position kept
	// only where it differs from the last two (a run of passes shares
	// two), so that loading takes memory by the positions, not by the
	// moves. The record is cut where playing the move does not lead to
	// the next position (setup stones follow it, or a suicide, which rules
	// that forbid suicide cannot replay).
	moves, _, _ := g.Moves()
	var hist []step
	var prev board.Board
	sum, err := g.Replay(func(m int, b *board.Board) error {
		if m > 0 {
			mv, cut := board.Move{Color: prev.ToMove(), Point: board.Pass}, true
			if m-1 < len(moves) {
				mv = moves[m-1]
				after := prev
				suicide, err := after.PlayRecorded(mv.Color, mv.Point)
				cut = err != nil || suicide || after != *b
			}
			hist = appendStep(hist, &prev, mv, cut)
		}
		prev = *b
		if m == n {
			return errStop
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStop) {
		// An illegal move before the position asked for fails the load,
		// the board as it was: the error names the file, the move and
		// where it is written.
		var me *sgf.MoveError
		if errors.As(err, &me) {
			return "", err
		}
		return "", fmt.Errorf("cannot load '%s': %v", args[0], err)
	}
	for _, w := range append(append([]sgf.Warning(nil), g.Warnings...), sum.Warnings...) {
		e.warnf("%v", w)
	}
	if n > sum.Moves {
		e.warnf("loadsgf %s %s: the main line has %d moves: loaded to its end", args[0], args[1], sum.Moves)
	}
	e.b = prev
	e.history = hist
	if g.Info.KomiGiven {
		e.komi = g.Info.Komi
	}
	return colorName(e.b.ToMove()), nil
}

var errStop = errors.New("stop")

// warnf tells Config.Warn, if any.
func (e *Engine) warnf(format string, args ...any) {
	if e.cfg.Warn != nil {
		e.lastWarn = fmt.Sprintf(format, args...)
		e.cfg.Warn(e.lastWarn)
	}
}

// estimate evaluates the current position with the judge, by its record
// when the judge reads records (evaluate).
func (e *Engine) estimate() (*control.Result, error) {
	var res control.Result
	g := e.record()
	if err := e.evaluate(e.judge, &res, &g, &e.b); err != nil {
		return nil, err
	}
	return &res, nil
}

// scoreString formats a Black-positive result after komi as GNU Go does:
// "B+3.5", "W+0.5" or "0", with one decimal (control.Margin).
func scoreString(r float64) string { return control.Margin(r, 1) }

// count counts the position as a finished game is counted under area
// rules: by the judge's own verdicts if it is a control.Counter, else with
// every stone whose control has the opposite sign to its colour dead.
func (e *Engine) count() (control.Count, error) { return e.countFrom(nil) }

// countFrom is count given the judge's estimate of the position, res (nil:
// none yet), which it makes only if it needs one: a Counter that reads
// records counts the position of its last evaluation, and the count of a
// judge that is no Counter is read off its map.
func (e *Engine) countFrom(res *control.Result) (control.Count, error) {
	c, counter := e.judge.(control.Counter)
	_, records := e.judge.(control.GameEstimator)
	if res == nil && (!counter || records) {
		var err error
		if res, err = e.estimate(); err != nil {
			return control.Count{}, err
		}
	}
	if counter {
		cnt, err := c.Count(&e.b)
		if err != nil {
			return control.Count{}, fmt.Errorf("%s: %v", e.judge.Name(), err)
		}
		return cnt, nil
	}
	cnt := control.Count{Seki: []board.Point{}}
	for p, c := range e.b.Cells() {
		if c != board.Empty && res.Control[p]*float64(c) < 0 {
			cnt.Dead = append(cnt.Dead, board.Point(p))
		}
	}
	var r board.Regions
	cnt.Area, cnt.Open = e.b.CountArea(cnt.Dead, &r)
	return cnt, nil
}

// finalScore answers the count of the position (count) after komi, as
// GTP asks: the score of the game taken as over, with the engine's dead
// stones off.
func (e *Engine) finalScore([]string) (string, error) {
	cnt, err := e.count()
	if err != nil {
		return "", err
	}
	if e.cfg.Territory {
		tc, err := ko.CountTerritory(&e.b, cnt.Dead, cnt.Seki, e.cfg.KoThreatsBlack, e.cfg.KoThreatsWhite)
		if err != nil {
			return "", err
		}
		return scoreString(float64(tc.Score) - e.komi), nil
	}
	return scoreString(cnt.Area - e.komi), nil
}

// bounds returns the range of Black-positive scores (before komi) that
// estimate_score reports: upper gives Black every point whose control is
// above -0.5, lower gives White every point below +0.5, and every other
// point counts its control, so that lower <= the sum of control <= upper.
func bounds(control []float64) (upper, lower float64) {
	for _, v := range control {
		if v > -0.5 {
			upper++
		} else {
			upper += v
		}
		if v < 0.5 {
			lower--
		} else {
			lower += v
		}
	}
	return upper, lower
}

// estimateScore answers as GNU Go does: the result after komi and, in
// brackets, bounds in GNU Go's own sign, White positive: "upper bound" is
// White's best result, "lower" White's worst ("B+6.8 (upper bound: 17.1,
// lower: -30.6)" is W+17.1 at best and B+30.6 at worst).
func (e *Engine) estimateScore([]string) (string, error) {
	res, err := e.estimate()
	if err != nil {
		return "", err
	}
	up, lo := bounds(res.Control)
	if rr, ok := e.judge.(control.ResultRanger); ok {
		l, h, ok, err := rr.ResultRange(&e.b)
		if err != nil {
			return "", fmt.Errorf("%s: %v", e.judge.Name(), err)
		}
		if ok {
			up, lo = h, l
		}
	}
	return fmt.Sprintf("%s (upper bound: %s, lower: %s)", scoreString(res.Score-e.komi), oneDecimal(e.komi-lo), oneDecimal(e.komi-up)), nil
}

// oneDecimal formats v with one decimal, without "-0.0".
func oneDecimal(v float64) string { return fixed(v, 1) }

// fixed writes v with prec decimals, a negative zero ("-0.0") as zero.
func fixed(v float64, prec int) string {
	s := strconv.FormatFloat(v, 'f', prec, 64)
	if strings.Trim(s, "-0.") == "" {
		return strconv.FormatFloat(0, 'f', prec, 64)
	}
	return s
}

func (e *Engine) finalStatusList(args []string) (string, error) {
	if len(args) != 1 {
		return "", syntax("final_status_list alive|dead|seki")
	}
	status := strings.ToLower(args[0])
	if status != "alive" && status != "dead" && status != "seki" {
		return "", fmt.Errorf("invalid status %q (want alive, dead, seki)", args[0])
	}
	cnt, err := e.count()
	if err != nil {
		return "", err
	}
	of := make(map[board.Point]string, len(cnt.Dead)+len(cnt.Seki))
	for _, p := range cnt.Dead {
		of[p] = "dead"
	}
	for _, p := range cnt.Seki {
		of[p] = "seki"
	}
	g := e.b.Geometry()
	var chains board.Chains
	e.b.Chains(&chains)
	var lines []string
	var stones []board.Point
	for id := range chains.List {
		stones = chains.Stones(id, stones[:0])
		slices.Sort(stones)
		var vs []string
		for _, q := range stones {
			st := of[q]
			if st == "" {
				st = "alive"
			}
			if st == status {
				vs = append(vs, g.GTP(q))
			}
		}
		if len(vs) > 0 {
			lines = append(lines, strings.Join(vs, " "))
		}
	}
	return strings.Join(lines, "\n"), nil
}

// lastMoves returns the last two plays (the last first): board.Pass for a
// pass, movemodel.NoMove where there was none.
func (e *Engine) lastMoves() (last, last2 board.Point) {
	var moves []board.Move
	for _, s := range e.history[max(0, len(e.history)-2):] {
		moves = append(moves, s.move)
	}
	return movemodel.LastMoves(moves)
}

// rankFor ranks the moves of c on the current position.
func (e *Engine) rankFor(ctx context.Context, c board.Color) (*rank.Ranking, error) {
	b := e.b
	b.SetToMove(c)
	last, last2 := e.lastMoves()
	rk, err := e.ranker.RankAfter(ctx, &b, last, last2, e.komi)
	if err != nil {
		return nil, err
	}
	return rk, nil
}

// colorArg reads an optional colour argument, the side to move if absent.
func (e *Engine) colorArg(args []string, usage string) (board.Color, error) {
	switch len(args) {
	case 0:
		return e.b.ToMove(), nil
	case 1:
		return parseColor(args[0])
	}
	return board.Empty, syntax(usage)
}

func (e *Engine) genmove(args []string, play bool) (string, error) {
	name := "genmove"
	if !play {
		name = "reg_genmove"
	}
	if len(args) != 1 {
		return "", syntax(name + " COLOR")
	}
	c, err := parseColor(args[0])
	if err != nil {
		return "", err
	}
	p, err := e.pickMove(c, nil)
	if err != nil {
		return "", err
	}
	if play {
		if err := e.playMove(c, p); err != nil {
			return "", err
		}
	}
	return e.b.Geometry().GTP(p), nil
}

// pickMove picks genmove's move for c among the points keep allows (every
// point when keep is nil; the pass is always allowed): by the judge's move
// probabilities (Config.Policy: policyGenmove), else from the ranking
// (choose).
func (e *Engine) pickMove(c board.Color, keep func(board.Point) bool) (board.Point, error) {
	if e.policy() {
		return e.policyGenmove(c, keep)
	}
	rk, err := e.rankFor(context.Background(), c)
	if err != nil {
		return board.Pass, err
	}
	return e.choose(keepMoves(rk, keep))
}

// keepMoves returns rk with only the moves keep allows (rk itself when
// keep is nil).
func keepMoves(rk *rank.Ranking, keep func(board.Point) bool) *rank.Ranking {
	if keep == nil {
		return rk
	}
	kept := *rk
	kept.Moves = nil
	for _, m := range rk.Moves {
		if keep(m.Point) {
			kept.Moves = append(kept.Moves, m)
		}
	}
	return &kept
}

// playMove plays a move genmove chose and records it.
func (e *Engine) playMove(c board.Color, p board.Point) error {
	before := e.b
	if err := e.b.Play(c, p); err != nil { // cannot happen: the move was chosen as legal
		return fmt.Errorf("illegal move: %s", reason(err, c, e.b.Geometry().GTP(p)))
	}
	e.push(&before, board.Move{Color: c, Point: p}, false)
	return nil
}
