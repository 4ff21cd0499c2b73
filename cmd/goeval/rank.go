package main

import (
	"context"
	"errors"
	"flag"
	"io"

	"goeval/control"
	"goeval/internal/cmdline"
	"goeval/internal/interrupt"
	"goeval/position"
	"goeval/rank"
	"goeval/render"
)

func init() {
	register(&command{name: "rank", args: "FILE.sgf", summary: "rank every legal move by the move model, or one ply deep (docs/estimators.md §4)", run: rankCommand})
}

var rankUsage = help("rank")

// playFlags are the flags that rank and values share.
type playFlags struct {
	ef      *estimatorFlags
	by      *byFlag
	pf      *positionFlags
	top     *cmdline.Int
	workers *cmdline.Int
	cold    *bool
	format  *cmdline.Choice
	out     *outputFlags
	pal     render.Palette // --palette, checked
}

func addPlayFlags(fs *flag.FlagSet, topUsage string) *playFlags {
	return &playFlags{
		ef:      addEstimatorFlags(fs, mapEstimator),
		pf:      addPositionFlags(fs),
		top:     cmdline.AddInt(fs, "top", rank.DefaultTop, 0, topUsage),
		workers: cmdline.AddWorkers(fs, "number of parallel workers (0: one per CPU, GOMAXPROCS)", onePerCPU),
		cold:    fs.Bool("cold", false, "start every evaluation from the stones, not from the position's solution (iterative estimators: slower, the same as evaluating each position alone)"),
		format:  cmdline.AddFormat(fs, "output format: text, json, svg or png (a picture of the board; see --palette, --size, -o)", "json", "svg", "png"),
		out:     addOutputFlags(fs),
	}
}

// load parses the arguments, checks the flags and loads the position.
func (f *playFlags) load(e *env, fs *flag.FlagSet, args []string) (*position.Position, func() control.Estimator, error) {
	files, err := parseArgs(fs, args)
	if err != nil {
		return nil, nil, err
	}
	file, err := oneFile(files, "")
	if err != nil {
		return nil, nil, err
	}
	if f.pal, err = checkDrawFlags(e, f.pf, f.format, f.out); err != nil {
		return nil, nil, err
	}
	if err := cmdline.Check(f.top, f.workers); err != nil {
		return nil, nil, err
	}
	newEst, err := f.ef.factory()
	if err != nil {
		return nil, nil, err
	}
	pos, err := loadPosition(e, file, f.pf, f.out, f.format)
	return pos, newEst, err
}

// playOutput is what rank and values write: JSON, a picture over the
// control map by an estimator, and text on a text board.
type playOutput struct {
	json    func(w io.Writer) error
	picture func(est control.Estimator, pal render.Palette) (*render.Picture, error)
	text    func(w io.Writer, tb rank.TextBoard) error
}

// write writes o in the --format, evaluating pos once more with newEst
// for the control map of a picture, or of a text board in colour.
func (f *playFlags) write(e *env, pos *position.Position, newEst func() control.Estimator, o playOutput) error {
	switch f.format.V {
	case "json":
		return f.out.write(e, o.json)
	case "svg", "png":
		pic, err := o.picture(newEst(), f.pal)
		if err != nil {
			return err
		}
		return f.out.writePicture(e, f.format.V, pic)
	}
	tb, err := pos.TextBoard(newEst(), f.out.shade(e))
	if err != nil {
		return err
	}
	return f.out.write(e, func(w io.Writer) error { return o.text(w, tb) })
}

// workError turns an interrupted ranking's error into one that says
// nothing was written.
func workError(err error) error {
	if errors.Is(err, context.Canceled) {
		return &interrupt.Error{Msg: "interrupted before the work was finished: nothing written"}
	}
	return err
}

func rankCommand(e *env, args []string) error {
	fs := newFlags(e, "goeval rank", rankUsage)
	addMaxSGFFlag(fs)
	f := addPlayFlags(fs, "compute the miai value of this many of the best moves")
	f.by = addByFlag(fs, "order of the moves: model (the move model's probability), net (the network's move probabilities; the default with --net) or eval (the one-ply score by --estimator, docs/estimators.md §4)")
	pos, newEst, err := f.load(e, fs, args)
	if err != nil {
		return err
	}
	if err := f.by.resolve(fs, f.ef.net.loaded); err != nil {
		return err
	}
	r, err := f.ranker(newEst)
	if err != nil {
		return err
	}
	ctx, stop := interruptContext()
	defer stop()
	rk, err := pos.Rank(ctx, r)
	if err != nil {
		return workError(err)
	}
	return f.write(e, pos, newEst, playOutput{
		json: func(w io.Writer) error { return rk.WriteJSON(w, pos.Board, pos.Source(), f.top.N) },
		picture: func(est control.Estimator, pal render.Palette) (*render.Picture, error) {
			return pos.RankPicture(est, rk, pal)
		},
		text: func(w io.Writer, tb rank.TextBoard) error {
			return rk.WriteText(w, pos.Board, pos.Source(), f.top.N, tb)
		},
	})
}

// ranker returns the ranker --by asks for: by the move model (with the
// one-ply evaluation by newEst), the network's move probabilities, or one
// ply deep by newEst.
func (f *playFlags) ranker(newEst func() control.Estimator) (*rank.Ranker, error) {
	top := f.top.N
	if top == 0 {
		top = -1 // rank.Settings: negative means none
	}
	s := rank.Settings{Workers: f.workers.N, Top: top, Cold: *f.cold, Win: true}
	switch f.by.V {
	case "model":
		m, err := f.by.model.load()
		if err != nil {
			return nil, err
		}
		return modelRanker(m, newEst, s)
	case netEstimator:
		netEst, err := factoryOf(netEstimator, nil)
		if err != nil {
			return nil, err
		}
		s.Policy, s.PolicyEval = true, true
		return rank.New(netEst, s), nil
	}
	return rank.New(newEst, s), nil
}
