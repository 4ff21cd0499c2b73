package main

import (
	"context"
	"fmt"
	"strings"

	"goeval/peer"
)

// peerFlag collects --peer NAME=COMMAND flags.
type peerFlag []peerSpec

type peerSpec struct {
	name string
	argv []string
}

func (p *peerFlag) String() string { return "" }

func (p *peerFlag) Set(v string) error {
	name, cmd, ok := strings.Cut(v, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.TrimSpace(cmd) == "" {
		return fmt.Errorf("want NAME=COMMAND, as in gnugo=\"gnugo --mode gtp --level 1\"")
	}
	argv, err := peer.SplitCommand(cmd)
	if err != nil {
		return err
	}
	*p = append(*p, peerSpec{name, argv})
	return nil
}

// startAs starts p's engine (peer.StartEngine, with o's timeout and maps
// from m) as I, the interface of the package that uses it: nil when it
// does not start. The engine runs in a process group of its own, so that
// Ctrl-C reaches goeval alone: cancelling ctx stops it.
func startAs[I any](ctx context.Context, p peerSpec, o peer.Options, m peer.MapSource, need ...string) (I, error) {
	o.OwnGroup, o.Context = true, ctx
	var none I
	e, err := peer.StartEngine(p.name, p.argv, o, m, need...)
	if err != nil {
		return none, err
	}
	return any(e).(I), nil
}
