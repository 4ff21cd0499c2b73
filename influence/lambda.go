package influence

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"goeval/board"
	"goeval/control"
)

// ErrSettings reports a parameter of the symmetric estimator that is out of
// range or an unknown preset; the wrapping error names the parameter, its
// value and the allowed range.
var ErrSettings = errors.New("influence: invalid setting")

// LambdaKappa is the name of the symmetric estimator's default preset
// (λ DefaultLambda, κ DefaultKappa): its Name, and its name in the
// estimator registry.
const LambdaKappa = "lambda-kappa"

// presets lists the names of the symmetric estimator's presets, default
// last.
var presets = []string{"fixed", "neighbour", "lambda", LambdaKappa}

// Presets returns the names of the symmetric estimator's presets (docs/estimators.md
// section 2): fixed, neighbour, lambda and lambda-kappa, the default.
func Presets() []string { return append([]string(nil), presets...) }

// Defaults of SymmetricSettings.
const (
	DefaultLambda        = 0.44
	DefaultKappa         = 0.8
	DefaultTolerance     = 1e-4
	DefaultMaxIterations = 1000
)

// Optional is a parameter that may be left unset. The zero Optional is
// unset and stands for the default; Set(v) holds v, zero included.
type Optional struct {
	v  float64
	ok bool
}

// Set returns an Optional that holds v.
func Set(v float64) Optional { return Optional{v, true} }

// IsSet reports whether o holds a value.
func (o Optional) IsSet() bool { return o.ok }

// Or returns the value o holds, or def if it is unset.
func (o Optional) Or(def float64) float64 {
	if o.ok {
		return o.v
	}
	return def
}

// SymmetricSettings configures the symmetric λ/κ estimator. The zero value
// is the lambda-kappa preset with the defaults of docs/estimators.md §2: λ = 0.44, κ = 0.8,
// tolerance 1e-4, at most 1000 iterations.
type SymmetricSettings struct {
	// Preset is the preset the settings start from, one of Presets(); ""
	// means "lambda-kappa". It fixes whether stones are updated and the
	// defaults of Lambda and Kappa, and it is the estimator's Name.
	Preset string
	// Lambda is λ, in [0, 1). Unset means the preset's: 0 for fixed and
	// neighbour, 0.44 for lambda and lambda-kappa.
	Lambda Optional
	// Kappa is κ, in [0, 1]: the weight of a stone's chain estimate G
	// against its neighbours' F. Unset means the preset's: 1 for neighbour
	// and lambda, 0.8 for lambda-kappa. The fixed preset has no κ (its
	// stones never change); setting it there is an error.
	Kappa Optional
	// Tolerance is the stopping threshold on the sum over points of the
	// squared change of one Jacobi step, > 0; 0 means 1e-4.
	Tolerance float64
	// MaxIterations caps the number of steps, ≥ 1; 0 means 1000.
	MaxIterations int
}

// Preset returns the settings of the named preset (one of Presets()), with
// its λ and κ set explicitly and the default tolerance and cap.
func Preset(name string) (SymmetricSettings, error) {
	s := SymmetricSettings{Preset: name}
	r, err := s.resolve()
	if err != nil {
		return SymmetricSettings{}, err
	}
	s.Lambda = Set(r.lambda)
	if !r.fixed {
		s.Kappa = Set(r.kappa)
	}
	return s, nil
}

// Parameter names, as Params reports them and NewPreset takes them.
const (
	ParamLambda        = "lambda"
	ParamKappa         = "kappa"
	ParamTolerance     = "tolerance"
	ParamMaxIterations = "max-iterations"
)

// PresetParams returns the names of the parameters that the named preset
// takes: lambda, kappa (not for fixed), tolerance and max-iterations.
func PresetParams(name string) []string {
	if name == "fixed" {
		return []string{ParamLambda, ParamTolerance, ParamMaxIterations}
	}
	return []string{ParamLambda, ParamKappa, ParamTolerance, ParamMaxIterations}
}

