package peer

import (
	"fmt"

	"goeval/control"
	"goeval/records"
)

// Engine is a running GTP engine with its Evaluator: the Evaluator's
// methods, Known, and Close, which stops the engine. It is the engine of
// goeval's measuring and labelling packages (compare.Engine,
// records.Labeller, predict's peer rankers).
type Engine struct {
	*Evaluator
	c *Client
}

// StartEngine starts argv (Start, with o) and makes an Evaluator of it
// with maps from m (NewEvaluator). Every command in need must be known to
// the engine: if one is not, the engine is stopped and the error says
// "NAME does not know COMMAND", NAME being name.
func StartEngine(name string, argv []string, o Options, m MapSource, need ...string) (*Engine, error) {
	c, err := Start(argv, o)
	if err != nil {
		return nil, err
	}
	for _, cmd := range need {
		if !c.Known(cmd) {
			c.Close()
			return nil, fmt.Errorf("%s does not know %s", name, cmd)
		}
	}
	ev, err := NewEvaluator(c, m)
	if err != nil {
		c.Close()
		return nil, err
	}
	return &Engine{Evaluator: ev, c: c}, nil
}

// Evaluate puts pos on the engine's board (SetPosition) and fills dst with
// its score (Score: Black positive, before komi) and, where it has one,
// its map (Control); dst.Control is empty without one.
func (e *Engine) Evaluate(dst *control.Result, pos *records.Position) error {
	if err := e.SetPosition(pos.Serial, pos.Size, pos.Komi, pos.Moves, pos.Board); err != nil {
		return err
	}
	score, err := e.Score()
	if err != nil {
		return err
	}
	dst.Control, err = e.Control(dst.Control[:0], pos.Board)
	dst.Score = score
	return err
}

// Close stops the engine (Client.Close).
func (e *Engine) Close() error { return e.c.Close() }
