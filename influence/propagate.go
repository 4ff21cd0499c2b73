package influence

// The propagating influence estimator (docs/estimators.md §1; the symmetric-estimate article,
// sections 2.2-2.5; GnuGo's influence function, simplified).
//
// Definition. Every stone is a source, +1 for Black and -1 for White. A
// source reaches an empty point p with weight alpha^d, where d is the length
// of the shortest path from the stone to p through empty points only: d = 1
// for an empty point next to the stone, and influence passes through no
// stone of either colour. The stone's own point is not part of the path, so
// a stone's distances depend only on its empty neighbours (its liberties):
//
//	d_s(p) = 1 + min over liberties q of s of dist(q, p),
//
// dist being the path length through empty points. A stone without
// liberties reaches nothing; a point that no path reaches gets nothing from
// that stone. Black's influence at p is B(p) = sum of alpha^d_s(p) over the
// black stones s, White's W(p) likewise, and the control of an empty point is
//
//	CapEach  (default): min(B, 1) - min(W, 1)
//	CapTotal          : clamp(B - W, -1, 1)   (the article's Figure 2)
//
// Stones keep control +1 or -1 (every stone is taken to be alive).
// MaxDistance > 0 drops every contribution with d > MaxDistance.
//
// Why CapEach is the default (the article's section 2.3; docs/estimators.md §1): in a width-one
// corridor walled by Black with a white stone at its mouth, Black's walls
// saturate B at 1 on every corridor point while the invader's influence
// halves with each step, so the k-th point from the mouth gets 1 - 2^-k,
// the miai-counting value of the corridor; capping the total instead lets
// the wall's surplus swallow the invader.
//
// How it is computed. The straightforward form, a breadth-first search from
// every stone, is the test twin (see propagate_test.go). A search from each
// chain instead would not be exact: the stones of one chain have different
// liberties, so their distances differ. The estimator computes the same
// sums bit-parallel over the stones, 64 to a machine word:
//
//   - The board is read as bit masks per row (empty, black, white; 8
//     cells per multiplication), and the sources are the stones under a
//     row's liberty mask, without a branch on any point's colour.
//   - Only stones with a liberty are sources, one bit each, Black's first.
//     Up to 128 sources are numbered across the board; where they need
//     two words and each colour fits in one, Black takes word 0 and White
//     word 1, so that a word's new stones are one colour's and need one
//     popcount, not two; where each colour has at most 32, Black takes
//     bits 0-31 and White 32-63, and one VPOPCNTD counts both (2-3% of
//     the time of such positions). Beyond 128, the empty regions
//     (connected empty points) are labelled and each numbers its own
//     sources from 0, Black's from bit 0 and White's from the largest
//     black count of any region (or from 64 or 32, as above): sources of
//     different regions never meet.
//     A stone next to two regions takes a number free in both. A late
//     position with 150 sources in small regions then needs one word,
//     not three.
//   - Every empty point p keeps S(p), the stones within distance d, and
//     F_d(p), the stones at distance exactly d. A shortest path reaches p
//     through a neighbour, so F_d(p) = (F_{d-1} of p's four neighbours)
//     &^ S(p), then S(p) |= F_d(p). The sets live on a padded board whose
//     stones and border hold every stone in S, so that they never get
//     any, and a stone's own bit is its F_0: distance 1 is the first step
//     (a stone next to two regions reaches both through its point).
//   - The numbers of black and white stones in F_d(p) (popcounts, summed
//     over the words) times alpha^d are added to B(p) and W(p), with one
//     fused multiply-add (math.FMA in Go, rounded once). So B(p) is
//     summed as (number of black stones at distance d) * alpha^d in
//     increasing d, whatever the order of the sources: the result is
//     exactly invariant under the board's symmetries and the colour swap
//     (tested with ==), and equals the twin's to rounding (the tests hold
//     them within 1e-12).
//   - A point can get new stones only next to a point that got some in
//     the last step, and the search ends after a step where none did (or
//     at MaxDistance). F is double-buffered.
//   - It also ends at the distance D past which what it leaves out weighs
//     less than 2.5e-13 (propTail, a quarter of the 1e-12 within which
//     the tests hold it to the twin): a source reaches a point once, so
//     the nb black sources beyond D add at most nb*alpha^(D+1) to B(p),
//     the white ones likewise to W(p), and the control moves no more
//     than B or W. With n = max(nb, nw), D is 47 for n = 60 and alpha =
//     1/2, 49 for n = 200; as it depends on counts and distances only,
//     the symmetries stay exact. TestPropagateTail checks it where it
//     leaves out the most (many stones just beyond D, at the end of
//     corridors).
//   - Rows are padded to a multiple of 4 points (20 on 19x19: one
//     off-board point, which is also the one before the next row's
//     first) and the arrays aligned to 64 bytes. Where the processor has
//     AVX-512 (F, DQ and VPOPCNTDQ), propagate_amd64.s runs the whole
//     search for one or two words per set. It keeps only T_d, S on
//     empty points and each source's own bit on its stone: a point's
//     neighbours held T_{d-2} at d-2, all of which it holds at d-1, so
//     F_d(p) = (T_{d-1} of p's neighbours) &^ T_{d-1}(p) on empty p,
//     three vector operations and one store per 8 points and word, in
//     two planes (tin and tout). For one word (propBlocksAVX512) it
//     reads the planes as one line of points, whatever the rows, in
//     groups of 8 (a 512-bit register) and blocks of 3 groups, and
//     visits a block if it or a block next to it got stones (a point's
//     neighbours are at most a row, 20 points, away); a block not
//     visited needs no writing to. The planes and sums sit at chosen
//     offsets modulo 4096 bytes (propAlloc), so that loads are never
//     held behind recent stores that look alike to the processor. But
//     with rows of 20 points, four of a group's five loads per word
//     straddle two cache lines (the neighbours in the row, 8 bytes off,
//     and a row away, 2.5 lines off). For two words (propBandsAVX512)
//     the line is cut instead into 8 bands of J points (J = 48 on
//     19x19, a multiple of 8 and at least 2 rows), lane b of vector j
//     holding point j of band b (propBandSlots): a point's neighbours
//     are then lanes b of the vectors j-1, j+1, j-W and j+W, aligned
//     loads, except where a row up or down lies in the band before or
//     after, for the first and last W vectors: those take the vector
//     J-W on or W back with its lanes moved by one band, read 8 bytes
//     off with the lane past the first or last band masked to zero, as
//     off the board (a VPERMQ instead measured the same on a quiet
//     machine and 3% slower on a busy one); the ends, vectors -1 and J,
//     are such copies written before each step. It takes 4 vectors a
//     turn, T of the vectors west, at and east of one in registers that
//     rotate, so that a vector loads only its east neighbour's set and
//     those a row away (9 loads for two words instead of 13, about 10%
//     of the time). Every vector is visited at every step (a vector's 8
//     points lie across the board, so few would be skipped), so tout
//     needs no copy of T_0. The sums are kept
//     by band and transposed back to the line, 8 x 8 at a time, at the
//     end (propUnbandAVX512). The combination of B and W into
//     the control map is done 8 points at a time there too
//     (propControlAVX512: Go's min and max on floats take a dozen
//     instructions each, for NaNs and signed zeros that B and W never
//     are), and the score summed after it in map order, in Go.
//   - Elsewhere (and for more words) propSearchGo in propagate_kernel.go
//     keeps a bit mask per row of the points that got stones, and visits
//     only the empty points next to one; on x86 with AVX2 a row's step is
//     propRowAVX2 (propagate_amd64.s), 4 points to a register, on the
//     groups of 4 holding such a point, else scalar Go. All the kernels
//     compute the same sets and add the same terms in the same order, so
//     they agree bit for bit (tested). The scratch lives in the Propagate
//     value: an estimate does not allocate.
//
// Cost: the AVX-512 search visits, per 19x19 benchmark position, about
// 520 blocks (1,560 groups of 8 points) over 36 steps at move 50 (one
// word), 710 blocks over 45 steps at move 150 (two words) and 290 over 22
// at move 250 (one word, the sources numbered by region); with rows of 24
// points it visited 1,830, 2,520 and 1,020 groups. The frontier stays
// nearly full for most steps. The kernel is sensitive to its loads as
// much as to its vector work: two more loads split across cache lines
// per group (as the neighbours a row away now are) cost a fifth of the
// move-150 time, though the blocks of the line still win over rows of
// 24. Unrolling the rows, keeping row flags in registers and taking the
// neighbours in the row from aligned loads and VALIGNQ instead of
// line-splitting loads all measured neutral or worse. Measured on the
// 2-vCPU development VM of issue #4 (a host about 1.5 times slower than
// the first development machine, and shared: only alternating runs
// count), BenchmarkPropagate/cap-each takes a median of 17 µs (best 13)
// against 21 (best 18) before the blocks of the line, the stop at D, the
// AVX-512 combination and the regions from runs; by class (thread time,
// medians) about 8.4 µs at move 50, 14 at 150 and 6.3 at 250, against
// 10.7, 21 and 10.3. On the first development machine it had taken about
// 10 µs at move 50, 17 at 150 and 11 at 250 (against 17-20 before the
// single-plane kernel, the colour words, the fused sums and the
// branch-free setup, and 107 for the per-point work list these
// replaced). The portable kernel visits about 6,500 points per position
// (5 in 6 of them get new stones): with AVX2 rows an estimate takes a
// little over twice the AVX-512 time (half the old work list's), in
// scalar Go about 4 times, as long as the old work list
// (BenchmarkPropagate, cases -avx2 and -go). Visiting whole rows in
// scalar Go, as the AVX-512 kernel did, was 3 times slower than the old
// work list. The stop at D (above) saves about 12% of the move-150 time
// (six of the nine positions have paths longer than 48, one of 69) and
// nothing at moves 50 and 250, whose paths are shorter. Measured and left
// out: visiting groups rather than blocks, with a bit per point for the
// points that got stones (10% faster at move 50, 20% slower at 150);
// keeping a point's two words side by side in the two-word case, so that
// a row is a whole number of vectors and no load a row away splits
// (within the noise, 0-5% at move 150, for more code); merging stones
// with the same liberties into one weighted source (few merge: on the
// benchmark positions 113 distinct liberty sets for 120 sources, never
// saving a word); and splitting the stones by the parity of x+y (it
// halved the words of the old form but not its time).
//
// The bands (issue #4, fourth round): on the same VM, alternating with the
// build before them, BenchmarkPropagate/cap-each takes a median of 13.7 µs
// against 15.2 in one series of 10 runs, 12.4 against 13.5 in another of
// 12 (the VM was busy: runs spread by 10-30%), and in thread time (the
// best of batches of 50 rounds of the 22 positions) 8.2 µs against 10.1;
// the nine positions with two words (all with a word per colour, move 150)
// 9.9 µs against 13.4, the ten with one word numbered across the board 6.8
// against 7.0, the three numbered by region (one word) 6.9 against 7.0.
// The bands alone took about 17% off the two-word positions, the rotating
// registers 10% more, and the halves 2-3% off the one-word ones. Measured
// and left out: the bands for one word too (7% slower than the blocks
// there, with or without the rotating registers: the blocks skip about a
// tenth of the groups, the bands visit every vector); a stop from the
// sources still on the move at d (the popcount of the OR of the step's F,
// each of which adds at most alpha^(d+1) to a point; on the benchmark
// positions it stops 16 of 838 steps sooner, less than an OR per vector
// costs); a larger propTail (even close to 1e-12 it saves one step of
// about 47 on the positions that reach D, 1%, for the margin it takes from
// the rounding); starting the bands' sums at 0 by a masked load at the
// first step instead of clearing them (3% slower: the load no longer folds
// into the FMA); and other offsets modulo 4096 for the bands' planes and
// sums (four layouts within 2%).

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"unsafe"

	"goeval/board"
	"goeval/control"
)

