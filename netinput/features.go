package netinput

import "goeval/board"

// Numbers of input features of version V7.
const (
	NumSpatial = 22
	NumGlobal  = 19
)

// Rules are the rule sets goeval evaluates under, as KataGo names them.
type Rules int

const (
	// Chinese is KataGo's "chinese": area scoring, simple ko, suicide
	// illegal, no tax, white handicap bonus N, friendly passes allowed.
	Chinese Rules = iota
	// Japanese is KataGo's "japanese": territory scoring, simple ko,
	// suicide illegal, seki tax, no handicap bonus.
	Japanese
)

// Position is a position with the history KataGo's inputs read.
type Position struct {
	// Start is the position before the first of Moves: an empty board, or
	// a record's setup stones. Its side to move is the side that plays
	// first when Moves is empty.
	Start *board.Board
	// Moves are the moves played from Start, in order, passes included
	// (Point board.Pass).
	Moves []board.Move
	// Komi is White's komi in points.
	Komi float64
	// Rules are the rules of the game.
	Rules Rules
}

// Features are the network inputs of one position.
type Features struct {
	// Size is the board's size.
	Size int
	// ToMove is the side to move ("pla").
	ToMove board.Color
	// Spatial holds Size*Size*NumSpatial values, NHWC (see the package
	// comment).
	Spatial []float32
	// Global holds the NumGlobal global values.
	Global [NumGlobal]float32
	// Legal says for each of the Size*Size points, then the pass (last),
	// whether the side to move may play there under the rules (the policy
	// is given only for legal moves).
	Legal []bool

	scratch *scratch // Fill's work space, kept between calls
}
