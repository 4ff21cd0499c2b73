package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"goeval/control"
	"goeval/rank"
	"goeval/render"
)

func init() {
	register(&command{name: "rank", args: "FILE.sgf", summary: "rank every legal move by the move model, or one ply deep (docs/estimators.md §4)", run: rankCommand})
}

const rankUsage = `goeval rank ranks every legal move of the side to move. By default
(--by model) it orders them by the move model: the probability that a strong
player chooses each move, from patterns, tactics and the judge's map, fitted
to professional games (package movemodel; docs/moves.md). With --by eval it
ranks them one ply deep, as the symmetric-estimate article's Figure 10 does
(docs/estimators.md §4): it plays each on a copy of the board, evaluates the
position after it and sorts the moves by the score from the mover's point of
view, best first. Occupied points, suicides and the recapture of a ko are not
candidates. The one-ply estimator is λ/κ (lambda-kappa) unless --estimator
says otherwise, where goeval FILE scores by the judge: every score names its
estimator.

Usage:
  goeval rank [flags] FILE.sgf

The board shows the 24 best moves as the letters a..z without o and x (a
is the best; o and x are dead stones on goeval's boards) and the 26 worst
as crosses (×). --format svg or png draws that board as a picture
over the position's control map, as that figure does. The table gives for
each move its probability by the model (--by model; "pass" says how likely a
pass is), the score after it by the one-ply estimator (--estimator; on the
board, Black positive, before komi), the gain over passing (the score after
the move minus the score after a pass, from the mover's point of view) and,
for the --top best moves, the miai value: half the difference between Black
and White playing the point (docs/estimators.md §4). With an estimator that
gives a win probability (--estimator judge), a column "win" gives the
mover's chance of winning after each move (JSON: win_probability, Black's).
The text table lists the lettered, --top and crossed moves; --format json
lists them all.

With an iterative estimator, each move's evaluation starts from the
solution of the position itself (a warm start): about 2.5 times fewer
iterations, landing on the same fixed point but not on the same digits as
evaluating the position after the move alone (within 1.4 points with the
default estimator at its default tolerance); --cold gives those.

With no --move, the position at the end of the main line is ranked.
FILE may be "-" for standard input.
`

// playFlags are the flags that rank and values share.
type playFlags struct {
	ef      *estimatorFlags
	by      *string
	model   *modelFlag
	pf      *positionFlags
	top     *int
	workers *int
	cold    *bool
	format  *string
	out     *outputFlags
}

func addPlayFlags(fs *flag.FlagSet, topUsage string) *playFlags {
	return &playFlags{
		ef:      addEstimatorFlags(fs, mapEstimator),
		pf:      addPositionFlags(fs),
		top:     fs.Int("top", rank.DefaultTop, topUsage),
		workers: fs.Int("workers", 0, "number of parallel workers (0: one per CPU, GOMAXPROCS)"),
		cold:    fs.Bool("cold", false, "start every evaluation from the stones, not from the position's solution (iterative estimators: slower, the same as evaluating each position alone)"),
		format:  fs.String("format", "text", "output format: text, json, svg or png (a picture of the board; see --palette, --size, -o)"),
		out:     addOutputFlags(fs),
	}
}

// load parses the arguments, checks the flags and loads the position.
func (f *playFlags) load(e *env, fs *flag.FlagSet, args []string) (*position, func() control.Estimator, error) {
	files, err := parseArgs(fs, args)
	if err != nil {
		return nil, nil, err
	}
	if len(files) == 0 {
		return nil, nil, usagef("no SGF file given")
	}
	if len(files) > 1 {
		return nil, nil, usagef("one SGF file at a time (got %d)", len(files))
	}
	if err := f.pf.check(); err != nil {
		return nil, nil, err
	}
	if *f.format != "text" && *f.format != "json" && !isPicture(*f.format) {
		return nil, nil, usagef("invalid --format %q (want text, json, svg, png)", *f.format)
	}
	if _, err := f.out.check(*f.format); err != nil {
		return nil, nil, err
	}
	if err := f.out.refuseTerminal(e, *f.format); err != nil {
		return nil, nil, err
	}
	if *f.top < 0 {
		return nil, nil, usagef("invalid --top %d (want 0 or more)", *f.top)
	}
	if *f.workers < 0 {
		return nil, nil, usagef("invalid --workers %d (want 1 or more, or 0 for one per CPU)", *f.workers)
	}
	newEst, err := f.ef.factory()
	if err != nil {
		return nil, nil, err
	}
	if err := f.out.checkInputs(files[0]); err != nil {
		return nil, nil, err
	}
	pos, err := loadPosition(e, files[0], f.pf.game, f.pf.move, f.pf.path)
	if err != nil {
		return nil, nil, err
	}
	if *f.format != "json" {
		for _, w := range pos.warnings {
			fmt.Fprintf(e.stderr, "goeval: %s\n", w)
		}
	}
	return pos, newEst, nil
}

// workError turns an error of the rank package into one for people.
func workError(pos *position, err error) error {
	if errors.Is(err, context.Canceled) {
		return &interruptedError{"interrupted before the work was finished: nothing written"}
	}
	return fmt.Errorf("%s: %w", pos.file, err)
}

