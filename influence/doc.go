// Package influence holds goeval's influence-style control estimators: the
// propagating influence function (propagate.go) and the symmetric λ/κ
// iteration (Symmetric) of the symmetric-estimate article's section 3, both
// defined in docs/estimators.md §1 and §2.
//
// Conventions (docs/estimators.md §0): a point's control is a number in
// [-1, 1], +1 when Black owns it, -1 when White owns it, 0 for 50-50. Maps
// are row-major from the top-left point (GTP A19 on 19x19) to the
// bottom-right. The score is the sum of control over all points, stones
// included, Black positive, before komi.
//
// # The propagating influence function
//
// Propagate (docs/estimators.md §1; the article's sections 2.2–2.5) makes every stone a
// source reaching an empty point p with weight α^d, d being the shortest path
// from the stone to p through empty points (α = 1/2 by default, an optional
// maximum distance); Black's sum B and White's W are combined as
// min(B,1) - min(W,1) (CapEach, the default, right for corridors) or
// clamp(B-W, -1, 1) (CapTotal, the article's Figure 2). Stones keep ±1. It is
// computed bit-parallel over the stones, one step of distance at a time on
// the points that can still change: in AVX-512 where the processor has it
// (whole rows, 8 points to a register), else on the points next to one
// that changed, in AVX2 (4 points to a register) or in Go, the kernels
// agreeing bit for bit (propagate.go says how). It is exactly invariant
// under colour swap and board symmetries. The moyo package reuses it for
// atsumi (AtsumiSettings).
//
// # The symmetric λ/κ iteration
//
// Every point carries a value x, starting at +1 on black stones, -1 on white
// stones and 0 elsewhere. An empty point with on-board neighbours x_1..x_n
// (n = 4, 3 on an edge, 2 in a corner) is updated to
//
//	F = 2^-n [ Π(1+x_i) - Π(1-x_i) + λ Σ_i ((1-x_i) Π_{j≠i}(1+x_j) - (1+x_i) Π_{j≠i}(1-x_j)) ]
//
// which is ((1+2λ)S1 + (1-2λ)S3)/8 inside, (S1+S3)/4 + λ(S1-3S3)/4 on an edge
// and (x_1+x_2)/2 in a corner, S1 and S3 being the first and third
// elementary symmetric sums of the neighbours. A stone of chain C is
// updated to κG(C) + (1-κ)F, where G(C) = 1 - 2Π(1-x_q)/2 for a black chain
// and 2Π(1+x_q)/2 - 1 for a white one, the products running over A(C), the
// points next to C that are not in it (±1 if there are none). The "fixed"
// preset never updates stones.
//
// The article (and docs/estimators.md §2) take Jacobi steps from there, stopping when the sum
// over points of the squared change of one step is below the tolerance
// (default 1e-4) or after the maximum number of steps (default 1000,
// reported as not converged). Symmetric takes exactly those steps, computed
// fast, so its answer is that iteration's answer up to rounding; its tests keep
// a plain Jacobi iteration as a slow twin and check that the two agree
// within 1e-3 on every point (in fact to about 1e-14 in float64, and 5e-6
// in float32, which it uses on processors with AVX-512, deciding the
// stopping rule as float64 would: see Symmetric).
//
// Two properties of that iteration are worth knowing. The stopping rule
// ends it well before its fixed point: on the dev benchmark positions the
// answer is up to about 0.06 (lambda-kappa) and 0.19 (lambda) away from it
// on some point, 1.5 and 2 points of score, and more where the iteration
// crawls; that is why no faster schedule (Gauss–Seidel, over-relaxation)
// can stand in for it: it would stop elsewhere. And on some positions the
// Jacobi steps fall into a 2-cycle (an empty point between white stones
// swinging between -0.92 and -1, say) and run to the cap without
// converging.
//
// The four presets of docs/estimators.md §2 (Presets) are:
//
//	fixed         stones fixed at ±1, λ = 0
//	neighbour     stones updated, λ = 0,    κ = 1
//	lambda        stones updated, λ = 0.44, κ = 1
//	lambda-kappa  stones updated, λ = 0.44, κ = 0.8 (the default)
//
// All four use the same tolerance, 1e-4 on the sum of squared changes of
// one step, including fixed (the article's Figure 6 was run at 1e-3).
package influence