// Combine says how a propagating estimator combines Black's influence B and
// White's influence W on an empty point into control.
type Combine int

const (
	// CapEach caps each colour at 1 before subtracting: min(B,1) - min(W,1).
	// It is the default (the zero value).
	CapEach Combine = iota
	// CapTotal caps the difference: clamp(B - W, -1, 1).
	CapTotal
)

// String returns "cap-each" or "cap-total".
func (c Combine) String() string {
	switch c {
	case CapEach:
		return "cap-each"
	case CapTotal:
		return "cap-total"
	}
	return fmt.Sprintf("Combine(%d)", int(c))
}

// DefaultAttenuation is the propagating estimator's default attenuation
// alpha: influence halves with every step.
const DefaultAttenuation = 0.5

// ErrPropagateSettings reports invalid PropagateSettings; errors from
// NewPropagate wrap it and say which setting is wrong.
var ErrPropagateSettings = errors.New("influence: invalid propagate settings")

// PropagateSettings are the parameters of the propagating estimator. The
// zero value means the defaults: attenuation 1/2, unbounded distance,
// CapEach.
type PropagateSettings struct {
	// Attenuation is alpha, the weight factor per step, in (0, 1); 0 means
	// DefaultAttenuation (1/2).
	Attenuation float64
	// MaxDistance, when positive, drops contributions from stones more than
	// MaxDistance steps away; 0 means unbounded. It must not be negative.
	MaxDistance int
	// Combine is how B and W are combined (CapEach by default).
	Combine Combine
}

