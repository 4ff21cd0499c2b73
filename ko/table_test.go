package ko

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"testing"

	"goeval/board"
)

// TestSummaryTable checks the study's summary table for Kd = 0..9 and both
// sides to move, with and without a ko-threat advantage for Black. The
// cases and scores are read off the table by hand: Kd mod 3 and the side
// to move pick the row, its Score column gives the number.
func TestSummaryTable(t *testing.T) {
	// For each Kd: Black to move (case, score) with Td > 0 and with
	// Td <= 0, then White to move likewise.
	rows := []struct {
		kd              int
		bCase, bScore   int // Black to move, Td > 0
		bCase0, bScore0 int // Black to move, Td <= 0
		wCase, wScore   int // White to move, Td > 0
		wCase0, wScore0 int // White to move, Td <= 0
	}{
		{0, 1, 0, 1, 0, 1, 0, 1, 0},
		{1, 2, 0, 2, 0, 3, 0, 4, -1},
		{2, 5, 0, 6, -1, 7, -1, 7, -1},
		{3, 1, -1, 1, -1, 1, -1, 1, -1},
		{4, 2, -1, 2, -1, 3, -1, 4, -2},
		{5, 5, -1, 6, -2, 7, -2, 7, -2},
		{6, 1, -2, 1, -2, 1, -2, 1, -2},
		{7, 2, -2, 2, -2, 3, -2, 4, -3},
		{8, 5, -2, 6, -3, 7, -3, 7, -3},
		{9, 1, -3, 1, -3, 1, -3, 1, -3},
	}
	for _, r := range rows {
		for _, kw := range []int{0, 2} {
			for _, c := range []struct {
				toMove      board.Color
				tb, tw      int
				wantCase, s int
			}{
				{board.Black, 2, 1, r.bCase, r.bScore},
				{board.Black, 1, 1, r.bCase0, r.bScore0},
				{board.Black, 0, 3, r.bCase0, r.bScore0},
				{board.White, 2, 1, r.wCase, r.wScore},
				{board.White, 1, 1, r.wCase0, r.wScore0},
				{board.White, 0, 3, r.wCase0, r.wScore0},
			} {
				p := Position{Kb: r.kd + kw, Kw: kw, D: 1, Tb: c.tb, Tw: c.tw, ToMove: c.toMove}
				if p.K() == 0 {
					continue
				}
				t.Run(fmt.Sprintf("Kd%d/Kw%d/%v/Tb%d-Tw%d", r.kd, kw, c.toMove, c.tb, c.tw), func(t *testing.T) {
					s, err := Solve(p)
					if err != nil {
						t.Fatal(err)
					}
					if s.Case != c.wantCase || s.Score != c.s || s.Mirrored || s.Kd != r.kd {
						t.Errorf("case %d score %d mirrored %v Kd %d, want case %d score %d, not mirrored, Kd %d",
							s.Case, s.Score, s.Mirrored, s.Kd, c.wantCase, c.s, r.kd)
					}
				})
			}
		}
	}
}

// TestCaseFormulas checks each case's formulas, "other style" and ko-fight
// column as the study prints them, and that both styles give the score.
func TestCaseFormulas(t *testing.T) {
	third := func(n int64) *big.Rat { return big.NewRat(n, 3) }
	want := map[int]struct {
		formula, other string
		score          func(kd int) int
		rem            *big.Rat
		winner         board.Color
	}{
		1: {"-Kd/3", "-Kd/3", func(kd int) int { return -kd / 3 }, third(0), board.Empty},
		2: {"-(Kd - 1)/3", "-Kd/3 + 1/3", func(kd int) int { return -(kd - 1) / 3 }, third(1), board.Empty},
		3: {"-(Kd - 1)/3", "-Kd/3 + 1/3", func(kd int) int { return -(kd - 1) / 3 }, third(1), board.Black},
		4: {"-(Kd - 1)/3 - 1", "-Kd/3 - 2/3", func(kd int) int { return -(kd-1)/3 - 1 }, third(-2), board.White},
		5: {"-(Kd - 2)/3", "-Kd/3 + 2/3", func(kd int) int { return -(kd - 2) / 3 }, third(2), board.Black},
		6: {"-(Kd - 2)/3 - 1", "-Kd/3 - 1/3", func(kd int) int { return -(kd-2)/3 - 1 }, third(-1), board.White},
		7: {"-(Kd - 2)/3 - 1", "-Kd/3 - 1/3", func(kd int) int { return -(kd-2)/3 - 1 }, third(-1), board.Empty},
	}
	seen := map[int]bool{}
	for kd := 0; kd <= 20; kd++ {
		for _, toMove := range []board.Color{board.Black, board.White} {
			for _, td := range [][2]int{{3, 0}, {0, 0}, {1, 4}} {
				p := Position{Kb: kd + 1, Kw: 1, D: 2, Tb: td[0], Tw: td[1], ToMove: toMove}
				s, err := Solve(p)
				if err != nil {
					t.Fatal(err)
				}
				w := want[s.Case]
				seen[s.Case] = true
				other := new(big.Rat).Add(big.NewRat(int64(-kd), 3), s.Remainder)
				if s.Formula != w.formula || s.OtherStyle != w.other || s.Score != w.score(kd) ||
					s.Remainder.Cmp(w.rem) != 0 || other.Cmp(big.NewRat(int64(s.Score), 1)) != 0 || s.Winner != w.winner {
					t.Errorf("%+v: case %d: %q = %d, other style %q (remainder %v, so %v), winner %v; want %q = %d, %q, %v",
						p, s.Case, s.Formula, s.Score, s.OtherStyle, s.Remainder, other, s.Winner, w.formula, w.score(kd), w.other, w.winner)
				}
			}
		}
	}
	if len(seen) != 7 {
		t.Errorf("cases met: %v, want all 7", seen)
	}
}