// NewPreset returns an estimator for the named preset with parameters
// overridden by name (see PresetParams), as the command line gives them.
// Unlike in SymmetricSettings, a tolerance or max-iterations given as 0 is
// an error, not the default, and max-iterations must be a whole number.
// Errors wrap ErrSettings.
func NewPreset(name string, params map[string]float64) (*Symmetric, error) {
	s := SymmetricSettings{Preset: name}
	if _, err := s.resolve(); err != nil {
		return nil, err
	}
	for _, k := range slices.Sorted(maps.Keys(params)) {
		switch v := params[k]; k {
		case ParamLambda:
			s.Lambda = Set(v)
		case ParamKappa:
			s.Kappa = Set(v)
		case ParamTolerance:
			if !(v > 0) {
				return nil, fmt.Errorf("%w: tolerance %v (want a finite number > 0)", ErrSettings, v)
			}
			s.Tolerance = v
		case ParamMaxIterations:
			if !(v >= 1 && v <= math.MaxInt32 && v == math.Trunc(v)) {
				return nil, fmt.Errorf("%w: max-iterations %v (want a whole number from 1 to %d)", ErrSettings, v, math.MaxInt32)
			}
			s.MaxIterations = int(v)
		default:
			return nil, fmt.Errorf("%w: unknown parameter %q for %s (want %s)", ErrSettings, k, name, strings.Join(PresetParams(name), ", "))
		}
	}
	return NewSymmetric(s)
}

// resolved is SymmetricSettings with the defaults filled in.
type resolved struct {
	name          string
	fixed         bool
	lambda, kappa float64 // kappa is 1 for fixed
	tolerance     float64
	maxIterations int
}

func (s SymmetricSettings) resolve() (resolved, error) {
	r := resolved{name: s.Preset, tolerance: s.Tolerance, maxIterations: s.MaxIterations}
	if r.name == "" {
		r.name = LambdaKappa
	}
	switch r.name {
	case "fixed":
		r.fixed, r.lambda, r.kappa = true, 0, 1
	case "neighbour":
		r.lambda, r.kappa = 0, 1
	case "lambda":
		r.lambda, r.kappa = DefaultLambda, 1
	case LambdaKappa:
		r.lambda, r.kappa = DefaultLambda, DefaultKappa
	default:
		return r, fmt.Errorf("%w: unknown preset %q (want %s)", ErrSettings, s.Preset, strings.Join(presets, ", "))
	}
	r.lambda = s.Lambda.Or(r.lambda)
	if s.Kappa.IsSet() {
		if r.fixed {
			return r, fmt.Errorf("%w: kappa %v: the fixed preset has no kappa (its stones are never updated)", ErrSettings, s.Kappa.v)
		}
		r.kappa = s.Kappa.v
	}
	if r.tolerance == 0 {
		r.tolerance = DefaultTolerance
	}
	if r.maxIterations == 0 {
		r.maxIterations = DefaultMaxIterations
	}
	switch {
	case !(r.lambda >= 0 && r.lambda < 1):
		return r, fmt.Errorf("%w: lambda %v (want 0 <= lambda < 1)", ErrSettings, r.lambda)
	case !(r.kappa >= 0 && r.kappa <= 1):
		return r, fmt.Errorf("%w: kappa %v (want 0 <= kappa <= 1)", ErrSettings, r.kappa)
	case !(r.tolerance > 0) || math.IsInf(r.tolerance, 1):
		return r, fmt.Errorf("%w: tolerance %v (want a finite number > 0)", ErrSettings, r.tolerance)
	case r.maxIterations < 1:
		return r, fmt.Errorf("%w: max-iterations %d (want >= 1)", ErrSettings, r.maxIterations)
	}
	return r, nil
}

