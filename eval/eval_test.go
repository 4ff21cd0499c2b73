package eval

import (
	"errors"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/judge"
)

func TestRegistry(t *testing.T) {
	if _, err := Lookup("nope"); !errors.Is(err, ErrUnknown) {
		t.Errorf("Lookup(nope) = %v", err)
	}
	if _, err := Factory("stones", Options{"lambda": 1}); !errors.Is(err, ErrUnknown) {
		t.Errorf("stones with lambda: %v", err)
	}
	b := board.MustParse(`
		X O .
		. . .
		. . .`)
	for _, s := range All() {
		t.Run(s.Name, func(t *testing.T) {
			e, err := New(s.Name, nil)
			if err != nil {
				t.Fatal(err)
			}
			if e.Name() != s.Name {
				t.Errorf("Name() = %q", e.Name())
			}
			var r control.Result
			if err := e.Estimate(&r, b); err != nil {
				t.Fatal(err)
			}
			if err := control.Check(&r, b); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestPlayoutsFrom: the judges' summaries say what their parameters do.
func TestPlayoutsFrom(t *testing.T) {
	late := judge.Params{Playouts: 16}
	own := judge.Params{Playouts: 8, Lambda: 0.48, Kappa: 0.8}
	still := judge.Params{Lambda: 0.5, Kappa: 0.7}
	for _, c := range []struct {
		p    judge.Params
		want string
	}{
		{judge.Params{}, "without random playouts"},
		{judge.Params{Playouts: 8}, "with 8 random playouts"},
		{judge.Params{Late: &late, LateFrom: 0.3}, "with 16 random playouts once 30% of the points are occupied"},
		{judge.Params{Lambda: 0.44, Kappa: 0.8, Late: &own, LateFrom: 0.42}, "with 8 random playouts and λ 0.48, κ 0.8 once 42% of the points are occupied"},
		{judge.Params{Lambda: 0.44, Kappa: 0.8, Late: &still, LateFrom: 0.42}, "without random playouts and λ 0.5, κ 0.7 once 42% of the points are occupied"},
	} {
		if got := playoutsFrom(c.p); got != c.want {
			t.Errorf("playoutsFrom(%+v) = %q, want %q", c.p, got, c.want)
		}
	}
}
