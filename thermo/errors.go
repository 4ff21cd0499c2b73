package thermo

import (
	"errors"
	"fmt"
)

// ErrSyntax is wrapped by every *SyntaxError: the input is not well-formed
// game notation.
var ErrSyntax = errors.New("thermo: syntax error")

// ErrUnsupported is wrapped by errors for input that is well-formed but asks
// for something this package does not do (CGT shorthand such as *, infinite
// values, ko).
var ErrUnsupported = errors.New("thermo: unsupported game")

// ErrKo is wrapped by every *CycleError: a cycle in a game graph that is not
// a ko the tally method counts (see the package doc), or a ko it cannot
// count. It wraps ErrUnsupported, so errors.Is(err, ErrUnsupported) also
// holds.
var ErrKo = fmt.Errorf("%w: cycle", ErrUnsupported)

// A CycleError reports a cycle in a game graph that the package does not
// count. Cycle lists the positions around it, starting from the one met
// first on the way from the root, and Names names them for people (a
// node's Label, else its path from the root, "root.L[0]"). It wraps ErrKo.
type CycleError struct {
	Cycle []*Game
	Names []string
	Msg   string
	text  string // "A -> C -> A"
}

// Error returns "thermo: the cycle A -> C -> A " followed by Msg.
func (e *CycleError) Error() string { return "thermo: the cycle " + e.text + " " + e.Msg }

// Unwrap returns ErrKo.
func (e *CycleError) Unwrap() error { return ErrKo }

// ErrMalformed is wrapped by errors for a programmatically built tree that
// cannot be a game: a nil option, or a leaf that also has options.
var ErrMalformed = errors.New("thermo: malformed game")

// ErrTally is wrapped by MiaiCount's error when a node's Black line does not
// take more net Black moves than its White line, so the averaging formula would
// divide by zero or by a negative tally difference.
var ErrTally = errors.New("thermo: tally difference is not positive")

// A SyntaxError reports malformed notation given to Parse. Offset is the
// byte offset of the problem in the input; Line and Col are 1-based, Col
// counting characters (runes). It wraps ErrSyntax.
type SyntaxError struct {
	Offset int
	Line   int
	Col    int
	Msg    string
}

// Error returns "line:col: thermo: msg", the go/scanner style.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%d:%d: thermo: %s", e.Line, e.Col, e.Msg)
}

// Unwrap returns ErrSyntax.
func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// An UnsupportedError reports well-formed notation that Parse does not
// support, such as the CGT shorthand * or an infinite value. Its fields mean
// what SyntaxError's mean. It wraps ErrUnsupported.
type UnsupportedError struct {
	Offset int
	Line   int
	Col    int
	Msg    string
}

// Error returns "line:col: thermo: msg".
func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("%d:%d: thermo: %s", e.Line, e.Col, e.Msg)
}

// Unwrap returns ErrUnsupported.
func (e *UnsupportedError) Unwrap() error { return ErrUnsupported }
