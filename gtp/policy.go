package gtp

import (
	"fmt"
	"sort"

	"goeval/board"
	"goeval/control"
	"goeval/rank"
)

// policy reports whether genmove and kata-analyze take their moves from
// the judge's move probabilities (Config.Policy; New checks that the judge
// gives them).
func (e *Engine) policy() bool { return e.cfg.Policy }

// policyMoves evaluates the position with c to move (rootFor: by its
// record when c is to move) with the judge, and returns the evaluation,
// the position with c to move, and c's moves by the judge's probability,
// the likeliest first: every legal point the judge gives a positive
// probability, and the pass, always; equal ones in map order, the pass
// after the points.
func (e *Engine) policyMoves(c board.Color) (*control.Result, *board.Board, []rank.Move, error) {
	mp := e.judge.(control.MovePredictor)
	g, b := e.rootFor(c)
	var res control.Result
	if err := e.evaluate(e.judge, &res, &g, b); err != nil {
		return nil, nil, nil, err
	}
	probs := mp.MoveProbabilities(nil)
	n := b.Geometry().N
	if len(probs) != n+1 {
		return nil, nil, nil, fmt.Errorf("%s gave %d move probabilities for %d points and the pass", e.judge.Name(), len(probs), n)
	}
	var moves []rank.Move
	for i, p := range probs[:n] {
		if p > 0 && b.Legal(c, board.Point(i)) == nil {
			moves = append(moves, rank.Move{Point: board.Point(i), Prob: p})
		}
	}
	moves = append(moves, rank.Move{Point: board.Pass, Prob: max(probs[n], 0)})
	sort.SliceStable(moves, func(i, j int) bool { return moves[i].Prob > moves[j].Prob })
	return &res, b, moves, nil
}

// policyGenmove picks genmove's move from the judge's probabilities for c:
// the likeliest legal move that does not fill one of c's own true eyes
// (ownTrueEye), or a pass when the pass is likelier.
func (e *Engine) policyGenmove(c board.Color, ok func(board.Point) bool) (board.Point, error) {
	_, b, moves, err := e.policyMoves(c)
	if err != nil {
		return board.Pass, err
	}
	for _, m := range moves {
		if m.Point == board.Pass {
			return board.Pass, nil
		}
		if ownTrueEye(b, m.Point, c) || (ok != nil && !ok(m.Point)) {
			continue
		}
		return m.Point, nil
	}
	return board.Pass, nil // not reached: the pass is among the moves
}

// genmoveCleanup is kgs-genmove_cleanup COLOR: genmove, except that it
// does not pass while stones of the opponent that the judge counts dead
// are on the board (cleanupMove).
func (e *Engine) genmoveCleanup(args []string) (string, error) {
	if len(args) != 1 {
		return "", syntax("kgs-genmove_cleanup COLOR")
	}
	c, err := parseColor(args[0])
	if err != nil {
		return "", err
	}
	p, err := e.pickMove(c, nil)
	if err != nil {
		return "", err
	}
	if p == board.Pass {
		if p, err = e.cleanupMove(c); err != nil {
			return "", err
		}
	}
	if err := e.playMove(c, p); err != nil {
		return "", err
	}
	return e.b.Geometry().GTP(p), nil
}

// cleanupMove returns a move of c that takes off the opponent's stones the
// judge counts dead: a liberty of the dead chain with the fewest
// liberties (the first in map order among equals), the first in map order
// that c may play, that is not one of c's own true eyes and that does not
// leave c's stone in atari unless it captures, or failing that the first
// that is only a self-atari (a throw-in may be what kills); a pass when
// there is none. Played again and again, such moves take every dead chain
// off.
func (e *Engine) cleanupMove(c board.Color) (board.Point, error) {
	cnt, err := e.count()
	if err != nil {
		return board.Pass, err
	}
	var chains board.Chains
	e.b.Chains(&chains)
	dead := map[int]bool{}
	for _, p := range cnt.Dead {
		if e.b.At(p) == -c {
			dead[int(chains.ID[p])] = true
		}
	}
	ids := make([]int, 0, len(dead))
	for id := range dead {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		a, b := chains.List[ids[i]], chains.List[ids[j]]
		if a.Liberties != b.Liberties {
			return a.Liberties < b.Liberties
		}
		return a.Head < b.Head
	})
	g := e.b.Geometry()
	b := e.b
	b.SetToMove(c)
	var stones []board.Point
	var after board.Chains
	throwIn := board.Pass
	for _, id := range ids {
		stones = chains.Stones(id, stones[:0])
		libs := map[board.Point]bool{}
		for _, s := range stones {
			for _, q := range g.Neighbors(s) {
				if b.At(q) == board.Empty {
					libs[q] = true
				}
			}
		}
		for p := range board.Point(g.N) {
			if !libs[p] || ownTrueEye(&b, p, c) {
				continue
			}
			next := b
			if next.Play(c, p) != nil {
				continue
			}
			next.Chains(&after)
			if after.List[after.ID[p]].Liberties >= 2 || next.Captures(c) > b.Captures(c) {
				return p, nil
			}
			if throwIn == board.Pass {
				throwIn = p
			}
		}
	}
	return throwIn, nil
}
