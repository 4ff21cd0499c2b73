package main

import (
	"context"
	"io"

	"goeval/compare"
	"goeval/control"
	"goeval/peer"
	"goeval/records"
)

// gtpPeer is a compare.Peer that runs argv as a GTP engine, in a process
// group of its own so that Ctrl-C reaches goeval alone: cancelling ctx
// stops the engine, and compare leaves the position it was on out.
func gtpPeer(ctx context.Context, name string, argv []string, stderr io.Writer) compare.Peer {
	return compare.Peer{Name: name, Start: func() (compare.Engine, error) {
		c, err := peer.Start(argv, peer.Options{OwnGroup: true, Context: ctx})
		if err != nil {
			return nil, err
		}
		ev, err := peer.NewEvaluator(c, peer.MapAuto)
		if err != nil {
			c.Close()
			return nil, err
		}
		return &gtpEngine{c: c, ev: ev}, nil
	}}
}

// gtpEngine adapts a peer.Evaluator to compare.Engine.
type gtpEngine struct {
	c  *peer.Client
	ev *peer.Evaluator
}

func (g *gtpEngine) Evaluate(dst *control.Result, pos *records.Position) error {
	if err := g.ev.SetPosition(pos.Serial, pos.Size, pos.Komi, pos.Moves, pos.Board); err != nil {
		return err
	}
	score, err := g.ev.Score()
	if err != nil {
		return err
	}
	dst.Control, err = g.ev.Control(dst.Control[:0], pos.Board)
	dst.Score = score
	return err
}

func (g *gtpEngine) Close() error { return g.c.Close() }
