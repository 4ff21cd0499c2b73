package main

import (
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
