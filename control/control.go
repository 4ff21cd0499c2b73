package control

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"goeval/board"
)

// Result is one evaluation of a position.
type Result struct {
	// Control holds one value in [-1, 1] per point, in map order.
	Control []float64
	// Score is the sum of Control: Black positive, before komi.
	Score float64
	// Iterative says whether the estimator iterates; Iterations and
	// Converged mean something only then.
	Iterative bool
	// Iterations is the number of update steps taken.
	Iterations int
	// Converged says whether the stopping tolerance was reached before
	// the iteration cap.
	Converged bool
	// HasWin says that Win holds the probability that Black wins the
	// position with the komi it was evaluated with: set by estimators
	// that know it from the evaluation itself (the network's
	// EstimateGame); others leave it false (see WinPredictor).
	HasWin bool
	Win    float64
}

// Named is an estimator under a name, with its constructor: every worker
// builds its own, since an Estimator keeps scratch state.
type Named struct {
	// Name is the estimator's name (in tables, lists, the analyze
	// commands).
	Name string
	// New builds a fresh estimator.
	New func() Estimator
}

// Margin writes a Black-positive score or margin for people, as every
// goeval command does: the leader's letter and the amount rounded to
// decimals places ("B+3.5", "W+0.50"), and "0" when it rounds to nothing,
// as SGF results and GTP's final_score write them.
func Margin(v float64, decimals int) string {
	r := strconv.FormatFloat(math.Abs(v), 'f', decimals, 64)
	switch {
	case math.IsNaN(v):
		return "NaN"
	case strings.Trim(r, "0.") == "":
		return "0"
	case v > 0:
		return "B+" + r
	}
	return "W+" + r
}

// Reset sizes r.Control for n points (reusing its memory) and clears the
// rest.
func (r *Result) Reset(n int) {
	if cap(r.Control) < n {
		r.Control = make([]float64, n)
	}
	r.Control = r.Control[:n]
	clear(r.Control)
	r.Score, r.Iterative, r.Iterations, r.Converged = 0, false, 0, false
	r.HasWin, r.Win = false, 0
}

// Sum returns the sum of r.Control and stores it in r.Score.
func (r *Result) Sum() float64 {
	s := 0.0
	for _, v := range r.Control {
		s += v
	}
	r.Score = s
	return s
}

// Param is one named parameter of an estimator, as reported in output.
type Param struct {
	Name  string
	Value float64
}

// FormatParams renders parameters for people: "lambda 0.44, kappa 0.8".
func FormatParams(ps []Param) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = fmt.Sprintf("%s %g", p.Name, p.Value)
	}
	return strings.Join(parts, ", ")
}

// Estimator evaluates positions. An Estimator may own scratch memory, so a
// value is not safe for concurrent use: give each goroutine its own (the
// registry hands out constructors).
type Estimator interface {
	// Name returns the estimator's name on the command line.
	Name() string
	// Params returns the parameters in effect, in a fixed order.
	Params() []Param
	// Estimate evaluates b into dst, reusing dst's memory.
	Estimate(dst *Result, b *board.Board) error
}

// WarmStarter is an iterative Estimator that can start from a given control
// map (such as the solution of a nearby position) instead of the stones.
type WarmStarter interface {
	Estimator
	// EstimateFrom is Estimate starting the iteration from start (one value
	// per point; stones' values are taken from start too).
	EstimateFrom(dst *Result, b *board.Board, start []float64) error
}

// Field is one extra named output of an estimator, for JSON.
type Field struct {
	Key   string
	Value any
}

// Reporter is an Estimator with outputs beyond the control map (the moyo
// estimator's cutoff pairs and sums, say), added to JSON output.
type Reporter interface {
	Report(b *board.Board) ([]Field, error)
}

// Noter is an Estimator with notes of its own for the text output: lines
// said under the map (the judge's unsettled chains, say).
type Noter interface {
	Notes(b *board.Board) ([]string, error)
}

// WinPredictor is an Estimator that also says how likely Black is to win
// a position (the judge, say), beside its score.
type WinPredictor interface {
	// WinProbability returns the probability that Black wins from b with
	// komi komi, or ok false if the estimator has no model for it (a
	// judge with parameters fitted without one). It may reuse the last
	// Estimate when that was of b.
	WinProbability(b *board.Board, komi float64) (p float64, ok bool, err error)
}

// Counter is an Estimator that also counts a position as a finished game
// is counted (the judge, say): its dead stones off, and the empty regions
// to the colours that alone border them.
type Counter interface {
	// Count returns the count of b. It may reuse the last Estimate when
	// that was of b.
	Count(b *board.Board) (Count, error)
}

