// Command goeval evaluates Go positions: who controls what, the score, the
// best moves one ply deep, and how estimators compare on game records.
//
// Run "goeval -h" for the commands and flags.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// env is what a command needs from the outside world.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// stdoutTTY and stderrTTY say whether they are terminals.
	stdoutTTY, stderrTTY bool
}

// command is one subcommand of goeval.
type command struct {
	name, args, summary string
	run                 func(e *env, args []string) error
}

// commands lists the subcommands; the default command (evaluate a
// position) has no name. Other files add theirs in init.
var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

// usageError is bad usage: exit status 2, with a hint.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// interruptContext returns the context of a long command, which an
// interrupt (Ctrl-C) cancels; tests replace it.
var interruptContext = interruptible

// interruptedError is a command stopped by an interrupt, having said what
// it kept: exit status 130, as a shell reports a command ended by SIGINT.
type interruptedError struct{ msg string }

func (e *interruptedError) Error() string { return e.msg }

// errHelp is returned after help was printed on request: exit status 0.
var errHelp = errors.New("help requested")

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr,
		stdoutTTY: isTerminal(stdout), stderrTTY: isTerminal(stderr)}
	var err error
	name := ""
	if len(args) > 0 {
		if c, ok := commands[args[0]]; ok {
			name = c.name
			err = c.run(e, args[1:])
		} else if args[0] == "help" {
			err = helpCommand(e, args[1:])
		}
	}
	if name == "" && (len(args) == 0 || (args[0] != "help")) {
		err = evalCommand(e, args)
	}
	var ue *usageError
	var ie *interruptedError
	switch {
	case err == nil, errors.Is(err, errHelp):
		return 0
	case errors.As(err, &ie):
		fmt.Fprintf(stderr, "goeval: %v\n", err)
		return 130
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "goeval: %v\n", err)
		if name != "" {
			fmt.Fprintf(stderr, "Run 'goeval %s -h' for usage.\n", name)
		} else {
			fmt.Fprintln(stderr, "Run 'goeval -h' for usage.")
		}
		return 2
	default:
		fmt.Fprintf(stderr, "goeval: %v\n", err)
		return 1
	}
}

func helpCommand(e *env, args []string) error {
	if len(args) == 0 {
		return evalCommand(e, []string{"-h"})
	}
	c, ok := commands[args[0]]
	if !ok {
		return usagef("unknown command %q (want %s)", args[0], strings.Join(commandNames(), ", "))
	}
	return c.run(e, []string{"-h"})
}

func commandNames() []string {
	var out []string
	for n := range commands {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// newFlags returns a flag set whose usage text starts with the given lines.
func newFlags(e *env, name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.Usage = func() {
		w := e.stdout
		fmt.Fprint(w, usage)
		fmt.Fprintln(w, "\nFlags:")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return fs
}

// parseArgs parses flags that may come before or after the positional
// arguments ("goeval pos.sgf --move 50"); "--" ends the flags.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp // the flag package has printed the usage
			}
			return nil, usagef("%v", err)
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
