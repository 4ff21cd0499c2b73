package records

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"goeval/board"
)

// ErrResult reports an RE[] value that is not a game result.
var ErrResult = errors.New("compare: unreadable result")

// Kind says how a game ended, as far as its record tells.
type Kind int8

// The kinds of result.
const (
	Unknown     Kind = iota // "?", "Void", empty, or unreadable
	Score                   // counted: the margin is known ("B+3.5")
	Draw                    // counted, and even ("0", "Draw", "Jigo")
	Resignation             // "B+R", "W+Resign"
	Time                    // "B+T", "W+Time"
	Forfeit                 // "B+F", "W+Forfeit"
	Win                     // a winner without a reason ("B+")
)

var kindNames = [...]string{"unknown", "score", "draw", "resignation", "time", "forfeit", "win"}

// String returns the kind's name in lower case ("score", "resignation").
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "?"
}

// Result is a game's outcome read from its RE[] property.
type Result struct {
	Kind Kind
	// Winner is Black or White; Empty for a draw or an unknown result.
	Winner board.Color
	// Margin is the result after komi, Black positive ("W+0.5" is -0.5),
	// when Kind is Score; 0 otherwise.
	Margin float64
}

// Counted reports whether the game was counted to the end (Score or Draw),
// so that its final position has an area score.
func (r Result) Counted() bool { return r.Kind == Score || r.Kind == Draw }

// String writes the result the way RE[] does: "B+3.5", "W+R", "0", "?".
func (r Result) String() string {
	switch r.Kind {
	case Draw:
		return "0"
	case Unknown:
		return "?"
	}
	s := r.Winner.String() + "+"
	switch r.Kind {
	case Score:
		m := r.Margin
		if m < 0 {
			m = -m
		}
		return s + strconv.FormatFloat(m, 'f', -1, 64)
	case Resignation:
		return s + "R"
	case Time:
		return s + "T"
	case Forfeit:
		return s + "F"
	}
	return s
}

// ParseResult reads an RE[] value as SGF FF[4] writes it, leniently: "B+3.5"
// (Black wins by 3.5 after komi; "W+0.5" is a margin of -0.5, and a decimal
// comma is read too), "B+R" or "B+Resign", "B+T" or "B+Time", "B+F" or
// "B+Forfeit", "B+" (a winner without a reason), "0", "Draw" or "Jigo" (a draw;
// so is a margin of 0), and "?" (with a note after it or not), "Void" or ""
// (unknown). It also reads what other programs write: "B+Timeout" or "B+Time
// Over" (time), "B+Illegal" or "B+Repetition" (the loser's illegal move or
// repetition: a forfeit), and "White resigns" or "White resigned" (B+R; a
// sentence may follow, as in "White resigns. B 81.0 W 133.5"). Case and
// surrounding spaces do not matter. Anything else is an error wrapping
// ErrResult, with the Unknown result.
func ParseResult(re string) (Result, error) {
	s := strings.ToUpper(strings.TrimSpace(re))
	switch s {
	case "", "?", "VOID", "UNKNOWN":
		return Result{}, nil
	case "0", "DRAW", "JIGO", "D":
		return Result{Kind: Draw}, nil
	}
	if strings.HasPrefix(s, "?") {
		return Result{}, nil // unknown, perhaps with a note: "? (no further moves known)"
	}
	if loser, ok := resigns(s); ok {
		return Result{Kind: Resignation, Winner: -loser}, nil
	}
	bad := func() (Result, error) { return Result{}, fmt.Errorf("%w RE[%s]", ErrResult, re) }
	if len(s) < 2 || s[1] != '+' {
		return bad()
	}
	var winner board.Color
	switch s[0] {
	case 'B':
		winner = board.Black
	case 'W':
		winner = board.White
	default:
		return bad()
	}
	rest := strings.TrimSpace(s[2:])
	r := Result{Winner: winner}
	switch rest {
	case "":
		r.Kind = Win
	case "R", "RES", "RESIGN", "RESIGNATION":
		r.Kind = Resignation
	case "T", "TIME", "TIMEOUT", "TIME OUT", "TIME-OUT", "TIME OVER":
		r.Kind = Time
	case "F", "FORFEIT", "ILLEGAL", "ILLEGAL MOVE", "REPETITION", "SUPERKO":
		r.Kind = Forfeit
	default:
		m, err := strconv.ParseFloat(strings.ReplaceAll(rest, ",", "."), 64)
		if err != nil || m < 0 || m != m || m > 1e4 {
			return bad()
		}
		if m == 0 {
			return Result{Kind: Draw}, nil
		}
		r.Kind, r.Margin = Score, m*float64(winner)
	}
	return r, nil
}

// resigns reads "Black resigns" or "White resigned" (upper case), alone or
// followed by a full stop, a comma or a space and more, and returns the
// colour that resigned.
func resigns(s string) (board.Color, bool) {
	var loser board.Color
	switch {
	case strings.HasPrefix(s, "BLACK "):
		loser, s = board.Black, s[len("BLACK "):]
	case strings.HasPrefix(s, "WHITE "):
		loser, s = board.White, s[len("WHITE "):]
	default:
		return board.Empty, false
	}
	for _, verb := range []string{"RESIGNS", "RESIGNED"} {
		if rest, ok := strings.CutPrefix(s, verb); ok && (rest == "" || strings.ContainsRune(".,; ", rune(rest[0]))) {
			return loser, true
		}
	}
	return board.Empty, false
}
