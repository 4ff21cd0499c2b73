package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"goeval/eval"
	"goeval/internal/cmdline"
	"goeval/internal/interrupt"
	"goeval/internal/outfile"
	"goeval/internal/words"
	"goeval/movemodel"
	"goeval/tune"
)

func tuneMovesCommand(e *env, args []string) error {
	fs := newFlags(e, "tune moves", help("tune-moves"))
	f := addTuneMovesFlags(fs)
	paths, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return usagef("no SGF file or folder given")
	}
	cfg, err := f.config()
	if err != nil {
		return err
	}
	files, ferrs, err := recordFiles(e, paths, "fit on")
	if err != nil {
		return err
	}
	if err := checkNotInput("--write", *f.write, files...); err != nil {
		return err
	}
	for _, fe := range ferrs {
		printFileError(e, fe)
	}
	ctx, stop := interruptContext()
	defer stop()
	cfg.Files = files
	cfg.Log = func(s string) { fmt.Fprintf(e.stderr, "goeval: %s\n", s) }
	rep, err := tune.MovesRun(ctx, cfg)
	if rep != nil {
		for _, note := range rep.Notes() {
			fmt.Fprintf(e.stderr, "goeval: %s\n", note)
		}
	}
	if err != nil {
		if ctx.Err() != nil {
			return &interrupt.Error{Msg: "interrupted before the fit finished a sweep: no model written"}
		}
		return err
	}
	w := e.stdout
	if err := rep.WriteModel(w); err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := rep.Model.Write(&buf); err != nil {
		return err
	}
	draw := func(w io.Writer) error { _, err := w.Write(buf.Bytes()); return err }
	if rep.Interrupted {
		// The model of the sweeps finished, beside the file, never over it.
		what := fmt.Sprintf("interrupted after %s: the model holds the gammas reached, not converged", words.Count(len(rep.Sweeps), "sweep"))
		if *f.write == "" {
			return &interrupt.Error{Msg: what}
		}
		name, err := outfile.WriteNew(*f.write, ".partial", draw)
		if err != nil {
			return fmt.Errorf("%s; it could not be kept: %w; %s is as it was", what, err, *f.write)
		}
		return &interrupt.Error{Msg: fmt.Sprintf("%s; it is kept in %s; %s is as it was", what, name, *f.write)}
	}
	if *f.write != "" {
		if err := outfile.Write(*f.write, draw); err != nil {
			return fmt.Errorf("--write: %w", err)
		}
		fmt.Fprintf(w, "\nModel written to %s (%d bytes).\n", filepath.Clean(*f.write), buf.Len())
	}
	if n := len(ferrs) + len(rep.Unreadable); n > 0 {
		return fmt.Errorf("%s could not be used (listed above): the model is fitted on the others", words.Count(n, "record"))
	}
	return nil
}

// tuneMovesFlags are goeval tune moves' flags.
type tuneMovesFlags struct {
	games, every, validate, minPattern, minShape, sweeps *cmdline.Int
	gain, owner, without, write                          *string
	tol, prior                                           *float64
	workers                                              *cmdline.Int
}

func addTuneMovesFlags(fs *flag.FlagSet) *tuneMovesFlags {
	f := &tuneMovesFlags{}
	addMaxSGFFlag(fs)
	f.games = cmdline.AddInt(fs, "games", 0, 0, "fit on this many games only, spread over the records (0: all)")
	f.every = cmdline.AddInt(fs, "every", tune.DefaultEvery, 1, "sample a training position every this many moves")
	f.validate = cmdline.AddInt(fs, "validate-every", tune.DefaultValidateEvery, 2, "hold out one game in this many for validation")
	f.minPattern = cmdline.AddInt(fs, "min-pattern", tune.DefaultMinPattern, 1, "keep the spatial patterns played at least this often")
	f.minShape = cmdline.AddInt(fs, "min-shape", tune.DefaultMinShape, 1, "keep the 3x3 shapes seen at least this often among the candidates")
	f.gain = fs.String("gain", "", "estimator of the one-ply gain feature (\"\": none)")
	f.owner = fs.String("owner", eval.JudgeName, "estimator of the owner feature (\"\": none)")
	f.sweeps = cmdline.AddInt(fs, "sweeps", movemodel.DefaultIterations, 1, "most sweeps of the fit")
	f.tol = fs.Float64("tolerance", movemodel.DefaultTolerance, "stop when a sweep raises the mean log-likelihood by less than this")
	f.prior = fs.Float64("prior", movemodel.DefaultPrior, "virtual wins and losses of every feature value against a gamma of 1")
	f.without = fs.String("without", "", "comma-separated feature groups to leave out, to measure what they buy: "+groupNames())
	f.workers = cmdline.AddWorkers(fs, "number of workers (default: the number of CPUs)", cpuCount)
	f.write = fs.String("write", "", "write the model to this parameter file")
	return f
}

// config checks the flags and returns the fit they ask for, without its
// files.
func (f *tuneMovesFlags) config() (tune.MovesConfig, error) {
	if err := cmdline.Check(f.games, f.every, f.validate, f.minPattern, f.minShape, f.sweeps, f.workers); err != nil {
		return tune.MovesConfig{}, err
	}
	if !(*f.prior > 0) {
		return tune.MovesConfig{}, usagef("invalid --prior %v (want more than 0)", *f.prior)
	}
	if !(*f.tol > 0) {
		// Fit would take 0 for its default.
		return tune.MovesConfig{}, usagef("invalid --tolerance %v (want more than 0)", *f.tol)
	}
	for _, c := range [...]struct{ flag, name string }{{"gain", *f.gain}, {"owner", *f.owner}} {
		if _, err := eval.Lookup(c.name); c.name != "" && err != nil {
			return tune.MovesConfig{}, usagef("invalid --%s %q (want \"\" or one of %s)", c.flag, c.name, strings.Join(eval.Names(), ", "))
		}
	}
	drop, bad := movemodel.ParseGroups(*f.without)
	if bad != "" {
		return tune.MovesConfig{}, usagef("invalid --without %q (want some of %s)", bad, groupNames())
	}
	return tune.MovesConfig{Games: f.games.N, Every: f.every.N, ValidateEvery: f.validate.N, MinPattern: f.minPattern.N, MinShape: f.minShape.N,
		Gain: *f.gain, Owner: *f.owner, Workers: f.workers.N, Without: drop,
		Fit: movemodel.FitSettings{Iterations: f.sweeps.N, Tolerance: *f.tol, Prior: *f.prior},
	}, checkWrite(*f.write)
}

// groupNames lists the feature groups' short names.
func groupNames() string { return strings.Join(movemodel.ShortNames(), ", ") }
