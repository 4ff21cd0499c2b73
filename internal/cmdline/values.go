package cmdline

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"time"
)

// The flag values below are declared with the flag package's own types
// (IntVar, StringVar, ...), so that -h names them as it always did ("int",
// "string", "duration"; a flag.Value of goeval's own would show "value"),
// and each carries the one check of its kind (Check, a *UsageError),
// which a command calls after parsing, where its usage errors come in
// their order.

// IsSet reports whether the flag called name was given on the command
// line.
func IsSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// Checker is a flag value with its check.
type Checker interface{ Check() error }

// Check runs the checks in order and returns the first error.
func Check(cs ...Checker) error {
	for _, c := range cs {
		if err := c.Check(); err != nil {
			return err
		}
	}
	return nil
}

// Choice is a string flag that takes one of a list of names: --format,
// --by, --scoring, --color. V is its value.
type Choice struct {
	name, V string
	allowed []string
}

// AddChoice adds the flag --name, whose default is the first of allowed.
func AddChoice(fs *flag.FlagSet, name, usage string, allowed ...string) *Choice {
	c := &Choice{name: name, allowed: allowed}
	fs.StringVar(&c.V, name, allowed[0], usage)
	return c
}

// AddFormat adds --format, text by default, and allowed.
func AddFormat(fs *flag.FlagSet, usage string, allowed ...string) *Choice {
	return AddChoice(fs, "format", usage, append([]string{"text"}, allowed...)...)
}

// Check refuses a name not allowed: invalid --format "xml" (want text,
// json).
func (c *Choice) Check() error {
	if !slices.Contains(c.allowed, c.V) {
		return Usagef("invalid --%s %q (want %s)", c.name, c.V, strings.Join(c.allowed, ", "))
	}
	return nil
}

// Picture reports whether a --format is a picture, svg or png.
func (c *Choice) Picture() bool { return c.V == "svg" || c.V == "png" }

// Int is a whole-number flag with a least value: --top, --every, --games,
// --stride, ... N is its value.
type Int struct {
	name string
	N    int
	min  int
	// Want is the error's parenthesis: "want MIN or more" by default.
	Want string
}

// AddInt adds the flag --name, of at least min.
func AddInt(fs *flag.FlagSet, name string, def, min int, usage string) *Int {
	f := &Int{name: name, min: min, Want: fmt.Sprintf("want %d or more", min)}
	fs.IntVar(&f.N, name, def, usage)
	return f
}

// Check refuses a value under the least: invalid --every 0 (want 1 or
// more).
func (f *Int) Check() error {
	if f.N < f.min {
		return Usagef("invalid --%s %d (%s)", f.name, f.N, f.Want)
	}
	return nil
}

// AddGame adds --game, the game of a collection, counted from 1.
func AddGame(fs *flag.FlagSet, usage string) *Int {
	g := AddInt(fs, "game", 1, 1, usage)
	g.Want = "games are counted from 1"
	return g
}

// AddWorkers adds --workers, the number of parallel workers: 1 or more,
// or 0 for one per CPU, which zero says in the words of the command's
// help ("the number of CPUs").
func AddWorkers(fs *flag.FlagSet, usage, zero string) *Int {
	w := AddInt(fs, "workers", 0, 0, usage)
	w.Want = "want 1 or more, or 0 for " + zero
	return w
}

// Timeout is a duration flag (--timeout, --peer-timeout) that bounds the
// wait for an engine's answer: 0 or less would mean no wait. D is its
// value.
type Timeout struct {
	name string
	D    time.Duration
}

// AddTimeout adds the flag --name.
func AddTimeout(fs *flag.FlagSet, name string, def time.Duration, usage string) *Timeout {
	t := &Timeout{name: name}
	fs.DurationVar(&t.D, name, def, usage)
	return t
}

// Check refuses a duration that is not positive.
func (t *Timeout) Check() error {
	if t.D <= 0 {
		return Usagef("invalid --%s %v (want a positive duration)", t.name, t.D)
	}
	return nil
}
