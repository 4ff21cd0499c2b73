package ko

import (
	"errors"
	"fmt"
	"math/big"

	"goeval/board"
)

// ErrInput is wrapped by every *InputError.
var ErrInput = errors.New("ko: invalid input")

// An InputError reports a Position outside the study's class: Field names
// the input ("Kb", "Kw", "D", "Tb", "Tw" or "ToMove") and Msg says what is
// wrong with it. It wraps ErrInput.
type InputError struct {
	Field string
	Msg   string
}

// Error returns "ko: Field: Msg".
func (e *InputError) Error() string { return "ko: " + e.Field + ": " + e.Msg }

// Unwrap returns ErrInput.
func (e *InputError) Unwrap() error { return ErrInput }

// A Position is an input of the table: see the package doc for what each
// count means.
type Position struct {
	// Kb and Kw are the kos that Black and White can connect.
	Kb, Kw int
	// D is the number of two-sided dame.
	D int
	// Tb and Tw are Black's and White's ko threats.
	Tb, Tw int
	// ToMove is board.Black or board.White.
	ToMove board.Color
}

// K returns Kb + Kw, the number of kos.
func (p Position) K() int { return p.Kb + p.Kw }

// MaxCount bounds the counts of a Position: K + D + Tb + Tw is at most
// board.MaxPoints (625). Every ko, dame and ko threat needs a point of its
// own (the ko point, the dame, the point where the threat is played), and
// the largest board has that many. The table itself needs no bound, but
// Solution.Moves grows with the counts (each ko, dame and threat one move
// or more), so that a count no board can hold would only fill memory.
const MaxCount = board.MaxPoints

// Validate returns nil if p is in the study's class, else an *InputError
// naming the first bad input: a negative count, counts above MaxCount
// together (the error names the largest), no ko at all (K = 0), or a side
// to move that is neither Black nor White.
func (p Position) Validate() error {
	fields := []struct {
		name string
		v    int
	}{{"Kb", p.Kb}, {"Kw", p.Kw}, {"D", p.D}, {"Tb", p.Tb}, {"Tw", p.Tw}}
	for _, f := range fields {
		if f.v < 0 {
			return &InputError{f.name, fmt.Sprintf("%d is negative (want 0 or more)", f.v)}
		}
	}
	sum, largest := 0, fields[0]
	for _, f := range fields {
		sum += min(f.v, MaxCount+1) // no overflow
		if f.v > largest.v {
			largest = f
		}
	}
	if sum > MaxCount {
		return &InputError{largest.name, fmt.Sprintf("%d is too many: the kos, dame and ko threats together (Kb + Kw + D + Tb + Tw = %d + %d + %d + %d + %d) "+
			"are at most %d, a point each on the largest board (%dx%d)", largest.v, p.Kb, p.Kw, p.D, p.Tb, p.Tw, MaxCount, board.MaxSize, board.MaxSize)}
	}
	if p.K() == 0 {
		return &InputError{"Kb", "no ko at all: Kb + Kw must be at least 1"}
	}
	if p.ToMove != board.Black && p.ToMove != board.White {
		return &InputError{"ToMove", fmt.Sprintf("%v is not a player (want Black or White)", p.ToMove)}
	}
	return nil
}

// mirror returns p with the colours swapped.
func (p Position) mirror() Position {
	return Position{Kb: p.Kw, Kw: p.Kb, D: p.D, Tb: p.Tw, Tw: p.Tb, ToMove: p.ToMove.Opponent()}
}

// MoveKind says what a move of a Solution does.
type MoveKind int

const (
	// Connect closes a ko of the mover's: worth nothing.
	Connect MoveKind = iota + 1
	// Capture takes the opponent's stone in a ko: one prisoner. The
	// capturing stone is then in atari, so the ko is the mover's to
	// connect and the opponent's to retake.
	Capture
	// Threat is a ko threat elsewhere, which the opponent answers.
	Threat
	// Answer answers the opponent's threat.
	Answer
	// Dame fills a two-sided dame: worth nothing.
	Dame
	// Pass passes.
	Pass
)

var kindNames = [...]string{"", "connect", "capture", "threat", "answer", "dame", "pass"}

// String returns "connect", "capture", "threat", "answer", "dame" or
// "pass".
func (k MoveKind) String() string {
	if k < Connect || k > Pass {
		return fmt.Sprintf("MoveKind(%d)", int(k))
	}
	return kindNames[k]
}

