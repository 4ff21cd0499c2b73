// Command goeval evaluates Go positions: who controls what, the score, the
// best moves one ply deep, and how estimators compare on game records.
//
// Run "goeval -h" for the commands and flags.
package main

import (
	"errors"
	"flag"
	"io"
	"os"
	"sort"
	"strings"

	"goeval/eval"
	"goeval/internal/cmdline"
	"goeval/internal/interrupt"
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

// usageError is bad usage: exit status 2, with a hint (cmdline.Exit).
type usageError = cmdline.UsageError

func usagef(format string, args ...any) error { return cmdline.Usagef(format, args...) }

// interruptContext returns the context of a long command, which an
// interrupt cancels (interrupt.Context). Tests replace it.
var interruptContext = interrupt.Context

// errHelp is returned after help was printed on request: exit status 0.
var errHelp = cmdline.ErrHelp

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr,
		stdoutTTY: cmdline.IsTerminal(stdout), stderrTTY: cmdline.IsTerminal(stderr)}
	eval.ResetJudgeParams() // --params is this run's alone (tests run many in one process)
	var err error
	name := ""
	switch {
	case len(args) == 0:
		err = evalCommand(e, args)
	case commands[args[0]] != nil:
		name = args[0]
		err = commands[name].run(e, args[1:])
	case args[0] == "help":
		err = helpCommand(e, args[1:])
	case cmdline.LooksLikeCommand(args[0]):
		err = unknownCommand(args[0])
	default:
		err = evalCommand(e, args)
	}
	hint := "usage: goeval [flags] FILE.sgf\n       goeval COMMAND [flags] ...\nRun 'goeval -h' for help and the commands.\n"
	if name != "" {
		hint = cmdline.Hint(usageLine(commands[name]), name)
	}
	return cmdline.Exit(stderr, err, hint)
}

func helpCommand(e *env, args []string) error {
	if len(args) == 0 {
		return evalCommand(e, []string{"-h"})
	}
	c, ok := commands[args[0]]
	if !ok {
		return unknownCommand(args[0])
	}
	return c.run(e, []string{"-h"})
}

// usageLine is a command's synopsis: "goeval rank [flags] FILE.sgf".
func usageLine(c *command) string {
	args := c.args
	if !strings.Contains(args, "[flags]") {
		args = strings.TrimSpace("[flags] " + args)
	}
	return "goeval " + c.name + " " + args
}

// unknownCommand is the usage error for a command goeval does not have,
// suggesting the nearest one when it is a slip of the keyboard away.
func unknownCommand(name string) error {
	if best, ok := cmdline.Suggest(name, append(commandNames(), "help")); ok {
		return usagef("unknown command %q: did you mean %q?", name, best)
	}
	return usagef("unknown command %q, and no file of that name (commands: %s)", name, strings.Join(commandNames(), ", "))
}

func commandNames() []string {
	var out []string
	for n := range commands {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// newFlags returns the flag set of a command, whose -h and --help print
// usage and the flags on standard output (cmdline.New).
func newFlags(e *env, name, usage string) *flag.FlagSet { return cmdline.New(e.stdout, name, usage) }

// parseArgs parses flags that may come before or after the positional
// arguments (cmdline.Parse); a parse error is bad usage.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	pos, err := cmdline.Parse(fs, args)
	if err != nil && !errors.Is(err, errHelp) {
		return nil, usagef("%v", err)
	}
	return pos, err
}