// AtsumiSettings returns the settings that docs/estimators.md §3 uses for the moyo
// estimator's atsumi: CapEach, attenuation 1/2, and the given reach as
// MaxDistance (4 there, "as far as the 4th dame").
func AtsumiSettings(reach int) PropagateSettings {
	return PropagateSettings{Attenuation: DefaultAttenuation, MaxDistance: reach, Combine: CapEach}
}

// withDefaults returns s with its zero fields replaced by the defaults.
func (s PropagateSettings) withDefaults() PropagateSettings {
	if s.Attenuation == 0 {
		s.Attenuation = DefaultAttenuation
	}
	return s
}

// Validate returns nil if s (after defaults) is usable, else an error
// wrapping ErrPropagateSettings that names the setting.
func (s PropagateSettings) Validate() error {
	s = s.withDefaults()
	if !(s.Attenuation > 0 && s.Attenuation < 1) {
		return fmt.Errorf("%w: attenuation %v is not in (0, 1)", ErrPropagateSettings, s.Attenuation)
	}
	if s.MaxDistance < 0 {
		return fmt.Errorf("%w: max-distance %d is negative", ErrPropagateSettings, s.MaxDistance)
	}
	if s.Combine != CapEach && s.Combine != CapTotal {
		return fmt.Errorf("%w: unknown combination %v", ErrPropagateSettings, s.Combine)
	}
	return nil
}

