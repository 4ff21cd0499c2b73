package eval

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/internal/shared"
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
		if s.Name == NetName {
			continue // TestNet
		}
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

// TestOverrideErrors: a parameter an estimator does not take is refused
// with the ones it takes; for the judges, whose header shows λ and κ,
// with why they cannot be set (before: "it has no parameters").
func TestOverrideErrors(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"stones", "eval: unknown parameter lambda for estimator stones (it has no parameters)"},
		{"moyo", "eval: unknown parameter lambda for estimator moyo (it has parameters atsumi-reach, region-override)"},
		{"judge", "eval: unknown parameter lambda for estimator judge (it has no parameters to set: the ones its header shows are fitted together by goeval tune, not set one by one; --params FILE loads a set goeval tune --write wrote)"},
		{"judge-playouts", "(it has no parameters to set: the ones its header shows are fitted together"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Factory(tt.name, Options{"lambda": 0.5})
			if !errors.Is(err, ErrUnknown) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one with %q", err, tt.want)
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

// TestNet: the estimator net needs a network, which LoadNetwork reads
// once; then it evaluates like the others, and Usable lists it.
func TestNet(t *testing.T) {
	if nw, _ := Network(); nw != nil {
		t.Fatal("a network is loaded before the test loaded one")
	}
	if _, err := New(NetName, nil); !errors.Is(err, ErrNoNetwork) {
		t.Errorf("net without a network: %v, want ErrNoNetwork", err)
	}
	for _, s := range Usable() {
		if s.Name == NetName {
			t.Error("Usable lists net with no network loaded")
		}
	}
	if err := LoadNetwork(filepath.Join(t.TempDir(), "none.bin.gz"), NetSettings{}); err == nil {
		t.Error("LoadNetwork of a missing file: no error")
	}
	if err := LoadNetwork("x", NetSettings{Symmetry: 8}); err == nil {
		t.Error("LoadNetwork with symmetry 8: no error")
	}
	path := shared.Data(t, "katago", "g170-b6c96-s175395328-d26788732.bin.gz")
	if err := LoadNetwork(path, NetSettings{Symmetry: -1}); err != nil {
		t.Fatal(err)
	}
	defer UnloadNetwork()
	if !slices.ContainsFunc(Usable(), func(s Spec) bool { return s.Name == NetName }) {
		t.Error("Usable does not list net with a network loaded")
	}
	e, err := New(NetName, Options{"symmetry": 3, "komi": 0.5})
	if err != nil {
		t.Fatal(err)
	}
	if ps := e.Params(); len(ps) != 2 || ps[0].Value != 3 || ps[1].Value != 1 {
		t.Errorf("Params %v, want symmetry 3 and history 1", ps)
	}
	if err := LoadNetwork(path, NetSettings{NoHistory: true}); err != nil {
		t.Fatal(err)
	}
	if e, err := New(NetName, nil); err != nil || e.Params()[0].Value != 0 || e.Params()[1].Value != 0 {
		t.Errorf("with LoadNetwork's NoHistory: %v, %v; want symmetry 0, history 0", e.Params(), err)
	}
	if _, err := New(NetName, Options{"symmetry": 1.5}); err == nil {
		t.Error("symmetry 1.5: no error")
	}
	b := board.MustParse(`
		X O .
		. . .
		. . .`)
	var r control.Result
	if err := e.Estimate(&r, b); err != nil {
		t.Fatal(err)
	}
	if err := control.Check(&r, b); err != nil {
		t.Error(err)
	}
}

func TestParseSymmetry(t *testing.T) {
	for s, want := range map[string]int{"0": 0, "7": 7, "all": -1} {
		if n, ok := ParseSymmetry(s); !ok || n != want {
			t.Errorf("ParseSymmetry(%q) = %d, %v; want %d", s, n, ok, want)
		}
	}
	for _, s := range []string{"8", "-1", "", "All", "x"} {
		if _, ok := ParseSymmetry(s); ok {
			t.Errorf("ParseSymmetry(%q): ok, want false", s)
		}
	}
}
