package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"goeval/board"
	"goeval/control"
	"goeval/eval"
	"goeval/gtp"
	"goeval/internal/cmdline"
	"goeval/internal/version"
)

func init() {
	register(&command{name: "gtp", summary: "serve GTP version 2 on standard input and output, for GoGui, Sabaki and Lizzie", run: gtpCommand})
}

var gtpUsage = help("gtp")

func gtpCommand(e *env, args []string) error {
	fs := newFlags(e, "goeval gtp", gtpUsage)
	addMaxSGFFlag(fs)
	ef := addEstimatorFlags(fs, defaultEstimator)
	rankWith := fs.String("rank-estimator", mapEstimator, "estimator that ranks moves for genmove, kata-analyze's moves and the ranking analyze commands")
	workers := cmdline.AddWorkers(fs, "number of parallel workers that rank moves (0: one per CPU, GOMAXPROCS)", onePerCPU)
	size := addSizeFlag(fs, "boardsize", 19, fmt.Sprintf("board size at the start, %d..%d", board.MinSize, board.MaxSize))
	by := addByFlag(fs, "order of the moves of genmove and the analyze commands: model (the move model), net (the network's move probabilities; the default with --net) or eval (the one-ply score)")
	sf := addScoringFlags(fs)
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("goeval gtp takes no arguments (got %q)", rest[0])
	}
	if err := sf.check(); err != nil {
		return err
	}
	if err := workers.Check(); err != nil {
		return err
	}
	judge, err := ef.factory()
	if err != nil {
		return err
	}
	if err := by.resolve(fs, ef.net.loaded); err != nil {
		return err
	}
	cfg := gtp.Config{Version: version.String(), Workers: workers.N, Size: size.N,
		Warn: func(line string) { fmt.Fprintf(e.stderr, "goeval: %s\n", line) }}
	switch by.V {
	case "model":
		if cfg.Model, err = by.model.load(); err != nil {
			return err
		}
	case netEstimator:
		if _, ok := judge().(control.MovePredictor); !ok {
			return usagef("--by net takes the moves from the network: give one with --net FILE (and leave --estimator net)")
		}
		cfg.Policy = true
	}
	ranker, err := factoryOf(*rankWith, nil)
	var ue *usageError
	if errors.As(err, &ue) {
		return err
	}
	if err != nil {
		return usagef("invalid --rank-estimator %q (want %s)", *rankWith, strings.Join(eval.Names(), ", "))
	}
	ests, err := eval.Constructors()
	if err != nil {
		return err
	}
	cfg.Estimators = ests
	cfg.Judge, cfg.Rank = judge, ranker
	cfg.Territory, cfg.KoThreatsBlack, cfg.KoThreatsWhite = sf.territory(), sf.threatsBlack.N, sf.threatsWhite.N
	eng, err := gtp.New(cfg)
	if errors.Is(err, board.ErrSize) {
		return size.Check() // 0 is gtp's default, 19
	}
	if err != nil {
		return err
	}
	return eng.Run(context.Background(), e.stdin, e.stdout)
}