// Symmetric is the symmetric λ/κ estimator of docs/estimators.md §2. It implements
// control.Estimator and control.WarmStarter. It owns scratch memory, so a
// value is not safe for concurrent use; once it has seen a board size it
// estimates without allocating. Make one with NewSymmetric or NewPreset.
//
// It takes the Jacobi steps of docs/estimators.md §2 and stops by its rule,
// so that its answer is that iteration's answer up to rounding (about 1e-14 in float64, 3e-6 in
// float32: see below) and Iterations counts the same steps. (A Gauss–Seidel or
// over-relaxed schedule would need fewer steps, but it would stop somewhere
// else: the stopping rule ends the Jacobi iteration 0.06 to 0.5 away
// from its fixed point on some points of real positions, so only the Jacobi
// steps themselves land within 1e-3 of the reference.)
//
// The speed comes from how a step is computed. The board is laid out with
// a ring of zeros around it, which makes the edge and corner forms of F
// special cases of the interior one, so every point's new value is
// a·S1 + b·S3 + k·G with per-point coefficients a, b, k set once per
// position (S1 and S3 being the elementary symmetric sums of the four
// padded neighbours, and G the estimate of the point's chain); G is
// computed once per chain per step from a table of each chain's A(C). The
// tables are rebuilt only when the stones differ from the previous call's.
// On amd64 processors with AVX2 and FMA both passes of a step run in
// assembly, four values to a register (jacobi_amd64.s); elsewhere in Go.
//
// On amd64 processors with AVX-512 the steps are taken in float32, sixteen
// values to a register, all in one assembly call (solve32AVX512): the
// chain pass runs through every chain's A(C) in 16 lanes, and the point
// pass looks each stone's κG up by permutes instead of having it written
// to the stones (tables32, jacobi32.go); the tables are set up partly in
// assembly too, and the stones' colours go into the padded float32
// layout and the answer out of it into float64 in assembly, which sums
// the score on the way, eight points at a time (the float32 values add
// up exactly in float64 unless their magnitudes spread widely, so the
// score is Result.Sum's but perhaps for the last bits; see
// tables32.store). The stopping rule is still decided as in float64: a
// float32 step's sum of squared changes strays from the float64 one's by
// less than 6e-4 of the tolerance on the test positions, and when one
// lands within 6e-3 of the tolerance (band32; wider for tolerances below
// the default, and no float32 at all below 1e-5), the estimate is made
// again in float64. That happened for no benchmark position with
// lambda-kappa and for 4 of 22 with lambda. The answer is then within
// about 5e-6 of the float64 one; colour swaps still negate it exactly.
type Symmetric struct {
	r   resolved
	t   tables
	t32 tables32
	// fallbacks counts the estimates whose float32 run was dropped for
	// the float64 one (see solve32), for tests.
	fallbacks int
}

var _ control.WarmStarter = (*Symmetric)(nil)

// NewSymmetric returns an estimator with the given settings, or an error
// wrapping ErrSettings that names a bad one.
func NewSymmetric(s SymmetricSettings) (*Symmetric, error) {
	r, err := s.resolve()
	if err != nil {
		return nil, err
	}
	return &Symmetric{r: r}, nil
}

// Name returns the preset name.
func (e *Symmetric) Name() string { return e.r.name }

// Params returns lambda, kappa (not for fixed), tolerance and
// max-iterations, in that order.
func (e *Symmetric) Params() []control.Param {
	ps := []control.Param{{Name: ParamLambda, Value: e.r.lambda}}
	if !e.r.fixed {
		ps = append(ps, control.Param{Name: ParamKappa, Value: e.r.kappa})
	}
	return append(ps,
		control.Param{Name: ParamTolerance, Value: e.r.tolerance},
		control.Param{Name: ParamMaxIterations, Value: float64(e.r.maxIterations)})
}

// Estimate evaluates b into dst, starting from the stones (±1 on stones, 0
// elsewhere).
func (e *Symmetric) Estimate(dst *control.Result, b *board.Board) error {
	return e.estimate(dst, b, nil)
}

// EstimateFrom evaluates b into dst, starting from start, one value per
// point in map order (such as the Control of a nearby position's result).
// Values outside [-1, 1] are clamped and NaN counts as 0; with the fixed
// preset stones start (and stay) at ±1. It panics with an "influence: ..."
// message if len(start) is not the number of points of b.
func (e *Symmetric) EstimateFrom(dst *control.Result, b *board.Board, start []float64) error {
	n := b.Geometry().N
	if len(start) != n {
		panic(fmt.Sprintf("influence: EstimateFrom: %d start values for %d points", len(start), n))
	}
	return e.estimate(dst, b, start)
}

