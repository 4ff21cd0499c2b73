// Package cmdline is the command line as goeval's commands take it.
//
// Parse reads flags anywhere among the arguments, "--" ending them, and
// -h or --help printing the command's help and its flags (New). The flag
// values of every kind (Choice, Int, Timeout) carry the one check of
// each, whose error is a *UsageError. LooksLikeCommand says whether a
// first argument is meant as a command, Suggest which one a slip of the
// keyboard meant, IsTerminal whether an output is a terminal. Exit turns
// a command's error into its message and exit status: 2 for a
// *UsageError, with a hint; the interrupt's (package interrupt) for an
// interrupted command.
package cmdline

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
)

// ErrHelp is Parse's error after it printed the help on request.
var ErrHelp = errors.New("help requested")

// New returns a flag set with -h and --help, which print the given usage
// text and the flags on w. A parse error prints nothing: Parse returns it
// for the caller to print.
func New(w io.Writer, name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	h := &helpFlag{print: func() {
		fmt.Fprint(w, usage)
		fmt.Fprintln(w, "\nFlags:")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}}
	fs.Var(h, "h", "print this help (also --help)")
	return fs
}

// helpFlag is -h: a boolean flag that remembers that help was asked for.
type helpFlag struct {
	asked bool
	print func()
}

func (h *helpFlag) String() string   { return "" }
func (h *helpFlag) IsBoolFlag() bool { return true }
func (h *helpFlag) Set(v string) error {
	b, err := strconv.ParseBool(v)
	h.asked = h.asked || b
	return err
}

// Parse parses flags that may come before or after the positional
// arguments ("goeval pos.sgf --move 50"); "--" ends the flags. It returns
// the positional arguments, or ErrHelp once the help is printed, or the
// flag package's error.
func Parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		err := fs.Parse(args)
		if h, ok := fs.Lookup("h").Value.(*helpFlag); ok && (h.asked || errors.Is(err, flag.ErrHelp)) {
			h.print() // -h, or --help, which the flag package answers itself
			return nil, ErrHelp
		}
		if err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}
