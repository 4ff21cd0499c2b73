package judge

import (
	"fmt"
	"strconv"
)

// Settings are the judge's parameters that are set by hand rather than
// fitted (see docs/judge-notes.md): what goeval tune takes as flags and
// keeps through a fit.
type Settings struct {
	// Lambda and Kappa are the early model's λ and κ (Params.Lambda,
	// Kappa), LateLambda and LateKappa the late model's.
	Lambda, Kappa, LateLambda, LateKappa float64
	// DeadAt and LateDeadAt are the two models' Params.DeadAt.
	DeadAt, LateDeadAt float64
	// Playouts is the number of playouts behind the playout features.
	Playouts int
	// LateFrom is the stage from which the late model judges
	// (Params.LateFrom); 0 means one model.
	LateFrom float64
}

// SettingError is a setting out of its range. Name is the setting's name
// as goeval tune's flag ("lambda", "late-dead-at", ...), Value its value
// as given and Want the range, in words ("0 to 1, less than 1").
type SettingError struct {
	Name, Value, Want string
}

func (e *SettingError) Error() string {
	return fmt.Sprintf("judge: %s %s out of range (want %s)", e.Name, e.Value, e.Want)
}

// The ranges of the settings, shared by Settings.Check and the checks of
// parameters read from a file.
func lambdaOK(v float64) bool { return v >= 0 && v < 1 }
func kappaOK(v float64) bool  { return v >= 0 && v <= 1 }
func deadAtOK(v float64) bool { return v > 0 && v < 1 }
func playoutsOK(n int) bool   { return n >= 0 && n <= MaxPlayouts }

// Check returns a *SettingError for the first setting out of its range, in
// this order: Playouts (0 to MaxPlayouts), LateFrom (0 to 1), Lambda and
// LateLambda (0 to 1, less than 1), Kappa and LateKappa (0 to 1), DeadAt
// and LateDeadAt (more than 0 and less than 1); nil when all are in range.
func (s *Settings) Check() error {
	if !playoutsOK(s.Playouts) {
		return &SettingError{"playouts", strconv.Itoa(s.Playouts), fmt.Sprintf("0 to %d", MaxPlayouts)}
	}
	if !(s.LateFrom >= 0 && s.LateFrom <= 1) {
		return &SettingError{"late-from", fmt.Sprint(s.LateFrom), "0 to 1"}
	}
	for _, c := range []struct {
		name string
		v    float64
		ok   func(float64) bool
		want string
	}{
		{"lambda", s.Lambda, lambdaOK, "0 to 1, less than 1"},
		{"late-lambda", s.LateLambda, lambdaOK, "0 to 1, less than 1"},
		{"kappa", s.Kappa, kappaOK, "0 to 1"},
		{"late-kappa", s.LateKappa, kappaOK, "0 to 1"},
		{"dead-at", s.DeadAt, deadAtOK, "more than 0 and less than 1"},
		{"late-dead-at", s.LateDeadAt, deadAtOK, "more than 0 and less than 1"},
	} {
		if !c.ok(c.v) {
			return &SettingError{c.name, fmt.Sprint(c.v), c.want}
		}
	}
	return nil
}

// DefaultSettings returns the settings of the shipped parameters
// (Default): the late model's, where there is one, as the Late fields
// and Playouts, else the one model's.
func DefaultSettings() Settings {
	d := Default()
	s := Settings{Lambda: d.Lambda, Kappa: d.Kappa, DeadAt: d.DeadAt, LateLambda: d.Lambda, LateKappa: d.Kappa, LateDeadAt: d.DeadAt,
		Playouts: d.Playouts, LateFrom: d.LateFrom}
	if l := d.Late; l != nil {
		s.LateLambda, s.LateKappa, s.LateDeadAt, s.Playouts = l.Lambda, l.Kappa, l.DeadAt, l.Playouts
	}
	return s
}

// LateFromEarly gives each late setting (LateLambda, LateKappa,
// LateDeadAt) its early one's value where set reports the early one given
// and the late one not: a setting given for the early model alone holds
// for both. set takes the settings' names as SettingError's ("lambda",
// "late-lambda", ...).
func (s *Settings) LateFromEarly(set func(name string) bool) {
	for _, l := range []struct {
		early, late string
		from        float64
		to          *float64
	}{{"lambda", "late-lambda", s.Lambda, &s.LateLambda}, {"kappa", "late-kappa", s.Kappa, &s.LateKappa}, {"dead-at", "late-dead-at", s.DeadAt, &s.LateDeadAt}} {
		if set(l.early) && !set(l.late) {
			*l.to = l.from
		}
	}
}
