package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"os"
	"strings"
	"unicode/utf8"

	"goeval/control"
	"goeval/sgf"
	"goeval/thermo"
	"goeval/thermo/sgftree"
)

func init() {
	register(&command{name: "miai", args: "TREE|FILE.sgf", summary: "count, miai value and thermograph of a local endgame tree", run: miaiCommand})
}

const miaiUsage = `goeval miai values a local endgame: the count (mean) and miai value
(temperature) of every node, how the plays at the root classify, and the
root's thermograph, all exact (docs/estimators.md §5).

Usage:
  goeval miai [flags] TREE
  goeval miai [flags] FILE.sgf

TREE is combinatorial-game notation, quoted for the shell: {L1, L2 | R1, R2}
with Black's (Left's) options before the bar and White's (Right's) after it,
a number alone being a leaf (a count, Black positive; 3, -2.5 or 13/4);
CGSuite's longer bars are shorthand: {4||3|2} is {4 | {3 | 2}}. An argument
that is not an existing file and starts with '{' or a number is a TREE.

FILE.sgf holds the tree as SGF variations from the root (--game picks a game
of a collection; "-" reads standard input, SGF or TREE): the variations
whose first move is Black's are Black's options, White's are White's, and so
on down. A leaf's value is its V[], or, without one, the --estimator's score
of the position at the leaf: the on-the-board score of the WHOLE board,
before komi, rounded to 0.01, so such a tree is best given on a small board
(or with V[] everywhere). A pass means the player declines to play locally:
the moves after it are options of the position where it was played. Two
moves of one colour in a row are that player's option after the first. Ko
(a retake, a repeated position) is not supported and is an error.

Output: the tree with "count (miai value) classification" at every node;
the root's plays: gote, sente (for whom) or reverse sente, and for a sente
play its follow-up, the expected answer and the tree with the ignored
variation cut out, counted by averages as "Miai Counting With Trees" does; the root's
thermograph as formulas (LW, Black first; RW, White first; t the
temperature) and as a plot, Black's values to the LEFT, t up; and miai
counting by averages ("Miai Counting With Trees") for comparison, which agrees with the
thermograph on gote trees and goes wrong on sente ones.

--format json prints one object: "tree", the root's "count" and
"miai_value" as exact strings ("13/4"), "left_wall", "right_wall",
"classification", "black_play", "white_play", the same for every option in
"left" and "right", "sente" for the root's sente plays, and "naive" for the
averages.

Examples:
  goeval miai '{4 | {3 | 2}}'           count 13/4, miai value 3/4, gote
  goeval miai '{4 | {3 | -17}}'         White's sente: count 3, miai value 1
  goeval miai '{{-2 | -4} | -7}'        LW = max(min(-4, -3-t), -5)
  goeval miai --format json '{4||3|2}'
  goeval miai --estimator stones testdata/miai/stones5.sgf
`

func miaiCommand(e *env, args []string) error {
	fs := newFlags(e, "miai", miaiUsage)
	ef := addEstimatorFlags(fs, mapEstimator)
	game := fs.Int("game", 1, "which game of an SGF collection (from 1)")
	format := fs.String("format", "text", "output format: text or json")
	width := fs.Int("width", 64, "the most columns of the thermograph plot")
	height := fs.Int("height", 20, "the most rows of the thermograph plot")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("no tree or SGF file given")
	}
	if len(pos) > 1 {
		return usagef("one tree at a time (got %d arguments; quote a tree for the shell: '{4 | {3 | 2}}')", len(pos))
	}
	if *game < 1 {
		return usagef("invalid --game %d (games are counted from 1)", *game)
	}
	if *format != "text" && *format != "json" {
		return usagef("invalid --format %q (want text, json)", *format)
	}
	if *width < 8 || *height < 4 {
		return usagef("invalid plot size --width %d --height %d (want at least 8 and 4)", *width, *height)
	}
	// The estimator is built only if a leaf needs it, but flags given
	// explicitly are checked at once.
	explicit := false
	fs.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "estimator" || ef.params[f.Name] != nil })
	if explicit {
		if _, err := ef.factory(); err != nil {
			return err
		}
	}
	newEst := func() (control.Estimator, error) {
		f, err := ef.factory()
		if err != nil {
			return nil, usagef("a leaf without V[] is valued by the estimator: %v", err)
		}
		return f(), nil
	}

	src, err := readLocalTree(e, pos[0], *game, newEst)
	if err != nil {
		return err
	}
	if src.file == "" && isSet(fs, "game") {
		return usagef("--game applies to an SGF file, not to a tree in notation")
	}
	r, err := thermo.Analyze(src.game)
	if err != nil {
		return err
	}
	naive, naiveErr := thermo.MiaiCount(src.game)
	if *format == "json" {
		return writeMiaiJSON(e.stdout, src, r, naive, naiveErr)
	}
	for _, w := range src.warnings {
		fmt.Fprintf(e.stderr, "goeval: %s\n", w)
	}
	return writeMiaiText(e.stdout, src, r, naive, naiveErr, thermo.PlotOptions{Width: *width, Height: *height})
}

