package eval

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"goeval/control"
	"goeval/influence"
	"goeval/judge"
	"goeval/moyo"
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
	// Fitted, if not empty, says why the estimator takes no overrides
	// though it shows parameters (the judge's are fitted together).
	Fitted string
	// New builds an estimator with the given overrides, all of which are
	// among Params.
	New func(o Options) (control.Estimator, error)
}

// judgeFitted says why the judges take no parameter overrides.
const judgeFitted = "the ones its header shows are fitted together by goeval tune, not set one by one"

// specs is the registry, in the order help text lists it.
var specs = []Spec{
	{
		Name:    "stones",
		Summary: "every stone counts for its colour, empty points 0 (a baseline)",
		New:     func(Options) (control.Estimator, error) { return control.Stones{}, nil },
	},
	{
		Name:    "propagate",
		Summary: "propagating influence: alpha^distance through empty points, each colour capped at 1 (docs/estimators.md §1)",
		Params:  []string{"attenuation", "max-distance"},
		New:     func(o Options) (control.Estimator, error) { return newPropagate(influence.CapEach, o) },
	},
	{
		Name:    "propagate-total",
		Summary: "propagating influence with the difference capped instead (docs/estimators.md §1)",
		Params:  []string{"attenuation", "max-distance"},
		New:     func(o Options) (control.Estimator, error) { return newPropagate(influence.CapTotal, o) },
	},
	symmetric("fixed", "symmetric iteration, stones fixed at ±1, λ = 0 (docs/estimators.md §2, Fig. 6)"),
	symmetric("neighbour", "symmetric iteration, stones judged by their neighbours, λ = 0, κ = 1 (Fig. 7)"),
	symmetric("lambda", "symmetric iteration, λ = 0.44, κ = 1 (Fig. 8)"),
	symmetric(influence.LambdaKappa, "symmetric iteration, λ = 0.44, κ = 0.8 (Fig. 9; the one-ply evaluation of rank and values)"),
	{
		Name:    "moyo",
		Summary: "Tajima and Sanechika's cutoff numbers: enclosed equivalent size of moyo (docs/estimators.md §3)",
		Params:  []string{"atsumi-reach", "region-override"},
		New:     newMoyo,
	},
	{
		Name:    judge.Name,
		Summary: "judges dead stones and the score: λ/κ, a fitted death model (" + playoutsFrom(judge.Default()) + "), a second estimate, a fitted score (goeval tune)",
		Fitted:  judgeFitted + "; --params FILE loads a set goeval tune --write wrote",
		New: func(Options) (control.Estimator, error) {
			p, _ := JudgeParams()
			return judge.New(p)
		},
	},
	{
		Name:    "judge-playouts",
		Summary: "judge, " + playoutsFrom(judge.WithPlayouts()) + ": slower, better from move 200 on",
		Fitted:  judgeFitted,
		New: func(Options) (control.Estimator, error) {
			return judge.NewNamed("judge-playouts", judge.WithPlayouts())
		},
	},
	{
		Name:    NetName,
		Summary: "a KataGo network (--net FILE): its ownership, lead, win probability and moves, as KataGo computes them (docs/net.md)",
		Params:  []string{"symmetry", "history", "komi"},
		New:     newNet,
	},
}

// playoutsFrom says how many random playouts the judge with parameters p
// plays, and from which share of the points occupied on (with the late
// model's λ and κ if they are its own).
func playoutsFrom(p judge.Params) string {
	late := p.For(1)
	own := p.OwnLateEstimate()
	if late.Playouts == 0 && !own {
		return "without random playouts"
	}
	if late == &p {
		return fmt.Sprintf("with %d random playouts", p.Playouts)
	}
	what := "without random playouts"
	if late.Playouts > 0 {
		what = fmt.Sprintf("with %d random playouts", late.Playouts)
	}
	if own {
		what += fmt.Sprintf(" and λ %g, κ %g", late.Lambda, late.Kappa)
	}
	return fmt.Sprintf("%s once %.0f%% of the points are occupied", what, 100*p.LateFrom)
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

// newPropagate builds a propagating estimator from the options attenuation
// (in (0, 1), default 1/2) and max-distance (a whole number >= 0, 0 for
// unbounded).
func newPropagate(c influence.Combine, o Options) (control.Estimator, error) {
	s := influence.PropagateSettings{Combine: c}
	if v, ok := o["attenuation"]; ok {
		if !(v > 0 && v < 1) { // an explicit 0 must not mean the default
			return nil, fmt.Errorf("%w: attenuation %v is not in (0, 1)", influence.ErrPropagateSettings, v)
		}
		s.Attenuation = v
	}
	if v, ok := o["max-distance"]; ok {
		if !(v >= 0 && v <= math.MaxInt32 && v == math.Trunc(v)) {
			return nil, fmt.Errorf("%w: max-distance %v is not a whole number >= 0", influence.ErrPropagateSettings, v)
		}
		s.MaxDistance = int(v)
	}
	return influence.NewPropagate(s)
}

// newMoyo builds the moyo estimator from the options atsumi-reach (a whole
// number >= 1, default 4) and region-override (0 or 1, default 0).
func newMoyo(o Options) (control.Estimator, error) {
	var s moyo.Settings
	if v, ok := o["atsumi-reach"]; ok {
		if !(v >= 1 && v <= math.MaxInt32 && v == math.Trunc(v)) {
			return nil, fmt.Errorf("%w: atsumi-reach %v is not a whole number >= 1", moyo.ErrSettings, v)
		}
		s.AtsumiReach = int(v)
	}
	if v, ok := o["region-override"]; ok {
		if v != 0 && v != 1 {
			return nil, fmt.Errorf("%w: region-override %v is not 0 or 1", moyo.ErrSettings, v)
		}
		s.RegionOverride = v == 1
	}
	return moyo.New(s)
}

// All returns the registered estimators in order.
func All() []Spec { return append([]Spec(nil), specs...) }

// The names of the registry's estimators that commands default to, so
// that a command names them without importing the estimators' packages.
const (
	// JudgeName is the judge (package judge).
	JudgeName = judge.Name
	// LambdaKappaName is the default symmetric λ/κ estimate (package
	// influence).
	LambdaKappaName = influence.LambdaKappa
)

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
		if s.Fitted != "" {
			have = "no parameters to set: " + s.Fitted
		}
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
