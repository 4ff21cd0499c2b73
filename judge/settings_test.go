package judge

import (
	"errors"
	"math"
	"slices"
	"testing"
)

func TestSettingsCheck(t *testing.T) {
	good := Settings{Lambda: 0.5, Kappa: 1, LateLambda: 0, LateKappa: 0, DeadAt: 0.5, LateDeadAt: 0.4, Playouts: MaxPlayouts, LateFrom: 0}
	if err := good.Check(); err != nil {
		t.Fatalf("in range: %v", err)
	}
	for _, c := range []struct {
		name      string
		set       func(s *Settings)
		bad, want string
	}{
		{"playouts", func(s *Settings) { s.Playouts = -1 }, "-1", "0 to 1024"},
		{"playouts", func(s *Settings) { s.Playouts = MaxPlayouts + 1 }, "1025", "0 to 1024"},
		{"late-from", func(s *Settings) { s.LateFrom = 1.5 }, "1.5", "0 to 1"},
		{"lambda", func(s *Settings) { s.Lambda = 1 }, "1", "0 to 1, less than 1"},
		{"late-lambda", func(s *Settings) { s.LateLambda = -0.1 }, "-0.1", "0 to 1, less than 1"},
		{"kappa", func(s *Settings) { s.Kappa = math.NaN() }, "NaN", "0 to 1"},
		{"late-kappa", func(s *Settings) { s.LateKappa = 1.01 }, "1.01", "0 to 1"},
		{"dead-at", func(s *Settings) { s.DeadAt = 0 }, "0", "more than 0 and less than 1"},
		{"late-dead-at", func(s *Settings) { s.LateDeadAt = 1 }, "1", "more than 0 and less than 1"},
		// The first out of range is said: playouts before lambda.
		{"playouts", func(s *Settings) { s.Lambda, s.Playouts = 2, -3 }, "-3", "0 to 1024"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := good
			c.set(&s)
			var se *SettingError
			if err := s.Check(); !errors.As(err, &se) || *se != (SettingError{c.name, c.bad, c.want}) {
				t.Errorf("Check() = %v, want %s %s out of range (want %s)", err, c.name, c.bad, c.want)
			}
		})
	}
}

// TestSettingsAgreeWithParams: the shipped parameters' settings are in
// range, and a parameter file with a setting out of range is refused, by
// the same rule.
func TestSettingsAgreeWithParams(t *testing.T) {
	s := DefaultSettings()
	if err := s.Check(); err != nil {
		t.Errorf("the shipped settings: %v", err)
	}
	// The shipped judge has a late model with playouts (params.json).
	d := Default()
	if d.Late == nil || s.Playouts != d.Late.Playouts || s.LateDeadAt != d.Late.DeadAt || s.Lambda != d.Lambda || s.LateFrom != d.LateFrom {
		t.Errorf("DefaultSettings() = %+v, not the shipped parameters' (late model %+v)", s, d.Late)
	}
	for _, bad := range []string{`{"lambda": 1, "dead_at": 0.5}`, `{"kappa": 1.5, "dead_at": 0.5}`, `{"dead_at": 1}`, `{"playouts": 1025, "dead_at": 0.5}`} {
		if _, err := ParseParams([]byte(bad)); err == nil {
			t.Errorf("ParseParams(%s) took it", bad)
		}
	}
}

func TestLateFromEarly(t *testing.T) {
	given := func(names ...string) func(string) bool {
		return func(n string) bool { return slices.Contains(names, n) }
	}
	base := Settings{Lambda: 0.1, Kappa: 0.2, DeadAt: 0.3, LateLambda: 0.4, LateKappa: 0.5, LateDeadAt: 0.6}
	for _, tc := range []struct {
		name string
		set  []string
		want Settings
	}{
		{"none given", nil, base},
		{"early alone", []string{"lambda", "dead-at"}, Settings{Lambda: 0.1, Kappa: 0.2, DeadAt: 0.3, LateLambda: 0.1, LateKappa: 0.5, LateDeadAt: 0.3}},
		{"both given", []string{"kappa", "late-kappa"}, base},
		{"late alone", []string{"late-lambda"}, base},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := base
			s.LateFromEarly(given(tc.set...))
			if s != tc.want {
				t.Errorf("got %+v, want %+v", s, tc.want)
			}
		})
	}
}
