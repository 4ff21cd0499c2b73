package influence

import (
	"errors"
	"fmt"
	"goeval/internal/boardtest"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/internal/positions"
)

// randomBoards returns seeded random positions of sizes 9, 13 and 19, from
// nearly empty to crowded.
func randomBoards() []*board.Board {
	rng := rand.New(rand.NewPCG(3, 2026))
	var out []*board.Board
	for _, size := range []int{9, 13, 19} {
		for _, fill := range []float64{0.05, 0.3, 0.6, 0.9} {
			out = append(out, boardtest.Played(rng, size, int(fill*float64(size*size))))
		}
	}
	return out
}

// testBoards is randomBoards plus the shared dev positions (moves 50, 150
// and 250 of ten games), with names for messages.
func testBoards(t *testing.T) (names []string, boards []*board.Board) {
	t.Helper()
	for i, b := range randomBoards() {
		names = append(names, fmt.Sprintf("random %d (%dx%d)", i, b.Size(), b.Size()))
		boards = append(boards, b)
	}
	if testing.Short() {
		return names, boards
	}
	for i, b := range positions.Bench(t) {
		names = append(names, fmt.Sprintf("dev %d", i))
		boards = append(boards, b)
	}
	return names, boards
}

func mustNew(t testing.TB, s SymmetricSettings) *Symmetric {
	t.Helper()
	e, err := NewSymmetric(s)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func mustPreset(t testing.TB, name string) SymmetricSettings {
	t.Helper()
	s, err := Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func maxDiff(a, b []float64) float64 {
	m := 0.0
	for i := range a {
		m = max(m, math.Abs(a[i]-b[i]))
	}
	return m
}

// path is one way Symmetric can compute: the float64 steps, or the
// float32 steps (with the assembly kernels where the processor runs them,
// else with the Go ones) and the float64 fallback.
type path struct {
	name string
	f32  bool
	// tol is how closely two runs that take the same steps agree: 1e-12
	// in float64; in float32, the worst float32 value found by TestBand32
	// (3e-6) with a margin, since a run that falls back to float64 is
	// compared with one that does not.
	tol float64
}

// paths returns the paths worth testing on this processor: float64, and
// float32 with the kernels that it would use.
func paths() []path {
	return []path{{"float64", false, 1e-12}, {"float32", true, 1e-5}}
}

// onPath runs f with Symmetric set to compute by p.
func onPath(t *testing.T, p path, f func(t *testing.T)) {
	t.Helper()
	defer func(saved bool) { use32 = saved }(use32)
	use32 = p.f32
	t.Run(p.name, f)
}

// TestChainFormula checks G(C) on hand-made chains, both in the reference
// (refG) and in one step of the estimator with κ = 1 (where a stone's new
// value is G of its chain), from a given start map, to 1e-12.
func TestChainFormula(t *testing.T) {
	tests := []struct {
		name  string
		board string
		start map[string]float64 // values of the start map; 0 elsewhere, ±1 on stones unless given
		at    string
		adj   []string // A(C) of the chain at at
		want  float64
	}{
		{
			// A(C) = C4, B3, D3, C2; the factors (1-x)/2 are 1/4, 1/2,
			// 3/4, 2/5, so G = 1 - 2·(1/4·1/2·3/4·2/5) = 1 - 2·0.0375 = 0.925.
			name: "one stone",
			board: `
				. . . . .
				. . . . .
				. . X . .
				. . . . .
				. . . . .`,
			start: map[string]float64{"C4": 0.5, "B3": 0, "D3": -0.5, "C2": 0.2},
			at:    "C3",
			adj:   []string{"C4", "B3", "D3", "C2"},
			want:  0.925,
		},
		{
			// A(C) = A1, B2, C2 (white stones at -1, factor 1) and the last
			// liberty D1 at -0.6 (factor 0.8): G = 1 - 2·0.8 = -0.6, the
			// liberty's own value.
			name: "chain in atari",
			board: `
				. . . . .
				. . . . .
				. . . . .
				. O O . .
				O X X . .`,
			start: map[string]float64{"D1": -0.6},
			at:    "B1",
			adj:   []string{"A1", "B2", "C2", "D1"},
			want:  -0.6,
		},
		{
			// A(C) = B5, A4, C4, A3, B2 (at 0, factor 1/2 each) and the
			// white stone C3 at 0.2 (factor 0.4): G = 1 - 2·(1/32)·0.4 =
			// 0.975.
			name: "chain with an enemy neighbour",
			board: `
				. . . . .
				. X . . .
				. X O . .
				. . . . .
				. . . . .`,
			start: map[string]float64{"C3": 0.2},
			at:    "B4",
			adj:   []string{"B5", "A4", "C4", "A3", "C3", "B2"},
			want:  0.975,
		},
		{
			// The white stone of the previous board: A(C) = C4, B3 (black,
			// 1), D3, C2; G = 2·(1·1/2·1/2·1/2) - 1 = -0.75.
			name: "white stone next to a black chain",
			board: `
				. . . . .
				. X . . .
				. X O . .
				. . . . .
				. . . . .`,
			at:   "C3",
			adj:  []string{"C4", "B3", "D3", "C2"},
			want: -0.75,
		},
		{
			// A chain with no adjacent point keeps its colour.
			name: "chain filling the board",
			board: `
				X X
				X X`,
			at:   "A2",
			want: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := board.MustParse(tt.board)
			g := b.Geometry()
			pt := func(v string) board.Point {
				p, err := g.ParseGTP(v)
				if err != nil {
					t.Fatal(err)
				}
				return p
			}
			start := make([]float64, g.N)
			for p := range start {
				start[p] = float64(b.At(board.Point(p)))
			}
			for v, x := range tt.start {
				start[pt(v)] = x
			}
			var adj []float64
			for _, v := range tt.adj {
				adj = append(adj, start[pt(v)])
			}
			at := pt(tt.at)
			if got := refG(b.At(at), adj); math.Abs(got-tt.want) > 1e-12 {
				t.Errorf("refG = %.15g, want %.15g", got, tt.want)
			}
			for _, p := range paths() {
				onPath(t, p, func(t *testing.T) {
					s := mustPreset(t, "lambda")
					s.MaxIterations = 1
					var r control.Result
					if err := mustNew(t, s).EstimateFrom(&r, b, start); err != nil {
						t.Fatal(err)
					}
					// float32 holds the start to a relative 6e-8.
					tol := min(p.tol, 1e-6)
					if got := r.Control[at]; math.Abs(got-tt.want) > tol {
						t.Errorf("one step: %s = %.15g, want G = %.15g", tt.at, got, tt.want)
					}
					rs := refPreset("lambda")
					rs.maxIterations = 1
					want, _, _ := reference(b, rs, start)
					if d := maxDiff(r.Control, want); d > tol {
						t.Errorf("one step differs from the reference's by %.3g", d)
					}
				})
			}
		})
	}
}

// TestMatchesReference runs every preset on random and dev positions and
// checks that Symmetric lands within 1e-3 of the Jacobi reference on every
// point, with the same number of steps and the same verdict. (It takes the
// same Jacobi steps, so the worst difference is rounding, about 1e-14; it
// is logged.)
func TestMatchesReference(t *testing.T) {
	for _, p := range paths() {
		onPath(t, p, testMatchesReference)
	}
}

func testMatchesReference(t *testing.T) {
	names, boards := testBoards(t)
	for _, preset := range Presets() {
		t.Run(preset, func(t *testing.T) {
			e := mustNew(t, mustPreset(t, preset))
			rs := refPreset(preset)
			worst := 0.0
			var r control.Result
			for i, b := range boards {
				want, iterations, converged := reference(b, rs, nil)
				if err := e.Estimate(&r, b); err != nil {
					t.Fatal(err)
				}
				d := maxDiff(r.Control, want)
				worst = max(worst, d)
				if d > 1e-3 || r.Iterations != iterations || r.Converged != converged {
					t.Errorf("%s: worst |fast - reference| %.3g; %d steps (converged %v), reference %d (%v)",
						names[i], d, r.Iterations, r.Converged, iterations, converged)
				}
			}
			t.Logf("%s: worst |fast - reference| over %d positions: %.3g", preset, len(boards), worst)
		})
	}
}

// TestKernels checks the assembly kernels (where the processor runs them)
// against the Go ones on random values, to 1e-14.
func TestKernels(t *testing.T) {
	if !useAsm {
		t.Skip("no assembly kernels on this processor")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	names, boards := testBoards(t)
	for i, b := range boards {
		e := mustNew(t, SymmetricSettings{})
		tb := &e.t
		tb.prepare(b, &e.r)
		for p := range tb.x[:len(tb.x)-2] {
			if tb.col[p] != offBoard {
				tb.x[p] = 2*rng.Float64() - 1
			}
		}
		val := append([]float64(nil), tb.val...)
		chains(val, tb.half, tb.kc, tb.adj, tb.qlen, tb.x)
		chainsFast(tb.val, tb.half, tb.kc, tb.adj, tb.qlen, tb.x)
		if d := maxDiff(val, tb.val); d > 1e-14 {
			t.Errorf("%s: chains differ by %.3g", names[i], d)
		}
		y := append([]float64(nil), tb.y...)
		sq := jacobi(y, tb.x, tb.a, tb.b, tb.kg, tb.first, tb.end, tb.w)
		sqFast := jacobiFast(tb.y, tb.x, tb.a, tb.b, tb.kg, tb.first, tb.end, tb.w)
		if d := maxDiff(y, tb.y); d > 1e-14 {
			t.Errorf("%s: steps differ by %.3g", names[i], d)
		}
		if math.Abs(sq-sqFast) > 1e-14*sq {
			t.Errorf("%s: sums of squares %.17g and %.17g", names[i], sq, sqFast)
		}
	}
}

// TestGoKernels runs the Go kernels, which other architectures and
// processors without AVX2 use, through the reference comparison and the
// colour-swap check on the random positions: the float64 ones, and the
// float32 ones (twins of the AVX-512 kernels) on the float32 path.
func TestGoKernels(t *testing.T) {
	defer func(saved, saved32, savedUse32 bool) { useAsm, useAsm32, use32 = saved, saved32, savedUse32 }(useAsm, useAsm32, use32)
	useAsm, useAsm32 = false, false
	for _, f32 := range []bool{false, true} {
		use32 = f32
		testGoKernels(t)
	}
}

func testGoKernels(t *testing.T) {
	for _, preset := range Presets() {
		e := mustNew(t, mustPreset(t, preset))
		var r, rs control.Result
		for i, b := range randomBoards() {
			want, iterations, _ := reference(b, refPreset(preset), nil)
			e.Estimate(&r, b)
			if d := maxDiff(r.Control, want); d > 1e-3 || r.Iterations != iterations {
				t.Errorf("%s, board %d (float32 %v): %.3g from the reference, %d steps, want %d", preset, i, use32, d, r.Iterations, iterations)
			}
			e.Estimate(&rs, b.Swapped())
			for p := range r.Control {
				if rs.Control[p] != -r.Control[p] {
					t.Errorf("%s, board %d (float32 %v): swapping colours does not negate point %d", preset, i, use32, p)
					break
				}
			}
		}
	}
}

// TestProperties checks, on random positions of sizes 9, 13 and 19 and for
// every preset: every value is in [-1, 1]; swapping the colours negates the
// map and the score exactly (every operation is odd in the values, and the
// order of work does not depend on colour); every symmetry of the board
// moves the map with it, within 1e-9 in float64 (the same Jacobi steps,
// summed in another order) and 1e-5 in float32 (where the other order
// rounds to 6e-8, and one run may fall back to float64 and the other not).
// Both paths are checked.
func TestProperties(t *testing.T) {
	for _, p := range paths() {
		onPath(t, p, func(t *testing.T) { testProperties(t, p.tol) })
	}
}

// testProperties is TestProperties with symmetric maps compared to
// within tol (1e-9 in float64, where only the order of sums differs).
func testProperties(t *testing.T, tol float64) {
	tol = max(tol, 1e-9)
	boards := randomBoards()
	for _, preset := range Presets() {
		t.Run(preset, func(t *testing.T) {
			e := mustNew(t, mustPreset(t, preset))
			var r, rs, rt control.Result
			for i, b := range boards {
				if err := e.Estimate(&r, b); err != nil {
					t.Fatal(err)
				}
				if err := control.Check(&r, b); err != nil {
					t.Errorf("board %d: %v", i, err)
				}
				e.Estimate(&rs, b.Swapped())
				if rs.Score != -r.Score || rs.Iterations != r.Iterations {
					t.Errorf("board %d: swapped score %v in %d steps, want %v in %d", i, rs.Score, rs.Iterations, -r.Score, r.Iterations)
				}
				for p := range r.Control {
					if rs.Control[p] != -r.Control[p] {
						t.Errorf("board %d: swapped %s = %v, want %v", i, b.Geometry().GTP(board.Point(p)), rs.Control[p], -r.Control[p])
						break
					}
				}
				g := b.Geometry()
				for _, sym := range board.Symmetries {
					e.Estimate(&rt, b.Transformed(sym))
					worst := 0.0
					for p := range r.Control {
						worst = max(worst, math.Abs(rt.Control[g.Transform(board.Point(p), sym)]-r.Control[p]))
					}
					if worst > tol || rt.Iterations != r.Iterations {
						t.Errorf("board %d, symmetry %d: map off by %.3g, %d steps, want %d", i, sym, worst, rt.Iterations, r.Iterations)
					}
				}
			}
		})
	}
}

// TestEmptyBoard: with no stones every point stays at 0, the score is 0 and
// the first step changes nothing.
func TestEmptyBoard(t *testing.T) {
	for _, preset := range Presets() {
		for _, size := range []int{9, 13, 19} {
			e := mustNew(t, mustPreset(t, preset))
			var r control.Result
			if err := e.Estimate(&r, board.New(size)); err != nil {
				t.Fatal(err)
			}
			for p, v := range r.Control {
				if v != 0 {
					t.Fatalf("%s %dx%d: point %d = %v", preset, size, size, p, v)
				}
			}
			if r.Score != 0 || !r.Converged || r.Iterations != 1 {
				t.Errorf("%s %dx%d: score %v, converged %v in %d steps; want 0, true, 1", preset, size, size, r.Score, r.Converged, r.Iterations)
			}
		}
	}
}

// TestSingleStone: one black stone on an empty 19x19 board gives Black a
// positive score. The seed chose λ = 0.44 because one stone scored about
// B+14 with its program. goeval's scores for a stone on the centre point
// are pinned here to 0.01: they are the SPEC's Jacobi answers, which
// depend only on rounding, and the margin is far above that yet far below
// the effect of one step more or less (about 0.1 for lambda-kappa). For
// the record: lambda-kappa gives B+8.02 at K10 and B+19.08 at Q16 after 31
// and 97 steps; the fixed points, which the SPEC's rule stops short of,
// are B+10.42 and B+21.13.
func TestSingleStone(t *testing.T) {
	want := map[string]float64{
		"fixed":        1.8463,
		"neighbour":    1.7088,
		"lambda":       9.2268,
		"lambda-kappa": 8.0231,
	}
	for _, at := range []string{"K10", "Q16"} {
		for _, preset := range Presets() {
			b := board.New(19)
			p, _ := b.Geometry().ParseGTP(at)
			b.Set(p, board.Black)
			var r control.Result
			if err := mustNew(t, mustPreset(t, preset)).Estimate(&r, b); err != nil {
				t.Fatal(err)
			}
			t.Logf("one black stone at %s, %s: B+%.2f in %d steps (converged %v)", at, preset, r.Score, r.Iterations, r.Converged)
			if r.Score <= 0 {
				t.Errorf("%s at %s: score %v, want positive", preset, at, r.Score)
			}
			if w := want[preset]; at == "K10" && math.Abs(r.Score-w) > 0.01 {
				t.Errorf("%s at %s: score %.4f, want %.4f", preset, at, r.Score, w)
			}
		}
	}
}

// TestIterationCap: a run stopped by the cap says so.
func TestIterationCap(t *testing.T) {
	b := board.MustParse(`
		. . . . .
		. X . . .
		. . . O .
		. . . . .
		. . . . .`)
	for _, preset := range Presets() {
		s := mustPreset(t, preset)
		s.MaxIterations = 1
		var r control.Result
		if err := mustNew(t, s).Estimate(&r, b); err != nil {
			t.Fatal(err)
		}
		if r.Converged || r.Iterations != 1 || !r.Iterative {
			t.Errorf("%s with max-iterations 1: converged %v after %d steps (iterative %v), want false after 1",
				preset, r.Converged, r.Iterations, r.Iterative)
		}
	}
}

// TestWarmStartSamePosition: started from its own answer, a position
// converges again within 3 steps (not always one: the change of a Jacobi
// step need not shrink from one step to the next), and no point moves by
// 0.02 = 2·sqrt(tolerance) or more. That bound is measured, not proved: a
// step that meets the tolerance moves no point by sqrt(tolerance) or more,
// and the warm runs here take at most two steps of about that size.
func TestWarmStartSamePosition(t *testing.T) {
	names, boards := testBoards(t)
	bound := 2 * math.Sqrt(DefaultTolerance)
	for _, preset := range Presets() {
		e := mustNew(t, mustPreset(t, preset))
		var cold, warm control.Result
		most, farthest := 0, 0.0
		for i, b := range boards {
			e.Estimate(&cold, b)
			if !cold.Converged {
				continue // a Jacobi 2-cycle: see TestJacobiCycle
			}
			e.EstimateFrom(&warm, b, cold.Control)
			d := maxDiff(warm.Control, cold.Control)
			most, farthest = max(most, warm.Iterations), max(farthest, d)
			if !warm.Converged || warm.Iterations > 3 || d >= bound {
				t.Errorf("%s, %s: warm start converged %v in %d steps, %.3g from the cold answer; want true, <= 3, < %g",
					preset, names[i], warm.Converged, warm.Iterations, d, bound)
			}
		}
		t.Logf("%s: at most %d steps, at most %.3g from the cold answer", preset, most, farthest)
	}
}

// TestWarmStartNeighbour: starting from the answer of the position one
// move earlier reaches the same fixed point as a cold start, within 1e-3.
// Both are run to a tight tolerance (1e-16), because with the SPEC's
// tolerance each run stops at its own distance from the fixed point (which
// is exactly the reference's behaviour: up to 0.08 apart here).
// Positions where the Jacobi steps fall into a 2-cycle (see TestJacobiCycle)
// have no fixed point to reach and are left out.
func TestWarmStartNeighbour(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Jacobi to a tight tolerance on dev positions")
	}
	before := positions.Dev(t, 10, 49, 149, 249)
	after := positions.Dev(t, 10, 50, 150, 250)
	if len(before) != len(after) {
		t.Fatalf("%d positions before the move and %d after", len(before), len(after))
	}
	for _, preset := range Presets() {
		s := mustPreset(t, preset)
		s.Tolerance, s.MaxIterations = 1e-16, 20000
		e := mustNew(t, s)
		worst, cycles := 0.0, 0
		var prev, cold, warm control.Result
		for i := range before {
			e.Estimate(&prev, before[i])
			e.Estimate(&cold, after[i])
			e.EstimateFrom(&warm, after[i], prev.Control)
			if !cold.Converged || !warm.Converged {
				cycles++
				continue
			}
			d := maxDiff(cold.Control, warm.Control)
			worst = max(worst, d)
			if d > 1e-3 {
				t.Errorf("%s, dev %d: warm answer %.3g from the cold one (steps: cold %d, converged %v; warm %d, %v)",
					preset, i, d, cold.Iterations, cold.Converged, warm.Iterations, warm.Converged)
			}
		}
		t.Logf("%s: worst |warm - cold| %.3g over %d positions (%d left out)", preset, worst, len(before)-cycles, cycles)
	}
}

// TestJacobiCycle pins a property of the SPEC's iteration that callers
// meet: on some real positions the Jacobi steps fall into a 2-cycle and
// never meet the tolerance (here the neighbour preset on a dev position,
// where an empty point between white stones swings between -0.92 and -1),
// so the run ends at the cap with Converged false, as in the reference.
func TestJacobiCycle(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the dev positions")
	}
	bs := positions.Bench(t)
	const pos = 6
	if len(bs) <= pos {
		t.Skip("dev position missing")
	}
	e := mustNew(t, mustPreset(t, "neighbour"))
	var r control.Result
	e.Estimate(&r, bs[pos])
	if r.Converged || r.Iterations != DefaultMaxIterations {
		t.Fatalf("converged %v after %d steps; want a 2-cycle to the cap", r.Converged, r.Iterations)
	}
	s := mustPreset(t, "neighbour")
	s.MaxIterations = 1
	one := mustNew(t, s)
	var r1, r2 control.Result
	one.EstimateFrom(&r1, bs[pos], r.Control)
	one.EstimateFrom(&r2, bs[pos], r1.Control)
	if d1, d2 := maxDiff(r.Control, r1.Control), maxDiff(r.Control, r2.Control); d1 < 0.05 || d2 > 1e-6 {
		t.Errorf("one step moves the answer by %.3g and two by %.3g; want a 2-cycle", d1, d2)
	}
}

