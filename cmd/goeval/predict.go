package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"goeval/eval"
	"goeval/internal/cmdline"
	"goeval/internal/interrupt"
	"goeval/internal/progress"
	"goeval/peer"
	"goeval/predict"
	"goeval/rank"
	"goeval/records"
)

func init() {
	register(&command{name: "predict", args: "[flags] PATH...", summary: "measure how often rankers (the move model, one-ply rankings, GTP engines) pick the moves of game records", run: predictCommand})
}

func predictCommand(e *env, args []string) error {
	fs := newFlags(e, "predict", help("predict"))
	f := addPredictFlags(fs)
	paths, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return usagef("no SGF file or folder given")
	}
	ctx, stop := interruptContext()
	defer stop()
	cfg, err := f.config(ctx)
	if err != nil {
		return err
	}
	files, ferrs, err := recordFiles(e, paths, "read")
	if err != nil {
		return err
	}
	if err := f.of.checkInputs(files...); err != nil {
		return err
	}
	files = uniqueFiles(e, files, "read")
	bar := progress.NewBar(e.stderr, e.stderrTTY)
	cfg.Progress = bar.Func()
	rep, err := predict.Run(ctx, cfg, files)
	bar.Clear()
	switch {
	case err != nil && ctx.Err() != nil:
		// An engine stopped as it started.
		return &interrupt.Error{Msg: "interrupted as the rankers started: nothing measured"}
	case err != nil:
		return err
	}
	for _, fe := range ferrs {
		rep.Unreadable = append([]records.FileError{fe}, rep.Unreadable...)
	}
	for _, note := range rep.Notes(f.format.V != "json") { // JSON holds the warnings
		fmt.Fprintf(e.stderr, "goeval: %s\n", note)
	}
	draw := func(w io.Writer) error { return rep.Write(w, f.format.V) }
	if rep.Interrupted {
		// The figures of the games finished, marked, never over the -o
		// file.
		return f.of.writeInterrupted(e, "interrupted: the figures are those of the games finished", "the output", draw)
	}
	switch err := f.of.write(e, draw); {
	case err != nil:
		return err
	case len(rep.Unreadable) > 0 || len(rep.Errors) > 0:
		return fmt.Errorf("some input could not be used or ranked (listed above)")
	}
	return nil
}

// predictFlags are goeval predict's flags.
type predictFlags struct {
	rankers *string
	nf      *netFlags
	every   *cmdline.Int
	peers   peer.Specs
	genmove *bool
	timeout *cmdline.Timeout
	workers *cmdline.Int
	format  *cmdline.Choice
	mf      *modelFlag
	of      *outputFlags
}

func addPredictFlags(fs *flag.FlagSet) *predictFlags {
	f := &predictFlags{}
	addMaxSGFFlag(fs)
	f.rankers = fs.String("rankers", "model", "comma-separated rankers: model, net (the network's move probabilities; --net), eval:NAME (NAME one of "+strings.Join(eval.Names(), ", ")+")")
	f.nf = addNetFlags(fs)
	f.every = cmdline.AddInt(fs, "every", predict.DefaultEvery, 1, "rank the position after every N-th move (0, N, 2N, ...)")
	fs.Var(&f.peers, "peer", "a GTP engine to measure, as NAME=COMMAND (repeatable), e.g. gnugo=\"gnugo --mode gtp --level 1\"")
	f.genmove = fs.Bool("peer-genmove", false, "ask the peers genmove (then undo) even where they know top_moves_black/white")
	f.timeout = cmdline.AddTimeout(fs, "peer-timeout", peer.DefaultTimeout, "how long to wait for each answer of a peer")
	f.workers = cmdline.AddWorkers(fs, "number of workers, each with its own rankers and engines (default: the number of CPUs)", cpuCount)
	f.format = cmdline.AddFormat(fs, "output format: text, csv or json", "csv", "json")
	f.mf = addModelFlag(fs)
	f.of = addOutputFlag(fs)
	return f
}

// config checks the flags and returns the measure they ask for; its peers
// are stopped when ctx is cancelled.
func (f *predictFlags) config(ctx context.Context) (predict.Config, error) {
	cfg := predict.Config{Every: f.every.N, Workers: f.workers.N}
	if err := cmdline.Check(f.format, f.every, f.workers, f.timeout); err != nil {
		return cfg, err
	}
	if _, err := f.nf.load(); err != nil {
		return cfg, err
	}
	taken := map[string]bool{}
	for _, name := range strings.Split(*f.rankers, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		if taken[name] {
			return cfg, usagef("invalid --rankers: %s given twice", name)
		}
		taken[name] = true
		c, err := predictRanker(name, f.mf)
		if err != nil {
			return cfg, err
		}
		cfg.Contenders = append(cfg.Contenders, c)
	}
	for _, p := range f.peers {
		if taken[p.Name] {
			return cfg, usagef("invalid --peer %s: the name is taken", p.Name)
		}
		taken[p.Name] = true
		opts := predict.PeerOptions{Genmove: *f.genmove, Timeout: f.timeout.D, Context: ctx}
		cfg.Contenders = append(cfg.Contenders, predict.PeerContender(p.Name, p.Argv, opts))
	}
	if len(cfg.Contenders) == 0 {
		return cfg, usagef("no rankers given (--rankers, --peer)")
	}
	return cfg, nil
}

// predictRanker makes the contender of one --rankers name.
func predictRanker(name string, mf *modelFlag) (predict.Contender, error) {
	if name == "model" {
		m, err := mf.load()
		if err != nil {
			return predict.Contender{}, err
		}
		return predict.Contender{Name: name, New: func() (predict.Ranker, error) {
			r, err := modelRanker(m, nil, rank.Settings{Workers: 1, Top: -1, ModelOnly: true})
			if err != nil {
				return nil, err
			}
			return predict.Ranking(r), nil
		}}, nil
	}
	if name == netEstimator {
		f, err := factoryOf(netEstimator, nil)
		if err != nil {
			return predict.Contender{}, err
		}
		return predict.PolicyContender(name, f), nil
	}
	est, ok := strings.CutPrefix(name, "eval:")
	if !ok {
		return predict.Contender{}, usagef("invalid --rankers: %q (want model, net or eval:NAME)", name)
	}
	if _, err := eval.Lookup(est); err != nil {
		return predict.Contender{}, usagef("invalid --rankers: %q (want eval:NAME, NAME one of %s)", name, strings.Join(eval.Names(), ", "))
	}
	f, err := factoryOf(est, nil)
	if err != nil {
		return predict.Contender{}, err
	}
	return predict.OnePlyContender(name, f), nil
}
