package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"goeval/board"
	"goeval/control"
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
		return writeIkedaJSON(e.stdout, s)
	}
	return writeIkedaText(e.stdout, s)
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

// otherStyleFigure writes the study's other style with Kd filled in:
// "-4/3 + 1/3", "0 - 2/3", "-3/3".
func otherStyleFigure(s *ko.Solution) string {
	head := "0"
	if s.Kd > 0 {
		head = fmt.Sprintf("-%d/3", s.Kd)
	}
	r := s.Remainder
	switch r.Sign() {
	case 0:
		return head
	case 1:
		return head + " + " + r.RatString()
	}
	return head + " - " + r.RatString()[1:]
}

func colorString(c board.Color) string {
	if c == board.Empty {
		return ""
	}
	return c.String()
}

func writeIkedaText(w io.Writer, s *ko.Solution) error {
	var b strings.Builder
	p := s.Position
	fmt.Fprintf(&b, "Ikeda Territory I scoring, basic endgame kos and two-sided dame (Robert Jasiek; docs/estimators.md §5)\n")
	fmt.Fprintf(&b, "Kb %d (kos Black can connect), Kw %d (kos White can connect), %s, ko threats Black %d, White %d (Td %d), %s to move\n",
		p.Kb, p.Kw, plural(p.D, "dame", "dame"), p.Tb, p.Tw, p.Tb-p.Tw, p.ToMove.Name())
	score := s.Score
	if s.Mirrored {
		score = -score
		fmt.Fprintf(&b, "Kw > Kb: solved as the mirror image, colours swapped (Kb %d, Kw %d, Tb %d, Tw %d, %s to move)\n",
			p.Kw, p.Kb, p.Tw, p.Tb, p.ToMove.Opponent().Name())
	}
	fmt.Fprintf(&b, "case %d, Kd = %d\n", s.Case, s.Kd)
	fmt.Fprintf(&b, "score %s = %d", s.Formula, score)
	if s.Mirrored {
		fmt.Fprintf(&b, " in the mirror image, so %+d here", s.Score)
	}
	fmt.Fprintf(&b, " (Black minus White, due to the kos)\n")
	fmt.Fprintf(&b, "other style %s = %s\n", s.OtherStyle, otherStyleFigure(s))
	if s.Winner == board.Empty {
		b.WriteString("no ko fight\n")
	} else {
		fmt.Fprintf(&b, "%s wins the ko fight\n", s.Winner.Name())
	}
	b.WriteString("\nmoves (kos ")
	if p.Kb > 0 {
		fmt.Fprintf(&b, "%s Black's to connect", koRange(1, p.Kb))
	}
	if p.Kw > 0 {
		if p.Kb > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s White's", koRange(p.Kb+1, p.K()))
	}
	b.WriteString("):\n")
	for i, m := range s.Moves {
		fmt.Fprintf(&b, "%4d. %v\n", i+1, m)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func koRange(from, to int) string {
	if from == to {
		return fmt.Sprint(from)
	}
	return fmt.Sprintf("%d-%d", from, to)
}

// ikedaJSON is the JSON output of goeval ikeda. Fields may be added, never
// renamed.
type ikedaJSON struct {
	Kb       int    `json:"kb"`
	Kw       int    `json:"kw"`
	Kd       int    `json:"kd"`
	Dame     int    `json:"dame"`
	Tb       int    `json:"tb"`
	Tw       int    `json:"tw"`
	Td       int    `json:"td"`
	ToMove   string `json:"to_move"`
	Mirrored bool   `json:"mirrored"`
	Case     int    `json:"case"`
	Score    int    `json:"score"`
	Formula  string `json:"formula"`
	// OtherStyle is the figure, OtherStyleFormula the study's formula.
	OtherStyle        string          `json:"other_style"`
	OtherStyleFormula string          `json:"other_style_formula"`
	KoFightWinner     string          `json:"ko_fight_winner"`
	Moves             []ikedaMoveJSON `json:"moves"`
}

type ikedaMoveJSON struct {
	Color string `json:"color"`
	Kind  string `json:"kind"`
	Ko    int    `json:"ko"`
}

func ikedaReport(s *ko.Solution) ikedaJSON {
	p := s.Position
	j := ikedaJSON{Kb: p.Kb, Kw: p.Kw, Kd: s.Kd, Dame: p.D, Tb: p.Tb, Tw: p.Tw, Td: p.Tb - p.Tw,
		ToMove: p.ToMove.String(), Mirrored: s.Mirrored, Case: s.Case, Score: s.Score, Formula: s.Formula,
		OtherStyle: otherStyleFigure(s), OtherStyleFormula: s.OtherStyle, KoFightWinner: colorString(s.Winner),
		Moves: []ikedaMoveJSON{}}
	for _, m := range s.Moves {
		j.Moves = append(j.Moves, ikedaMoveJSON{Color: m.Color.String(), Kind: m.Kind.String(), Ko: m.Ko + 1})
	}
	return j
}

func writeIkedaJSON(w io.Writer, s *ko.Solution) error {
	obj, err := json.Marshal(ikedaReport(s))
	if err != nil {
		return err
	}
	_, err = w.Write(append(obj, '\n'))
	return err
}

// scoringFlags choose how a finished position is counted: --scoring, and
// the ko threats the Ikeda table needs under territory scoring.
type scoringFlags struct {
	scoring                    *choiceFlag
	threatsBlack, threatsWhite *intFlag
}

func addScoringFlags(fs *flag.FlagSet) *scoringFlags {
	sf := &scoringFlags{}
	sf.scoring = addChoiceFlag(fs, "scoring", "how the judge counts a finished position: area, or territory (prisoners and territory, open basic kos by the Ikeda Territory I table; see goeval ikeda)", "area", "territory")
	sf.threatsBlack = addIntFlag(fs, "ko-threats-black", 0, 0, "Black's ko threats, for the open kos under --scoring territory")
	sf.threatsWhite = addIntFlag(fs, "ko-threats-white", 0, 0, "White's ko threats, for the open kos under --scoring territory")
	return sf
}

func (sf *scoringFlags) check() error {
	if err := checkFlags(sf.scoring, sf.threatsBlack, sf.threatsWhite); err != nil {
		return err
	}
	// The open kos and dame count too, once the position is known.
	b, w := sf.threatsBlack.n, sf.threatsWhite.n
	if min(b, ko.MaxCount+1)+min(w, ko.MaxCount+1) > ko.MaxCount {
		return usagef("invalid --ko-threats-black %d and --ko-threats-white %d: more than %d together (a point each on the largest board; goeval ikeda -h)",
			b, w, ko.MaxCount)
	}
	return nil
}

func (sf *scoringFlags) territory() bool { return sf.scoring.v == "territory" }

// countTerritory counts pos under territory scoring with the dead stones
// and seki of the estimator's area count c.
func (sf *scoringFlags) countTerritory(pos *position, c control.Count) (*ko.Count, error) {
	tc, err := ko.CountTerritory(pos.board, c.Dead, c.Seki, sf.threatsBlack.n, sf.threatsWhite.n)
	if err != nil {
		return nil, koUsageError(err, map[string]string{"Tb": "--ko-threats-black", "Tw": "--ko-threats-white"})
	}
	return tc, nil
}

// territoryText says how a territory count was made, for the text output:
// "(territory rules: ...)".
func territoryText(b *board.Board, tc *ko.Count, sf *scoringFlags) string {
	var s strings.Builder
	fmt.Fprintf(&s, "(territory rules: territory %+d and prisoners %+d, the stones judged dead off and taken prisoner", tc.Territory, tc.Prisoners)
	if len(tc.Kos) == 0 {
		fmt.Fprintf(&s, "; no basic ko open, %s)", plural(tc.Dame, "dame", "dame"))
		return s.String()
	}
	var kos []string
	for _, k := range tc.Kos {
		kos = append(kos, fmt.Sprintf("%s %s's to connect at %s", b.Geometry().GTP(k.Stone), k.Owner.Name(), b.Geometry().GTP(k.Point)))
	}
	sol := tc.Solution
	fmt.Fprintf(&s, "; %s open (%s) and %s, resolved by the Ikeda Territory I table (goeval ikeda): case %d, %+d for the kos",
		plural(len(tc.Kos), "basic ko", "basic kos"), strings.Join(kos, "; "), plural(tc.Dame, "dame", "dame"), sol.Case, sol.Score)
	if sol.Winner != board.Empty {
		fmt.Fprintf(&s, ", %s winning the ko fight", sol.Winner.Name())
	}
	fmt.Fprintf(&s, ", with %d ko threats for Black and %d for White (--ko-threats-black, --ko-threats-white), %s to move)",
		sf.threatsBlack.n, sf.threatsWhite.n, b.ToMove().Name())
	return s.String()
}

// territoryJSON is a territory count in the JSON output's "count".
type territoryJSON struct {
	// Score is Black's points less White's before komi: Territory +
	// Prisoners + the table's score for the open kos.
	Score     int           `json:"score"`
	Territory int           `json:"territory"`
	Prisoners int           `json:"prisoners"`
	Dame      int           `json:"dame"`
	Kos       []boardKoJSON `json:"kos"`
	// Ikeda is the table's answer for the open kos (goeval ikeda's
	// JSON), absent when none is open.
	Ikeda *ikedaJSON `json:"ikeda,omitempty"`
}

type boardKoJSON struct {
	Stone    string `json:"stone"`
	Point    string `json:"point"`
	Connects string `json:"connects"`
}

func territoryReport(b *board.Board, tc *ko.Count) *territoryJSON {
	j := &territoryJSON{Score: tc.Score, Territory: tc.Territory, Prisoners: tc.Prisoners, Dame: tc.Dame, Kos: []boardKoJSON{}}
	g := b.Geometry()
	for _, k := range tc.Kos {
		j.Kos = append(j.Kos, boardKoJSON{Stone: g.GTP(k.Stone), Point: g.GTP(k.Point), Connects: k.Owner.String()})
	}
	if tc.Solution != nil {
		r := ikedaReport(tc.Solution)
		j.Ikeda = &r
	}
	return j
}

// plural writes n with its noun: "1 basic ko", "3 basic kos".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
