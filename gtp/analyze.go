package gtp

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"goeval/board"
	"goeval/control"
	"goeval/rank"
)

// Defaults of kata-analyze.
const (
	defaultInterval = 100 // centiseconds
	defaultMaxMoves = 10
)

// analyzeArgs are the arguments of kata-analyze.
type analyzeArgs struct {
	lz        bool // lz-analyze: Leela Zero's format
	color     board.Color
	interval  time.Duration // 0: once
	ownership bool
	maxMoves  int
	// avoid and allow are the points of the avoid and allow keys for
	// color (others' do not bear on one-ply moves); allow is nil when no
	// allow key is given.
	avoid, allow map[board.Point]bool
}

// keep reports whether the candidate moves may include p, by the avoid
// and allow keys.
func (a *analyzeArgs) keep(p board.Point) bool {
	return !a.avoid[p] && (a.allow == nil || a.allow[p])
}

// keeper returns keep, or nil when no avoid or allow key restricts the
// moves.
func (a *analyzeArgs) keeper() func(board.Point) bool {
	if a.avoid == nil && a.allow == nil {
		return nil
	}
	return a.keep
}

// parseAnalyze reads "[COLOR] [INTERVAL] [KEY VALUE ...]" as KataGo does;
// name is the command's, for its errors. The keys avoid and allow take
// three values: COLOR VERTICES UNTILDEPTH, the vertices separated by
// commas.
func (e *Engine) parseAnalyze(name string, args []string) (analyzeArgs, error) {
	a := analyzeArgs{color: e.b.ToMove(), interval: defaultInterval * 10 * time.Millisecond, maxMoves: defaultMaxMoves}
	if len(args) > 0 {
		if c, err := parseColor(args[0]); err == nil {
			a.color, args = c, args[1:]
		}
	}
	centis := func(s string) error {
		n, err := strconv.ParseFloat(s, 64)
		if err != nil || !(n >= 0) || n > 1e6 {
			return fmt.Errorf("invalid interval %q (want centiseconds, 0 or more)", s)
		}
		a.interval = time.Duration(n * float64(10*time.Millisecond))
		return nil
	}
	if len(args) > 0 {
		if _, err := strconv.ParseFloat(args[0], 64); err == nil {
			if err := centis(args[0]); err != nil {
				return a, err
			}
			args = args[1:]
		}
	}
	for len(args) > 0 {
		k := args[0]
		want := 1
		if k == "avoid" || k == "allow" {
			want = 3
		}
		if len(args) < 1+want {
			if want == 3 {
				return a, fmt.Errorf("syntax error: want %s COLOR VERTICES UNTILDEPTH (in %s [COLOR] [INTERVAL] [KEY VALUE ...])", k, name)
			}
			return a, fmt.Errorf("syntax error: key %q has no value (want %s [COLOR] [INTERVAL] [KEY VALUE ...])", k, name)
		}
		v := args[1]
		switch k {
		case "interval":
			if err := centis(v); err != nil {
				return a, err
			}
		case "ownership":
			b, err := strconv.ParseBool(v)
			if err != nil {
				return a, fmt.Errorf("invalid ownership %q (want true or false)", v)
			}
			a.ownership = b
		case "maxmoves":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return a, fmt.Errorf("invalid maxmoves %q (want a whole number)", v)
			}
			a.maxMoves = n
		case "avoid", "allow":
			c, err := parseColor(v)
			if err != nil {
				return a, fmt.Errorf("%s: %v", k, err)
			}
			var ps []board.Point
			for _, s := range strings.Split(args[2], ",") {
				p, err := e.parseVertex(s)
				if err != nil {
					return a, fmt.Errorf("%s: %v", k, err)
				}
				ps = append(ps, p)
			}
			if d, err := strconv.Atoi(args[3]); err != nil || d < 1 {
				return a, fmt.Errorf("%s: invalid depth %q (want a whole number, 1 or more)", k, args[3])
			}
			// Only the mover's keys bear on one-ply moves, and every depth
			// from 1 covers the candidate moves, the only ones goeval has.
			if c != a.color {
				break
			}
			m := &a.avoid
			if k == "allow" {
				m = &a.allow
			}
			if *m == nil {
				*m = map[board.Point]bool{}
			}
			for _, p := range ps {
				(*m)[p] = true
			}
		}
		// Other keys (minmoves, pvVisits, ownershipStdev, ...) are accepted
		// and have no effect: goeval has one evaluation per move.
		args = args[1+want:]
	}
	return a, nil
}

