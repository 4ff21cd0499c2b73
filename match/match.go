// Package match plays games between two GTP engines and scores them: a
// referee, so that goeval's play can be measured against a peer such as
// GnuGo.
//
// Play runs Config.Games games. The engines take Black in turn (engine A
// in the first game). The referee keeps its own board: it asks the side to
// move for "genmove COLOR", checks the answer on its board (an illegal
// move loses the game), and passes it on to the other engine as "play".
// A game ends with two passes in a row, a resignation, an illegal move or
// an error of an engine (which loses), or at Config.MaxMoves moves. A
// game that ends without a resignation or a forfeit is scored by
// Config.Scorer: "final_score" of an engine given the whole game (GnuGo's,
// with Chinese rules, is the usual choice), as a result after komi, Black
// positive. Results are given as SGF RE values ("B+12.5", "W+R", "B+F",
// "0").
//
// Before the first game every engine, the scorer too, is asked to set up
// the match's board size and komi and whether it knows the commands it
// will be sent: one that refuses ends the match before a move is played.
//
// Games are played one after the other, so that the engines' timings are
// not disturbed; every game is recorded as SGF with its moves and result.
package match

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"goeval/board"
	"goeval/peer"
)

// Engine is one engine of a match.
type Engine struct {
	Name string
	Argv []string
}

// The defaults of Config, which goeval match shows as its own.
const (
	DefaultSize    = 19
	DefaultTimeout = 2 * time.Minute
)

// DefaultScorer returns the scorer of a Config that names none: GnuGo,
// "gnugo --mode gtp --chinese-rules".
func DefaultScorer() Engine {
	return Engine{Name: "gnugo", Argv: []string{"gnugo", "--mode", "gtp", "--chinese-rules"}}
}

// Config says what to play.
type Config struct {
	A, B Engine
	// Scorer is the engine that scores finished games ("final_score");
	// DefaultScorer when its Argv is empty.
	Scorer Engine
	// Games is the number of games; Size the board size (DefaultSize when
	// 0);
	// Komi the komi, at most the board's points either way.
	Games int
	Size  int
	Komi  float64
	// MaxMoves ends a game after that many moves (passes included) and
	// scores it; 0 means 3 * Size * Size.
	MaxMoves int
	// Timeout bounds each answer of an engine; 0 or less means
	// DefaultTimeout.
	Timeout time.Duration
	// Progress, if not nil, is told of each finished game.
	Progress func(done int, g *Game)
}

// Game is one game played.
type Game struct {
	// Black and White name the engines.
	Black, White string
	Moves        []board.Move
	// Result is the result as in SGF RE ("B+3.5", "W+R", "B+F" for a
	// forfeit, "0" for a draw); Margin the score after komi, Black
	// positive, when the game was counted.
	Result  string
	Margin  float64
	Counted bool
	// Winner is the engine that won ("" for a draw); Reason says how the
	// game ended, for people.
	Winner string
	Reason string
	// Seconds is the time each engine spent thinking, and Generated the
	// moves it generated (A's, B's).
	Seconds   [2]float64
	Generated [2]int
}

// Report sums up a match.
type Report struct {
	Config Config
	Games  []*Game
	// Interrupted says the match was cancelled: Games holds those
	// finished.
	Interrupted bool
}

// Wins returns the games engine name won, in all and with Black.
func (r *Report) Wins(name string) (all, asBlack int) {
	for _, g := range r.Games {
		if g.Winner == name {
			all++
			if g.Black == name {
				asBlack++
			}
		}
	}
	return all, asBlack
}

