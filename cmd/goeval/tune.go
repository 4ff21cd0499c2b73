package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"goeval/compare"
	"goeval/internal/cmdline"
	"goeval/internal/interrupt"
	"goeval/internal/outfile"
	"goeval/internal/words"
	"goeval/judge"
	"goeval/records"
	"goeval/tune"
)

func init() {
	register(&command{name: "tune", args: "[flags] PATH...", summary: "fit the judge to a reference evaluation or labelled game records, with cross-validation; tune moves fits the move model", run: tuneCommand})
}

func tuneCommand(e *env, args []string) error {
	if len(args) > 0 && args[0] == "moves" {
		err := tuneMovesCommand(e, args[1:])
		if ue := (*usageError)(nil); errors.As(err, &ue) {
			ue.Synopsis, ue.Help = "goeval tune moves [flags] PATH...", "tune moves"
		}
		return err
	}
	fs := newFlags(e, "tune", help("tune"))
	f := addTuneFlags(fs)
	paths, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return usagef("no game records given")
	}
	cfg, err := f.config(fs)
	if err != nil {
		return err
	}
	files, ferrs, err := recordFiles(e, paths, "fit on")
	if err != nil {
		return err
	}
	for _, fe := range ferrs {
		printFileError(e, fe)
	}
	if cfg.Labels, cfg.Reference, err = f.truth(e, paths); err != nil {
		return err
	}
	inputs := append([]string{*f.reference}, files...)
	if cfg.Labels != nil {
		inputs = append(inputs, cfg.Labels.Name)
	}
	if err := checkNotInput("--write", *f.write, inputs...); err != nil {
		return err
	}
	ctx, stop := interruptContext()
	defer stop()
	folds := &compare.Folds{Config: compare.Config{Bands: cfg.Bands, Labels: cfg.Labels, Workers: cfg.Workers}}
	cfg.Files, cfg.Measure = files, folds.Measure
	cfg.Log = func(s string) { fmt.Fprintf(e.stderr, "goeval: %s\n", s) }
	rep, err := tune.Run(ctx, cfg)
	if err != nil {
		if ctx.Err() != nil {
			// Nothing is finished before the last fit: nothing to show.
			return &interrupt.Error{Msg: "interrupted before the fit finished: no parameters written"}
		}
		return err
	}
	w := e.stdout
	if err := rep.WriteFit(w); err != nil {
		return err
	}
	if msg := rep.Warning(); msg != "" {
		fmt.Fprintf(e.stderr, "goeval: warning: %s\n", msg)
	}
	if err := folds.WriteTable(w, cfg.Folds); err != nil {
		return err
	}
	if err := rep.WriteParams(w); err != nil {
		return err
	}
	if *f.write != "" {
		if err := outfile.Write(*f.write, func(w io.Writer) error { _, err := w.Write(rep.Params.JSON()); return err }); err != nil {
			return fmt.Errorf("--write: %w", err)
		}
		fmt.Fprintf(w, "Parameters written to %s\n", filepath.Clean(*f.write))
	}
	// The files left out were said as they were found ("not trained on").
	if n := len(ferrs) + len(rep.Skipped); n > 0 {
		return fmt.Errorf("%s could not be used (listed above): the fit is of the others", words.Count(n, "file"))
	}
	return nil
}

// tuneFlags are goeval tune's flags.
type tuneFlags struct {
	labels, reference, write *string
	moves                    *bandsFlag
	countedWeight, l2        *float64
	hardDeath                *bool
	stride, folds            *cmdline.Int
	workers                  *cmdline.Int
	s                        judge.Settings
}