// analysis is the outcome of one kata-analyze computation.
type analysis struct {
	line string // the info line, "" if there is nothing to say
	err  error
	// ranked is the ranking the candidates came from, kept moves only,
	// when they came from the ranker (not Config.Policy): genmove's
	// choice among them needs no second ranking.
	ranked *rank.Ranking
}

// analyze carries out kata-analyze: it answers "=", then one line every
// interval, until a line arrives on lines (or they end), which it returns
// to be carried out next unless it is blank. See the package
// documentation for the format.
func (e *Engine) analyze(ctx context.Context, id string, lz bool, args []string, lines <-chan string) (*string, error) {
	name := "kata-analyze"
	if lz {
		name = "lz-analyze"
	}
	a, err := e.parseAnalyze(name, args)
	a.lz = lz
	if err != nil {
		e.respond(id, "", err)
		return nil, e.out.Flush()
	}
	fmt.Fprintf(e.out, "=%s\n", id)
	if err := e.out.Flush(); err != nil {
		return nil, err
	}
	actx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan analysis, 1)
	go func() { done <- e.compute(actx, a) }()
	running := true // the computation has not been received from done

	var tick <-chan time.Time
	var line string
	finish := func() error {
		cancel()
		if running {
			<-done // the engine's estimators are free again
		}
		e.out.WriteString("\n")
		return e.out.Flush()
	}
	write := func() error {
		if line == "" {
			return nil
		}
		e.out.WriteString(line + "\n")
		return e.out.Flush()
	}
	for {
		select {
		case r := <-done:
			running = false
			if r.err != nil {
				break // nothing to show: wait for the next command
			}
			line = r.line
			if err := write(); err != nil {
				return nil, err
			}
			if a.interval > 0 {
				t := time.NewTicker(a.interval)
				defer t.Stop()
				tick = t.C
			}
		case <-tick:
			if err := write(); err != nil {
				return nil, err
			}
		case l, ok := <-lines:
			if err := finish(); err != nil {
				return nil, err
			}
			if !ok || strings.TrimSpace(l) == "" {
				return nil, nil
			}
			return &l, nil
		case <-ctx.Done():
			if running {
				<-done
			}
			e.out.Flush()
			return nil, ctx.Err()
		}
	}
}

// compute ranks the moves of a.color and evaluates the position, and
// formats the info line. It uses the engine's ranker and judge, so the
// engine must not until it returns.
func (e *Engine) compute(ctx context.Context, a analyzeArgs) analysis {
	rk, root, err := e.candidates(ctx, a)
	if err != nil {
		return analysis{err: err}
	}
	n := min(a.maxMoves, len(rk.Moves))
	evals := make([]moveEval, n)
	for i, m := range rk.Moves[:n] {
		if err := ctx.Err(); err != nil {
			return analysis{err: err}
		}
		if evals[i], err = e.judgeAfter(a.color, m.Point); err != nil {
			return analysis{err: err}
		}
	}
	res := root
	if !a.ownership {
		res = nil
	} else if res == nil {
		if res, err = e.estimate(); err != nil {
			return analysis{err: err}
		}
	}
	out := analysis{line: infoLine(e.b.Geometry(), rk, evals, res, a)}
	if !e.policy() {
		out.ranked = rk
	}
	return out
}

// candidates returns the candidate moves of a.color, best first, that the
// avoid and allow keys leave: the judge's likeliest moves (Config.Policy:
// policyMoves; the pass too when it has a probability) with the judge's
// evaluation of the position for a.color, else the ranking and a nil
// evaluation.
func (e *Engine) candidates(ctx context.Context, a analyzeArgs) (*rank.Ranking, *control.Result, error) {
	if e.policy() {
		res, _, moves, err := e.policyMoves(a.color)
		if err != nil {
			return nil, nil, err
		}
		rk := &rank.Ranking{ToMove: a.color, Estimator: e.judge.Name(), ByModel: true}
		for _, m := range moves {
			if m.Point == board.Pass {
				rk.PassProb = m.Prob
				if m.Prob <= 0 {
					continue
				}
			}
			if a.keep(m.Point) {
				rk.Moves = append(rk.Moves, m)
			}
		}
		return rk, res, nil
	}
	rk, err := e.rankFor(ctx, a.color)
	if err != nil {
		return nil, nil, err
	}
	return keepMoves(rk, a.keeper()), nil, nil
}

// moveEval is the judge's evaluation of the position after a move, from
// the mover's side: its chance of winning and its lead after komi.
type moveEval struct{ winrate, lead float64 }

