package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"goeval/compare"
	"goeval/eval"
	"goeval/internal/cmdline"
	"goeval/internal/interrupt"
	"goeval/internal/progress"
	"goeval/internal/words"
	"goeval/peer"
	"goeval/records"
	"goeval/report"
)

func init() {
	register(&command{name: "compare", args: "[flags] PATH...", summary: "compare estimators (and GTP engines) on game records", run: compareCommand})
}

// compareFlags are goeval compare's flags.
type compareFlags struct {
	estimators, labels, reference, judge *string
	moves                                *bandsFlag
	peers                                peer.Specs
	nf                                   *netFlags
	workers                              *cmdline.Int
	format                               *cmdline.Choice
	of                                   *outputFlags
	check, noTimings                     *bool
}

func addCompareFlags(fs *flag.FlagSet) *compareFlags {
	f := &compareFlags{}
	addMaxSGFFlag(fs)
	f.estimators = fs.String("estimators", "", "comma-separated estimators to compare (default: all: "+strings.Join(eval.Names(), ",")+"; net only with a network)")
	f.nf = addNetFlags(fs)
	f.moves = addBandsFlag(fs, "move bands: move numbers and end-K (K moves before the end)")
	f.labels = fs.String("labels", "", "labels file of final ownership (JSON Lines; \"none\" to use none)")
	f.reference = fs.String("reference", "", "reference evaluations of the positions (JSON Lines, as kata-reference.jsonl) to measure against as well")
	fs.Var(&f.peers, "peer", "a GTP engine to compare, as NAME=COMMAND (repeatable), e.g. gnugo=\"gnugo --mode gtp --chinese-rules --level 1\"")
	f.workers = cmdline.AddWorkers(fs, "number of workers, and of engines per peer (default: the number of CPUs)", cpuCount)
	f.format = cmdline.AddFormat(fs, "output format: text, csv, json or html (a page with the tables and charts of every metric against the move band; see -o)", "csv", "json", "html")
	f.of = addOutputFlag(fs)
	f.judge = fs.String("judge", defaultJudge(), "estimator of the final-position judgement for counted games without labels or markup (\"none\": Benson's algorithm alone)")
	f.check = fs.Bool("check-judgement", false, "also judge every labelled game's final position as if it had no label, and report the agreement with the labels")
	f.noTimings = fs.Bool("no-timings", false, "leave the time per position out (\"-\" in text, empty in CSV, null in JSON), so that the output of two runs can be compared with diff")
	return f
}

// config checks the flags and returns the comparison they ask for; its
// peers are stopped when ctx is cancelled.
func (f *compareFlags) config(ctx context.Context, e *env, paths []string) (compare.Config, error) {
	if err := cmdline.Check(f.format, f.workers, f.moves); err != nil {
		return compare.Config{}, err
	}
	cfg := compare.Config{Bands: f.moves.bands, Workers: f.workers.N, CheckJudgement: *f.check, NoTimings: *f.noTimings}
	if _, err := f.nf.load(); err != nil {
		return cfg, err
	}
	ests, err := estimatorList(*f.estimators)
	if err != nil {
		return cfg, err
	}
	cfg.Estimators = ests
	taken := map[string]bool{compare.TieName: true}
	for _, est := range cfg.Estimators {
		if taken[est.Name] {
			return cfg, usagef("invalid --estimators: %s given twice", est.Name)
		}
		taken[est.Name] = true
	}
	if *f.reference != "" {
		if taken[compare.ReferenceName] {
			return cfg, usagef("invalid --estimators: %q is the reference's row with --reference", compare.ReferenceName)
		}
		taken[compare.ReferenceName] = true
	}
	for _, p := range f.peers {
		if taken[p.Name] {
			return cfg, usagef("invalid --peer %s: the name is taken (estimators and the tie baseline have names too)", p.Name)
		}
		taken[p.Name] = true
		// In a process group of its own, so that Ctrl-C reaches goeval
		// alone: cancelling ctx stops the engine.
		cfg.Peers = append(cfg.Peers, compare.GTPPeer(p.Name, p.Argv, peer.Options{OwnGroup: true, Context: ctx}))
	}
	if *f.judge != "none" {
		if cfg.Judge, err = eval.Factory(*f.judge, nil); err != nil {
			return cfg, usagef("invalid --judge %q (want none, %s)", *f.judge, strings.Join(eval.Names(), ", "))
		}
	}
	if cfg.Labels, err = findLabels(e, *f.labels, paths); err != nil {
		return cfg, err
	}
	if *f.reference != "" {
		cfg.Reference, err = records.ReadReference(*f.reference)
	}
	return cfg, err
}

func compareCommand(e *env, args []string) error {
	fs := newFlags(e, "compare", help("compare"))
	f := addCompareFlags(fs)
	paths, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return usagef("no SGF file or folder given")
	}
	ctx, stop := interruptContext()
	defer stop()
	cfg, err := f.config(ctx, e, paths)
	if err != nil {
		return err
	}
	files, ferrs, err := recordFiles(e, paths, "compare")
	if err != nil {
		return err
	}
	inputs := append([]string{*f.reference}, files...)
	if *f.labels != "none" {
		inputs = append(inputs, *f.labels)
	}
	if err := f.of.checkInputs(inputs...); err != nil {
		return err
	}
	files = uniqueFiles(e, files, "compared")
	bar := progress.NewBar(e.stderr, e.stderrTTY)
	cfg.Progress = bar.Func()
	rep, err := compare.Run(ctx, cfg, files)
	bar.Clear()
	if err != nil && rep == nil && ctx.Err() != nil {
		// Interrupted before any work, while the peers were started.
		return &interrupt.Error{Msg: "interrupted before the comparison began: nothing written"}
	}
	if err != nil && (rep == nil || ctx.Err() == nil) {
		return err
	}
	rep.Errors = append(ferrs, rep.Errors...)
	judgedBy := ""
	if f.format.V == "text" {
		judgedBy = "Benson's algorithm alone"
		if cfg.Judge != nil {
			judgedBy = "Benson's algorithm and " + *f.judge
		}
	}
	for _, note := range rep.Notes(f.format.V != "json", judgedBy) {
		fmt.Fprintf(e.stderr, "goeval: %s\n", note)
	}
	if rep.Interrupted == "" && rep.GamesRead == 0 {
		// A table of no game would say nothing, and replace what -o
		// names.
		return fmt.Errorf("no game could be read from %s (listed above): nothing to compare, no output written", words.Count(len(files)+len(ferrs), "file"))
	}
	draw := func(w io.Writer) error {
		return report.Write(w, rep, f.format.V, report.Options{Command: report.CommandLine("goeval compare", args)})
	}
	if rep.Interrupted != "" {
		// The tables of what was finished are written, marked, never
		// over the -o file; the exit status says that the run did not end
		// by itself.
		return f.of.writeInterrupted(e, rep.Interrupted, "the output, which covers only the work finished,", draw)
	}
	if err := f.of.write(e, draw); err != nil {
		return err
	}
	if n := len(rep.Errors); n > 0 {
		return fmt.Errorf("%s (listed above): some input could not be used or evaluated", words.Count(n, "error"))
	}
	return nil
}

// defaultJudge is the estimator of the final-position judgement: the
// default estimator where it is registered, else none.
func defaultJudge() string {
	if _, err := eval.Lookup(defaultEstimator); err == nil {
		return defaultEstimator
	}
	return "none"
}