// withDefaults returns cfg with the default of each field left zero (or
// out of range, for MaxMoves and Timeout).
func (cfg Config) withDefaults() Config {
	if cfg.Size == 0 {
		cfg.Size = DefaultSize
	}
	if cfg.MaxMoves <= 0 {
		cfg.MaxMoves = 3 * cfg.Size * cfg.Size
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if len(cfg.Scorer.Argv) == 0 {
		cfg.Scorer = DefaultScorer()
	}
	return cfg
}

// Play plays the match. It returns an error if an engine does not start;
// a cancelled context returns the games finished, Interrupted.
func Play(ctx context.Context, cfg Config) (*Report, error) {
	cfg = cfg.withDefaults()
	if err := board.ValidSize(cfg.Size); err != nil {
		return nil, err
	}
	if cfg.A.Name == cfg.B.Name {
		return nil, fmt.Errorf("match: both engines are named %q", cfg.A.Name)
	}
	if points := float64(cfg.Size * cfg.Size); !(cfg.Komi >= -points && cfg.Komi <= points) {
		return nil, fmt.Errorf("match: komi %v is not a number from -%v to %v, the board's points", cfg.Komi, points, points)
	}
	rep := &Report{Config: cfg}
	start := func(e Engine) (*peer.Client, error) {
		// In a process group of their own, the engines do not see a Ctrl-C
		// meant for the referee: the game in progress is not lost to an
		// engine killed mid-move, but dropped by the referee.
		c, err := peer.Start(e.Argv, peer.Options{Timeout: cfg.Timeout, OwnGroup: true})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name, err)
		}
		return c, nil
	}
	var clients [2]*peer.Client
	for i, e := range []Engine{cfg.A, cfg.B} {
		c, err := start(e)
		if err != nil {
			for _, o := range clients[:i] {
				o.Close()
			}
			return nil, err
		}
		clients[i] = c
	}
	defer func() {
		for _, c := range clients {
			c.Close()
		}
	}()
	scorer, err := start(cfg.Scorer)
	if err != nil {
		return nil, err
	}
	defer scorer.Close()
	if err := check(ctx, &cfg, clients, scorer); err != nil {
		if ctx.Err() != nil {
			rep.Interrupted = true
			return rep, nil
		}
		return nil, err
	}
	for k := range cfg.Games {
		if ctx.Err() != nil {
			rep.Interrupted = true
			break
		}
		g, err := play(ctx, &cfg, clients, k%2 == 1, scorer)
		if ctx.Err() != nil && (err != nil || strings.HasSuffix(g.Result, "+F")) {
			// A game cut short by the interrupt is dropped, and so is a
			// forfeit as it came: an engine that the interrupt reached
			// (where it has no process group of its own) may have failed
			// first.
			rep.Interrupted = true
			break
		}
		if err != nil {
			return rep, err
		}
		rep.Games = append(rep.Games, g)
		if cfg.Progress != nil {
			cfg.Progress(len(rep.Games), g)
		}
	}
	return rep, nil
}

// check asks every engine, before the first move, to set up the board
// and komi of the match, and whether it knows the commands it will be
// sent (genmove and play; the scorer final_score): an engine that cannot
// play or score the match is found before a game is played, not after.
// An engine that does not answer known_command is taken to know them.
func check(ctx context.Context, cfg *Config, clients [2]*peer.Client, scorer *peer.Client) error {
	komi := strconv.FormatFloat(cfg.Komi, 'f', -1, 64)
	for _, e := range []struct {
		c     *peer.Client
		name  string
		needs []string
	}{
		{clients[0], cfg.A.Name, []string{"genmove", "play"}},
		{clients[1], cfg.B.Name, []string{"genmove", "play"}},
		{scorer, "the scorer " + cfg.Scorer.Name, []string{"play", "final_score"}},
	} {
		for _, cmd := range []string{"boardsize " + strconv.Itoa(cfg.Size), "clear_board", "komi " + komi} {
			if _, err := e.c.SendContext(ctx, cmd); err != nil {
				if errors.Is(err, peer.ErrRefused) {
					why := strings.TrimPrefix(err.Error(), fmt.Sprintf("%v %q: ", peer.ErrRefused, cmd))
					return fmt.Errorf("match: %s refused %q before the first game: %s", e.name, cmd, why)
				}
				return fmt.Errorf("match: %s failed %q before the first game: %w", e.name, cmd, err)
			}
		}
		for _, cmd := range e.needs {
			a, err := e.c.SendContext(ctx, "known_command "+cmd)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if err == nil && strings.TrimSpace(a) == "false" {
				return fmt.Errorf("match: %s does not know the GTP command %s", e.name, cmd)
			}
		}
	}
	return nil
}

