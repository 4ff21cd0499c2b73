package main

import (
	"fmt"

	"goeval/control"
	"goeval/internal/cmdline"
	"goeval/thermo"
	"goeval/thermo/sgftree"
)

func init() {
	register(&command{name: "miai", args: "TREE|FILE.sgf", summary: "count, miai value and thermograph of a local endgame tree, kos included (\"Miai Counting With Trees\")", run: miaiCommand})
}

var miaiUsage = help("miai")

func miaiCommand(e *env, args []string) error {
	fs := newFlags(e, "miai", miaiUsage)
	addMaxSGFFlag(fs)
	ef := addEstimatorFlags(fs, mapEstimator)
	game := cmdline.AddGame(fs, "which game of an SGF collection (from 1)")
	format := cmdline.AddFormat(fs, "output format: text or json", "json")
	width := fs.Int("width", thermo.DefaultPlotWidth, "the most columns of the thermograph plot")
	height := fs.Int("height", thermo.DefaultPlotHeight, "the most rows of the thermograph plot")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("no tree or SGF file given")
	}
	if len(pos) > 1 {
		return usagef("one tree at a time (got %d arguments; quote a tree for the shell: '{4 | {3 | 2}}')", len(pos))
	}
	if err := game.Check(); err != nil {
		return err
	}
	if err := format.Check(); err != nil {
		return err
	}
	if *width < 8 || *height < 4 {
		return usagef("invalid plot size --width %d --height %d (want at least 8 and 4)", *width, *height)
	}
	// The estimator is built only if a leaf needs it, but flags given
	// explicitly are checked at once.
	if cmdline.IsSet(fs, "estimator") || len(ef.options()) > 0 {
		if _, err := ef.factory(); err != nil {
			return err
		}
	}
	newEst := func() (control.Estimator, error) {
		f, err := ef.factory()
		if err != nil {
			return nil, usagef("a leaf without V[] is valued by the estimator: %v", err)
		}
		return f(), nil
	}

	if pos[0] == "" {
		return usagef("the TREE or FILE.sgf argument is empty (want notation, a file name, or - for standard input)")
	}
	src, err := sgftree.Load(pos[0], e.stdin, game.N, sgftree.Options{Estimator: newEst})
	if err != nil {
		return err
	}
	if src.File == "" && cmdline.IsSet(fs, "game") {
		return usagef("--game applies to an SGF file, not to a tree in notation")
	}
	r, err := thermo.Analyze(src.Game)
	if err != nil {
		if src.Tree != nil {
			return src.Tree.Locate(err) // a ko it cannot count, at its place in the file
		}
		return err
	}
	naive, naiveErr := thermo.MiaiCount(src.Game)
	if format.V == "json" {
		return thermo.WriteJSON(e.stdout, src.Source(), r, naive, naiveErr)
	}
	for _, w := range src.Warnings {
		fmt.Fprintf(e.stderr, "goeval: %s\n", w)
	}
	return thermo.WriteText(e.stdout, src.Source(), r, naive, naiveErr, thermo.PlotOptions{Width: *width, Height: *height})
}
