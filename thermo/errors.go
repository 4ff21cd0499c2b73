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

// ErrKo is returned (wrapped) by Validate and Analyze for a game graph that
// contains a cycle, which is how a ko shows up in a tree built from a record.
// It wraps ErrUnsupported, so errors.Is(err, ErrUnsupported) also holds.
var ErrKo = fmt.Errorf("%w: ko trees are not supported", ErrUnsupported)

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