func addTuneFlags(fs *flag.FlagSet) *tuneFlags {
	f := &tuneFlags{s: judge.DefaultSettings()}
	addMaxSGFFlag(fs)
	f.labels = fs.String("labels", "", "labels file of final ownership (JSON Lines)")
	f.reference = fs.String("reference", "", "learn from this reference evaluation of positions (JSON Lines, as kata-reference.jsonl) instead of final ownership")
	f.countedWeight = fs.Float64("counted-weight", 0, "with --reference: the weight of counted games' positions in the score and win models' fits (0: 1, as the others)")
	f.hardDeath = fs.Bool("hard-death", false, "with --reference: a chain is dead (1) or alive (0) by the sign of the reference's ownership of its stones, not in between")
	f.moves = addBandsFlag(fs, "move bands of the cross-validated comparison")
	f.stride = cmdline.AddInt(fs, "stride", tune.DefaultStride, 1, "sample a training position every this many moves")
	f.folds = cmdline.AddInt(fs, "folds", tune.DefaultFolds, 1, "cross-validation folds (1: fit only)")
	f.l2 = fs.Float64("l2", tune.DefaultL2, "L2 regularisation of the death model")
	s := &f.s
	fs.Float64Var(&s.Lambda, "lambda", s.Lambda, "λ of the early model's estimate, and of the late one's unless --late-lambda is given")
	fs.Float64Var(&s.Kappa, "kappa", s.Kappa, "κ of the early model's estimate, and of the late one's unless --late-kappa is given")
	fs.Float64Var(&s.DeadAt, "dead-at", s.DeadAt, "death probability from which a chain is taken off the board")
	fs.Float64Var(&s.LateLambda, "late-lambda", s.LateLambda, "λ of the late model's estimate")
	fs.Float64Var(&s.LateKappa, "late-kappa", s.LateKappa, "κ of the late model's estimate")
	fs.Float64Var(&s.LateDeadAt, "late-dead-at", s.LateDeadAt, "the late model's --dead-at (--dead-at's when only that is given)")
	fs.IntVar(&s.Playouts, "playouts", s.Playouts, "random playouts behind the death model's playout features (0: none; slower, better late in the game)")
	fs.Float64Var(&s.LateFrom, "late-from", s.LateFrom, "fit a separate late model, with the playouts, on positions with at least this share of the points occupied (0: one model, playouts everywhere)")
	f.workers = cmdline.AddWorkers(fs, "number of workers (default: the number of CPUs)", cpuCount)
	f.write = fs.String("write", "", "write the fitted parameters to this JSON file")
	return f
}

// config checks the flags and returns the fit they ask for, without its
// files, labels or reference.
func (f *tuneFlags) config(fs *flag.FlagSet) (tune.Config, error) {
	if err := cmdline.Check(f.moves, f.stride, f.folds); err != nil {
		return tune.Config{}, err
	}
	if !(*f.l2 > 0) {
		return tune.Config{}, usagef("invalid --l2 %v (want more than 0)", *f.l2)
	}
	if err := f.workers.Check(); err != nil {
		return tune.Config{}, err
	}
	if !(*f.countedWeight >= 0) {
		return tune.Config{}, usagef("invalid --counted-weight %v (want 0 or more)", *f.countedWeight)
	}
	s := &f.s
	s.LateFromEarly(func(name string) bool { return cmdline.IsSet(fs, name) })
	if se := (*judge.SettingError)(nil); errors.As(s.Check(), &se) {
		return tune.Config{}, usagef("invalid --%s %s (want %s)", se.Name, se.Value, se.Want)
	}
	if err := checkWrite(*f.write); err != nil {
		return tune.Config{}, err
	}
	base := judge.Default()
	base.Lambda, base.Kappa, base.DeadAt = s.Lambda, s.Kappa, s.DeadAt
	return tune.Config{HardDeath: *f.hardDeath, CountedWeight: *f.countedWeight, Base: base, Stride: f.stride.N, Folds: f.folds.N, L2: *f.l2,
		Playouts: s.Playouts, LateFrom: s.LateFrom, LateLambda: s.LateLambda, LateKappa: s.LateKappa, LateDeadAt: s.LateDeadAt,
		Bands: f.moves.bands, Workers: f.workers.N}, nil
}

// truth reads what the fit learns from: the reference (--reference), or
// the labels (--labels, or those beside the records in paths).
func (f *tuneFlags) truth(e *env, paths []string) (*records.Labels, *records.Reference, error) {
	if *f.reference != "" {
		if *f.labels != "" {
			return nil, nil, usagef("--labels and --reference: give one")
		}
		ref, err := records.ReadReference(*f.reference)
		return nil, ref, err
	}
	lab, err := findLabels(e, *f.labels, paths)
	if err == nil && lab == nil {
		err = usagef("no labels: give --labels FILE (final ownership of counted games) or --reference FILE")
	}
	return lab, nil, err
}