// play plays one game; with swap, engine B takes Black. A cancelled ctx
// stops the game and returns ctx's error.
func play(ctx context.Context, cfg *Config, clients [2]*peer.Client, swap bool, scorer *peer.Client) (*Game, error) {
	names := [2]string{cfg.A.Name, cfg.B.Name}
	black := 0
	if swap {
		black = 1
	}
	g := &Game{Black: names[black], White: names[1-black]}
	komi := strconv.FormatFloat(cfg.Komi, 'f', -1, 64)
	for i, c := range clients {
		for _, cmd := range []string{"boardsize " + strconv.Itoa(cfg.Size), "clear_board", "komi " + komi} {
			if _, err := c.SendContext(ctx, cmd); err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				return forfeit(g, names, i, black, fmt.Sprintf("%s failed %q: %v", names[i], cmd, err)), nil
			}
		}
	}
	b := board.New(cfg.Size)
	geo := b.Geometry()
	passes := 0
	colour := board.Black
	for len(g.Moves) < cfg.MaxMoves {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		mover := black
		if colour == board.White {
			mover = 1 - black
		}
		t0 := time.Now()
		a, err := clients[mover].SendContext(ctx, "genmove "+colour.String())
		g.Seconds[mover] += time.Since(t0).Seconds()
		g.Generated[mover]++
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil {
			return forfeit(g, names, mover, black, fmt.Sprintf("%s failed genmove: %v", names[mover], err)), nil
		}
		a = strings.ToLower(strings.TrimSpace(a))
		if a == "resign" {
			g.Winner = names[1-mover]
			g.Result = colourLetter(-colour) + "+R"
			g.Reason = names[mover] + " resigned"
			return g, nil
		}
		p := board.Pass
		if a != "pass" {
			if p, err = geo.ParseGTP(a); err != nil {
				return forfeit(g, names, mover, black, fmt.Sprintf("%s answered %q to genmove", names[mover], a)), nil
			}
		}
		if err := b.Play(colour, p); err != nil {
			return forfeit(g, names, mover, black, fmt.Sprintf("%s played an illegal move, %s %s: %v", names[mover], colour.Name(), a, err)), nil
		}
		g.Moves = append(g.Moves, board.Move{Color: colour, Point: p})
		other := 1 - mover
		if _, err := clients[other].SendContext(ctx, "play "+colour.String()+" "+geo.GTP(p)); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return forfeit(g, names, other, black, fmt.Sprintf("%s refused %s %s: %v", names[other], colour.Name(), geo.GTP(p), err)), nil
		}
		if p == board.Pass {
			passes++
			if passes == 2 {
				break
			}
		} else {
			passes = 0
		}
		colour = -colour
	}
	g.Reason = "two passes"
	if passes < 2 {
		g.Reason = fmt.Sprintf("stopped at %d moves", len(g.Moves))
	}
	margin, err := score(ctx, scorer, cfg, g.Moves)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, fmt.Errorf("scoring game %s-%s: %w", g.Black, g.White, err)
	}
	g.Margin, g.Counted = margin, true
	switch {
	case margin > 0:
		g.Winner, g.Result = g.Black, "B+"+strconv.FormatFloat(margin, 'f', -1, 64)
	case margin < 0:
		g.Winner, g.Result = g.White, "W+"+strconv.FormatFloat(-margin, 'f', -1, 64)
	default:
		g.Result = "0"
	}
	return g, nil
}

// forfeit ends g with a loss of engine i.
func forfeit(g *Game, names [2]string, i, black int, why string) *Game {
	g.Winner = names[1-i]
	if i == black {
		g.Result = "W+F"
	} else {
		g.Result = "B+F"
	}
	g.Reason = why
	return g
}

// score asks the scorer for the final score of the game, after komi,
// Black positive.
func score(ctx context.Context, c *peer.Client, cfg *Config, moves []board.Move) (float64, error) {
	geo := board.GeometryOf(cfg.Size)
	cmds := []string{"boardsize " + strconv.Itoa(cfg.Size), "clear_board", "komi " + strconv.FormatFloat(cfg.Komi, 'f', -1, 64)}
	for _, m := range moves {
		cmds = append(cmds, "play "+m.Color.String()+" "+geo.GTP(m.Point))
	}
	for _, cmd := range cmds {
		if _, err := c.SendContext(ctx, cmd); err != nil {
			return 0, err
		}
	}
	a, err := c.SendContext(ctx, "final_score")
	if err != nil {
		return 0, err
	}
	return peer.ParseScore(a)
}

func colourLetter(c board.Color) string {
	if c == board.Black {
		return "B"
	}
	return "W"
}
