package neural

import (
	"errors"
	"fmt"

	"goeval/board"
	"goeval/control"
	"goeval/netinput"
)

// DefaultKomi is the komi an Estimator assumes for a bare board (Estimate),
// where no record says otherwise: 7.5, KataGo's default under Chinese
// rules.
const DefaultKomi = 7.5

// ErrSymmetry reports a symmetry outside 0..7 and AllSymmetries.
var ErrSymmetry = errors.New("neural: invalid symmetry")

// Estimator is a network as goeval's estimator "net" (control.Estimator):
// the control map is the network's ownership (+1 Black), the score Black's
// predicted lead plus komi (so that score less komi is the lead), and it
// gives a win probability, the dead stones its ownership sees, and the
// network's raw judgement (Report: policy, win, loss, no result, lead, score
// mean and spread). It owns scratch memory: give each goroutine its own.
type Estimator struct {
	nw   *Network
	sym  int
	komi float64
	// noHistory shows the network the position alone (SetHistory).
	noHistory bool
	ev        *Evaluator
	// feats, ins and outs hold a batch's inputs and outputs; the first of
	// them serve EstimateGame, and outs[0] is what the methods that take
	// a board report.
	feats []netinput.Features
	ins   []*netinput.Features
	outs  []Output
	bares []board.Board
	// last is what outs[0] holds: the board evaluated and its komi and rules.
	last      board.Board
	lastKomi  float64
	lastRules netinput.Rules
	have      bool
	regions   board.Regions
}

// NewEstimator returns an estimator of nw with symmetry sym (0..7, or
// AllSymmetries for the mean of the eight) and komi komi for bare boards.
func (nw *Network) NewEstimator(sym int, komi float64) (*Estimator, error) {
	if sym != AllSymmetries && (sym < 0 || sym > 7) {
		return nil, fmt.Errorf("%w %d (want 0..7, or all)", ErrSymmetry, sym)
	}
	e := &Estimator{nw: nw, sym: sym, komi: komi, ev: nw.NewEvaluator()}
	e.grow(1)
	return e, nil
}

// SetHistory says whether EstimateGame shows the network the record's
// moves (true, the default, as KataGo's GTP engine does) or the position
// alone with its ko (false, as KataGo's analysis engine does by default,
// ignoring the history before the position analysed).
func (e *Estimator) SetHistory(on bool) { e.noHistory = !on }

// Name returns "net".
func (e *Estimator) Name() string { return "net" }

