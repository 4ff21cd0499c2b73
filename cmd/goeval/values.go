package main

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"goeval/board"
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
	f := addPlayFlags(fs, "list this many of the biggest points in text (0: all)")
	pos, newEst, err := f.load(e, fs, args)
	if err != nil {
		return err
	}
	ctx, stop := interruptible()
	defer stop()
	vm, err := rank.New(newEst, rank.Settings{Workers: *f.workers, Cold: *f.cold}).Values(ctx, pos.board)
	if err != nil {
		return workError(pos, err)
	}
	switch *f.format {
	case "json":
		return f.out.write(e, func(w io.Writer) error { return writeValuesJSON(w, pos, vm) })
	case "svg", "png":
		pic, err := valuesPicture(pos, newEst(), vm, f.palette())
		if err != nil {
			return err
		}
		return f.out.writePicture(e, *f.format, pic)
	}
	tb, err := newTextBoard(e, f.out, pos, newEst())
	if err != nil {
		return err
	}
	return f.out.write(e, func(w io.Writer) error { return writeValuesText(w, pos, vm, *f.top, tb) })
}

// valuesPicture draws every empty point's miai value, as the text board
// does, over the control map of the position (evaluated once more with
// est).
func valuesPicture(pos *position, est control.Estimator, vm *rank.ValueMap, pal render.Palette) (*render.Picture, error) {
	var res control.Result
	if err := est.Estimate(&res, pos.board); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", pos.file, est.Name(), err)
	}
	labels := make([]string, pos.board.Geometry().N)
	for i := range vm.Points {
		v := &vm.Points[i]
		labels[v.Point] = mark(v)
	}
	pic := &render.Picture{Board: pos.board, Control: res.Control, Palette: pal, Labels: labels}
	pic.Caption = []string{
		positionLine(pos),
		"miai value of a play on each point (b, w: only Black, only White may play)",
		estimatorCaption(vm.Estimator, vm.Params),
		scoreCaption(vm.Estimator, res.Score, pos.game.Info.Komi),
	}
	return pic, nil
}

// mark returns the board glyph of a point's value: its miai value rounded,
// b or w where only that colour may play, - where neither may.
func mark(v *rank.Value) string {
	switch {
	case v.HasMiai():
		r := math.Round(v.Miai)
		if r == 0 {
			r = 0 // no "-0"
		}
		return strconv.FormatFloat(r, 'f', 0, 64)
	case v.BlackErr == nil:
		return "b"
	case v.WhiteErr == nil:
		return "w"
	}
	return "-"
}

func writeValuesText(w io.Writer, pos *position, vm *rank.ValueMap, top int, tb textBoard) error {
	header(w, pos)
	estimatorLine(w, vm.Estimator, vm.Params)
	g := pos.board.Geometry()
	at := map[board.Point]*rank.Value{}
	for i := range vm.Points {
		at[vm.Points[i].Point] = &vm.Points[i]
	}
	var sb strings.Builder
	render.MarkedMap(&sb, pos.board, tb.control, tb.shade, 3, func(p board.Point) string {
		if v := at[p]; v != nil {
			return mark(v)
		}
		return ""
	})
	sb.WriteString(tb.stones() + "; numbers: the miai value of a play there, rounded; b: only Black may play, w: only White\n")
	if tb.legend != "" {
		fmt.Fprintln(&sb, tb.legend)
	}
	fmt.Fprintf(&sb, "score now by %s: %s on the board, %s to move\n\n", vm.Estimator, signed(vm.Base.Score), vm.ToMove.Name())
	sorted := vm.Sorted()
	valued := 0
	for _, v := range sorted {
		if v.HasMiai() {
			valued++
		}
	}
	if top == 0 || top > valued {
		top = valued
	}
	if valued > 0 {
		fmt.Fprintf(&sb, "%5s %-4s %7s %7s %12s %12s\n", "rank", "move", "miai", "deiri", "Black plays", "White plays")
	}
	for i, v := range sorted[:top] {
		fmt.Fprintf(&sb, "%5d %-4s %7.2f %7.2f %12s %12s\n", i+1, g.GTP(v.Point), v.Miai, v.Deiri, signed(v.Black.Score), signed(v.White.Score))
	}
	if top < valued {
		fmt.Fprintf(&sb, "%11s... %d more points (--top 0 lists them all) ...\n", "", valued-top)
	}
	if valued < len(sorted) {
		sb.WriteString("\nwhere one colour may not play:\n")
		for _, v := range sorted[valued:] {
			fmt.Fprintf(&sb, "  %-4s %s\n", g.GTP(v.Point), v.Note())
		}
	}
	fmt.Fprintf(&sb, "\n%d empty points; ", len(sorted))
	io.WriteString(w, sb.String())
	statsLine(w, vm.Stats)
	return nil
}

// jsonValues is the JSON output of goeval values. Fields may be added,
// never renamed.
type jsonValues struct {
	jsonPlays
	// Points lists every empty point, biggest miai value first, then the
	// points one colour may not play, in map order.
	Points []jsonPoint `json:"points"`
	// MiaiMap holds size*size miai values, row-major from the top-left,
	// null on stones and where a colour may not play.
	MiaiMap  []*float64 `json:"miai_map"`
	Warnings []string   `json:"warnings,omitempty"`
}

// jsonPoint is one empty point. Black and White are the scores after each
// colour plays there, null where it may not (Note says why); Miai and Deiri
// are null unless both may.
type jsonPoint struct {
	Rank  int      `json:"rank,omitempty"`
	Move  string   `json:"move"`
	Miai  *float64 `json:"miai"`
	Deiri *float64 `json:"deiri"`
	Black *float64 `json:"black"`
	White *float64 `json:"white"`
	Note  string   `json:"note,omitempty"`
}

func writeValuesJSON(w io.Writer, pos *position, vm *rank.ValueMap) error {
	g := pos.board.Geometry()
	sorted := vm.Sorted()
	j := jsonValues{
		jsonPlays: playsHeader(pos, vm.ToMove, vm.Estimator, vm.Params, vm.Base.Score, vm.Stats),
		Points:    make([]jsonPoint, len(sorted)), MiaiMap: make([]*float64, g.N),
		Warnings: warningStrings(pos),
	}
	for i := range sorted {
		v := &sorted[i]
		jp := jsonPoint{Move: g.GTP(v.Point), Note: v.Note()}
		if v.BlackErr == nil {
			jp.Black = &v.Black.Score
		}
		if v.WhiteErr == nil {
			jp.White = &v.White.Score
		}
		if v.HasMiai() {
			jp.Rank = i + 1
			jp.Miai, jp.Deiri = &v.Miai, &v.Deiri
			j.MiaiMap[v.Point] = &v.Miai
		}
		j.Points[i] = jp
	}
	return writeJSONLine(w, j)
}