// propStrideMax is the padded row length of the largest board: the board's
// row plus at least one off-board point (which is also the point before the
// next row's first), rounded up to a multiple of 4 so that every row starts
// a group of 4 points (one vector of the AVX2 kernel).
const propStrideMax = (board.MaxSize + 1 + 3) &^ 3

// propPadMax is the number of points of a plane: the largest padded board
// (its rows plus one off-board row above and below), with room for the
// AVX-512 kernel's groups of 8 points and the Go kernel's row windows
// (propRowLen points from a row below the last) past its end.
const propPadMax = 832

var _ [propPadMax - ((board.MaxSize+1)*propStrideMax + propRowLen + 2)]struct{}

// propMaxWords is the largest number of 64-bit words (planes) a point's
// stone set needs.
const propMaxWords = (board.MaxPoints + 63) / 64

// Propagate is the propagating influence estimator (see the comment at the
// top of this file, and docs/estimators.md §1). Make one with NewPropagate. It owns
// its scratch, so it is not safe for concurrent use; an estimate does not
// allocate.
type Propagate struct {
	s PropagateSettings
	// pow[d] is alpha^d.
	pow [board.MaxPoints + 2]float64

	// Padded geometry of the last board size seen.
	geo    *board.Geometry
	stride int                    // padded row length, a multiple of 4
	pad    [board.MaxPoints]int16 // board point -> padded point

	// Per-estimate scratch, indexed by padded point unless said otherwise.
	region [propPadMax]int16 // empty region id; propNoRegion elsewhere
	// accB and accW hold B and W, aligned like the sets.
	accB, accW []float64
	// cells is the board's cells as bytes, with room to read 8 past the
	// end.
	cells [board.MaxPoints + 8]byte
	// srcB and srcW are the black and white stones with a liberty
	// (padded).
	srcB, srcW [board.MaxPoints]int16
	// The runs of empty points of the rows (propRegions): each a mask of
	// its row, the row, and its parent in the union of the runs that
	// touch; runID is then the run's region.
	runMask       [propMaxRuns]uint32
	runRow, runID [propMaxRuns]int16
	runParent     [propMaxRuns]int16
	// next is, per empty region, the next free source number, and at
	// propNoRegion a counter that the numbering ignores.
	next [propNoRegion + 1]int16
	// For the AVX-512 kernel of one word: emptyBits has bit pp for an
	// empty padded point pp; blockA and blockB (double-buffered, from
	// byte propFlagMargin) flag the blocks that got new stones in a step.
	emptyBits      [propPadMax/64 + 1]uint64
	blockA, blockB [propPadMax/24 + 1 + 2*propFlagMargin]uint8
	// For that of two words (see propBandSlots): bands is the length
	// of a band, slotPad and slotBand map a padded point to its entry
	// in a plane of the Go kernel and of the AVX-512 one, emptyBand
	// has bit b of byte j for an empty point j of band b, and sumB and
	// sumW are the kernel's B and W, by slot less 8.
	bands             int
	slotPad, slotBand [propPadMax]int16
	emptyBand         [propPadMax / 8]uint8
	emptyLine         [propPadMax/64 + 1]uint64
	sumB, sumW        []float64
	// Per padded row, bit x for the point x of the row: emptyRow marks the
	// empty points, blackRow and whiteRow the stones; actA and actB
	// (double-buffered, for propSearchGo) those that got new stones in a
	// step.
	emptyRow, blackRow, whiteRow, actA, actB [board.MaxSize + 2]uint32
	// The stone sets: word k of padded point pp is at k*propPadMax+pp.
	// set holds S_d (all ones on stones and off the board), freshA and
	// freshB double-buffer the stones that arrived at distance d (on a
	// stone, at first, the stone itself).
	set, freshA, freshB []uint64
	black               [propMaxWords]uint64 // per word, the black bits
}

// NewPropagate returns a propagating estimator with settings s (zero fields
// meaning the defaults), or an error wrapping ErrPropagateSettings.
func NewPropagate(s PropagateSettings) (*Propagate, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	e := &Propagate{s: s.withDefaults()}
	e.propAlloc()
	e.pow[0] = 1
	for d := 1; d < len(e.pow); d++ {
		e.pow[d] = e.pow[d-1] * e.s.Attenuation
	}
	return e, nil
}

