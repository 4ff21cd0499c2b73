package compare

import (
	"goeval/control"
	"goeval/peer"
	"goeval/records"
)

// GTPPeer is the peer name that runs argv as a GTP engine
// (peer.StartEngine with o; its map, where it has one, as peer.MapAuto
// finds it): each position is set on its board (replaying only the new
// moves of a game) and asked for its score and map.
func GTPPeer(name string, argv []string, o peer.Options) Peer {
	return Peer{Name: name, Start: func() (Engine, error) {
		e, err := peer.StartEngine(name, argv, o, peer.MapAuto)
		if err != nil {
			return nil, err
		}
		return gtpEngine{e}, nil
	}}
}

// gtpEngine is a peer.Engine as an Engine.
type gtpEngine struct{ *peer.Engine }

func (g gtpEngine) Evaluate(dst *control.Result, pos *records.Position) error {
	if err := g.SetPosition(pos.Serial, pos.Size, pos.Komi, pos.Moves, pos.Board); err != nil {
		return err
	}
	score, err := g.Score()
	if err != nil {
		return err
	}
	dst.Control, err = g.Control(dst.Control[:0], pos.Board)
	dst.Score = score
	return err
}
