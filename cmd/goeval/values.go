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

const valuesUsage = `goeval values gives the value of a play at every empty point, miai
counting's way (docs/estimators.md §4): Black plays the point, then,
separately, White does, both from the position as it stands, and

  deiri = score after Black plays - score after White plays
  miai  = deiri / 2, the gote miai value of the play

(scores on the board, Black positive, before komi).

Usage:
  goeval values [flags] FILE.sgf

The board shows each point's miai value rounded to a whole number; b marks a
point only Black may play (White's play there would be suicide or the
recapture of a ko), w one only White may play. --format svg or png draws
that board as a picture over the position's control map. The list below gives the
--top biggest points; --format json gives them all, and the map.

With an iterative estimator, each play's evaluation starts from the
solution of the position itself (see goeval rank -h); --cold turns that off.

With no --move, the position at the end of the main line is valued.
FILE may be "-" for standard input.
`

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
	r := rank.New(newEst, rank.Settings{Workers: f.workers.n, Cold: *f.cold})
	if err := setRecord(r, pos); err != nil {
		return err
	}
	vm, err := r.Values(ctx, pos.Board)
	if err != nil {
		return workError(pos, err)
	}
	return f.write(e, pos, newEst, playOutput{
		json: func(w io.Writer) error { return vm.WriteJSON(w, pos.Board, pos.Source()) },
		picture: func(est control.Estimator, pal render.Palette) (*render.Picture, error) {
			return pos.ValuesPicture(est, vm, pal)
		},
		text: func(w io.Writer, tb rank.TextBoard) error {
			return vm.WriteText(w, pos.Board, pos.Source(), f.top.n, tb)
		},
	})
}
