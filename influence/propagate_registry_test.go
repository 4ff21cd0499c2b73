package influence_test

import (
	"errors"
	"testing"

	"goeval/eval"
	"goeval/influence"
)

func TestPropagateRegistry(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    eval.Options
		ok   bool
	}{
		{"propagate", nil, true},
		{"propagate", eval.Options{"attenuation": 0.25, "max-distance": 4}, true},
		{"propagate-total", eval.Options{"max-distance": 0}, true},
		{"propagate", eval.Options{"attenuation": 0}, false},
		{"propagate", eval.Options{"attenuation": 1}, false},
		{"propagate", eval.Options{"max-distance": -1}, false},
		{"propagate", eval.Options{"max-distance": 2.5}, false},
	} {
		e, err := eval.New(tc.name, tc.o)
		if !tc.ok {
			if !errors.Is(err, influence.ErrPropagateSettings) {
				t.Errorf("%s %v: err = %v, want ErrPropagateSettings", tc.name, tc.o, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %v: %v", tc.name, tc.o, err)
			continue
		}
		if e.Name() != tc.name {
			t.Errorf("Name() = %q, want %q", e.Name(), tc.name)
		}
		for _, p := range e.Params() {
			if v, ok := tc.o[p.Name]; ok && v != p.Value {
				t.Errorf("%s: param %s = %v, want %v", tc.name, p.Name, p.Value, v)
			}
		}
	}
}
