package moyo_test

import (
	"errors"
	"testing"

	"goeval/control"
	"goeval/eval"
	"goeval/moyo"
)

func TestRegistry(t *testing.T) {
	for _, tc := range []struct {
		o  eval.Options
		ok bool
	}{
		{nil, true},
		{eval.Options{"atsumi-reach": 3, "region-override": 1}, true},
		{eval.Options{"region-override": 0}, true},
		{eval.Options{"atsumi-reach": 0}, false},
		{eval.Options{"atsumi-reach": 2.5}, false},
		{eval.Options{"region-override": 0.5}, false},
	} {
		e, err := eval.New("moyo", tc.o)
		if !tc.ok {
			if !errors.Is(err, moyo.ErrSettings) {
				t.Errorf("%v: err = %v, want ErrSettings", tc.o, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%v: %v", tc.o, err)
			continue
		}
		for _, p := range e.Params() {
			if v, ok := tc.o[p.Name]; ok && v != p.Value {
				t.Errorf("%v: param %s = %v", tc.o, p.Name, p.Value)
			}
		}
		if _, ok := e.(control.Viewer); !ok {
			t.Error("moyo is not a control.Viewer")
		}
		if _, ok := e.(control.Labeler); !ok {
			t.Error("moyo is not a control.Labeler")
		}
		if _, ok := e.(control.Reporter); !ok {
			t.Error("moyo is not a control.Reporter")
		}
	}
}