func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// localTree is a tree to analyse and where it came from.
type localTree struct {
	game *thermo.Game
	// file is the SGF file name, "" for notation.
	file     string
	index    int // the game of the collection
	byV      int
	byEst    int
	est      control.Estimator
	warnings []sgf.Warning
}

// readLocalTree reads arg as notation or as an SGF file (see miaiUsage).
func readLocalTree(e *env, arg string, k int, newEst func() (control.Estimator, error)) (*localTree, error) {
	var name string
	var data []byte
	switch {
	case arg == "-":
		b, err := io.ReadAll(e.stdin)
		if err != nil {
			return nil, err
		}
		if t := strings.TrimSpace(string(b)); !strings.HasPrefix(t, "(") {
			return parseNotation(t)
		}
		name, data = "<stdin>", b
	case looksLikeNotation(arg):
		return parseNotation(arg)
	default:
		b, err := os.ReadFile(arg)
		if err != nil {
			return nil, err
		}
		name, data = arg, b
	}
	c, err := sgf.Parse(name, data)
	if err != nil {
		return nil, err
	}
	g, err := c.Game(k)
	if err != nil {
		return nil, err
	}
	t, err := sgftree.Read(g, sgftree.Options{Estimator: newEst})
	if err != nil {
		return nil, err
	}
	return &localTree{game: t.Game, file: name, index: k, byV: t.ByV, byEst: t.ByEstimator, est: t.Estimator, warnings: g.Warnings}, nil
}

// looksLikeNotation reports whether arg is a tree rather than a file name:
// not an existing file, not named *.sgf, and starting with '{' or a number.
func looksLikeNotation(arg string) bool {
	if _, err := os.Stat(arg); err == nil || strings.HasSuffix(strings.ToLower(arg), ".sgf") {
		return false
	}
	t := strings.TrimSpace(arg)
	if t == "" {
		return false
	}
	switch c := t[0]; {
	case c == '{', c >= '0' && c <= '9', c == '-', c == '+', c == '.':
		return true
	}
	return false
}

// parseNotation parses a tree in notation; a syntax error shows the line
// of the input with a caret under the place.
func parseNotation(src string) (*localTree, error) {
	g, err := thermo.Parse(src)
	if err != nil {
		line, col := 0, 0
		var se *thermo.SyntaxError
		var ue *thermo.UnsupportedError
		switch {
		case errors.As(err, &se):
			line, col = se.Line, se.Col
		case errors.As(err, &ue):
			line, col = ue.Line, ue.Col
		}
		lines := strings.Split(src, "\n")
		if line >= 1 && line <= len(lines) && utf8.RuneCountInString(lines[line-1]) < 200 {
			l := strings.ReplaceAll(lines[line-1], "\t", " ")
			return nil, fmt.Errorf("%w\n  %s\n  %s^", err, l, strings.Repeat(" ", col-1))
		}
		return nil, err
	}
	return &localTree{game: g}, nil
}