// Count is a position counted as a finished game is counted under area
// rules (board.CountArea).
type Count struct {
	// Area is Black's points less White's, before komi: with the stones of
	// Dead taken off, every other stone owns its point, and every empty
	// region the colour that alone borders it.
	Area float64
	// Open is the number of empty points in regions larger than dame
	// (board.DameSize) that both colours border: still to be played for,
	// and counted for neither. At the end of a game it is 0.
	Open int
	// Dead are the stones taken off, and Seki the stones left on the board
	// in seki, in map order.
	Dead, Seki []board.Point
}

// Viewer is an Estimator with text views of its own (goeval --show NAME).
type Viewer interface {
	// Views lists the names of the views, the first being the default.
	Views() []string
	// View draws the named view of b.
	View(w io.Writer, name string, b *board.Board) error
}

// Labeler is a Viewer whose views can also be drawn on a picture of the
// board, as one short label per point.
type Labeler interface {
	Viewer
	// Labels returns the named view of b as one label per point in map
	// order ("" for none) and a line of legend.
	Labels(name string, b *board.Board) (labels []string, legend string, err error)
}

// Stones is the trivial estimator: every stone counts for its colour (+1 or
// -1) and every empty point is 0. It proves the plumbing and is the
// baseline "count the stones" estimate.
type Stones struct{}

// Name returns "stones".
func (Stones) Name() string { return "stones" }

// Params returns no parameters.
func (Stones) Params() []Param { return nil }

// Estimate sets every stone's control to its colour and every empty point
// to 0.
func (Stones) Estimate(dst *Result, b *board.Board) error {
	cells := b.Cells()
	dst.Reset(len(cells))
	for p, c := range cells {
		dst.Control[p] = float64(c)
	}
	dst.Sum()
	dst.Converged = true
	return nil
}

// Check verifies that r has one value per point of b and that every value
// is in [-1, 1] and finite, returning a "control: ..." error otherwise. The
// registry runs it on every estimator in its tests.
func Check(r *Result, b *board.Board) error {
	n := b.Geometry().N
	if len(r.Control) != n {
		return fmt.Errorf("control: %d values for %d points", len(r.Control), n)
	}
	for p, v := range r.Control {
		if !(v >= -1 && v <= 1) {
			return fmt.Errorf("control: value %v at %s is outside [-1, 1]", v, b.Geometry().GTP(board.Point(p)))
		}
	}
	return nil
}

// Game is the record behind a position, for estimators that read more than
// the stones (the network reads the last moves, komi and rules).
type Game struct {
	// Start is the position before the first of Moves (an empty board, or
	// a record's setup).
	Start *board.Board
	// Moves are the moves from Start to the position, passes included.
	Moves []board.Move
	// Komi is White's komi.
	Komi float64
	// Territory says that the game is scored by territory (Japanese
	// rules); otherwise by area.
	Territory bool
}

// GameEstimator is an Estimator that reads a position's record: the
// moves that led to it, komi and rules. Estimate, given only a board,
// assumes the board is all there is (no history) and the estimator's
// default komi.
type GameEstimator interface {
	Estimator
	// EstimateGame evaluates the position reached by playing g.Moves
	// from g.Start into dst. The other methods of the estimator (its
	// win probability, report, count) then speak of that position.
	EstimateGame(dst *Result, g *Game) error
}

// MovePredictor is an Estimator that also says how likely each move of the
// side to move is (the network's policy).
type MovePredictor interface {
	Estimator
	// MoveProbabilities appends to dst, for the position of the last
	// Estimate or EstimateGame, the probability of a move at each point in
	// map order and then of a pass, for the side to move: size×size+1
	// values summing to 1, 0 for an illegal move.
	MoveProbabilities(dst []float64) []float64
}

// BatchEstimator is a GameEstimator that evaluates several records in one
// call, which costs it less per position than one call each (the network,
// whose arithmetic runs a batch as one wide product).
type BatchEstimator interface {
	GameEstimator
	// EstimateGames evaluates each record of games into the Result of dst
	// with the same index, as EstimateGame would. It panics if the
	// lengths differ. After it, the estimator's other methods speak of
	// none of the positions in particular.
	EstimateGames(dst []Result, games []Game) error
}

// ResultRanger is an Estimator that says how far a game's final result may
// fall from its score (the judge from the spread of its win model, the
// network from its predicted score's standard deviation).
type ResultRanger interface {
	// ResultRange returns the bounds, Black positive and before komi,
	// within which the final result of b falls with probability 0.8 (from
	// 0.1 to 0.9) by the estimator's own model, or ok false if it has
	// none. It may reuse the last evaluation when that was of b.
	ResultRange(b *board.Board) (lo, hi float64, ok bool, err error)
}
