// Package board holds a Go position: a square board of 2x2 to 25x25 points,
// the stones on it, the simple-ko point and the side to move.
//
// Conventions used throughout goeval:
//
//   - A Color is Black (+1), White (-1) or Empty (0), so that a colour is also
//     the sign of its control value.
//   - A Point is an index into a flat, row-major array that starts at the
//     top-left point (GTP A19 on 19x19, SGF "aa") and ends at the bottom-right
//     (GTP T1). Pass is the Point -1.
//   - Neighbour tables are computed once per board size (see Geometry) and
//     shared by every board of that size; a Board is a plain value, so copying
//     one (b2 := b) is a cheap, allocation-free copy of a fixed array.
//
// Play applies the rules of Go: captures, no play on an occupied point, no
// suicide and no immediate recapture of a simple ko. PlayRecorded replays a
// move the way a game record means it: a suicide removes the mover's own
// chain (as rule sets that allow suicide do) and is reported to the caller.
//
// Chains (maximal connected groups of one colour) and their liberties are
// computed on demand by Board.Chains; the estimators build their own tables
// from it once per position.
package board
