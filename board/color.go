package board

import "strings"

// Color is the content of a point: Empty, Black or White. Black is +1 and
// White is -1, so a Color is also the sign of a control value.
type Color int8

// The colours. Empty is the zero value.
const (
	Empty Color = 0
	Black Color = 1
	White Color = -1
)

// Opponent returns the other player's colour; Empty stays Empty.
func (c Color) Opponent() Color { return -c }

// String returns "B", "W" or "." for Empty.
func (c Color) String() string {
	switch c {
	case Black:
		return "B"
	case White:
		return "W"
	case Empty:
		return "."
	}
	return "?"
}

// Name returns "Black", "White" or "Empty".
func (c Color) Name() string {
	switch c {
	case Black:
		return "Black"
	case White:
		return "White"
	case Empty:
		return "Empty"
	}
	return "?"
}

// ParseColor reads a colour as people and GTP write it: B, W, black or
// white, in any case. It reports false for anything else.
func ParseColor(s string) (Color, bool) {
	switch strings.ToLower(s) {
	case "b", "black":
		return Black, true
	case "w", "white":
		return White, true
	}
	return Empty, false
}