// propAlloc allocates the stone sets and the sums in one block, each
// starting on a 64-byte boundary (a cache line, so that a group of 8
// points whose first padded point is a multiple of 8 fills one line), at
// least 64 bytes after the one before (the AVX-512 kernel reads up to 8
// points before a plane) and at a chosen offset modulo 4096. A processor
// first tells a load from an earlier store by their addresses modulo
// 4096; allocated apart, these large arrays all started on a page, so
// that the AVX-512 kernel's loads of a group's neighbours in tin (a row
// either side of the group, and 2560 further in word 1, propPadMax*8
// being 6656) matched its recent stores to tout, accB and accW and
// waited for them. With tin at offset 0 (modulo 4096) or 3456 and tout
// at the other, accB at 1280 and accW at 640, no two of these ranges
// meet (tested in TestPropagateLayout). The two-word kernel's sums,
// sumB and sumW, sit at 256: its loads are all aligned and its layout
// measured the same at every offset tried.
func (e *Propagate) propAlloc() {
	const page = 4096
	planes := propPadMax * propMaxWords * 8 // bytes
	sums := propPadMax * 8
	layout := [...]struct{ skew, size int }{
		{0, planes},    // freshA
		{3456, planes}, // freshB
		{1280, sums},   // accB
		{640, sums},    // accW
		{0, planes},    // set (the Go kernel's)
		{256, sums},    // sumB
		{256, sums},    // sumW
	}
	var at [len(layout)]int
	end := 0
	for i, l := range layout {
		start := end&^(page-1) + l.skew
		if start < end+64 { // the kernels read up to 64 bytes before
			start += page
		}
		at[i], end = start, start+l.size
	}
	mem := make([]uint64, (end+page)/8)
	off := 0
	for uintptr(unsafe.Pointer(&mem[off]))%page != 0 {
		off++
	}
	words := func(i int) []uint64 {
		n := layout[i].size / 8
		return mem[off+at[i]/8 : off+at[i]/8+n : off+at[i]/8+n]
	}
	floats := func(i int) []float64 {
		return unsafe.Slice((*float64)(unsafe.Pointer(&words(i)[0])), layout[i].size/8)
	}
	e.freshA, e.freshB, e.accB, e.accW, e.set = words(0), words(1), floats(2), floats(3), words(4)
	e.sumB, e.sumW = floats(5), floats(6)
}

// Settings returns the settings in effect, defaults filled in.
func (e *Propagate) Settings() PropagateSettings { return e.s }

// Name returns "propagate" for CapEach and "propagate-total" for CapTotal,
// the estimator's names on the command line.
func (e *Propagate) Name() string {
	if e.s.Combine == CapTotal {
		return "propagate-total"
	}
	return "propagate"
}

// Params returns attenuation and max-distance.
func (e *Propagate) Params() []control.Param {
	return []control.Param{
		{Name: "attenuation", Value: e.s.Attenuation},
		{Name: "max-distance", Value: float64(e.s.MaxDistance)},
	}
}

// Estimate evaluates b into dst: the control map of Control and its sum.
func (e *Propagate) Estimate(dst *control.Result, b *board.Board) error {
	dst.Reset(b.Geometry().N)
	// The sum is dst.Sum's, in the same order, made in the same loop.
	dst.Score = e.control(dst.Control, b)
	dst.Converged = true
	return nil
}

// Control writes the control of every point of b into dst, in map order:
// +1 or -1 on stones, the combined influence (see Combine) on empty points.
// It panics with an "influence: ..." message if len(dst) is not the number
// of points of b. It does not allocate.
func (e *Propagate) Control(dst []float64, b *board.Board) {
	g := b.Geometry()
	if len(dst) != g.N {
		panic(fmt.Sprintf("influence: Control: %d values for %d points", len(dst), g.N))
	}
	e.control(dst, b)
}

// control is Control for a dst of the right length, returning the sum of
// dst in map order. B and W are 0 on stones, so a point's control is its
// colour (0 if empty) plus the combination, without a branch on either.
func (e *Propagate) control(dst []float64, b *board.Board) (sum float64) {
	e.influence(b)
	size := b.Size()
	cells := b.Cells()
	W := e.stride
	capTotal := e.s.Combine == CapTotal
	if usePropAsm {
		// The same operations, 8 points at a time; then the sum, in
		// the same order.
		propControlAVX512(&dst[0], &e.accB[W], &e.accW[W], &e.cells[0], size, W, capTotal)
		for _, v := range dst[:size*size] {
			sum += v
		}
		return sum
	}
	for y := 0; y < size; y++ {
		row := cells[y*size : y*size+size]
		out := dst[y*size : y*size+size]
		bl := e.accB[(y+1)*W : (y+1)*W+size]
		wh := e.accW[(y+1)*W : (y+1)*W+size]
		for x, c := range row {
			var v float64
			if capTotal {
				v = max(-1, min(1, bl[x]-wh[x]))
			} else {
				v = min(bl[x], 1) - min(wh[x], 1)
			}
			v += float64(c)
			out[x] = v
			sum += v
		}
	}
	return sum
}