// rootFor returns the position with c to move and the record behind it:
// the engine's record when c is the side to move, else, as KataGo does,
// the board with c to move and no history.
func (e *Engine) rootFor(c board.Color) (control.Game, *board.Board) {
	if c == e.b.ToMove() {
		return e.record(), &e.b
	}
	b := e.b
	b.SetToMove(c)
	return control.Game{Start: &b, Komi: e.komi, Territory: e.cfg.Territory}, &b
}

// judgeAfter evaluates with the judge the position after c plays p (by
// its record when the judge reads records: rootFor's and the move): its
// win probability if it gives one, else a squashed lead.
func (e *Engine) judgeAfter(c board.Color, p board.Point) (moveEval, error) {
	g, root := e.rootFor(c)
	b := *root
	if err := b.Play(c, p); err != nil {
		return moveEval{}, err
	}
	g.Moves = append(g.Moves[:len(g.Moves):len(g.Moves)], board.Move{Color: c, Point: p})
	var res control.Result
	if err := e.evaluate(e.judge, &res, &g, &b); err != nil {
		return moveEval{}, err
	}
	sign := float64(c)
	ev := moveEval{lead: sign * (res.Score - e.komi)}
	ev.winrate = squash(ev.lead)
	if wp, ok := e.judge.(control.WinPredictor); ok {
		w, ok, err := wp.WinProbability(&b, e.komi)
		if err != nil {
			return moveEval{}, fmt.Errorf("%s: %v", e.judge.Name(), err)
		}
		if ok {
			ev.winrate = w
			if c == board.White {
				ev.winrate = 1 - w
			}
		}
	}
	return ev, nil
}

// squash maps a score lead to (0, 1): the stand-in win rate of a judge
// without a win model.
func squash(lead float64) float64 { return 1 / (1 + math.Exp(-lead/10)) }

// infoLine formats the best moves of rk, evaluated by evals, as KataGo's
// (or with a.lz, Leela Zero's) info entries, and res's control as
// ownership if res is not nil, all from the perspective of rk.ToMove. The
// prior is the move model's probability when rk is by the model, else
// even.
func infoLine(g *board.Geometry, rk *rank.Ranking, evals []moveEval, res *control.Result, a analyzeArgs) string {
	sign := float64(rk.ToMove)
	n := len(evals)
	f := fixed
	var parts []string
	for i, m := range rk.Moves[:n] {
		v := g.GTP(m.Point)
		wr, lead := evals[i].winrate, evals[i].lead
		prior := 1 / float64(n)
		if rk.ByModel {
			prior = m.Prob
		}
		if a.lz {
			parts = append(parts, fmt.Sprintf("info move %s visits 1 winrate %d prior %d lcb %d order %d pv %s",
				v, int(math.Round(wr*10000)), int(math.Round(prior*10000)), int(math.Round(wr*10000)), i, v))
			continue
		}
		parts = append(parts, fmt.Sprintf("info move %s visits 1 utility %s winrate %s scoreMean %s scoreStdev 0 scoreLead %s scoreSelfplay %s prior %s lcb %s utilityLcb %s order %d pv %s",
			v, f(2*wr-1, 6), f(wr, 6), f(lead, 3), f(lead, 3), f(lead, 3), f(prior, 6), f(wr, 6), f(2*wr-1, 6), i, v))
	}
	if res != nil && !a.lz {
		var sb strings.Builder
		sb.WriteString("ownership")
		for _, v := range res.Control {
			sb.WriteByte(' ')
			sb.WriteString(f(sign*v, 4))
		}
		parts = append(parts, sb.String())
	}
	return strings.Join(parts, " ")
}

// genmoveAnalyze is kata-genmove_analyze and lz-genmove_analyze: the
// arguments of kata-analyze (the interval aside: the analysis is made
// once), its analysis line, then "play MOVE" with genmove's move among
// those the avoid and allow keys leave, played.
func (e *Engine) genmoveAnalyze(name string, lz bool, args []string) (string, error) {
	a, err := e.parseAnalyze(name, args)
	if err != nil {
		return "", err
	}
	a.lz = lz
	r := e.compute(context.Background(), a)
	if r.err != nil {
		return "", r.err
	}
	var p board.Point
	if r.ranked != nil {
		p, err = e.choose(r.ranked)
	} else {
		p, err = e.pickMove(a.color, a.keeper())
	}
	if err != nil {
		return "", err
	}
	if err := e.playMove(a.color, p); err != nil {
		return "", err
	}
	return "\n" + r.line + "\nplay " + e.b.Geometry().GTP(p), nil
}
