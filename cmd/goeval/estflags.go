package main

import (
	"errors"
	"flag"
	"strings"

	"goeval/control"
	"goeval/eval"
)

// defaultEstimator is the estimator that judges a position when
// --estimator is not given: goeval FILE, the GTP scores and dead stones.
const defaultEstimator = "judge"

// mapEstimator is the default of the commands that need a map that answers
// every move (rank, values, genmove, miai leaves): the default λ/κ of docs/estimators.md §2
// estimate. The judge's score leans on a prior until the game settles, so
// most moves would look alike to it, and it costs five times as much.
const mapEstimator = "lambda-kappa"

// netEstimator is the estimator of a KataGo network (--net).
const netEstimator = "net"

// estimatorFlags are the flags that choose an estimator and override its
// parameters; every command that evaluates positions has them.
type estimatorFlags struct {
	name   string
	def    string
	params map[string]*float64
	fs     *flag.FlagSet
	net    *netFlags
}

// paramFlags lists the parameter overrides: flag name = Options key.
var paramFlags = []struct{ name, usage string }{
	{"lambda", "λ of the λ/κ estimators, in [0, 1)"},
	{"kappa", "κ of the λ/κ estimators, in [0, 1]"},
	{"tolerance", "stop iterating when the sum of squared changes is below this"},
	{"max-iterations", "iteration cap of the iterative estimators"},
	{"attenuation", "attenuation per step of the propagating estimators, in (0, 1)"},
	{"max-distance", "reach of the propagating estimators in steps (0 = unbounded)"},
	{"atsumi-reach", "reach of the moyo estimator's atsumi in steps"},
	{"region-override", "moyo: 1 to let the equidistance region decide the colour (docs/estimators.md §3)"},
}

func addEstimatorFlags(fs *flag.FlagSet, def string) *estimatorFlags {
	ef := &estimatorFlags{params: map[string]*float64{}, fs: fs, def: def}
	usage := "estimator: " + strings.Join(eval.Names(), ", ")
	if def == defaultEstimator {
		usage += " (net when a network is given)"
	}
	fs.StringVar(&ef.name, "estimator", def, usage)
	ef.net = addNetFlags(fs)
	for _, p := range paramFlags {
		ef.params[p.name] = fs.Float64(p.name, 0, p.usage+" (default: the estimator's own)")
	}
	return ef
}

// options returns the overrides given on the command line.
func (ef *estimatorFlags) options() eval.Options {
	o := eval.Options{}
	for name, v := range ef.params {
		if isSet(ef.fs, name) {
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
	if haveNet && ef.def == defaultEstimator && !isSet(ef.fs, "estimator") {
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

// factoryOf is eval.Factory for a name the command line gave, where asking
// for the network without one is bad usage (exit 2), not bad input.
func factoryOf(name string, o eval.Options) (func() control.Estimator, error) {
	f, err := eval.Factory(name, o)
	if errors.Is(err, eval.ErrNoNetwork) {
		return nil, usagef("estimator %s: %v", name, err)
	}
	return f, err
}

// usableNames returns the names of the estimators that can be built now:
// all but net while no network is given.
func usableNames() []string {
	var out []string
	for _, s := range eval.Usable() {
		out = append(out, s.Name)
	}
	return out
}

// estimatorList reads --estimators, a comma-separated list of estimators,
// into their names and constructors: every usable one (usableNames) when
// the list is empty.
func estimatorList(list string) ([]string, []func() control.Estimator, error) {
	names := usableNames()
	if list != "" {
		names = nil
		for _, n := range strings.Split(list, ",") {
			n = strings.TrimSpace(n)
			if _, err := eval.Lookup(n); err != nil {
				return nil, nil, usagef("invalid --estimators: %q (want some of %s)", n, strings.Join(eval.Names(), ", "))
			}
			names = append(names, n)
		}
	}
	var news []func() control.Estimator
	for _, n := range names {
		f, err := factoryOf(n, nil)
		if err != nil {
			return nil, nil, err
		}
		news = append(news, f)
	}
	return names, news, nil
}