// writeMiaiText writes the text report.
func writeMiaiText(w io.Writer, src *localTree, r *thermo.Result, naive *thermo.Naive, naiveErr error, opt thermo.PlotOptions) error {
	var b strings.Builder
	fmt.Fprintf(&b, "tree %s\n", src.game)
	if src.file != "" {
		fmt.Fprintf(&b, "from %s", src.file)
		if src.index > 1 {
			fmt.Fprintf(&b, " (game %d)", src.index)
		}
		fmt.Fprintf(&b, ": %s valued by V[]", plural(src.byV, "leaf", "leaves"))
		if src.byEst > 0 {
			fmt.Fprintf(&b, ", %s by estimator %s", plural(src.byEst, "leaf", "leaves"), src.est.Name())
			if ps := src.est.Params(); len(ps) > 0 {
				fmt.Fprintf(&b, " (%s)", formatParams(ps))
			}
			b.WriteString(" (its whole-board score before komi, to 0.01)")
		}
		b.WriteString("\n")
	}

	b.WriteString("\nEvery node: count (miai value) classification; B and W mark Black's and White's options\n")
	b.WriteString(r.Tree())

	b.WriteString("\nPlays at the root: ")
	writeClassification(&b, r)

	th := r.Thermograph
	b.WriteString("\nThermograph of the root (t is the temperature)\n")
	fmt.Fprintf(&b, "  LW = %s   (Black plays first)\n", th.Left)
	fmt.Fprintf(&b, "  RW = %s   (White plays first)\n", th.Right)
	b.WriteString("\n")
	b.WriteString(th.Plot(opt))

	b.WriteString("\nMiai counting by averages (\"Miai Counting With Trees\"), for comparison\n")
	if naiveErr != nil {
		fmt.Fprintf(&b, "  not possible: %v\n", naiveErr)
	} else {
		b.WriteString(naive.Tree())
		nc, nt := naive.Count, naive.Temperature
		fmt.Fprintf(&b, "count %s, miai value %s by averages: ", nc.RatString(), ratOrNone(nt))
		if nc.Cmp(th.Count) == 0 && nt != nil && nt.Cmp(th.Temperature) == 0 {
			b.WriteString("the same as the thermograph\n")
		} else {
			fmt.Fprintf(&b, "not the thermograph's %s and %s", th.Count.RatString(), th.Temperature.RatString())
			if len(r.Sente()) > 0 {
				b.WriteString(": averages go wrong where a play is sente")
			}
			b.WriteString("\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// writeClassification says what the root's plays are.
func writeClassification(b *strings.Builder, r *thermo.Result) {
	if r.Thermograph.Number {
		b.WriteString("none: the root is a number, and neither player gains by playing there\n")
		return
	}
	b.WriteString(r.Class.String() + "\n")
	for _, p := range []struct {
		who  string
		play *thermo.Result
		kind thermo.PlayKind
	}{{"Black", r.LeftPlay, r.Class.Left}, {"White", r.RightPlay, r.Class.Right}} {
		fmt.Fprintf(b, "  %s's play, to %s: %s\n", p.who, describe(p.play), p.kind)
	}
	for _, s := range r.Sente() {
		other := thermo.White
		if s.Player == thermo.White {
			other = thermo.Black
		}
		fmt.Fprintf(b, "  %s's sente: the follow-up %s has miai value %s, above the root's %s, so %s answers with %s",
			s.Player, describe(s.FollowUp), s.FollowUp.Thermograph.Temperature.RatString(), r.Thermograph.Temperature.RatString(), other, describe(s.Reply))
		var ignored []string
		for _, g := range s.Ignored {
			ignored = append(ignored, g.String())
		}
		fmt.Fprintf(b, " and %s never happens\n", strings.Join(ignored, ", "))
		fmt.Fprintf(b, "    with that cut out: %s", s.Simplified)
		if n, err := thermo.MiaiCount(s.Simplified); err == nil {
			fmt.Fprintf(b, ", count %s, miai value %s by averages\n", n.Count.RatString(), ratOrNone(n.Temperature))
		} else {
			fmt.Fprintf(b, " (averages: %v)\n", err)
		}
	}
}

// describe names an option: its tree, and its label if it has one.
func describe(r *thermo.Result) string {
	s := r.Game.String()
	if r.Game.Label != "" {
		s += " [" + r.Game.Label + "]"
	}
	return s
}

// ratOrNone returns x as an exact string, "none" for nil.
func ratOrNone(x *big.Rat) string {
	if x == nil {
		return "none"
	}
	return x.RatString()
}

// miaiJSON is the JSON output: the root's thermo.Report (count,
// miai_value, walls, classification, and the same for every option)
// with where the tree came from, the sente plays and the averages. Fields
// may be added, never renamed.
type miaiJSON struct {
	Tree      string `json:"tree"`
	File      string `json:"file,omitempty"`
	Game      int    `json:"game,omitempty"`
	LeavesByV *int   `json:"leaves_by_v,omitempty"`
	ByEst     int    `json:"leaves_by_estimator,omitempty"`
	Estimator string `json:"estimator,omitempty"`
	*thermo.Report
	Sente    []senteJSON `json:"sente,omitempty"`
	Naive    *naiveJSON  `json:"naive"`
	Warnings []string    `json:"warnings,omitempty"`
}

type senteJSON struct {
	Player             string   `json:"player"`
	FollowUp           string   `json:"follow_up"`
	FollowUpMiaiValue  string   `json:"follow_up_miai_value"`
	Reply              string   `json:"reply"`
	Ignored            []string `json:"ignored"`
	Simplified         string   `json:"simplified"`
	SimplifiedCount    string   `json:"simplified_count,omitempty"`
	SimplifiedMiaiVal  string   `json:"simplified_miai_value,omitempty"`
	SimplifiedNaiveErr string   `json:"simplified_error,omitempty"`
}

// naiveJSON is one node of miai counting by averages. MiaiValue is absent
// for a forced node, whose Tally says how many net Black moves its count
// lies ahead.
type naiveJSON struct {
	Label     string       `json:"label,omitempty"`
	Count     string       `json:"count,omitempty"`
	MiaiValue string       `json:"miai_value,omitempty"`
	Tally     int          `json:"tally,omitempty"`
	Error     string       `json:"error,omitempty"`
	Left      []*naiveJSON `json:"left,omitempty"`
	Right     []*naiveJSON `json:"right,omitempty"`
}

func naiveReport(n *thermo.Naive) *naiveJSON {
	j := &naiveJSON{Label: n.Game.Label, Count: n.Count.RatString(), Tally: n.Tally}
	if n.Temperature != nil {
		j.MiaiValue = n.Temperature.RatString()
	}
	for _, o := range n.Left {
		j.Left = append(j.Left, naiveReport(o))
	}
	for _, o := range n.Right {
		j.Right = append(j.Right, naiveReport(o))
	}
	return j
}

func writeMiaiJSON(w io.Writer, src *localTree, r *thermo.Result, naive *thermo.Naive, naiveErr error) error {
	j := miaiJSON{Tree: src.game.String(), Report: r.Report()}
	if src.file != "" {
		j.File, j.LeavesByV, j.ByEst = src.file, &src.byV, src.byEst
		if src.index > 1 {
			j.Game = src.index
		}
		if src.est != nil {
			j.Estimator = src.est.Name()
		}
		for _, wn := range src.warnings {
			j.Warnings = append(j.Warnings, wn.String())
		}
	}
	for _, s := range r.Sente() {
		sj := senteJSON{
			Player:            strings.ToLower(s.Player.String()),
			FollowUp:          s.FollowUp.Game.String(),
			FollowUpMiaiValue: s.FollowUp.Thermograph.Temperature.RatString(),
			Reply:             s.Reply.Game.String(),
			Ignored:           []string{},
			Simplified:        s.Simplified.String(),
		}
		for _, g := range s.Ignored {
			sj.Ignored = append(sj.Ignored, g.String())
		}
		if n, err := thermo.MiaiCount(s.Simplified); err == nil {
			sj.SimplifiedCount = n.Count.RatString()
			if n.Temperature != nil {
				sj.SimplifiedMiaiVal = n.Temperature.RatString()
			}
		} else {
			sj.SimplifiedNaiveErr = err.Error()
		}
		j.Sente = append(j.Sente, sj)
	}
	if naiveErr != nil {
		j.Naive = &naiveJSON{Error: naiveErr.Error()}
	} else {
		j.Naive = naiveReport(naive)
	}
	obj, err := json.Marshal(j)
	if err != nil {
		return err
	}
	_, err = w.Write(append(obj, '\n'))
	return err
}
