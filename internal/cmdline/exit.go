package cmdline

import (
	"errors"
	"fmt"
	"io"

	"goeval/internal/interrupt"
)

// UsageError is bad usage: exit status 2, with a hint (Exit). A command
// with a synopsis of its own (goeval tune moves) sets Synopsis and Help,
// the words of its help command ("tune moves"); the others leave them
// empty for Exit's caller to give.
type UsageError struct{ Msg, Synopsis, Help string }

func (e *UsageError) Error() string { return e.Msg }

// Usagef returns a *UsageError with the message fmt.Sprintf makes.
func Usagef(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// Hint is what follows the error of bad usage: the synopsis, and how to
// get the command's help.
func Hint(synopsis, help string) string {
	return fmt.Sprintf("usage: %s\nRun 'goeval %s -h' for help.\n", synopsis, help)
}

// Exit prints a command's error err on w, prefixed "goeval: ", and returns
// its exit status: 0 for none or ErrHelp (nothing printed), Status's for
// an interrupt (interrupt.ErrInterrupted: 130 for SIGINT), 2 for bad usage
// (a *UsageError), followed by its own hint or else hint, 1 for any other
// error.
func Exit(w io.Writer, err error, hint string) int {
	var ue *UsageError
	switch {
	case err == nil, errors.Is(err, ErrHelp):
		return 0
	case errors.Is(err, interrupt.ErrInterrupted):
		fmt.Fprintf(w, "goeval: %v\n", err)
		return interrupt.Status()
	case errors.As(err, &ue):
		// The error and the usage in a line or two; -h gives the rest.
		fmt.Fprintf(w, "goeval: %v\n", err)
		if ue.Synopsis != "" {
			hint = Hint(ue.Synopsis, ue.Help)
		}
		fmt.Fprint(w, hint)
		return 2
	}
	fmt.Fprintf(w, "goeval: %v\n", err)
	return 1
}
