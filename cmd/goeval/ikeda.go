package main

import (
	"errors"
	"fmt"
	"strings"

	"goeval/board"
	"goeval/ko"
)

func init() {
	register(&command{name: "ikeda", args: "--kb N --kw N --to-move B|W", summary: "basic endgame kos and dame under Ikeda Territory I scoring: the case, score and moves (Robert Jasiek; docs/estimators.md §5)", run: ikedaCommand})
}

var ikedaUsage = fmt.Sprintf(`goeval ikeda solves a position made of basic endgame kos and two-sided
dame under Ikeda Territory I scoring, by the table of Robert Jasiek's study
"Class of positions I1" (Robert Jasiek; docs/ko.md, docs/estimators.md §5): the case (1 to 7), the
score due to the kos (Black minus White: the prisoners the kos give Black
less those they give White), the study's "other style" of the same score
(Kd times the per-ko value -1/3 plus a remainder), who wins the ko fight if
there is one, and the study's move sequence for the case.

Usage:
  goeval ikeda --kb N --kw N [--dame N] [--tb N] [--tw N] --to-move B|W

A basic endgame ko is one in which only the stone a capture takes is at
stake. --kb counts the kos that Black can connect (a Black stone in atari,
which White may capture next), --kw those that White can connect; at least
one ko. --dame counts the two-sided dame, --tb and --tw each side's ko
threats. With --kw above --kb the position is the mirror image of one the
study solves: the colours are swapped, and the score changes sign.

The counts are bounded by what a board can hold: every ko, dame and ko
threat needs a point of its own (the ko point, the dame, the point the
threat is played on), so --kb, --kw, --dame, --tb and --tw add up to at
most %d, the points of the largest board (%dx%d). The table would answer
for more, but its move sequence grows with the counts.

The moves number the kos from 1: 1..Kb are Black's to connect at the
start, then White's.

--format json prints one object: "kb", "kw", "kd", "dame", "tb", "tw",
"td", "to_move", "mirrored", "case", "score", "formula", "other_style"
(the figure, e.g. "-4/3 + 1/3"), "other_style_formula" ("-Kd/3 + 1/3"),
"ko_fight_winner" ("B", "W" or ""), "moves" (each {"color", "kind",
"ko"}, kind one of connect, capture, threat, answer, dame, pass; ko from
1, 0 for moves not in a ko). Kd, the case and the formulas are the mirror
image's when "mirrored" is true; "score" is always in the colours given.

Examples:
  goeval ikeda --kb 4 --kw 0 --to-move B        case 2, score -1
  goeval ikeda --kb 1 --kw 0 --tb 1 --to-move W  case 3: Black wins the ko fight
  goeval ikeda --kb 0 --kw 2 --to-move B        the mirror image of case 7: +1
`, board.MaxPoints, board.MaxSize, board.MaxSize)

func ikedaCommand(e *env, args []string) error {
	fs := newFlags(e, "goeval ikeda", ikedaUsage)
	kb := fs.Int("kb", 0, "kos that Black can connect (White may capture next)")
	kw := fs.Int("kw", 0, "kos that White can connect (Black may capture next)")
	dame := fs.Int("dame", 0, "two-sided dame")
	tb := fs.Int("tb", 0, "Black's ko threats")
	tw := fs.Int("tw", 0, "White's ko threats")
	toMove := fs.String("to-move", "", "the side to move: B or W (black, white)")
	format := addFormatFlag(fs, "output format: text or json", "json")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("goeval ikeda takes flags only (got %q)", rest[0])
	}
	if err := format.check(); err != nil {
		return err
	}
	if *toMove == "" {
		return usagef("missing --to-move (want B or W)")
	}
	c, ok := parseColor(*toMove)
	if !ok {
		return usagef("invalid --to-move %q (want B or W)", *toMove)
	}
	p := ko.Position{Kb: *kb, Kw: *kw, D: *dame, Tb: *tb, Tw: *tw, ToMove: c}
	s, err := ko.Solve(p)
	if err != nil {
		return koUsageError(err, map[string]string{"Kb": "--kb", "Kw": "--kw", "D": "--dame", "Tb": "--tb", "Tw": "--tw", "ToMove": "--to-move"})
	}
	if format.v == "json" {
		return s.WriteJSON(e.stdout)
	}
	return s.WriteText(e.stdout)
}

// parseColor reads B, W, black or white, in any case.
func parseColor(s string) (board.Color, bool) {
	switch strings.ToLower(s) {
	case "b", "black":
		return board.Black, true
	case "w", "white":
		return board.White, true
	}
	return board.Empty, false
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