// Params returns the symmetry (-1 for the mean of all eight) and whether
// the network sees the record's moves (1) or not (0).
func (e *Estimator) Params() []control.Param {
	return []control.Param{{Name: "symmetry", Value: float64(e.sym)}, {Name: "history", Value: b2f(!e.noHistory)}}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// Model returns the name of the network's model.
func (e *Estimator) Model() string { return e.nw.Model().Name }

// Estimate evaluates b as a position with no history, komi the estimator's
// default, area scoring.
func (e *Estimator) Estimate(dst *control.Result, b *board.Board) error {
	return e.EstimateGame(dst, &control.Game{Start: b, Komi: e.komi})
}

// grow makes room for a batch of n.
func (e *Estimator) grow(n int) {
	if len(e.feats) >= n {
		return
	}
	e.feats = make([]netinput.Features, n)
	e.ins = make([]*netinput.Features, n)
	for i := range e.feats {
		e.ins[i] = &e.feats[i]
	}
	e.outs = append(e.outs, make([]Output, n-len(e.outs))...)
	e.bares = make([]board.Board, n)
}

// position returns the network's view of g: its moves, or with
// SetHistory(false) the position they reach alone (played on bare).
func (e *Estimator) position(g *control.Game, bare *board.Board) (netinput.Position, error) {
	rules := netinput.Chinese
	if g.Territory {
		rules = netinput.Japanese
	}
	pos := netinput.Position{Start: g.Start, Moves: g.Moves, Komi: g.Komi, Rules: rules}
	if e.noHistory && len(g.Moves) > 0 {
		*bare = *g.Start
		for i, m := range g.Moves {
			if err := bare.Play(m.Color, m.Point); err != nil {
				return pos, fmt.Errorf("move %d: %w", i+1, err)
			}
		}
		pos.Start, pos.Moves = bare, nil
	}
	return pos, nil
}

// result fills dst from the network's output o for a game of komi komi.
func result(dst *control.Result, o *Output, komi float64) {
	dst.Reset(len(o.WhiteOwnership))
	for p := range dst.Control {
		dst.Control[p] = -float64(o.WhiteOwnership[p])
	}
	dst.Score = -o.WhiteLead + komi
	dst.Converged = true
	dst.HasWin, dst.Win = true, o.WhiteLoss+0.5*o.NoResult
}

// EstimateGame evaluates the position reached by g (control.GameEstimator).
// dst also gets Black's win probability (Result.Win).
func (e *Estimator) EstimateGame(dst *control.Result, g *control.Game) error {
	pos, err := e.position(g, &e.bares[0])
	if err != nil {
		return err
	}
	if err := e.evaluate(&pos); err != nil {
		return err
	}
	result(dst, &e.outs[0], g.Komi)
	return nil
}

// EstimateGames evaluates the records of games in one batch into dst
// (control.BatchEstimator): the network runs them together, which costs
// less per position than one at a time. It panics if the lengths differ.
func (e *Estimator) EstimateGames(dst []control.Result, games []control.Game) error {
	if len(dst) != len(games) {
		panic(fmt.Sprintf("neural: %d results for %d games", len(dst), len(games)))
	}
	n := len(games)
	if n == 0 {
		return nil
	}
	e.grow(n)
	e.have = false // outs[0] no longer speaks of e.last
	for i := range games {
		pos, err := e.position(&games[i], &e.bares[i])
		if err == nil {
			err = e.feats[i].Fill(&pos)
		}
		if err != nil {
			return fmt.Errorf("record %d of the batch: %w", i+1, err)
		}
	}
	if err := e.ev.Evaluate(e.outs[:n], e.ins[:n], e.sym); err != nil {
		return err
	}
	for i := range games {
		result(&dst[i], &e.outs[i], games[i].Komi)
	}
	return nil
}

// evaluate fills the features of pos, runs the network and remembers the
// position.
func (e *Estimator) evaluate(pos *netinput.Position) error {
	if err := e.feats[0].Fill(pos); err != nil {
		return err
	}
	if err := e.ev.Evaluate(e.outs[:1], e.ins[:1], e.sym); err != nil {
		return err
	}
	e.last = *e.feats[0].Board() // the moves replayed by Fill
	e.lastKomi, e.lastRules, e.have = pos.Komi, pos.Rules, true
	return nil
}

// ensure makes the estimator's output speak of b with komi komi: the last
// evaluation if that was of b and komi, else a fresh one with no history.
func (e *Estimator) ensure(b *board.Board, komi float64) error {
	if e.have && e.lastKomi == komi && e.last.SamePosition(b) {
		return nil
	}
	return e.evaluate(&netinput.Position{Start: b, Komi: komi})
}

// WinProbability returns the probability that Black wins b with komi komi
// (control.WinPredictor): Black's win plus half the no-result probability,
// as KataGo's analysis reports a win rate.
func (e *Estimator) WinProbability(b *board.Board, komi float64) (float64, bool, error) {
	if err := e.ensure(b, komi); err != nil {
		return 0, false, err
	}
	o := &e.outs[0]
	return o.WhiteLoss + 0.5*o.NoResult, true, nil
}

// NetReport is the network's own judgement of a position, from Black's
// point of view but for the policy (for the side to move), as JSON reports
// it under "net".
type NetReport struct {
	Model      string    `json:"model"`
	Symmetry   string    `json:"symmetry"`
	ToMove     string    `json:"to_move"`
	Policy     []float32 `json:"policy"`
	BlackWin   float64   `json:"black_win"`
	WhiteWin   float64   `json:"white_win"`
	NoResult   float64   `json:"no_result"`
	Lead       float64   `json:"lead"`
	ScoreMean  float64   `json:"score_mean"`
	ScoreStdev float64   `json:"score_stdev"`
}

// Judgement returns the network's judgement of the last position
// evaluated, or of b with the default komi if that was another.
func (e *Estimator) Judgement(b *board.Board) (NetReport, error) {
	if !(e.have && e.last.SamePosition(b)) {
		if err := e.ensure(b, e.komi); err != nil {
			return NetReport{}, err
		}
	}
	o := &e.outs[0]
	sym := fmt.Sprint(e.sym)
	if e.sym == AllSymmetries {
		sym = "all"
	}
	return NetReport{
		Model: e.Model(), Symmetry: sym, ToMove: e.last.ToMove().String(),
		Policy:   append([]float32(nil), o.Policy...),
		BlackWin: o.WhiteLoss, WhiteWin: o.WhiteWin, NoResult: o.NoResult,
		Lead: -o.WhiteLead, ScoreMean: -o.WhiteScoreMean, ScoreStdev: o.WhiteScoreStdev,
	}, nil
}

// Report returns the judgement as the field "net" (control.Reporter).
func (e *Estimator) Report(b *board.Board) ([]control.Field, error) {
	r, err := e.Judgement(b)
	if err != nil {
		return nil, err
	}
	return []control.Field{{Key: "net", Value: r}}, nil
}

// Count counts b as a finished game under area rules with the stones the
// network's ownership gives to the other colour taken off as dead
// (control.Counter).
func (e *Estimator) Count(b *board.Board) (control.Count, error) {
	if !(e.have && e.last.SamePosition(b)) {
		if err := e.ensure(b, e.komi); err != nil {
			return control.Count{}, err
		}
	}
	o := &e.outs[0]
	c := control.Count{Dead: []board.Point{}, Seki: []board.Point{}}
	for p, col := range b.Cells() {
		// White's ownership times the stone's colour is below 0 where
		// the stone's own colour owns the point (col = -1 for White).
		if col != board.Empty && float64(col)*float64(o.WhiteOwnership[p]) > 0 {
			c.Dead = append(c.Dead, board.Point(p))
		}
	}
	c.Area, c.Open = b.CountArea(c.Dead, &e.regions)
	return c, nil
}

// Notes says the network's win probability and predicted score
// (control.Noter).
func (e *Estimator) Notes(b *board.Board) ([]string, error) {
	r, err := e.Judgement(b)
	if err != nil {
		return nil, err
	}
	lines := []string{fmt.Sprintf("the network (%s): Black wins %.3f, White %.3f; lead %s, score %s ± %.1f",
		r.Model, r.BlackWin+0.5*r.NoResult, r.WhiteWin+0.5*r.NoResult, control.Margin(r.Lead, 1), control.Margin(r.ScoreMean, 1), r.ScoreStdev)}
	c, err := e.Count(b)
	if err != nil {
		return nil, err
	}
	if len(c.Dead) > 0 {
		g := b.Geometry()
		s := "dead stones (owned by the other colour):"
		for _, p := range c.Dead {
			s += " " + g.GTP(p)
		}
		lines = append(lines, s)
	}
	return lines, nil
}

// MoveProbabilities appends the network's policy for the last position
// evaluated (control.MovePredictor): one probability per point in map
// order, then the pass, 0 for illegal moves.
func (e *Estimator) MoveProbabilities(dst []float64) []float64 {
	for _, p := range e.outs[0].Policy {
		dst = append(dst, float64(p))
	}
	return dst
}

// WinSource says where the win probability comes from, for people.
func (e *Estimator) WinSource() string {
	return "the network's value head; a no-result counts half"
}

// ResultRange returns the bounds within which the network puts the final
// result of b with probability 0.8 (control.ResultRanger): its predicted
// score ± 1.2816 times its standard deviation (the 0.1 and 0.9 quantiles
// of a normal law), Black positive, before komi.
func (e *Estimator) ResultRange(b *board.Board) (lo, hi float64, ok bool, err error) {
	r, err := e.Judgement(b)
	if err != nil {
		return 0, 0, false, err
	}
	mid := r.ScoreMean + e.lastKomi
	d := 1.2816 * r.ScoreStdev
	return mid - d, mid + d, true, nil
}
