package main

import (
	"fmt"
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
	rec, err := pos.record(false)
	if err != nil {
		return err
	}
	r.SetRecord(rec) // for an estimator that reads records (the network)
	vm, err := r.Values(ctx, pos.board)
	if err != nil {
		return workError(pos, err)
	}
	switch f.format.v {
	case "json":
		return f.out.write(e, func(w io.Writer) error { return vm.WriteJSON(w, pos.board, pos.source()) })
	case "svg", "png":
		pic, err := valuesPicture(pos, newEst(), vm, f.palette())
		if err != nil {
			return err
		}
		return f.out.writePicture(e, f.format.v, pic)
	}
	tb, err := newTextBoard(e, f.out, pos, newEst())
	if err != nil {
		return err
	}
	return f.out.write(e, func(w io.Writer) error { return vm.WriteText(w, pos.board, pos.source(), f.top.n, tb) })
}

// valuesPicture draws every empty point's miai value, as the text board
// does, over the control map of the position (evaluated once more with
// est).
func valuesPicture(pos *position, est control.Estimator, vm *rank.ValueMap, pal render.Palette) (*render.Picture, error) {
	var res control.Result
	if err := estimate(est, &res, pos, false); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", pos.file, est.Name(), err)
	}
	labels := make([]string, pos.board.Geometry().N)
	for i := range vm.Points {
		v := &vm.Points[i]
		labels[v.Point] = v.Mark()
	}
	pic := &render.Picture{Board: pos.board, Control: res.Control, Palette: pal, Labels: labels, Last: pos.lastMove()}
	pic.Caption = []string{
		positionLine(pos),
		"miai value of a play on each point (b, w: only Black, only White may play)",
		estimatorCaption(vm.Estimator, vm.Params),
		scoreCaption(vm.Estimator, res.Score, pos.game.Info.Komi),
	}
	return pic, nil
}
