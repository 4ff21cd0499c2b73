package records

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"

	"goeval/board"
	"goeval/internal/pool"
	"goeval/sgf"
)

// DeadJudge says which stones of a final position are dead and what it
// thinks the result is: a GTP engine through package peer (its
// Evaluator), say.
type DeadJudge interface {
	// SetPosition puts the position b on the judge's board: reached by
	// moves from the empty board, or set up stone by stone when moves is
	// nil; game tells games apart.
	SetPosition(game, size int, komi float64, moves []board.Move, b *board.Board) error
	// Dead returns the dead stones of b, the position on its board.
	Dead(b *board.Board) ([]board.Point, error)
	// Score returns its score of that position: Black positive, before
	// komi.
	Score() (float64, error)
}

// Games says which games a labelling covers.
type Games int8

const (
	AllGames       Games = iota // every game
	CountedGames                // games with a score or a draw (Result.Counted)
	UncountedGames              // the others: resigned, lost on time, unknown
)

var gamesNames = [...]string{"all", "counted", "uncounted"}

func (g Games) String() string { return gamesNames[g] }

// ParseGames reads "all", "counted" or "uncounted".
func ParseGames(s string) (Games, error) {
	for i, n := range gamesNames {
		if s == n {
			return Games(i), nil
		}
	}
	return 0, fmt.Errorf("compare: games %q (want all, counted or uncounted)", s)
}

// LabelResult is what LabelGame made of a game record.
type LabelResult struct {
	// Label is the label made; nil when the game was left out or could
	// not be labelled.
	Label *Label
	// Skip says why the Games filter left the game out: SkipNotCounted,
	// SkipNoResult or SkipCounted; "" when it did not.
	Skip string
	// Warnings lists the record's oddities (package sgf), whether or not
	// the game was labelled.
	Warnings []sgf.Warning
}

// The reasons LabelGame leaves a game out (LabelResult.Skip).
const (
	SkipNotCounted = "not counted (resigned, on time, ...)" // CountedGames, a result that is not a count
	SkipNoResult   = "no result (RE)"                       // CountedGames, no RE or an unknown one
	SkipCounted    = "counted"                              // UncountedGames, a counted game
)

// ErrTruncated reports a game record that the file ends in before its
// game tree is closed: its last node need not be the game's end, so its
// final position is not labelled.
var ErrTruncated = errors.New("compare: the record is cut short (the file ends before its game tree is closed): its last position need not be the game's end, so it is not labelled")

// LabelGame labels the final position of the first game of the record at
// path, the game-th given to j: j's dead stones, the ownership and area
// score once they are removed (NewLabel), Judge set to name and
// EngineResult to j's score less komi. The result's Skip says why games
// leaves the game out, if it does; a result that cannot be read is an
// error unless games is AllGames, and so is a truncated record
// (ErrTruncated). The result's Warnings are filled even with an error,
// once the record could be read.
func LabelGame(path string, game int, games Games, j DeadJudge, name string) (LabelResult, error) {
	var out LabelResult
	g, err := sgf.Load(path, 1)
	if err != nil {
		return out, err
	}
	out.Warnings = g.Warnings
	res, err := ParseResult(g.Info.Result)
	if err != nil && games != AllGames {
		return out, fmt.Errorf("%v: cannot tell whether the game was counted", err)
	}
	switch {
	case games == CountedGames && !res.Counted() && res.Kind == Unknown:
		out.Skip = SkipNoResult
	case games == CountedGames && !res.Counted():
		out.Skip = SkipNotCounted
	case games == UncountedGames && res.Counted():
		out.Skip = SkipCounted
	}
	if out.Skip != "" {
		return out, nil
	}
	if g.Truncated {
		return out, ErrTruncated
	}
	moves, setup, err := g.Moves()
	if err != nil {
		return out, err
	}
	var final board.Board
	sum, err := g.Replay(func(n int, b *board.Board) error { final = *b; return nil })
	out.Warnings = append(out.Warnings, sum.Warnings...)
	if err != nil {
		return out, err
	}
	n := len(moves)
	if setup {
		moves = nil // set up stone by stone
	}
	if err := j.SetPosition(game, final.Size(), g.Info.Komi, moves, &final); err != nil {
		return out, err
	}
	dead, err := j.Dead(&final)
	if err != nil {
		return out, err
	}
	score, err := j.Score()
	if err != nil {
		return out, err
	}
	l := NewLabel(path, n, &final, dead, g.Info.Komi, g.Info.Result)
	l.Judge = name
	r := math.Round((score-g.Info.Komi)*1000) / 1000 // without the float noise of adding and taking komi
	l.EngineResult = &r
	out.Label = &l
	return out, nil
}