func rankCommand(e *env, args []string) error {
	fs := newFlags(e, "goeval rank", rankUsage)
	addMaxSGFFlag(fs)
	f := addPlayFlags(fs, "compute the miai value of this many of the best moves")
	f.by = fs.String("by", "model", "order of the moves: model (the move model's probability), net (the network's move probabilities; the default with --net) or eval (the one-ply score by --estimator, docs/estimators.md §4)")
	f.model = addModelFlag(fs)
	pos, newEst, err := f.load(e, fs, args)
	if err != nil {
		return err
	}
	if !f.ef.net.set("by") && f.ef.net.loaded && f.model.path == "" {
		*f.by = netEstimator
	}
	if *f.by != "model" && *f.by != "eval" && *f.by != netEstimator {
		return usagef("invalid --by %q (want model, net, eval)", *f.by)
	}
	if *f.by == "eval" && f.model.path != "" {
		return usagef("--model orders the moves by the model: it does not go with --by eval")
	}
	top := *f.top
	if top == 0 {
		top = -1 // rank.Settings: negative means none
	}
	s := rank.Settings{Workers: *f.workers, Top: top, Cold: *f.cold, Win: true}
	var r *rank.Ranker
	if *f.by == "model" {
		m, err := f.model.load()
		if err != nil {
			return err
		}
		if r, err = modelRanker(m, newEst, s); err != nil {
			return err
		}
	} else if *f.by == netEstimator {
		if f.model.path != "" {
			return usagef("--model orders the moves by the model: it does not go with --by net")
		}
		netEst, err := factoryOf(netEstimator, nil)
		if err != nil {
			return err
		}
		s.Policy, s.PolicyEval = true, true
		r = rank.New(netEst, s)
	} else {
		r = rank.New(newEst, s)
	}
	rec, err := pos.record(false)
	if err != nil {
		return err
	}
	r.SetRecord(rec) // for an estimator that reads records (the network)
	last, last2 := pos.lastMoves()
	ctx, stop := interruptContext()
	defer stop()
	rk, err := r.RankAfter(ctx, pos.board, last, last2, pos.game.Info.Komi)
	if err != nil {
		return workError(pos, err)
	}
	switch *f.format {
	case "json":
		return f.out.write(e, func(w io.Writer) error { return rk.WriteJSON(w, pos.board, pos.source(), *f.top) })
	case "svg", "png":
		pic, err := rankPicture(pos, newEst(), rk, f.palette())
		if err != nil {
			return err
		}
		return f.out.writePicture(e, *f.format, pic)
	}
	tb, err := newTextBoard(e, f.out, pos, newEst())
	if err != nil {
		return err
	}
	return f.out.write(e, func(w io.Writer) error { return rk.WriteText(w, pos.board, pos.source(), *f.top, tb) })
}

// palette returns the checked --palette.
func (f *playFlags) palette() render.Palette {
	p, _ := render.ParsePalette(f.out.palette) // checked by load
	return p
}

// rankPicture draws a ranking as the symmetric-estimate article's Figure 10 does: the 24 best
// moves lettered (rank.Letters), the 26 worst crossed, over the control map of the
// position (evaluated once more, from the stones, with est).
func rankPicture(pos *position, est control.Estimator, rk *rank.Ranking, pal render.Palette) (*render.Picture, error) {
	var res control.Result
	if err := estimate(est, &res, pos, false); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", pos.file, est.Name(), err)
	}
	labels := make([]string, pos.board.Geometry().N)
	mk := rank.Marks(len(rk.Moves))
	for i, m := range rk.Moves {
		if mk[i] == "×" {
			labels[m.Point] = render.Cross
		} else {
			labels[m.Point] = mk[i]
		}
	}
	g := pos.board.Geometry()
	mover := rk.ToMove.Name()
	pic := &render.Picture{Board: pos.board, Control: res.Control, Palette: pal, Labels: labels, Last: pos.lastMove()}
	pic.Caption = []string{
		positionLine(pos),
		fmt.Sprintf("%s: the best %d moves for %s %s, a first; ×: the worst 26", rank.LettersLegend, len(rank.Letters), mover, rankOrder(rk)),
		estimatorCaption(rk.Estimator, rk.Params),
		scoreCaption(rk.Estimator, res.Score, pos.game.Info.Komi),
	}
	if len(rk.Moves) > 0 {
		best := rk.Moves[0]
		if rk.ByModel {
			pic.Caption = append(pic.Caption, fmt.Sprintf("best %s, probability %.3f, gaining %.2f over a pass; %d legal moves", g.GTP(best.Point), best.Prob, best.Gain, len(rk.Moves)))
		} else {
			pic.Caption = append(pic.Caption, fmt.Sprintf("best %s, gaining %.2f over a pass; %d legal moves", g.GTP(best.Point), best.Gain, len(rk.Moves)))
		}
	} else {
		pic.Caption = append(pic.Caption, mover+" has no legal move but pass")
	}
	return pic, nil
}

// rankOrder says how a ranking is ordered, for captions.
func rankOrder(rk *rank.Ranking) string {
	if rk.ByPolicy {
		return "by " + rk.Estimator + "'s move probabilities"
	}
	if rk.ByModel {
		return "by the move model"
	}
	return "by the one-ply score"
}
