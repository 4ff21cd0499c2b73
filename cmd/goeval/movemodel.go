package main

import (
	"flag"
	"fmt"

	"goeval/control"
	"goeval/eval"
	"goeval/internal/cmdline"
	"goeval/rank"
)

// modelFlag is the --model flag: the move model's parameter file, or the
// one that ships with goeval.
type modelFlag struct{ path string }

func addModelFlag(fs *flag.FlagSet) *modelFlag {
	m := &modelFlag{}
	fs.StringVar(&m.path, "model", "", "parameter file of the move model (default: the one that ships with goeval; see goeval tune moves)")
	return m
}

// byFlag is --by, the order of the moves (model, net or eval), with
// --model, the move model's file: net is the default with a network and no
// --model, and --model goes with --by model alone.
type byFlag struct {
	*cmdline.Choice
	model *modelFlag
}

func addByFlag(fs *flag.FlagSet, usage string) *byFlag {
	return &byFlag{cmdline.AddChoice(fs, "by", usage, "model", netEstimator, "eval"), addModelFlag(fs)}
}

// resolve sets the default of --by, now that a network is loaded or not,
// and checks --by and --model.
func (b *byFlag) resolve(fs *flag.FlagSet, netLoaded bool) error {
	if netLoaded && !cmdline.IsSet(fs, "by") && b.model.path == "" {
		b.V = netEstimator
	}
	if err := b.Check(); err != nil {
		return err
	}
	if b.V != "model" && b.model.path != "" {
		return usagef("--model orders the moves by the model: it does not go with --by %s", b.V)
	}
	return nil
}

// load returns the model, with the estimators it names resolved.
func (m *modelFlag) load() (*rank.Model, error) { return rank.LoadModel(m.path, modelEstimator) }

// modelEstimator builds the estimators a model's features need.
func modelEstimator(name string) (func() control.Estimator, error) { return eval.Factory(name, nil) }

// modelRanker returns a ranker that orders moves by m, with the one-ply
// evaluation by the model's own gain estimator unless newEst is given.
func modelRanker(m *rank.Model, newEst func() control.Estimator, s rank.Settings) (*rank.Ranker, error) {
	if newEst == nil {
		name := m.GainEstimator
		if name == "" {
			name = mapEstimator
		}
		f, err := eval.Factory(name, nil)
		if err != nil {
			return nil, fmt.Errorf("the move model's estimator: %w", err)
		}
		newEst = f
	}
	s.Model = m
	return rank.New(newEst, s), nil
}