// Influence writes Black's influence B(p) into black and White's W(p) into
// white for every empty point (0 on stones), before any capping. It panics
// with an "influence: ..." message if a slice's length is not the number of
// points of b.
func (e *Propagate) Influence(black, white []float64, b *board.Board) {
	g := b.Geometry()
	if len(black) != g.N || len(white) != g.N {
		panic(fmt.Sprintf("influence: Influence: %d and %d values for %d points", len(black), len(white), g.N))
	}
	e.influence(b)
	for p, pp := range e.pad[:g.N] {
		black[p], white[p] = e.accB[pp], e.accW[pp]
	}
}

// propSetGeometry builds the padded tables for g's size.
func (e *Propagate) propSetGeometry(g *board.Geometry) {
	if e.geo == g {
		return
	}
	e.geo = g
	e.stride = (g.Size + 1 + 3) &^ 3
	for p := 0; p < g.N; p++ {
		x, y := g.XY(board.Point(p))
		e.pad[p] = int16((y+1)*e.stride + x)
	}
	// Padded points off the board stay in no region, and hold every
	// stone in set, for ever.
	for i := range e.region {
		e.region[i] = propNoRegion
	}
	for i := range e.set {
		e.set[i] = ^uint64(0)
	}
	e.propBandSlots()
}

// propBandSlots sets the AVX-512 kernel's layout for the board size in
// use. It reads the padded points from the first board point's, as one
// line of n = size*stride points, cut into 8 bands of J points (J the
// larger of n/8 and 2*stride, rounded up to a multiple of 8); point j of band b is at slot
// 8 + 8j + b of a plane, so that a vector of 8 holds the j-th points of
// the 8 bands, with one vector before the first and one after the last
// for the kernel's copies of the bands' ends.
func (e *Propagate) propBandSlots() {
	W := e.stride
	n := e.geo.Size * W
	J := (max((n+7)/8, 2*W) + 7) &^ 7
	e.bands = J
	for pp := range e.slotPad {
		e.slotPad[pp] = int16(pp)
		e.slotBand[pp] = 0
		if t := pp - W; t >= 0 && t < n {
			e.slotBand[pp] = int16(8 + 8*(t%J) + t/J)
		}
	}
}

// propUsed returns the number of points of a plane that the search reads
// for the board size in use: the padded board, and the AVX-512 kernel's
// blocks (propBlocks) and their neighbours.
func (e *Propagate) propUsed() int {
	first, blocks := e.propBlocks()
	return max((e.geo.Size+2)*e.stride, 8*(first+3*blocks)+e.stride+8)
}

// propBlocks returns the AVX-512 kernel's blocks of 3 groups of 8 padded
// points: the first group (that of the first board point) and the number
// of blocks to the last board point's group.
func (e *Propagate) propBlocks() (first, blocks int) {
	size, W := e.geo.Size, e.stride
	first = W / 8
	last := (size*W + size - 1) / 8
	return first, (last - first + 3) / 3
}

// propNoRegion is the region of a stone or an off-board point: more than
// any region's number, and an index of Propagate.next.
const propNoRegion = board.MaxPoints

// propMaxRuns bounds the number of runs of empty points on a board: at
// most one in two points of a row starts one.
const propMaxRuns = board.MaxSize * (board.MaxSize + 1) / 2

// propNoRegionRow is a row of propNoRegion, to copy.
var propNoRegionRow = func() (r [board.MaxSize]int16) {
	for i := range r {
		r[i] = propNoRegion
	}
	return r
}()

