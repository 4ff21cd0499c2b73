package netinput

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"goeval/board"
)

// Errors of Fill. Each is wrapped with the details.
var (
	// ErrBoardSize reports a board larger than 19×19, the largest KataGo's
	// standard build (and so its networks' inputs) supports.
	ErrBoardSize = errors.New("netinput: unsupported board size")
	// ErrPosition reports a Position that cannot be evaluated: no start
	// board, unknown rules, a move that is not Black's or White's.
	ErrPosition = errors.New("netinput: bad position")
	// ErrIllegalMove reports a move of Position.Moves that is illegal
	// where it is played.
	ErrIllegalMove = errors.New("netinput: illegal move")
)

// MaxSize is the largest board size Fill accepts.
const MaxSize = maxLen

// Planes of the spatial input, by index. Planes 7, 8, 20 and 21 (the
// cleanup phase's ko marks and starting stones) are always 0 for goeval's
// rule sets and have no name here.
const (
	PlaneOnBoard     = 0  // 1 on every point
	PlanePla         = 1  // pla's stones
	PlaneOpp         = 2  // opp's stones
	PlaneLibs1       = 3  // stones whose chain has 1 liberty
	PlaneLibs2       = 4  // ... 2 liberties
	PlaneLibs3       = 5  // ... 3 liberties
	PlaneKo          = 6  // the point pla may not play because of simple ko
	PlanePrev1       = 9  // opp's last move; 10..13 the moves before it, alternating
	PlaneLadder      = 14 // stones of chains captured in a ladder, or ladderable with 2 liberties
	PlaneLadderPrev  = 15 // plane 14 on the board 1 move ago
	PlaneLadderPrev2 = 16 // plane 14 on the board 2 moves ago
	PlaneLadderWork  = 17 // the moves that start a working ladder on opp's 2-liberty chains
	PlaneAreaPla     = 18 // pla's area (area scoring only)
	PlaneAreaOpp     = 19 // opp's area (area scoring only)
)

// scratch is Fill's reusable work space.
type scratch struct {
	hist   history
	ladder ladderSearch
	area   areaScratch
	owner  [maxArr]int8
	replay board.Board
}

// Fill sets f to KataGo's V7 inputs (NNInputs::fillRowV7) for the
// position reached by playing p.Moves from p.Start, as KataGo's GTP
// engine evaluates it with kata-raw-nn: the history is what GTP play
// commands would have recorded (two moves of one colour in a row restart
// it, as GTP does), with at most 5 moves of it shown, no conservative
// pass, no passing hacks, draws worth half a win and no playout doubling.
// The side to move is the opposite of the last move's colour, or
// p.Start.ToMove() when there are no moves.
//
// Fill reuses f's slices and scratch space: once f has been filled for a
// board of a size, later calls of that size do not allocate (except to
// grow history buffers). It returns an error wrapping ErrBoardSize for a
// board larger than MaxSize, ErrPosition for a nil start board, unknown
// rules, a komi that is not a finite number or a move with no colour, and ErrIllegalMove, naming the move
// number (from 1) and point, for a move that board.Board.Play refuses
// (occupied point, ko recapture, suicide, off-board point). A start board
// with a chain without liberties is an ErrPosition. On error f's contents
// are unspecified. A Features value must not be filled by two goroutines
// at once; give each worker its own.
func (f *Features) Fill(p *Position) error {
	if p == nil || p.Start == nil {
		return fmt.Errorf("%w: no start board", ErrPosition)
	}
	if p.Rules != Chinese && p.Rules != Japanese {
		return fmt.Errorf("%w: unknown rules %d", ErrPosition, int(p.Rules))
	}
	if math.IsNaN(p.Komi) || math.IsInf(p.Komi, 0) {
		return fmt.Errorf("%w: komi %v", ErrPosition, p.Komi)
	}
	return f.fill(p.Start, p.Moves, p.Komi, p.Rules.set())
}