// Labeller is a DeadJudge that runs as an engine, to be closed.
type Labeller interface {
	DeadJudge
	Close() error
}

// LabelConfig says how LabelFiles labels game records.
type LabelConfig struct {
	// Games says which games to label.
	Games Games
	// Judge names the engine in the labels (Label.Judge).
	Judge string
	// Start starts one engine; every worker starts its own, when it
	// takes its first file, and LabelFiles closes them all before it
	// returns.
	Start func() (Labeller, error)
	// Workers is the number of engines run at once; GOMAXPROCS when 0 or
	// less.
	Workers int
	// Progress, if not nil, is told of every file looked at, from one
	// goroutine at a time: done is how many have been so far (this one
	// included), and r and err are LabelGame's.
	Progress func(done int, file string, r LabelResult, err error)
}

// Labelling is what LabelFiles made of game records.
type Labelling struct {
	// Labels holds each file's label, in the order of the files; nil
	// where none was made.
	Labels []*Label
	// Done counts the files looked at, and Failed those of them that
	// could not be labelled (LabelGame's error).
	Done, Failed int
	// Skipped counts the games that Games left out, by reason
	// (LabelResult.Skip).
	Skipped map[string]int
}

// LabelFiles labels the first game of every file (LabelGame; the i-th
// file is game i of its engine) on cfg.Workers engines. It returns an
// error, and no labelling, if an engine does not start. If ctx is
// cancelled it returns the labelling of the files looked at and ctx's
// error: a file whose engine the cancellation stopped in the middle is not
// looked at, nor counted as failed. Start may tie the engines to ctx.
func LabelFiles(ctx context.Context, cfg LabelConfig, files []string) (*Labelling, error) {
	out := &Labelling{Labels: make([]*Label, len(files)), Skipped: map[string]int{}}
	var mu sync.Mutex // serialises Progress and the counts
	var engines []Labeller
	defer func() {
		for _, e := range engines {
			e.Close()
		}
	}()
	err := pool.Map(ctx, cfg.Workers, len(files), func() (Labeller, error) {
		e, err := cfg.Start()
		if err == nil {
			mu.Lock()
			engines = append(engines, e)
			mu.Unlock()
		}
		return e, err
	}, func(ctx context.Context, e Labeller, i int) error {
		r, err := LabelGame(files[i], i, cfg.Games, e, cfg.Judge)
		if err != nil && ctx.Err() != nil {
			return nil // stopped by the cancellation: not looked at
		}
		mu.Lock()
		defer mu.Unlock()
		out.Done++
		switch {
		case err != nil:
			out.Failed++
		case r.Skip != "":
			out.Skipped[r.Skip]++
		default:
			out.Labels[i] = r.Label
		}
		if cfg.Progress != nil {
			cfg.Progress(out.Done, files[i], r, err)
		}
		return nil
	})
	if ctx.Err() != nil {
		return out, ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Made returns the number of labels made.
func (l *Labelling) Made() int {
	n := 0
	for _, x := range l.Labels {
		if x != nil {
			n++
		}
	}
	return n
}

// Skips returns the number of games that Games left out and the reasons,
// each with its count ("2 not counted (resigned, on time, ...)"), joined
// by commas.
func (l *Labelling) Skips() (n int, why string) {
	var reasons []string
	for _, reason := range []string{SkipNotCounted, SkipNoResult, SkipCounted} {
		if k := l.Skipped[reason]; k > 0 {
			reasons = append(reasons, fmt.Sprintf("%d %s", k, reason))
			n += k
		}
	}
	return n, strings.Join(reasons, ", ")
}

// WriteJSONL writes the labels made as a labels file: one JSON object a
// line, in the order of the files.
func (l *Labelling) WriteJSONL(w io.Writer) error {
	enc := json.NewEncoder(w)
	for _, x := range l.Labels {
		if x != nil {
			if err := enc.Encode(x); err != nil {
				return err
			}
		}
	}
	return nil
}