// influence fills accB and accW (padded) with B(p) and W(p) on the empty
// points of b and 0 on its stones; other entries are left undefined.
func (e *Propagate) influence(b *board.Board) {
	g := b.Geometry()
	e.propSetGeometry(g)
	cells := b.Cells()
	W := e.stride
	size := g.Size

	// The board as bit masks per row, 8 points at a time and without a
	// branch on the colour (the positions change from call to call, so
	// such branches are mispredicted): a cell is a byte, 0 for Empty,
	// 0x01 for Black and 0xff for White, so its bit 0 says stone and its
	// bit 1 White. The multiplication gathers bit 0 of 8 bytes into the
	// top byte, byte i to bit 56+i (no two partial products meet there).
	copy(e.cells[:], unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(cells))), len(cells)))
	const lows, gather = 0x0101010101010101, 0x0102040810204080
	onBoard := uint32(1)<<size - 1
	for y := 0; y < size; y++ {
		var stone, white uint32
		for x := 0; x < size; x += 8 {
			v := binary.LittleEndian.Uint64(e.cells[y*size+x:])
			stone |= uint32((v&lows)*gather>>56) << x
			white |= uint32((v>>1&lows)*gather>>56) << x
		}
		stone &= onBoard
		e.emptyRow[y+1] = onBoard &^ stone
		e.blackRow[y+1] = stone &^ white
		e.whiteRow[y+1] = stone & white
	}
	e.emptyRow[0], e.emptyRow[size+1] = 0, 0
	used := e.propUsed()

	// The sources: the stones with a liberty, row by row.
	nb, nw := 0, 0
	emp := &e.emptyRow
	for y := 1; y <= size; y++ {
		lib := emp[y]<<1 | emp[y]>>1 | emp[y-1] | emp[y+1]
		row := y * W
		for m := e.blackRow[y] & lib; m != 0; m &= m - 1 {
			e.srcB[nb] = int16(row + bits.TrailingZeros32(m))
			nb++
		}
		for m := e.whiteRow[y] & lib; m != 0; m &= m - 1 {
			e.srcW[nw] = int16(row + bits.TrailingZeros32(m))
			nw++
		}
	}
	if nb+nw == 0 {
		clear(e.accB[:used])
		clear(e.accW[:used])
		return
	}

	// Each source is a bit, Black's first, set on the stone's own point
	// of freshA: the first step spreads it to the stone's liberties. But
	// sources of different empty regions never meet, so where the stones
	// would take more than two words, the regions are labelled and number
	// their own sources (a stone next to several takes a number free in
	// each). The order does not matter for the result: only counts per
	// distance are summed.
	var words, blackBits int
	if nb+nw <= 128 {
		words, blackBits = e.propGlobalBits(nb, nw, used)
	} else {
		words, blackBits = e.propRegionBits(nb, nw, used)
	}
	for k := 0; k < words; k++ {
		lo := 64 * k
		e.black[k] = 0
		if n := min(blackBits, lo+64) - lo; n > 0 {
			e.black[k] = ^uint64(0) >> (64 - n)
		}
	}
	e.propSearch(words, e.propReach(max(nb, nw)))
}

// propTail bounds what the search leaves out (see propReach): less than
// a quarter of the 1e-12 within which the tests hold the estimator to
// the straightforward search.
const propTail = 2.5e-13

// propReach returns the last distance the search goes to, given the
// larger number n of black or white sources: MaxDistance if set and
// nearer, else the first distance D past which the stones left out
// weigh less than propTail on any point. Each source reaches a point at
// most once, with weight alpha^d, so the black stones beyond D add at
// most nb*alpha^(D+1) to B(p), the white ones at most nw*alpha^(D+1) to
// W(p), and the control, which moves no more than B or W, by as much.
// The bound depends on distances and on max(nb, nw) only, so the
// estimate stays exactly invariant under the board's symmetries and the
// colour swap.
func (e *Propagate) propReach(n int) int {
	maxD := len(e.pow) - 2 // no path is longer than the number of points
	if e.s.MaxDistance > 0 {
		maxD = min(maxD, e.s.MaxDistance)
	}
	for d := 1; d < maxD; d++ {
		if float64(n)*e.pow[d+1] < propTail {
			return d
		}
	}
	return maxD
}

// propGlobalBits numbers the sources srcB[:nb] from 0 and srcW[:nw] from
// propWhiteBase, clears the used words of freshA and sets each source's
// bit on its point of freshA. It returns the number of words and of black
// bits.
func (e *Propagate) propGlobalBits(nb, nw, used int) (words, blackBits int) {
	blackBits = propWhiteBase(nb, nw)
	words = (blackBits + nw + 63) / 64
	slot, used := e.propSlots(words, used)
	for k := 0; k < words; k++ {
		clear(e.freshA[k*propPadMax : k*propPadMax+used])
	}
	fresh := e.freshA
	for i, pp := range e.srcB[:nb] {
		fresh[i/64*propPadMax+int(slot[pp])] = 1 << (i % 64)
	}
	for j, pp := range e.srcW[:nw] {
		i := blackBits + j
		fresh[i/64*propPadMax+int(slot[pp])] = 1 << (i % 64)
	}
	return words, blackBits
}

// propSlots returns the layout of the planes for a search with the given
// number of words, the map from padded points to entries of a plane and
// the number of entries used, given used for the Go kernel's: the
// AVX-512 kernel's bands (propBandSlots) for one or two words where it
// runs, else the padded points.
func (e *Propagate) propSlots(words, used int) (*[propPadMax]int16, int) {
	if usePropAsm && words == 2 {
		return &e.slotBand, 8 * (e.bands + 2)
	}
	return &e.slotPad, used
}