func (f *Features) fill(start *board.Board, moves []board.Move, komi float64, rules ruleSet) error {
	size := start.Size()
	if size > MaxSize {
		return fmt.Errorf("%w %dx%d (want at most %dx%d)", ErrBoardSize, size, size, MaxSize, MaxSize)
	}
	if f.scratch == nil {
		f.scratch = new(scratch)
	}
	s := f.scratch
	h := &s.hist
	h.rules = rules

	// The start board, its chains built stone by stone in row-major
	// order as KataGo's Board::parseBoard does.
	h.cur = 0
	kb := h.board()
	kb.reset(size, size)
	g := start.Geometry()
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			if c := start.At(g.At(x, y)); c != board.Empty {
				kb.play(kb.loc(x, y), int8(c))
			}
		}
	}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			if kb.color[kb.loc(x, y)] != int8(start.At(g.At(x, y))) {
				// Only a chain without liberties is removed while the stones
				// are placed.
				return fmt.Errorf("%w: the start board has a chain without liberties at %s", ErrPosition, g.GTP(g.At(x, y)))
			}
		}
	}
	kb.ko = noLoc
	if k := start.Ko(); k != board.Pass {
		x, y := g.XY(k)
		kb.ko = kb.loc(x, y)
	}
	kb.blackCaptured, kb.whiteCaptured = start.Captures(board.White), start.Captures(board.Black)
	h.reset(int8(start.ToMove()))

	s.replay = *start
	for i, m := range moves {
		if m.Color != board.Black && m.Color != board.White {
			return fmt.Errorf("%w: move %d has colour %v", ErrPosition, i+1, m.Color)
		}
		if err := s.replay.Play(m.Color, m.Point); err != nil {
			return fmt.Errorf("%w: move %d, %s %s: %w", ErrIllegalMove, i+1, m.Color.Name(), pointName(g, m.Point), err)
		}
		l := int16(passLoc)
		if m.Point != board.Pass {
			x, y := g.XY(m.Point)
			l = kb.loc(x, y)
		}
		h.play(int8(m.Color), l)
	}

	f.features(komi)
	return nil
}

// Board returns the position the last Fill reached, as goeval's board
// (the moves replayed on the start), or nil before any Fill. It belongs to
// f: valid until the next Fill.
func (f *Features) Board() *board.Board {
	if f.scratch == nil {
		return nil
	}
	return &f.scratch.replay
}

// pointName names p in GTP coordinates, or by number when it is off the
// board.
func pointName(g *board.Geometry, p board.Point) string {
	if p != board.Pass && (p < 0 || int(p) >= g.N) {
		return fmt.Sprintf("off-board point %d", p)
	}
	return g.GTP(p)
}

// features computes f from the replayed history.
func (f *Features) features(komi float64) {
	s := f.scratch
	h := &s.hist
	b := h.board()
	size := b.xSize
	n := size * size
	pla, opp := h.toMove, -h.toMove
	r := h.rules

	f.Size = size
	f.ToMove = board.Color(pla)
	if cap(f.Spatial) < n*NumSpatial {
		f.Spatial = make([]float32, n*NumSpatial)
	}
	f.Spatial = f.Spatial[:n*NumSpatial]
	clear(f.Spatial)
	f.Global = [NumGlobal]float32{}
	if cap(f.Legal) < n+1 {
		f.Legal = make([]bool, n+1)
	}
	f.Legal = f.Legal[:n+1]

	set := func(l int16, plane int) {
		x, y := b.xy(l)
		f.Spatial[(y*size+x)*NumSpatial+plane] = 1
	}

	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			l := b.loc(x, y)
			set(l, PlaneOnBoard)
			c := b.color[l]
			if c == empty {
				f.Legal[y*size+x] = b.legal(l, pla)
				continue
			}
			f.Legal[y*size+x] = false
			if c == pla {
				set(l, PlanePla)
			} else {
				set(l, PlaneOpp)
			}
			switch b.numLibs(l) {
			case 1:
				set(l, PlaneLibs1)
			case 2:
				set(l, PlaneLibs2)
			case 3:
				set(l, PlaneLibs3)
			}
		}
	}
	f.Legal[n] = true
	if b.ko != noLoc {
		set(b.ko, PlaneKo)
	}

	selfKomi := f.selfKomi(komi)

	// Area (18/19): under area scoring without tax only; territory
	// scoring shows it only in the cleanup phases, which GTP prevents.
	if !r.territory && !r.taxSeki {
		s.area.area(b, r.suicide, &s.owner)
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				switch l := b.loc(x, y); s.owner[l] {
				case pla:
					set(l, PlaneAreaPla)
				case opp:
					set(l, PlaneAreaOpp)
				}
			}
		}
	}

	// History (9–13, globals 0–4) and global 14.
	maxTurns := 5
	suppress := false
	if h.passEndsGame() && h.suppressFriendlyPass() {
		maxTurns, suppress = 0, true
	} else if h.finished || h.pastPhaseEnd {
		maxTurns = 1
	}
	turns := min(maxTurns, h.approxValidTurns)
	included := 0
	for k := 1; k <= turns; k++ {
		m := h.moves[len(h.moves)-k]
		want := opp
		if k%2 == 0 {
			want = pla
		}
		if int8(m.Color) != want {
			break
		}
		included = k
		if m.Point == board.Pass {
			f.Global[k-1] = 1
		} else {
			f.Spatial[int(m.Point)*NumSpatial+PlanePrev1+k-1] = 1
		}
	}

	// Ladders (14–17) on the current board and the two before it. Without
	// the moves behind it, an earlier board is the current one: its
	// search is not run again, the first one marks its planes too.
	prev := b
	if included >= 1 {
		prev = h.recent(1)
	}
	prev2 := prev
	if included >= 2 {
		prev2 = h.recent(2)
	}
	s.ladder.ladders(b, func(l int16, working []int16) {
		set(l, PlaneLadder)
		if prev == b {
			set(l, PlaneLadderPrev)
		}
		if prev2 == b {
			set(l, PlaneLadderPrev2)
		}
		if b.color[l] == opp && b.numLibs(l) > 1 {
			for _, w := range working {
				set(w, PlaneLadderWork)
			}
		}
	})
	if prev != b {
		s.ladder.ladders(prev, func(l int16, _ []int16) {
			set(l, PlaneLadderPrev)
			if prev2 == prev {
				set(l, PlaneLadderPrev2)
			}
		})
	}
	if prev2 != prev {
		s.ladder.ladders(prev2, func(l int16, _ []int16) { set(l, PlaneLadderPrev2) })
	}

	// Globals.
	f.Global[5] = selfKomi / 20
	if r.positionalKo {
		f.Global[6], f.Global[7] = 1, 0.5
	}
	if r.suicide {
		f.Global[8] = 1
	}
	if r.territory {
		f.Global[9] = 1
	}
	if r.taxSeki {
		f.Global[10] = 1
	}
	if !suppress && h.passEndsPhase() {
		f.Global[14] = 1
	}
	if !r.territory {
		f.Global[18] = parityWave(selfKomi, n%2 == 0)
	}
}

