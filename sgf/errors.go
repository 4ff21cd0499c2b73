package sgf

import (
	"errors"
	"fmt"

	"goeval/board"
)

// Sentinel errors; match them with errors.Is.
var (
	// ErrNotSGF reports input that is not an SGF file at all.
	ErrNotSGF = errors.New("sgf: not an SGF file")
	// ErrSyntax reports an SGF file that is malformed.
	ErrSyntax = errors.New("sgf: malformed SGF")
	// ErrUnsupported reports a well-formed file that goeval cannot use.
	ErrUnsupported = errors.New("sgf: unsupported")
	// ErrIllegalMove reports a game record that holds an illegal move.
	ErrIllegalMove = errors.New("sgf: illegal move")
	// ErrNoGame reports a request for a game or move the file does not hold.
	ErrNoGame = errors.New("sgf: no such game or move")
)

// Pos is a place in the (decoded) input: line and column from 1, columns in
// characters.
type Pos struct {
	Line, Col int
}

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// SyntaxError is malformed input at a place in a file.
type SyntaxError struct {
	File string
	Pos  Pos
	Msg  string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s:%s: sgf: %s", e.File, e.Pos, e.Msg)
}

// Unwrap returns ErrSyntax.
func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// UnsupportedError is well-formed input that goeval cannot use, at a place.
type UnsupportedError struct {
	File string
	Pos  Pos
	Msg  string
	Err  error // the underlying reason, if any (such as board.ErrSize)
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("%s:%s: sgf: unsupported: %s", e.File, e.Pos, e.Msg)
}

// Unwrap returns ErrUnsupported and the underlying reason.
func (e *UnsupportedError) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrUnsupported, e.Err}
	}
	return []error{ErrUnsupported}
}

// MoveError is an illegal move in a game record: which move (counted from 1
// along the main line), by whom, where, and why (a board error such as
// board.ErrOccupied or board.ErrKo, or a malformed point).
type MoveError struct {
	File   string
	Pos    Pos
	Move   int
	Color  board.Color
	Vertex string // GTP vertex, or the raw SGF value if it is not a point
	Err    error
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("%s:%s: sgf: illegal move %d (%s %s): %v", e.File, e.Pos, e.Move, e.Color, e.Vertex, e.Err)
}

// Unwrap returns ErrIllegalMove and the reason.
func (e *MoveError) Unwrap() []error { return []error{ErrIllegalMove, e.Err} }

// Warning is something odd in a file that did not stop it from loading.
type Warning struct {
	File string
	Pos  Pos
	Msg  string
}

func (w Warning) String() string { return fmt.Sprintf("%s:%s: sgf: warning: %s", w.File, w.Pos, w.Msg) }
