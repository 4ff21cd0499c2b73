package eval

import "goeval/control"

// Param is a parameter that Options may override (its key) and what it
// is, in a line of help text.
type Param struct{ Name, Usage string }

// params are the parameters that a command line overrides, in the order
// its help lists them; the network's (symmetry, history, komi) have flags
// of their own.
var params = []Param{
	{"lambda", "λ of the λ/κ estimators, in [0, 1)"},
	{"kappa", "κ of the λ/κ estimators, in [0, 1]"},
	{"tolerance", "stop iterating when the sum of squared changes is below this"},
	{"max-iterations", "iteration cap of the iterative estimators"},
	{"attenuation", "attenuation per step of the propagating estimators, in (0, 1)"},
	{"max-distance", "reach of the propagating estimators in steps (0 = unbounded)"},
	{"atsumi-reach", "reach of the moyo estimator's atsumi in steps"},
	{"region-override", "moyo: 1 to let the equidistance region decide the colour (docs/estimators.md §3)"},
}

// Params returns the parameters that a command line overrides by name
// (Options' keys, each one of some estimator's Spec.Params), in the order
// its help lists them.
func Params() []Param { return append([]Param(nil), params...) }

// Named is an estimator's name with a constructor of it.
type Named = control.Named

// Constructors returns a constructor of each estimator named, with no
// overrides (Factory), in order; of every usable one (Usable) when no name
// is given. Its error is Factory's for the first name it cannot build.
func Constructors(names ...string) ([]Named, error) {
	if len(names) == 0 {
		for _, s := range Usable() {
			names = append(names, s.Name)
		}
	}
	out := make([]Named, 0, len(names))
	for _, n := range names {
		f, err := Factory(n, nil)
		if err != nil {
			return nil, err
		}
		out = append(out, Named{Name: n, New: f})
	}
	return out, nil
}
