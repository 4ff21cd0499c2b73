package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"time"

	"goeval/board"
)

// The flag values below are declared with the flag package's own types
// (IntVar, StringVar, ...), so that -h names them as it always did ("int",
// "string", "duration"; a flag.Value of goeval's own would show "value"),
// and each carries the one check of its kind, which a command calls after
// parsing, where its usage errors come in their order.

// isSet reports whether the flag called name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// checker is a flag value with its check.
type checker interface{ check() error }

// checkFlags runs the checks in order and returns the first error.
func checkFlags(cs ...checker) error {
	for _, c := range cs {
		if err := c.check(); err != nil {
			return err
		}
	}
	return nil
}

// choiceFlag is a string flag that takes one of a list of names: --format,
// --by, --scoring, --color.
type choiceFlag struct {
	name, v string
	allowed []string
}

// addChoiceFlag adds the flag --name, whose default is the first of
// allowed.
func addChoiceFlag(fs *flag.FlagSet, name, usage string, allowed ...string) *choiceFlag {
	c := &choiceFlag{name: name, allowed: allowed}
	fs.StringVar(&c.v, name, allowed[0], usage)
	return c
}

// addFormatFlag adds --format, text by default, and allowed.
func addFormatFlag(fs *flag.FlagSet, usage string, allowed ...string) *choiceFlag {
	return addChoiceFlag(fs, "format", usage, append([]string{"text"}, allowed...)...)
}

// check refuses a name not allowed: invalid --format "xml" (want text, json).
func (c *choiceFlag) check() error {
	if !slices.Contains(c.allowed, c.v) {
		return usagef("invalid --%s %q (want %s)", c.name, c.v, strings.Join(c.allowed, ", "))
	}
	return nil
}

// picture reports whether a --format is a picture, svg or png.
func (c *choiceFlag) picture() bool { return c.v == "svg" || c.v == "png" }

// intFlag is a whole-number flag with a least value: --top, --every,
// --games, --stride, ...
type intFlag struct {
	name string
	n    int
	min  int
	want string // the error's parenthesis: "want 1 or more" by default
}

// addIntFlag adds the flag --name, of at least min.
func addIntFlag(fs *flag.FlagSet, name string, def, min int, usage string) *intFlag {
	f := &intFlag{name: name, min: min, want: fmt.Sprintf("want %d or more", min)}
	fs.IntVar(&f.n, name, def, usage)
	return f
}

// check refuses a value under the least: invalid --every 0 (want 1 or more).
func (f *intFlag) check() error {
	if f.n < f.min {
		return usagef("invalid --%s %d (%s)", f.name, f.n, f.want)
	}
	return nil
}

// addGameFlag adds --game, the game of a collection, counted from 1.
func addGameFlag(fs *flag.FlagSet, usage string) *intFlag {
	g := addIntFlag(fs, "game", 1, 1, usage)
	g.want = "games are counted from 1"
	return g
}

// What --workers 0 means, in the words of each command's help.
const (
	cpuCount  = "the number of CPUs"
	onePerCPU = "one per CPU"
)

// addWorkersFlag adds --workers, the number of parallel workers: 1 or
// more, or 0 for one per CPU, which zero (cpuCount or onePerCPU) says.
func addWorkersFlag(fs *flag.FlagSet, usage, zero string) *intFlag {
	w := addIntFlag(fs, "workers", 0, 0, usage)
	w.want = "want 1 or more, or 0 for " + zero
	return w
}

// timeoutFlag is a duration flag (--timeout, --peer-timeout) that bounds
// the wait for an engine's answer: 0 or less would mean no wait.
type timeoutFlag struct {
	name string
	d    time.Duration
}

func addTimeoutFlag(fs *flag.FlagSet, name string, def time.Duration, usage string) *timeoutFlag {
	t := &timeoutFlag{name: name}
	fs.DurationVar(&t.d, name, def, usage)
	return t
}

func (t *timeoutFlag) check() error {
	if t.d <= 0 {
		return usagef("invalid --%s %v (want a positive duration)", t.name, t.d)
	}
	return nil
}

// sizeFlag is a board size flag (--size, --boardsize), board.ValidSize's
// sizes.
type sizeFlag struct {
	name string
	n    int
}

func addSizeFlag(fs *flag.FlagSet, name string, def int, usage string) *sizeFlag {
	s := &sizeFlag{name: name}
	fs.IntVar(&s.n, name, def, usage)
	return s
}

func (s *sizeFlag) check() error {
	if board.ValidSize(s.n) != nil {
		return usagef("invalid --%s %d (want %d..%d)", s.name, s.n, board.MinSize, board.MaxSize)
	}
	return nil
}

// komiFlag is --komi, which must not exceed the board's points either way:
// such a komi decides every game before it is played (and NaN or ±Inf no
// engine takes).
type komiFlag struct {
	v  float64
	fs *flag.FlagSet
}

func addKomiFlag(fs *flag.FlagSet, def float64, usage string) *komiFlag {
	k := &komiFlag{fs: fs}
	fs.Float64Var(&k.v, "komi", def, usage)
	return k
}

// check refuses a komi beyond the points of a size×size board, saying so
// of the default when --komi was not given.
func (k *komiFlag) check(size int) error {
	points := float64(size * size)
	switch {
	case k.v >= -points && k.v <= points:
		return nil
	case !isSet(k.fs, "komi"):
		return usagef("the default --komi %v is more than the %v points of the %dx%d board: give --komi", k.v, points, size, size)
	}
	return usagef("invalid --komi %v (want a number from -%v to %v, the points of the %dx%d board)", k.v, points, points, size, size)
}
