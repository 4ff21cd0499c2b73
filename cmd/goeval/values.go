package main

import (
	"io"

	"goeval/control"
	"goeval/rank"
	"goeval/render"
)

func init() {
	register(&command{name: "values", args: "FILE.sgf", summary: "the deiri and miai value of every empty point (docs/estimators.md §4)", run: valuesCommand})
}

var valuesUsage = help("values")

func valuesCommand(e *env, args []string) error {
	fs := newFlags(e, "goeval values", valuesUsage)
	addMaxSGFFlag(fs)
	f := addPlayFlags(fs, "list this many of the biggest points in text (0: all)")
	pos, newEst, err := f.load(e, fs, args)
	if err != nil {
		return err
	}
	ctx, stop := interruptContext()
	defer stop()
	r := rank.New(newEst, rank.Settings{Workers: f.workers.N, Cold: *f.cold})
	vm, err := pos.Values(ctx, r)
	if err != nil {
		return workError(err)
	}
	return f.write(e, pos, newEst, playOutput{
		json: func(w io.Writer) error { return vm.WriteJSON(w, pos.Board, pos.Source()) },
		picture: func(est control.Estimator, pal render.Palette) (*render.Picture, error) {
			return pos.ValuesPicture(est, vm, pal)
		},
		text: func(w io.Writer, tb rank.TextBoard) error {
			return vm.WriteText(w, pos.Board, pos.Source(), f.top.N, tb)
		},
	})
}