// A Move is one move of a Solution's sequence.
type Move struct {
	Color board.Color
	Kind  MoveKind
	// Ko is the ko of a Connect or Capture, numbered from 0 (see the
	// package doc), and -1 for the other kinds.
	Ko int
}

// String returns e.g. "B connect ko 3" (kos counted from 1, for people),
// "W threat" or "B pass".
func (m Move) String() string {
	if m.Ko >= 0 {
		return fmt.Sprintf("%v %v ko %d", m.Color, m.Kind, m.Ko+1)
	}
	return fmt.Sprintf("%v %v", m.Color, m.Kind)
}

// A Solution is the table's answer for a Position.
type Solution struct {
	Position Position
	// Mirrored reports that Kw > Kb, so that the study's case, Kd and
	// formulas are those of the mirror image (colours swapped), and Score,
	// Winner and Moves have been swapped back.
	Mirrored bool
	// Case is the study's case, 1 to 7.
	Case int
	// Kd is Kb - Kw of the position the case is taken from (the mirror
	// image if Mirrored), so 0 or more.
	Kd int
	// Score is the score due to the kos, Black minus White, in the
	// position's own colours.
	Score int
	// Formula is the study's formula for the case, e.g. "-(Kd - 1)/3 - 1";
	// OtherStyle is its other style, e.g. "-Kd/3 - 2/3", and Remainder
	// that style's constant term (-2/3). Both give the mirror image's
	// score if Mirrored.
	Formula, OtherStyle string
	Remainder           *big.Rat
	// Winner is the winner of the ko fight, board.Empty if the case has
	// none.
	Winner board.Color
	// Moves is the study's algorithm for the case.
	Moves []Move
}

// cases holds each case's formulas, remainder (in thirds) and the ko
// fight's winner in the study's colours.
var cases = [8]struct {
	formula, other string
	thirds         int64
	winner         board.Color
}{
	1: {"-Kd/3", "-Kd/3", 0, board.Empty},
	2: {"-(Kd - 1)/3", "-Kd/3 + 1/3", 1, board.Empty},
	3: {"-(Kd - 1)/3", "-Kd/3 + 1/3", 1, board.Black},
	4: {"-(Kd - 1)/3 - 1", "-Kd/3 - 2/3", -2, board.White},
	5: {"-(Kd - 2)/3", "-Kd/3 + 2/3", 2, board.Black},
	6: {"-(Kd - 2)/3 - 1", "-Kd/3 - 1/3", -1, board.White},
	7: {"-(Kd - 2)/3 - 1", "-Kd/3 - 1/3", -1, board.Empty},
}

// caseOf returns the study's case for p, which must have Kb >= Kw.
func caseOf(p Position) int {
	kd := p.Kb - p.Kw
	td := p.Tb - p.Tw
	black := p.ToMove == board.Black
	switch kd % 3 {
	case 0:
		return 1
	case 1:
		switch {
		case black:
			return 2
		case td > 0:
			return 3
		}
		return 4
	}
	switch {
	case !black:
		return 7
	case td > 0:
		return 5
	}
	return 6
}

// Solve returns the table's answer for p, or p.Validate's error.
func Solve(p Position) (*Solution, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	q, mirrored := p, p.Kw > p.Kb
	if mirrored {
		q = p.mirror()
	}
	c := caseOf(q)
	kd := q.Kb - q.Kw
	cs := cases[c]
	// The score is -Kd/3 plus the remainder, an integer by construction.
	score := (int64(-kd) + cs.thirds) / 3
	s := &Solution{
		Position: p, Mirrored: mirrored, Case: c, Kd: kd, Score: int(score),
		Formula: cs.formula, OtherStyle: cs.other, Remainder: big.NewRat(cs.thirds, 3),
		Winner: cs.winner, Moves: algorithm(q, c),
	}
	if mirrored {
		s.Score, s.Winner = -s.Score, s.Winner.Opponent()
		for i, m := range s.Moves {
			m.Color = m.Color.Opponent()
			// The mirror image's Black kos are the given White ones.
			switch {
			case m.Ko < 0:
			case m.Ko < q.Kb:
				m.Ko += p.Kb
			default:
				m.Ko -= q.Kb
			}
			s.Moves[i] = m
		}
	}
	return s, nil
}

