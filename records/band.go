package records

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrBand reports a malformed list of move bands.
var ErrBand = errors.New("compare: bad move band")

// Band is a move number at which every game is sampled: a fixed move
// number (the position after that many moves), or K moves before the end
// of the main line.
type Band struct {
	// Move is the move number, or K when FromEnd.
	Move int
	// FromEnd says that the band is "end-K".
	FromEnd bool
}

// DefaultBands are the bands of docs/estimators.md §6 and issue 7:
// 50, 100, 150, 200 and end-20.
var DefaultBands = []Band{{Move: 50}, {Move: 100}, {Move: 150}, {Move: 200}, {Move: 20, FromEnd: true}}

// String returns "150" or "end-20" ("end" for end-0).
func (b Band) String() string {
	switch {
	case !b.FromEnd:
		return strconv.Itoa(b.Move)
	case b.Move == 0:
		return "end"
	}
	return "end-" + strconv.Itoa(b.Move)
}

// At returns the move number the band samples in a game whose main line
// has moves moves, and false if the game is too short for it (fewer than
// Move moves, or fewer than K for end-K).
func (b Band) At(moves int) (int, bool) {
	n := b.Move
	if b.FromEnd {
		n = moves - b.Move
	}
	return n, n >= 0 && n <= moves
}

// ParseBands reads a comma-separated list of bands: move numbers ("150")
// and "end-K" ("end-20"; "end" alone is the final position). Spaces are
// allowed around the commas; a band may not appear twice. Errors wrap
// ErrBand.
func ParseBands(s string) ([]Band, error) {
	var out []Band
	seen := map[Band]bool{}
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		var b Band
		rest, fromEnd := strings.CutPrefix(strings.ToLower(f), "end")
		if fromEnd {
			b.FromEnd = true
			if rest != "" {
				k, ok := strings.CutPrefix(rest, "-")
				if !ok || k == "" {
					return nil, fmt.Errorf("%w %q (want a move number or end-K)", ErrBand, f)
				}
				rest = k
			}
		}
		if rest != "" || !fromEnd {
			n, err := strconv.Atoi(rest)
			if err != nil || n < 0 || strings.HasPrefix(rest, "+") {
				return nil, fmt.Errorf("%w %q (want a move number or end-K)", ErrBand, f)
			}
			b.Move = n
		}
		if seen[b] {
			return nil, fmt.Errorf("%w %q: given twice", ErrBand, f)
		}
		seen[b] = true
		out = append(out, b)
	}
	return out, nil
}
