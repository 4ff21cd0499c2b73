package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"goeval/control"
	"goeval/eval"
	"goeval/internal/cmdline"
	"goeval/internal/version"
	"goeval/position"
	"goeval/render"
)

var evalUsage = help("eval")

// evalHelp is goeval -h: evalUsage, the commands and the estimators.
func evalHelp() string {
	var usage strings.Builder
	usage.WriteString(evalUsage)
	for _, n := range commandNames() {
		c := commands[n]
		fmt.Fprintf(&usage, "  %-8s %s\n", c.name, c.summary)
	}
	usage.WriteString("\nEstimators:\n")
	for _, s := range eval.All() {
		fmt.Fprintf(&usage, "  %-16s %s\n", s.Name, s.Summary)
	}
	return usage.String()
}

func evalCommand(e *env, args []string) error {
	fs := newFlags(e, "goeval", evalHelp())
	addMaxSGFFlag(fs)
	ef := addEstimatorFlags(fs, defaultEstimator)
	pf := addPositionFlags(fs)
	format := cmdline.AddFormat(fs, "output format: text, json, svg or png (a picture of the control map; see --palette, --size, -o)", "json", "svg", "png")
	show := fs.String("show", "", "a view of the estimator's own instead of the control map (moyo: objects, pairs, d, size, regions; svg and png draw it over the map)")
	sf := addScoringFlags(fs)
	of := addOutputFlags(fs)
	showVersion := fs.Bool("version", false, "print goeval's version (the module version, or the commit it was built from) and exit")
	files, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if *showVersion {
		_, err := fmt.Fprintln(e.stdout, version.Line(version.String()))
		return err
	}
	file, err := oneFile(files, "; to measure many, use 'goeval compare'")
	if err != nil {
		return err
	}
	pal, err := checkDrawFlags(e, pf, format, of)
	if err != nil {
		return err
	}
	if err := sf.check(); err != nil {
		return err
	}
	if sf.territory() && format.Picture() {
		return usagef("--scoring territory applies to the text and json output; pictures show the area count")
	}
	newEst, err := ef.factory()
	if err != nil {
		return err
	}
	est := newEst()
	if err := checkEvalEstimator(est, sf, *show); err != nil {
		return err
	}
	pos, err := loadPosition(e, file, pf, of, format)
	if err != nil {
		return err
	}
	var res control.Result
	if err := pos.Estimate(est, &res, sf.territory()); err != nil {
		return fmt.Errorf("%s: %s: %w", pos.File, est.Name(), err)
	}
	opt := position.Options{Shade: of.shade(e), Territory: sf.counter(pos)}
	if _, file := eval.JudgeParams(); est.Name() == defaultEstimator {
		opt.ParamsFile = file
	}
	switch {
	case format.V == "json":
		return of.write(e, func(w io.Writer) error { return pos.WriteJSON(w, est, &res, opt) })
	case format.Picture():
		pic, err := pos.Picture(est, &res, pal, *show)
		if errors.Is(err, position.ErrNoLabels) {
			return usagef("--show with --format svg or png: estimator %s cannot draw its views on a picture", est.Name())
		}
		if err != nil {
			return err
		}
		return of.writePicture(e, format.V, pic)
	case *show != "":
		return of.write(e, func(w io.Writer) error { return pos.WriteView(w, est.(control.Viewer), *show) })
	}
	return of.write(e, func(w io.Writer) error { return pos.WriteText(w, est, &res, opt) })
}

// checkEvalEstimator checks that est can do what --scoring and --show ask.
func checkEvalEstimator(est control.Estimator, sf *scoringFlags, show string) error {
	if _, ok := est.(control.Counter); sf.territory() && !ok {
		return usagef("--scoring territory: estimator %s does not count positions (the judges do)", est.Name())
	}
	if show == "" {
		return nil
	}
	v, ok := est.(control.Viewer)
	if !ok {
		return usagef("--show: estimator %s has no views of its own", est.Name())
	}
	if !slices.Contains(v.Views(), show) {
		return usagef("invalid --show %q for %s (want %s)", show, est.Name(), strings.Join(v.Views(), ", "))
	}
	return nil
}

// oneFile returns the one SGF file of a command's arguments; none or more
// are bad usage (more saying what to do instead).
func oneFile(files []string, instead string) (string, error) {
	if len(files) == 0 {
		return "", usagef("no SGF file given")
	}
	if len(files) > 1 {
		return "", usagef("one SGF file at a time (got %d)%s", len(files), instead)
	}
	return files[0], nil
}

// checkDrawFlags checks the flags of the commands that draw a position:
// --move, --game and --variation, --format and the picture flags, and
// returns the --palette.
func checkDrawFlags(e *env, pf *positionFlags, format *cmdline.Choice, of *outputFlags) (render.Palette, error) {
	if err := pf.check(); err != nil {
		return 0, err
	}
	if err := format.Check(); err != nil {
		return 0, err
	}
	pal, err := of.check(format.Picture())
	if err != nil {
		return 0, err
	}
	return pal, of.refuseTerminal(e, format.V)
}

// loadPosition refuses an -o file that is the input, reads the position
// that pf names, and prints its warnings unless the output is JSON (which
// holds them).
func loadPosition(e *env, file string, pf *positionFlags, of *outputFlags, format *cmdline.Choice) (*position.Position, error) {
	if err := of.checkInputs(file); err != nil {
		return nil, err
	}
	if file == "" {
		return nil, usagef("the FILE.sgf argument is empty (want a file name, or - for standard input)")
	}
	pos, err := position.Read(file, e.stdin, pf.game.N, pf.move.N, pf.path)
	if err != nil {
		return nil, err
	}
	if format.V != "json" {
		for _, w := range pos.Warnings {
			fmt.Fprintf(e.stderr, "goeval: %s\n", w)
		}
	}
	return pos, nil
}

// positionFlags are --move, --game and --variation.
type positionFlags struct {
	move, game *cmdline.Int
	variation  string
	path       []int // --variation's numbers
}

func addPositionFlags(fs *flag.FlagSet) *positionFlags {
	pf := &positionFlags{}
	pf.move = cmdline.AddInt(fs, "move", -1, -1, "evaluate the position after this many moves; -1 means the end of the main line")
	pf.move.Want = "want 0 or more"
	pf.game = cmdline.AddGame(fs, "which game of a collection (from 1)")
	fs.StringVar(&pf.variation, "variation", "", "follow this variation instead of the main line: N.M... takes the N-th variation at the first fork, the M-th at the next, the first beyond")
	return pf
}

func (pf *positionFlags) check() error {
	if err := pf.game.Check(); err != nil {
		return err
	}
	if err := pf.move.Check(); err != nil {
		return err
	}
	var ok bool
	if pf.path, ok = position.ParseVariation(pf.variation); !ok {
		return usagef("invalid --variation %q (want numbers from 1 joined by dots, as 2.1: the variation at each fork)", pf.variation)
	}
	return nil
}