// params formats Params as "name=value ...".
func params(e control.Estimator) string {
	var parts []string
	for _, p := range e.Params() {
		parts = append(parts, fmt.Sprintf("%s=%v", p.Name, p.Value))
	}
	return strings.Join(parts, " ")
}

func TestSettings(t *testing.T) {
	tests := []struct {
		name   string
		s      SymmetricSettings
		params string // "": want an error
	}{
		{"zero value", SymmetricSettings{}, "lambda=0.44 kappa=0.8 tolerance=0.0001 max-iterations=1000"},
		{"fixed", SymmetricSettings{Preset: "fixed"}, "lambda=0 tolerance=0.0001 max-iterations=1000"},
		{"neighbour", SymmetricSettings{Preset: "neighbour"}, "lambda=0 kappa=1 tolerance=0.0001 max-iterations=1000"},
		{"lambda", SymmetricSettings{Preset: "lambda"}, "lambda=0.44 kappa=1 tolerance=0.0001 max-iterations=1000"},
		{"lambda 0 and kappa 0", SymmetricSettings{Lambda: Set(0), Kappa: Set(0)}, "lambda=0 kappa=0 tolerance=0.0001 max-iterations=1000"},
		{"all given", SymmetricSettings{Preset: "neighbour", Lambda: Set(0.3), Kappa: Set(0.5), Tolerance: 1e-6, MaxIterations: 7}, "lambda=0.3 kappa=0.5 tolerance=1e-06 max-iterations=7"},
		{"lambda 1", SymmetricSettings{Lambda: Set(1)}, ""},
		{"lambda negative", SymmetricSettings{Lambda: Set(-0.1)}, ""},
		{"lambda NaN", SymmetricSettings{Lambda: Set(math.NaN())}, ""},
		{"kappa above 1", SymmetricSettings{Kappa: Set(1.01)}, ""},
		{"kappa for fixed", SymmetricSettings{Preset: "fixed", Kappa: Set(1)}, ""},
		{"negative tolerance", SymmetricSettings{Tolerance: -1e-4}, ""},
		{"infinite tolerance", SymmetricSettings{Tolerance: math.Inf(1)}, ""},
		{"negative cap", SymmetricSettings{MaxIterations: -1}, ""},
		{"unknown preset", SymmetricSettings{Preset: "lambda-kapa"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := NewSymmetric(tt.s)
			if tt.params == "" {
				if !errors.Is(err, ErrSettings) {
					t.Fatalf("err = %v, want ErrSettings", err)
				}
				t.Log(err)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := params(e); got != tt.params {
				t.Errorf("Params() = %s, want %s", got, tt.params)
			}
		})
	}
}

func TestNewPreset(t *testing.T) {
	for _, name := range Presets() {
		e, err := NewPreset(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := mustPreset(t, name)
		if e.Name() != name || params(e) != params(mustNew(t, s)) {
			t.Errorf("NewPreset(%q) = %s %s", name, e.Name(), params(e))
		}
	}
	e, err := NewPreset("neighbour", map[string]float64{"lambda": 0.2, "kappa": 0.9, "tolerance": 1e-3, "max-iterations": 50})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := params(e), "lambda=0.2 kappa=0.9 tolerance=0.001 max-iterations=50"; got != want {
		t.Errorf("overridden: %s, want %s", got, want)
	}
	for _, bad := range []struct {
		preset string
		params map[string]float64
	}{
		{"fixed", map[string]float64{"kappa": 0.5}},
		{"lambda", map[string]float64{"alpha": 0.5}},
		{"lambda", map[string]float64{"tolerance": 0}},
		{"lambda", map[string]float64{"max-iterations": 0}},
		{"lambda", map[string]float64{"max-iterations": 2.5}},
		{"lambda", map[string]float64{"lambda": 1}},
		{"nope", nil},
	} {
		if _, err := NewPreset(bad.preset, bad.params); !errors.Is(err, ErrSettings) {
			t.Errorf("NewPreset(%q, %v): err = %v, want ErrSettings", bad.preset, bad.params, err)
		} else {
			t.Log(err)
		}
	}
}

// TestNoAllocations: once the estimator has seen the board size, an
// estimate allocates nothing, whether the stones change or not.
func TestNoAllocations(t *testing.T) {
	names, boards := testBoards(t)
	_ = names
	var bs []*board.Board
	for _, b := range boards {
		if b.Size() == 19 {
			bs = append(bs, b)
		}
	}
	for _, preset := range Presets() {
		e := mustNew(t, mustPreset(t, preset))
		var r control.Result
		for _, b := range bs {
			e.Estimate(&r, b) // grow the buffers to the largest position
		}
		i := 0
		if n := testing.AllocsPerRun(20, func() {
			e.Estimate(&r, bs[i%len(bs)])
			e.EstimateFrom(&r, bs[i%len(bs)], r.Control)
			i++
		}); n != 0 {
			t.Errorf("%s: %v allocations per estimate", preset, n)
		}
	}
}

// TestTablesRebuiltOnlyOnChange: the chain and coefficient tables are
// built again only when the stones (or the size) differ from the previous
// call's.
func TestTablesRebuiltOnlyOnChange(t *testing.T) {
	b1 := board.MustParse(`
		. . . . .
		. X . . .
		. . . O .
		. . . . .
		. . . . .`)
	b2 := b1.Swapped()
	for _, p := range paths() {
		onPath(t, p, func(t *testing.T) {
			e := mustNew(t, SymmetricSettings{})
			builds := &e.t.builds
			if p.f32 {
				builds = &e.t32.builds
			}
			testRebuilds(t, e, builds, b1, b2)
		})
	}
}

func testRebuilds(t *testing.T, e *Symmetric, builds *int, b1, b2 *board.Board) {
	var r control.Result
	steps := []struct {
		b      *board.Board
		builds int
	}{{b1, 1}, {b1, 1}, {b2, 2}, {b2, 2}, {b1, 3}, {board.New(9), 4}, {board.New(9), 4}, {b1, 5}}
	for i, s := range steps {
		if i%2 == 0 {
			e.Estimate(&r, s.b)
		} else {
			e.EstimateFrom(&r, s.b, make([]float64, s.b.Geometry().N))
		}
		if *builds != s.builds {
			t.Fatalf("call %d: tables built %d times, want %d", i, *builds, s.builds)
		}
	}
}

func TestEstimateFromPanics(t *testing.T) {
	defer func() {
		if r := recover(); r == nil {
			t.Error("no panic for a start map of the wrong length")
		} else {
			t.Log(r)
		}
	}()
	var r control.Result
	mustNew(t, SymmetricSettings{}).EstimateFrom(&r, board.New(9), make([]float64, 80))
}
