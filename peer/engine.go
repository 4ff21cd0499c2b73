package peer

import "fmt"

// Engine is a running GTP engine with its Evaluator: the Evaluator's
// methods, and Close, which stops the engine. It is the engine of goeval's
// measuring and labelling packages (compare's peers, records.Labeller,
// predict's peer rankers).
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

// Close stops the engine (Client.Close).
func (e *Engine) Close() error { return e.c.Close() }
