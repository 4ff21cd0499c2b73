package rank

import (
	"context"
	"slices"

	"goeval/board"
	"goeval/control"
)

// ValueMap is the result of Values: the value of every empty point.
type ValueMap struct {
	// ToMove is the side to move of the position (the plays of both
	// colours are made from it, see the package documentation).
	ToMove board.Color
	// Estimator and Params name the estimator used.
	Estimator string
	Params    []control.Param
	// Base is the evaluation of the position as it stands, from the
	// stones.
	Base Outcome
	// Points holds one Value per empty point, in map order.
	Points []Value
	// Stats counts the work done.
	Stats Stats
}

// Values computes the deiri and gote miai value of every empty point of b:
// Black plays it, and, separately, White plays it, both from b as it
// stands. Points where a colour may not play are marked in their Value; the
// outcomes have no win probabilities (HasWin false). It
// returns an error if ctx is cancelled or the estimator fails; the
// estimator's failures are *PlayErrors, all of them joined.
func (r *Ranker) Values(ctx context.Context, b *board.Board) (*ValueMap, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	est := r.worker(0).est
	vm := &ValueMap{ToMove: b.ToMove(), Estimator: est.Name(), Params: est.Params(), Stats: Stats{Warm: r.warm()}}
	var err error
	if vm.Base, err = r.evalParent(b, winAt{}); err != nil {
		return nil, err
	}
	vm.Stats.add(&vm.Base)
	var plays []play
	var slot []*Outcome
	cells := b.Cells()
	vm.Points = make([]Value, 0, b.Count(board.Empty))
	for p := range cells {
		if cells[p] == board.Empty {
			vm.Points = append(vm.Points, Value{Point: board.Point(p)})
		}
	}
	for i := range vm.Points {
		v := &vm.Points[i]
		if v.BlackErr = b.Legal(board.Black, v.Point); v.BlackErr == nil {
			plays = append(plays, play{board.Black, v.Point})
			slot = append(slot, &v.Black)
		}
		if v.WhiteErr = b.Legal(board.White, v.Point); v.WhiteErr == nil {
			plays = append(plays, play{board.White, v.Point})
			slot = append(slot, &v.White)
		}
	}
	out := make([]Outcome, len(plays))
	if err := r.run(ctx, b, plays, out, winAt{}); err != nil {
		return nil, err
	}
	for i, o := range out {
		*slot[i] = o
		vm.Stats.add(&out[i])
	}
	for i := range vm.Points {
		if v := &vm.Points[i]; v.HasMiai() {
			v.setMiai()
		}
	}
	return vm, nil
}

// Sorted returns the points by value, biggest miai value first, equal
// values in map order; the points where a colour may not play come last,
// in map order.
func (vm *ValueMap) Sorted() []Value {
	out := slices.Clone(vm.Points)
	slices.SortStableFunc(out, func(a, b Value) int {
		ha, hb := a.HasMiai(), b.HasMiai()
		switch {
		case ha && !hb:
			return -1
		case !ha && hb:
			return 1
		case !ha:
			return 0
		case a.Miai > b.Miai:
			return -1
		case a.Miai < b.Miai:
			return 1
		}
		return 0
	})
	return out
}
