package main

import (
	"flag"
	"fmt"
	"os"

	"goeval/eval"
	"goeval/internal/cmdline"
)

// netEnv names the environment variable that gives the network when --net
// is not given.
const netEnv = "GOEVAL_NET"

// netFlags are the files of fitted models that the estimators read:
// --net, --symmetry and --history, the KataGo network behind the
// estimator net, and --params, the judge's parameters. Every command that
// evaluates positions has them.
type netFlags struct {
	path, symmetry string
	history        bool
	params         string
	fs             *flag.FlagSet
	loaded         bool
}

func addNetFlags(fs *flag.FlagSet) *netFlags {
	nf := &netFlags{fs: fs}
	fs.StringVar(&nf.path, "net", "", "a KataGo network file (model version 8: KataGo's g170 networks, .bin.gz) for the estimator net, which it makes the default (also "+netEnv+"=FILE; docs/net.md)")
	fs.StringVar(&nf.symmetry, "symmetry", "0", "net: the symmetry in which the network sees the board, 0..7, or all for the mean of the eight")
	fs.BoolVar(&nf.history, "history", true, "net: show the network the record's last moves, as KataGo's GTP engine does (false: the position alone, as KataGo's analysis engine does by default)")
	fs.StringVar(&nf.params, "params", "", "the judge's parameters: a JSON file that goeval tune --write wrote (default: the shipped ones, compiled in from judge/params.json)")
	return nf
}

// load reads the judge's parameters given by --params, if any, and the
// network given by --net or GOEVAL_NET, if any, once, and reports whether
// there is a network. A missing or unreadable file is an error of input
// (exit 1) that names the file and where it was given.
func (nf *netFlags) load() (bool, error) {
	if cmdline.IsSet(nf.fs, "params") {
		if nf.params == "" {
			return false, usagef("--params is empty (want a JSON file that goeval tune --write wrote)")
		}
		if err := eval.LoadJudgeParams(nf.params); err != nil {
			return false, fmt.Errorf("--params: %w", err)
		}
	}
	sym, ok := eval.ParseSymmetry(nf.symmetry)
	if !ok {
		return false, usagef("invalid --symmetry %q (want 0..7, or all)", nf.symmetry)
	}
	path, from := nf.path, "--net"
	if !cmdline.IsSet(nf.fs, "net") {
		path, from = os.Getenv(netEnv), netEnv
	}
	if path == "" {
		if cmdline.IsSet(nf.fs, "net") {
			return false, usagef("--net is empty (want a KataGo network file)")
		}
		for _, name := range []string{"symmetry", "history"} {
			if cmdline.IsSet(nf.fs, name) {
				return false, usagef("--%s applies to the network: give one with --net FILE or %s=FILE", name, netEnv)
			}
		}
		return false, nil
	}
	if nf.loaded {
		return true, nil
	}
	if err := eval.LoadNetwork(path, eval.NetSettings{Symmetry: sym, NoHistory: !nf.history}); err != nil {
		if from == netEnv {
			return false, fmt.Errorf("%s=%s: %w", netEnv, path, err)
		}
		return false, fmt.Errorf("--net: %w", err)
	}
	nf.loaded = true
	return true, nil
}
