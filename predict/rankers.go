package predict

import (
	"context"
	"slices"
	"time"

	"goeval/board"
	"goeval/peer"
	"goeval/rank"
)

// Ranking is a Ranker made of a rank.Ranker: the move model's order, with
// its probabilities, when the rank.Ranker has a model, else the one-ply
// order by its estimator.
func Ranking(r *rank.Ranker) Ranker { return rankRanker{r} }

type rankRanker struct{ r *rank.Ranker }

func (rr rankRanker) Order(ctx context.Context, pos *Position) (Order, error) {
	rr.r.SetRecord(pos.record()) // for an estimator that reads records
	rk, err := rr.r.RankAfter(ctx, pos.Board, pos.Last, pos.Last2, pos.Komi)
	if err != nil {
		return Order{}, err
	}
	o := Order{Moves: make([]board.Point, 0, len(rk.Moves)+1)}
	for _, m := range rk.Moves {
		o.Moves = append(o.Moves, m.Point)
	}
	if rk.ByModel {
		o.Probs = make([]float64, 0, len(rk.Moves)+1)
		for _, m := range rk.Moves {
			o.Probs = append(o.Probs, m.Prob)
		}
		// The pass, in its place by probability.
		i := 0
		for i < len(o.Probs) && o.Probs[i] >= rk.PassProb {
			i++
		}
		o.Moves = slices.Insert(o.Moves, i, board.Pass)
		o.Probs = slices.Insert(o.Probs, i, rk.PassProb)
	}
	return o, nil
}

func (rankRanker) Close() error { return nil }

// PeerOptions configure a GTP peer ranker.
type PeerOptions struct {
	// Genmove asks genmove (then undo) even where the engine knows
	// top_moves_black and top_moves_white.
	Genmove bool
	// Timeout bounds each answer; 0 means peer.DefaultTimeout.
	Timeout time.Duration
	// Context, if not nil, stops the engine once it is cancelled (the
	// run's interrupt): a command waiting for its answer kills it.
	Context context.Context
}

// Peer is a Ranker made of a GTP engine started with argv: its
// top_moves_black/white list (GnuGo's), else its genmove (see
// peer.Evaluator.Suggest). Positions reach the engine move by move. The
// engine runs in a process group of its own, so that an interrupt typed
// at the terminal reaches the caller alone, which stops the engine by
// cancelling o.Context.
func Peer(argv []string, o PeerOptions) (Ranker, error) {
	c, err := peer.Start(argv, peer.Options{Timeout: o.Timeout, OwnGroup: true, Context: o.Context})
	if err != nil {
		return nil, err
	}
	e, err := peer.NewEvaluator(c, peer.MapNone)
	if err != nil {
		c.Close()
		return nil, err
	}
	return &peerRanker{c: c, e: e, genmove: o.Genmove}, nil
}

type peerRanker struct {
	c       *peer.Client
	e       *peer.Evaluator
	genmove bool
}

func (p *peerRanker) Order(_ context.Context, pos *Position) (Order, error) {
	if err := p.e.SetPosition(pos.Serial, pos.Size, pos.Komi, pos.Moves, pos.Board); err != nil {
		return Order{}, err
	}
	moves, err := p.e.Suggest(pos.Board.ToMove(), pos.Board, p.genmove)
	return Order{Moves: moves}, err
}

func (p *peerRanker) Close() error { return p.c.Close() }
