package thermo

import (
	"errors"
	"testing"
)

// FuzzParse checks that Parse never panics or hangs, that its errors are
// the documented kinds, and that what it accepts prints back to the same
// tree and can be analysed.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"{4 | {3 | 2}}", "{4||3|2}", "{a|b||c}", "{1|||2||3|4}", "{ | 3}", "{|}",
		"{4, 5 | 2.5, -13/4}", "{4,,5|2}", "{{", "}", "{0|*}", "{1/0|0}", "{4|3} x",
		"A = {C | -2}; C = {13 | A}", "A = {B|B}; B = {C|C}; C = {D|D}; D = {1|0}", "A = {A|0}", "A = {C|B}; B = {A|-5}; C = {13|A};",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 2000 {
			return
		}
		g, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrUnsupported) {
				t.Fatalf("Parse(%q) = %v, neither ErrSyntax nor ErrUnsupported", s, err)
			}
			return
		}
		again, err := Parse(g.String())
		if err != nil || !sameTree(g, again) {
			t.Fatalf("Parse(%q) = %s, which reparses to %v, %v", s, g, again, err)
		}
		r, err := Analyze(g)
		if err != nil {
			if !errors.Is(err, ErrKo) {
				t.Fatalf("Analyze(%s): %v", g, err)
			}
			return
		}
		_ = r.Tree()
		_ = r.Report()
		_ = r.Thermograph.Plot(PlotOptions{})
		if _, err := MiaiCount(g); err != nil && !errors.Is(err, ErrTally) && !errors.Is(err, ErrKo) {
			t.Fatalf("MiaiCount(%s): %v", g, err)
		}
	})
}
