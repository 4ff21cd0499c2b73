package ko

import (
	"fmt"

	"goeval/board"
)

// simulate replays moves on an abstract position of p.K() basic kos, p.D
// dame and the players' ko threats, by the rules alone, and scores it
// under territory scoring: a capture is one prisoner, nothing else scores.
// It knows nothing of the study's cases or formulas, which is what makes
// it a check of them. It returns the score (Black minus White) and the
// winner of the ko fight (the player who connected the one ko captured
// more than once; board.Empty when no ko was), or the first rule broken:
// a move out of turn, a connection of a ko that is not the mover's, a
// capture of the mover's own stone or an immediate retake, a threat with
// none left, a threat not answered at once, an answer to nothing, a dame
// where none is left, an alternation that ends early (three passes) or
// does not end with three passes, and a ko or dame left open at the end.
func simulate(p Position, moves []Move) (score int, winner board.Color, err error) {
	// inAtari[i] is the colour whose stone is in atari in ko i, which is
	// the colour that may connect it; Empty once it is connected.
	inAtari := make([]board.Color, p.K())
	for i := range inAtari {
		inAtari[i] = board.White
		if i < p.Kb {
			inAtari[i] = board.Black
		}
	}
	connector := make([]board.Color, p.K())
	captures := make([]int, p.K())
	threats := map[board.Color]int{board.Black: p.Tb, board.White: p.Tw}
	prisoners := map[board.Color]int{}
	dame := p.D
	turn := p.ToMove
	pending, passes := false, 0
	var prev *Move
	for i, m := range moves {
		fail := func(format string, args ...any) (int, board.Color, error) {
			return 0, board.Empty, fmt.Errorf("move %d (%v): %s", i+1, m, fmt.Sprintf(format, args...))
		}
		if passes == 3 {
			return fail("the alternation already ended with three passes")
		}
		if m.Color != turn {
			return fail("%v is to move", turn)
		}
		if pending && m.Kind != Answer {
			return fail("the threat before it is not answered")
		}
		if (m.Kind == Connect || m.Kind == Capture) != (m.Ko >= 0) || m.Ko >= p.K() {
			return fail("ko %d does not fit the move", m.Ko)
		}
		switch m.Kind {
		case Connect:
			if inAtari[m.Ko] != m.Color {
				return fail("the ko is not %v's to connect (in atari: %v)", m.Color, inAtari[m.Ko])
			}
			inAtari[m.Ko], connector[m.Ko] = board.Empty, m.Color
		case Capture:
			if inAtari[m.Ko] != m.Color.Opponent() {
				return fail("no %v stone to capture in the ko (in atari: %v)", m.Color.Opponent(), inAtari[m.Ko])
			}
			if prev != nil && prev.Kind == Capture && prev.Ko == m.Ko {
				return fail("an immediate retake")
			}
			inAtari[m.Ko] = m.Color
			prisoners[m.Color]++
			captures[m.Ko]++
		case Threat:
			if threats[m.Color] == 0 {
				return fail("no ko threat left")
			}
			threats[m.Color]--
			pending = true
		case Answer:
			if !pending {
				return fail("no threat to answer")
			}
			pending = false
		case Dame:
			if dame == 0 {
				return fail("no dame left")
			}
			dame--
		case Pass:
		default:
			return fail("unknown kind")
		}
		if m.Kind == Pass {
			passes++
		} else {
			passes = 0
		}
		turn = turn.Opponent()
		prev = &moves[i]
	}
	if passes != 3 {
		return 0, board.Empty, fmt.Errorf("the sequence does not end with three passes")
	}
	for i, c := range inAtari {
		if c != board.Empty {
			return 0, board.Empty, fmt.Errorf("ko %d is left open", i+1)
		}
		if captures[i] > 1 {
			if winner != board.Empty {
				return 0, board.Empty, fmt.Errorf("two kos were fought")
			}
			winner = connector[i]
		}
	}
	if dame != 0 {
		return 0, board.Empty, fmt.Errorf("%d dame left", dame)
	}
	return prisoners[board.Black] - prisoners[board.White], winner, nil
}