// TestMirror checks the mirror rule: with Kw > Kb the answer is the mirror
// image's with the colours swapped.
func TestMirror(t *testing.T) {
	for kb := 0; kb <= 6; kb++ {
		for kw := kb + 1; kw <= 7; kw++ {
			for _, toMove := range []board.Color{board.Black, board.White} {
				for _, th := range [][2]int{{0, 0}, {2, 1}, {1, 2}} {
					p := Position{Kb: kb, Kw: kw, D: 3, Tb: th[0], Tw: th[1], ToMove: toMove}
					m := Position{Kb: kw, Kw: kb, D: 3, Tb: th[1], Tw: th[0], ToMove: toMove.Opponent()}
					s, err := Solve(p)
					if err != nil {
						t.Fatal(err)
					}
					ms, err := Solve(m)
					if err != nil {
						t.Fatal(err)
					}
					if !s.Mirrored || ms.Mirrored || s.Case != ms.Case || s.Kd != kw-kb || s.Score != -ms.Score || s.Winner != ms.Winner.Opponent() {
						t.Errorf("%+v: mirrored %v case %d Kd %d score %d winner %v; mirror image: case %d score %d winner %v",
							p, s.Mirrored, s.Case, s.Kd, s.Score, s.Winner, ms.Case, ms.Score, ms.Winner)
					}
				}
			}
		}
	}
	// One worked by hand: Black has no ko to connect and White two, Black
	// to move. The mirror image is Kb = 2, Kw = 0, White to move: case 7,
	// score -(2 - 2)/3 - 1 = -1, so here +1: Black captures one, White
	// connects the other, Black connects the captured one.
	s, err := Solve(Position{Kb: 0, Kw: 2, ToMove: board.Black})
	if err != nil {
		t.Fatal(err)
	}
	want := []Move{{board.Black, Capture, 0}, {board.White, Connect, 1}, {board.Black, Connect, 0},
		{board.White, Pass, -1}, {board.Black, Pass, -1}, {board.White, Pass, -1}}
	if s.Case != 7 || s.Score != 1 || fmt.Sprint(s.Moves) != fmt.Sprint(want) {
		t.Errorf("Kb 0 Kw 2, Black to move: case %d score %d moves %v; want case 7, score 1, %v", s.Case, s.Score, s.Moves, want)
	}
}

// TestSimulation replays every case's move sequence on the abstract
// position with simulate, which scores by the rules alone, over a grid of
// inputs: the sequence must be legal, end with every ko and dame filled,
// and score what the case's formula says, with the fight won by whom the
// table says.
func TestSimulation(t *testing.T) {
	seen := map[int]int{}
	for kb := 0; kb <= 7; kb++ {
		for kw := 0; kw <= 7; kw++ {
			if kb+kw == 0 {
				continue
			}
			for d := 0; d <= 3; d++ {
				for tb := 0; tb <= 3; tb++ {
					for tw := 0; tw <= 3; tw++ {
						for _, toMove := range []board.Color{board.Black, board.White} {
							p := Position{Kb: kb, Kw: kw, D: d, Tb: tb, Tw: tw, ToMove: toMove}
							s, err := Solve(p)
							if err != nil {
								t.Fatal(err)
							}
							seen[s.Case]++
							score, winner, err := simulate(p, s.Moves)
							if err != nil {
								t.Errorf("%+v (case %d): %v\n%v", p, s.Case, err, s.Moves)
								continue
							}
							// The table names the fight's winner even where the
							// loser has no ko threat to retake with, and so no
							// retake is seen.
							if winner == board.Empty && s.Winner != board.Empty && threatsOf(p, s.Winner.Opponent()) == 0 {
								winner = s.Winner
							}
							if score != s.Score || winner != s.Winner {
								t.Errorf("%+v (case %d): the moves score %d with the fight won by %v; the table says %d, %v\n%v",
									p, s.Case, score, winner, s.Score, s.Winner, s.Moves)
							}
						}
					}
				}
			}
		}
	}
	if len(seen) != 7 {
		t.Errorf("cases met: %v, want all 7", seen)
	}
}