// propWhiteBase returns the first number of White's sources given nb
// black and nw white numbers: nb, except where the two need two words
// and each fits in one; then Black has word 0 and White word 1, so that a
// word's new stones are all of one colour and need one count, not two;
// and where each fits in half a word: then White starts at 32, so that
// the AVX-512 kernel counts both halves with one VPOPCNTD.
func propWhiteBase(nb, nw int) int {
	if nb+nw > 64 && nb <= 64 && nw <= 64 {
		return 64
	}
	if nb <= 32 && nw <= 32 {
		return 32
	}
	return nb
}

// propRegionBits labels the empty regions and numbers the sources of each
// on its own, Black's first: a source takes the first number free in every
// region its liberties touch. It clears the used words of freshA and sets
// each source's bit on its point of freshA, returning the
// number of words and of black bits (the most black numbers any region
// uses).
func (e *Propagate) propRegionBits(nb, nw int, used int) (words, blackBits int) {
	nRegions := e.propRegions()
	next := e.next[:nRegions]
	clear(e.next[:])
	W := e.stride
	// Without a branch on which neighbours are empty (they are
	// mispredicted): a stone or the border is in propNoRegion, whose
	// counter is read as 0 and set back to 0 after.
	bit := func(pp int) int {
		r0, r1, r2, r3 := e.region[pp-W], e.region[pp-1], e.region[pp+1], e.region[pp+W]
		num := max(e.next[r0], e.next[r1], e.next[r2], e.next[r3])
		e.next[r0], e.next[r1], e.next[r2], e.next[r3] = num+1, num+1, num+1, num+1
		e.next[propNoRegion] = 0
		return int(num)
	}
	// Number first, then set: the number of words is known only then.
	// The numbers go into freshB for the while.
	for _, pp := range e.srcB[:nb] {
		e.freshB[pp] = uint64(bit(int(pp)))
	}
	blackNums := int(slices.Max(next))
	clear(next)
	for _, pp := range e.srcW[:nw] {
		e.freshB[pp] = uint64(bit(int(pp)))
	}
	whiteNums := int(slices.Max(next))
	blackBits = propWhiteBase(blackNums, whiteNums)
	words = (blackBits + whiteNums + 63) / 64
	fresh := e.freshA
	slot, used := e.propSlots(words, used)
	for k := 0; k < words; k++ {
		clear(fresh[k*propPadMax : k*propPadMax+used])
	}
	for _, pp := range e.srcB[:nb] {
		i := int(e.freshB[pp])
		fresh[i/64*propPadMax+int(slot[pp])] = 1 << (i % 64)
	}
	for _, pp := range e.srcW[:nw] {
		i := blackBits + int(e.freshB[pp])
		fresh[i/64*propPadMax+int(slot[pp])] = 1 << (i % 64)
	}
	return words, blackBits
}

// propRegions labels the connected regions of empty points in region
// (propNoRegion on stones), numbered in the order of their first point,
// returning their number. It works on the runs of empty points of each
// row, found with bit operations on emptyRow: a run joins the runs of the
// row above that it touches (a union-find whose roots are the first runs
// of their regions), and each run's points then get its region's number.
func (e *Propagate) propRegions() int {
	W := e.stride
	size := e.geo.Size
	parent := &e.runParent
	find := func(i int16) int16 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	n := int16(0)
	above, aboveEnd := int16(0), int16(0) // the runs of the row above
	for y := 1; y <= size; y++ {
		first := n
		j := above // the first run above that may touch this row's next
		for m := e.emptyRow[y]; m != 0; n++ {
			low := m & -m
			run := ((m + low) ^ m) & m // the lowest run of m
			m &^= run
			e.runMask[n], e.runRow[n], parent[n] = run, int16(y), n
			// The runs above, left to right, that end before this one
			// starts touch no later run either.
			for j < aboveEnd && e.runMask[j] < low {
				j++
			}
			for k := j; k < aboveEnd && e.runMask[k]&run != 0; k++ {
				// Both roots are the first runs of their sets: the
				// later one joins the earlier.
				a, b := find(k), find(n)
				parent[max(a, b)] = min(a, b)
			}
		}
		above, aboveEnd = first, n
	}
	regions := int16(0)
	for i := int16(0); i < n; i++ {
		if r := find(i); r == i {
			e.runID[i] = regions
			regions++
		} else {
			e.runID[i] = e.runID[r]
		}
	}
	region := &e.region
	for y := 1; y <= size; y++ {
		copy(region[y*W:y*W+size], propNoRegionRow[:size])
	}
	for i := int16(0); i < n; i++ {
		m := e.runMask[i]
		lo := bits.TrailingZeros32(m)
		row := region[int(e.runRow[i])*W+lo : int(e.runRow[i])*W+lo+bits.OnesCount32(m)]
		id := e.runID[i]
		for x := range row {
			row[x] = id
		}
	}
	return int(regions)
}
