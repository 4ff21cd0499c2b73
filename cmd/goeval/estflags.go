package main

import (
	"errors"
	"flag"
	"strings"

	"goeval/control"
	"goeval/eval"
	"goeval/internal/cmdline"
)

// defaultEstimator is the estimator that judges a position when
// --estimator is not given: goeval FILE, the GTP scores and dead stones.
const defaultEstimator = eval.JudgeName

// mapEstimator is the default of the commands that need a map that answers
// every move (rank, values, genmove, miai leaves): the default λ/κ of docs/estimators.md §2
// estimate. The judge's score leans on a prior until the game settles, so
// most moves would look alike to it, and it costs five times as much.
const mapEstimator = eval.LambdaKappaName

// netEstimator is the estimator of a KataGo network (--net).
const netEstimator = eval.NetName

// estimatorFlags are the flags that choose an estimator and override its
// parameters; every command that evaluates positions has them.
type estimatorFlags struct {
	name   string
	def    string
	params map[string]*float64
	fs     *flag.FlagSet
	net    *netFlags
}

func addEstimatorFlags(fs *flag.FlagSet, def string) *estimatorFlags {
	ef := &estimatorFlags{params: map[string]*float64{}, fs: fs, def: def}
	usage := "estimator: " + strings.Join(eval.Names(), ", ")
	if def == defaultEstimator {
		usage += " (net when a network is given)"
	}
	fs.StringVar(&ef.name, "estimator", def, usage)
	ef.net = addNetFlags(fs)
	for _, p := range eval.Params() {
		ef.params[p.Name] = fs.Float64(p.Name, 0, p.Usage+" (default: the estimator's own)")
	}
	return ef
}

// options returns the overrides given on the command line.
func (ef *estimatorFlags) options() eval.Options {
	o := eval.Options{}
	for name, v := range ef.params {
		if cmdline.IsSet(ef.fs, name) {
			o[name] = *v
		}
	}
	return o
}

// factory checks the flags, reads the network if one is given, and returns
// a constructor of the estimator. With a network, the default estimator of
// the commands that judge positions (goeval FILE, gtp) is net.
func (ef *estimatorFlags) factory() (func() control.Estimator, error) {
	haveNet, err := ef.net.load()
	if err != nil {
		return nil, err
	}
	if haveNet && ef.def == defaultEstimator && !cmdline.IsSet(ef.fs, "estimator") {
		ef.name = netEstimator
	}
	if _, err := eval.Lookup(ef.name); err != nil {
		return nil, usagef("invalid --estimator %q (want %s)", ef.name, strings.Join(eval.Names(), ", "))
	}
	f, err := eval.Factory(ef.name, ef.options())
	if err != nil {
		return nil, usagef("%v", err)
	}
	return f, nil
}

// factoryOf is eval.Factory for a name the command line gave (netUsage).
func factoryOf(name string, o eval.Options) (func() control.Estimator, error) {
	f, err := eval.Factory(name, o)
	return f, netUsage(err)
}

// netUsage makes asking for the network without one (eval.ErrNoNetwork)
// bad usage (exit 2), not bad input.
func netUsage(err error) error {
	if errors.Is(err, eval.ErrNoNetwork) {
		// The registry's errors name the estimator already; others do not.
		msg, prefix := err.Error(), "estimator "+eval.NetName+": "
		if !strings.HasPrefix(msg, prefix) {
			msg = prefix + msg
		}
		return usagef("%s", msg)
	}
	return err
}

// estimatorList reads --estimators, a comma-separated list of estimators,
// into their constructors (eval.Constructors): every usable one when the
// list is empty.
func estimatorList(list string) ([]eval.Named, error) {
	var names []string
	if list != "" {
		for _, n := range strings.Split(list, ",") {
			n = strings.TrimSpace(n)
			if _, err := eval.Lookup(n); err != nil {
				return nil, usagef("invalid --estimators: %q (want some of %s)", n, strings.Join(eval.Names(), ", "))
			}
			names = append(names, n)
		}
	}
	ests, err := eval.Constructors(names...)
	return ests, netUsage(err)
}