// seq builds a move sequence in the study's colours (Kb >= Kw): who is to
// move, and which kos are still open for each player to connect, in
// order.
type seq struct {
	moves  []Move
	toMove board.Color
	black  []int // Black's kos to connect, not yet touched
	white  []int // White's kos to connect, not yet touched
}

func (s *seq) play(k MoveKind, ko int) {
	s.moves = append(s.moves, Move{Color: s.toMove, Kind: k, Ko: ko})
	s.toMove = s.toMove.Opponent()
}

// take removes and returns the first ko of list.
func take(list *[]int) int {
	k := (*list)[0]
	*list = (*list)[1:]
	return k
}

// connectOwn: the mover connects one of his own untouched kos.
func (s *seq) connectOwn() {
	if s.toMove == board.Black {
		s.play(Connect, take(&s.black))
	} else {
		s.play(Connect, take(&s.white))
	}
}

// block plays one repetition of the study's four-move block over three of
// Black's kos, in which White gains one prisoner: variant A (Black first)
// B connects, W captures, B connects, W connects the captured ko; variant
// B (White first) W captures, B connects, W connects it, B connects.
func (s *seq) block() {
	if s.toMove == board.Black {
		s.play(Connect, take(&s.black))
		x := take(&s.black)
		s.play(Capture, x)
		s.play(Connect, take(&s.black))
		s.play(Connect, x)
		return
	}
	x := take(&s.black)
	s.play(Capture, x)
	s.play(Connect, take(&s.black))
	s.play(Connect, x)
	s.play(Connect, take(&s.black))
}

// fight plays the ko fight over Black's last ko: reps times the mover
// captures, the other threatens and the capturer answers; then the mover
// captures once more and the winner is the player who made that last
// capture: the loser plays a dame if one is left (else passes), and the
// winner connects. It returns the dame left.
func (s *seq) fight(reps, dame int) int {
	x := take(&s.black)
	for i := 0; i < reps; i++ {
		s.play(Capture, x)
		s.play(Threat, -1)
		s.play(Answer, -1)
	}
	s.play(Capture, x)
	if dame > 0 {
		s.play(Dame, -1)
		dame--
	} else {
		s.play(Pass, -1)
	}
	s.play(Connect, x)
	return dame
}

// finish fills the dame left and ends the alternation with three passes.
func (s *seq) finish(dame int) {
	for i := 0; i < dame; i++ {
		s.play(Dame, -1)
	}
	for i := 0; i < 3; i++ {
		s.play(Pass, -1)
	}
}

// algorithm returns the study's move sequence for case c of p (Kb >= Kw).
func algorithm(p Position, c int) []Move {
	s := &seq{toMove: p.ToMove}
	for i := 0; i < p.Kb; i++ {
		s.black = append(s.black, i)
	}
	for i := 0; i < p.Kw; i++ {
		s.white = append(s.white, p.Kb+i)
	}
	kd := p.Kb - p.Kw
	pairs := func() {
		for i := 0; i < 2*p.Kw; i++ {
			s.connectOwn()
		}
	}
	blocks := func(n int) {
		for i := 0; i < n; i++ {
			s.block()
		}
	}
	dame := p.D
	switch c {
	case 1:
		pairs()
		blocks(kd / 3)
	case 2:
		s.play(Connect, take(&s.black))
		pairs()
		blocks((kd - 1) / 3)
	case 3, 4:
		pairs()
		blocks((kd - 1) / 3)
		// Case 3: the capture that Black answers last is White's, so
		// White captures 2*Tw + 1 times in the loop, Black (the winner)
		// once more after it. Case 4: 2*Tb captures in the loop, the
		// last one Black's, and White's final capture wins.
		reps := 2*p.Tw + 1
		if c == 4 {
			reps = 2 * p.Tb
		}
		dame = s.fight(reps, dame)
	case 5, 6:
		pairs()
		blocks((kd - 2) / 3)
		s.play(Connect, take(&s.black))
		reps := 2*p.Tw + 1
		if c == 6 {
			reps = 2 * p.Tb
		}
		dame = s.fight(reps, dame)
	case 7:
		pairs()
		blocks((kd - 2) / 3)
		x := take(&s.black)
		s.play(Capture, x)
		s.play(Connect, take(&s.black))
		s.play(Connect, x)
	}
	s.finish(dame)
	return s.moves
}
