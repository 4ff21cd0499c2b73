package eval

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"goeval/control"
	"goeval/influence"
)

// ErrUnknown reports an estimator name or parameter that does not exist.
var ErrUnknown = errors.New("eval: unknown")

// Options overrides estimator parameters by name ("lambda", "kappa", ...).
type Options map[string]float64

// Spec describes one registered estimator.
type Spec struct {
	// Name is the estimator's name on the command line.
	Name string
	// Summary is one line for help text.
	Summary string
	// Params lists the names of the parameters that Options may override.
	Params []string
	// New builds an estimator with the given overrides, all of which are
	// among Params.
	New func(o Options) (control.Estimator, error)
}

// specs is the registry, in the order help text lists it.
var specs = []Spec{
	{
		Name:    "stones",
		Summary: "every stone counts for its colour, empty points 0 (a baseline)",
		New:     func(Options) (control.Estimator, error) { return control.Stones{}, nil },
	},
	symmetric("fixed", "symmetric iteration, stones fixed at ±1, λ = 0 (seed 003 Fig. 6)"),
	symmetric("neighbour", "symmetric iteration, stones judged by their neighbours, λ = 0, κ = 1 (Fig. 7)"),
	symmetric("lambda", "symmetric iteration, λ = 0.44, κ = 1 (Fig. 8)"),
	symmetric("lambda-kappa", "symmetric iteration, λ = 0.44, κ = 0.8 (Fig. 9; the default)"),
}

// symmetric is the Spec of a preset of the symmetric λ/κ estimator.
func symmetric(preset, summary string) Spec {
	return Spec{
		Name:    preset,
		Summary: summary,
		Params:  influence.PresetParams(preset),
		New: func(o Options) (control.Estimator, error) {
			e, err := influence.NewPreset(preset, o)
			if err != nil {
				return nil, err
			}
			return e, nil
		},
	}
}

// All returns the registered estimators in order.
func All() []Spec { return append([]Spec(nil), specs...) }

// Names returns the registered estimator names in order.
func Names() []string {
	out := make([]string, len(specs))
	for i, s := range specs {
		out[i] = s.Name
	}
	return out
}

// Lookup returns the estimator called name, or an error that lists the
// valid names.
func Lookup(name string) (Spec, error) {
	for _, s := range specs {
		if s.Name == name {
			return s, nil
		}
	}
	return Spec{}, fmt.Errorf("%w estimator %q (want %s)", ErrUnknown, name, strings.Join(Names(), ", "))
}

// Factory checks name and overrides once and returns a constructor that
// builds a fresh estimator (with its own scratch) for each caller.
func Factory(name string, o Options) (func() control.Estimator, error) {
	s, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	var bad []string
	for k := range o {
		found := false
		for _, p := range s.Params {
			found = found || p == k
		}
		if !found {
			bad = append(bad, k)
		}
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		have := "no parameters"
		if len(s.Params) > 0 {
			have = "parameters " + strings.Join(s.Params, ", ")
		}
		return nil, fmt.Errorf("%w parameter %s for estimator %s (it has %s)", ErrUnknown, strings.Join(bad, ", "), name, have)
	}
	if _, err := s.New(o); err != nil { // validate values once
		return nil, fmt.Errorf("estimator %s: %w", name, err)
	}
	return func() control.Estimator {
		e, err := s.New(o)
		if err != nil { // cannot happen: the same options passed above
			panic(err)
		}
		return e
	}, nil
}

// New builds one estimator by name with overrides.
func New(name string, o Options) (control.Estimator, error) {
	f, err := Factory(name, o)
	if err != nil {
		return nil, err
	}
	return f(), nil
}