// startValue is the start value of a point of colour c: its colour if
// start is nil, else start clamped to [-1, 1] with NaN as 0, or the
// colour of a stone of the fixed preset.
func (e *Symmetric) startValue(start []float64, p int, c board.Color) float64 {
	if start == nil {
		return float64(c)
	}
	switch v := start[p]; {
	case e.r.fixed && c != board.Empty:
		return float64(c)
	case v > 1:
		return 1
	case v < -1:
		return -1
	case !(v == v):
		return 0
	default:
		return v
	}
}

// estimate is Estimate (start nil) and EstimateFrom. It runs the float32
// path where it is selected and decisive, else the float64 one.
func (e *Symmetric) estimate(dst *control.Result, b *board.Board, start []float64) error {
	cells := b.Cells()
	if use32 && e.r.tolerance >= minTolerance32 {
		if e.t.size != b.Size() {
			// The float64 tables too, so that a fallback finds them sized
			// and an estimate does not allocate once a size is seen.
			e.t.prepare(b, &e.r)
		}
		t := &e.t32
		t.prepare(b, &e.r)
		if start == nil {
			t.loadColours(cells)
		} else {
			for y := range t.size {
				x := t.x[t.rowStart(y):][:t.size]
				for i := range x {
					p := y*t.size + i
					x[i] = float32(e.startValue(start, p, cells[p]))
				}
			}
		}
		if e.solve32(dst) {
			return nil
		}
		e.fallbacks++
	}
	t := &e.t
	t.prepare(b, &e.r)
	for y := range t.size {
		x := t.x[t.rowStart(y):][:t.size]
		for i := range x {
			p := y*t.size + i
			x[i] = e.startValue(start, p, cells[p])
		}
	}
	e.solve(dst)
	return nil
}

// solve takes Jacobi steps from t.x until the stopping rule stops them and
// writes the result into dst.
func (e *Symmetric) solve(dst *control.Result) {
	t := &e.t
	dst.Reset(t.size * t.size)
	dst.Iterative = true
	for dst.Iterations < e.r.maxIterations {
		dst.Iterations++
		sq := t.step(e.r.fixed)
		if sq < e.r.tolerance {
			dst.Converged = true
			break
		}
	}
	for y := range t.size {
		copy(dst.Control[y*t.size:(y+1)*t.size], t.x[t.rowStart(y):])
	}
	dst.Sum()
}

// solve32 takes the Jacobi steps of solve in float32, from e.t32.x, and
// writes the result into dst, unless a step's sum of squared changes lands
// so near the tolerance that float32 rounding could decide the stopping rule
// otherwise than float64: then it reports false, and the estimate is made
// again in float64 (see band32).
func (e *Symmetric) solve32(dst *control.Result) bool {
	t := &e.t32
	band := bandFor(e.r.tolerance)
	hi, lo := e.r.tolerance*(1+band), e.r.tolerance*(1-band)
	dst.Reset(t.size * t.size)
	dst.Iterative = true
	hi32 := float32(hi)
	if float64(hi32) > hi {
		hi32 = math.Nextafter32(hi32, 0)
	}
	steps, sq := t.steps(e.r.maxIterations, hi32)
	dst.Iterations = steps
	if sq < hi32 {
		if float64(sq) >= lo {
			return false
		}
		dst.Converged = true
	}
	dst.Score = t.store(dst.Control)
	return true
}

// band32 and minTolerance32 bound where the float32 path decides the
// stopping rule itself. A float32 step's sum of squared changes is within
// band32/10 of the tolerance of the float64 one's on the test positions at
// the default tolerance (TestBand32 measures it, for tolerances down to
// minTolerance32 against bandFor); a sum within the band of the tolerance
// is left to float64. Below minTolerance32 float64 runs throughout.
const (
	band32         = 6e-3
	minTolerance32 = 1e-5
)

// bandFor returns the guard band of solve32 for a tolerance: band32 at the
// default tolerance and above, and wider below it, in proportion to
// 1/tolerance. (Measured, the float32 error grows about as
// tolerance^-0.6 relative to the tolerance: the changes of a step that
// meets it shrink while float32's rounding of them does not.)
func bandFor(tolerance float64) float64 {
	return band32 * max(1, DefaultTolerance/tolerance)
}