// selfKomi is KataGo's BoardHistory::currentSelfKomi for the side to
// move, clipped to ±(area+20), in float32 as KataGo computes it. Draws
// are worth half a win, so no draw adjustment applies.
func (f *Features) selfKomi(komi float64) float32 {
	h := &f.scratch.hist
	w := h.whiteBonus + h.handicapBonus + float32(komi)
	if h.toMove == black {
		w = -w
	}
	area := float32(f.Size * f.Size)
	const clipRadius = 20
	return min(max(w, -area-clipRadius), area+clipRadius)
}

// parityWave is global 18: a triangle wave of period 2 in selfKomi,
// rising through the komis at which a draw is possible (even komis on
// boards with an even number of points, odd ones otherwise).
func parityWave(selfKomi float32, evenArea bool) float32 {
	var floor float32
	if evenArea {
		floor = float32(math.Floor(float64(selfKomi/2))) * 2
	} else {
		floor = float32(math.Floor(float64((selfKomi-1)/2)))*2 + 1
	}
	delta := min(max(selfKomi-floor, 0), 2)
	switch {
	case delta < 0.5:
		return delta
	case delta < 1.5:
		return 1 - delta
	}
	return delta - 2
}

// Plane returns a copy of spatial plane k (0..NumSpatial-1) in board
// order: element y*Size+x for column x and row y from the top-left. It
// panics if k is out of range.
func (f *Features) Plane(k int) []float32 {
	if k < 0 || k >= NumSpatial {
		panic(fmt.Sprintf("netinput: plane %d out of range 0..%d", k, NumSpatial-1))
	}
	n := f.Size * f.Size
	out := make([]float32, n)
	for p := range n {
		out[p] = f.Spatial[p*NumSpatial+k]
	}
	return out
}

// Dump draws spatial plane k as an ASCII board, top row first: '1' where
// the plane is 1, '.' where it is 0, and '?' for any other value. It
// panics if k is out of range.
func (f *Features) Dump(k int) string {
	pl := f.Plane(k)
	var sb strings.Builder
	for y := 0; y < f.Size; y++ {
		for x := 0; x < f.Size; x++ {
			if x > 0 {
				sb.WriteByte(' ')
			}
			switch pl[y*f.Size+x] {
			case 0:
				sb.WriteByte('.')
			case 1:
				sb.WriteByte('1')
			default:
				sb.WriteByte('?')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// String describes f for debugging: size, side to move, the globals, and
// every spatial plane that is not all zero, drawn as by Dump.
func (f *Features) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%dx%d, %s to move\nglobals %v\n", f.Size, f.Size, f.ToMove.Name(), f.Global)
	for k := range NumSpatial {
		nonzero := false
		for p := 0; p < f.Size*f.Size; p++ {
			nonzero = nonzero || f.Spatial[p*NumSpatial+k] != 0
		}
		if nonzero {
			fmt.Fprintf(&sb, "plane %d\n%s", k, f.Dump(k))
		}
	}
	return sb.String()
}
