package main

import (
	"flag"

	"goeval/board"
	"goeval/internal/cmdline"
)

// The flag values of the board (size, komi). Those of every command
// line's kinds are cmdline's (cmdline.Choice, Int, Timeout, IsSet,
// Check); these are declared and checked the same way.

// What --workers 0 means, in the words of each command's help.
const (
	cpuCount  = "the number of CPUs"
	onePerCPU = "one per CPU"
)

// sizeFlag is a board size flag (--size, --boardsize), board.ValidSize's
// sizes.
type sizeFlag struct {
	name string
	N    int
}

func addSizeFlag(fs *flag.FlagSet, name string, def int, usage string) *sizeFlag {
	s := &sizeFlag{name: name}
	fs.IntVar(&s.N, name, def, usage)
	return s
}

func (s *sizeFlag) Check() error {
	if board.ValidSize(s.N) != nil {
		return usagef("invalid --%s %d (want %d..%d)", s.name, s.N, board.MinSize, board.MaxSize)
	}
	return nil
}

// komiFlag is --komi, which must not exceed the board's points either way:
// such a komi decides every game before it is played (and NaN or ±Inf no
// engine takes).
type komiFlag struct {
	V  float64
	fs *flag.FlagSet
}

func addKomiFlag(fs *flag.FlagSet, def float64, usage string) *komiFlag {
	k := &komiFlag{fs: fs}
	fs.Float64Var(&k.V, "komi", def, usage)
	return k
}

// check refuses a komi beyond the points of a size×size board, saying so
// of the default when --komi was not given.
func (k *komiFlag) check(size int) error {
	points := float64(size * size)
	switch {
	case k.V >= -points && k.V <= points:
		return nil
	case !cmdline.IsSet(k.fs, "komi"):
		return usagef("the default --komi %v is more than the %v points of the %dx%d board: give --komi", k.V, points, size, size)
	}
	return usagef("invalid --komi %v (want a number from -%v to %v, the points of the %dx%d board)", k.V, points, points, size, size)
}
