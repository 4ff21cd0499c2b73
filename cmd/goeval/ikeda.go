package main

import (
	"errors"
	"fmt"
	"strings"

	"goeval/board"
	"goeval/internal/cmdline"
	"goeval/ko"
)

func init() {
	register(&command{name: "ikeda", args: "--kb N --kw N --to-move B|W", summary: "basic endgame kos and dame under Ikeda Territory I scoring: the case, score and moves (Robert Jasiek; docs/estimators.md §5)", run: ikedaCommand})
}

var ikedaUsage = fmt.Sprintf(help("ikeda"), board.MaxPoints, board.MaxSize, board.MaxSize)

func ikedaCommand(e *env, args []string) error {
	fs := newFlags(e, "goeval ikeda", ikedaUsage)
	kb := fs.Int("kb", 0, "kos that Black can connect (White may capture next)")
	kw := fs.Int("kw", 0, "kos that White can connect (Black may capture next)")
	dame := fs.Int("dame", 0, "two-sided dame")
	tb := fs.Int("tb", 0, "Black's ko threats")
	tw := fs.Int("tw", 0, "White's ko threats")
	toMove := fs.String("to-move", "", "the side to move: B or W (black, white)")
	format := cmdline.AddFormat(fs, "output format: text or json", "json")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("goeval ikeda takes flags only (got %q)", rest[0])
	}
	if err := format.Check(); err != nil {
		return err
	}
	if *toMove == "" {
		return usagef("missing --to-move (want B or W)")
	}
	c, ok := board.ParseColor(*toMove)
	if !ok {
		return usagef("invalid --to-move %q (want B or W)", *toMove)
	}
	p := ko.Position{Kb: *kb, Kw: *kw, D: *dame, Tb: *tb, Tw: *tw, ToMove: c}
	s, err := ko.Solve(p)
	if err != nil {
		return koUsageError(err, map[string]string{"Kb": "--kb", "Kw": "--kw", "D": "--dame", "Tb": "--tb", "Tw": "--tw", "ToMove": "--to-move"})
	}
	if format.V == "json" {
		return s.WriteJSON(e.stdout)
	}
	return s.WriteText(e.stdout)
}

// koUsageError turns a ko.InputError into a usage error that names the
// flag that set the bad input.
func koUsageError(err error, flags map[string]string) error {
	var ie *ko.InputError
	if !errors.As(err, &ie) {
		return err
	}
	name := flags[ie.Field]
	if ie.Field == "Kb" && strings.Contains(ie.Msg, "no ko") {
		name = flags["Kb"] + " and " + flags["Kw"]
	}
	return usagef("invalid %s: %s", name, ie.Msg)
}