func threatsOf(p Position, c board.Color) int {
	if c == board.Black {
		return p.Tb
	}
	return p.Tw
}

// TestSimulatorCatches shows that the simulator is not a rubber stamp: it
// rejects sequences that break a rule and scores captures.
func TestSimulatorCatches(t *testing.T) {
	p := Position{Kb: 1, D: 0, Tb: 0, Tw: 0, ToMove: board.White}
	B, W := board.Black, board.White
	pass3 := []Move{{W, Pass, -1}, {B, Pass, -1}, {W, Pass, -1}}
	for _, c := range []struct {
		name  string
		moves []Move
		want  string // "" for legal
		score int
	}{
		{"capture and connect", []Move{{W, Capture, 0}, {B, Pass, -1}, {W, Connect, 0}, {B, Pass, -1}, {W, Pass, -1}, {B, Pass, -1}}, "", -1},
		{"four passes", []Move{{W, Capture, 0}, {B, Pass, -1}, {W, Connect, 0}, {B, Pass, -1}, {W, Pass, -1}, {B, Pass, -1}, {W, Pass, -1}}, "move 7 (W pass): the alternation already ended with three passes", 0},
		{"immediate retake", []Move{{W, Capture, 0}, {B, Capture, 0}}, "move 2 (B capture ko 1): an immediate retake", 0},
		{"out of turn", []Move{{B, Connect, 0}}, "move 1 (B connect ko 1): W is to move", 0},
		{"threat without threats", []Move{{W, Threat, -1}}, "move 1 (W threat): no ko threat left", 0},
		{"ko left open", pass3, "ko 1 is left open", 0},
		{"connecting the other's ko", []Move{{W, Connect, 0}}, "move 1 (W connect ko 1): the ko is not W's to connect (in atari: B)", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			score, _, err := simulate(p, c.moves)
			switch {
			case c.want == "" && err != nil:
				t.Errorf("error %v", err)
			case c.want != "" && (err == nil || err.Error() != c.want):
				t.Errorf("error %v, want %q", err, c.want)
			case c.want == "" && score != c.score:
				t.Errorf("score %d, want %d", score, c.score)
			}
		})
	}
}

// TestFightSequence pins one sequence worked by hand from the study's case
// 3 with Kd = 1, Kw = 0, D = 1, Tb = 1, Tw = 0: White captures, Black
// threatens, White answers, Black retakes, White fills the dame (variant
// A), Black connects.
func TestFightSequence(t *testing.T) {
	s, err := Solve(Position{Kb: 1, D: 1, Tb: 1, ToMove: board.White})
	if err != nil {
		t.Fatal(err)
	}
	B, W := board.Black, board.White
	want := []Move{{W, Capture, 0}, {B, Threat, -1}, {W, Answer, -1}, {B, Capture, 0}, {W, Dame, -1}, {B, Connect, 0},
		{W, Pass, -1}, {B, Pass, -1}, {W, Pass, -1}}
	if s.Case != 3 || s.Score != 0 || s.Winner != B || fmt.Sprint(s.Moves) != fmt.Sprint(want) {
		t.Errorf("case %d score %d winner %v moves %v; want case 3, 0, B, %v", s.Case, s.Score, s.Winner, s.Moves, want)
	}
}

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		p     Position
		field string
	}{
		{Position{Kb: -1, Kw: 2, ToMove: board.Black}, "Kb"},
		{Position{Kb: 1, Kw: -2, ToMove: board.Black}, "Kw"},
		{Position{Kb: 1, D: -1, ToMove: board.Black}, "D"},
		{Position{Kb: 1, Tb: -1, ToMove: board.Black}, "Tb"},
		{Position{Kb: 1, Tw: -3, ToMove: board.Black}, "Tw"},
		{Position{ToMove: board.Black}, "Kb"},
		{Position{Kb: 1, ToMove: board.Empty}, "ToMove"},
		// K + D + Tb + Tw at most MaxCount (625); the largest is named.
		{Position{Kb: 100000000, ToMove: board.Black}, "Kb"},
		{Position{Kb: 300, Kw: 300, D: 26, ToMove: board.Black}, "Kb"},
		{Position{Kb: 1, Tw: 625, ToMove: board.Black}, "Tw"},
		{Position{Kb: 1, Tb: math.MaxInt, Tw: math.MaxInt, ToMove: board.Black}, "Tb"},
	} {
		_, err := Solve(c.p)
		var ie *InputError
		if !errors.As(err, &ie) || ie.Field != c.field || !errors.Is(err, ErrInput) {
			t.Errorf("%+v: error %v, want an InputError on %s", c.p, err, c.field)
		}
	}
	// MaxCount itself is in the class.
	if _, err := Solve(Position{Kb: 600, D: 24, Tw: 1, ToMove: board.White}); err != nil {
		t.Errorf("625 counts: %v", err)
	}
}
