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
	register(&command{name: "miai", args: "TREE|FILE.sgf", summary: "count, miai value and thermograph of a local endgame tree, kos included (\"Miai Counting With Trees\")", run: miaiCommand})
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
that is not an existing file and starts with '{', a number or a name
followed by '=' is a TREE.

A ko is a cycle, written with named positions: NAME = GAME; NAME = GAME;
..., the first being the root, a name standing for its position wherever
it is an option. The ko of "Miai Counting With Trees" (docs/estimators.md §5) is 'A = {C | -2}; C = {13 | A}': from A
Black takes the ko (C) or White connects (-2); from C Black wins it (13)
or White takes back (A). A ko is counted as "Miai Counting With Trees" counts it: the swing
(Black's win less White's, 15) over the tally (the moves between them, 3)
is what a move is worth (5), the miai value of every position of the ko,
and each position counts White's win plus that many moves as it is away
from it (A 3, C 8). Kos in which one side needs more than one take (a
line of positions from White's win to Black's) are counted the same way;
any other cycle is refused with an error that names it. The thermograph
of a ko position assumes that neither side has more ko threats: each play
inside the cycle reaches a position worth its count (docs/ko.md).

FILE.sgf holds the tree as SGF variations from the root (--game picks a game
of a collection; "-" reads standard input, SGF or TREE): the variations
whose first move is Black's are Black's options, White's are White's, and so
on down. A leaf's value is its V[], or, without one, the --estimator's score
of the position at the leaf: the on-the-board score of the WHOLE board,
before komi, rounded to 0.01, so such a tree is best given on a small board
(or with V[] everywhere). A pass means the player declines to play locally:
the moves after it are options of the position where it was played. Two
moves of one colour in a row are that player's option after the first. A
move that brings back a position met on the way from the root (a retake,
played under the take, even at once) is a ko: it leads back to that
position, ends its variation and carries no V[].

Output: the tree with "count (miai value) classification" at every node;
the root's plays: gote, sente (for whom) or reverse sente, and for a sente
play its follow-up, the expected answer and the tree with the ignored
variation cut out, counted by averages as "Miai Counting With Trees" does; the root's
thermograph as formulas (LW, Black first; RW, White first; t the
temperature) and as a plot, Black's values to the LEFT, t up; and miai
counting by averages ("Miai Counting With Trees") for comparison, which agrees with the
thermograph on gote trees and goes wrong on sente ones. A tree with kos
also lists each ko: its positions and their counts, swing, tally and what
a move is worth. A sente that gains nothing because its answer comes back
to what the opponent's own play gives, as in {{13 | -2} | -2}, is noted
as a ko written without its cycle, with the ko it may have meant.

--format json prints one object: "tree", the root's "count" and
"miai_value" as exact strings ("13/4"), "left_wall", "right_wall",
"classification", "black_play", "white_play", the same for every option in
"left" and "right", "sente" for the root's sente plays, and "naive" for the
averages. A ko position adds "name", "swing" and "tally" (classification
"ko", plays "ko move" or "ko win"); where a line comes back to it,
"back_to" names it instead of its options; "kos" lists the kos.

Examples:
  goeval miai '{4 | {3 | 2}}'           count 13/4, miai value 3/4, gote
  goeval miai '{4 | {3 | -17}}'         White's sente: count 3, miai value 1
  goeval miai '{{-2 | -4} | -7}'        LW = max(min(-4, -3-t), -5)
  goeval miai 'A = {C | -2}; C = {13 | A}'
                                        the ko of "Miai Counting With Trees": A counts 3, C 8, 5 a move
  goeval miai testdata/miai/seedko.sgf  the same ko as SGF variations
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
		if src.sgf != nil {
			return src.sgf.Locate(err) // a ko it cannot count, at its place in the file
		}
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
	// sgf is the tree read from SGF, nil for notation.
	sgf *sgftree.Tree
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
	return &localTree{game: t.Game, file: name, index: k, byV: t.ByV, byEst: t.ByEstimator, est: t.Estimator, warnings: g.Warnings, sgf: t}, nil
}

// looksLikeNotation reports whether arg is a tree rather than a file name:
// not an existing file, not named *.sgf, and starting with '{', a number or
// a name followed by '=' (the named notation).
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
	name, _, ok := strings.Cut(t, "=")
	return ok && strings.TrimSpace(name) != "" && !strings.ContainsAny(strings.TrimSpace(name), " \t{}|,;/.")
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
				fmt.Fprintf(&b, " (%s)", control.FormatParams(ps))
			}
			b.WriteString(" (its whole-board score before komi, to 0.01)")
		}
		b.WriteString("\n")
	}

	b.WriteString("\nEvery node: count (miai value) classification; B and W mark Black's and White's options\n")
	b.WriteString(r.Tree())
	if kos := r.Kos(); len(kos) > 0 {
		b.WriteString("\nKos, counted by the tally method of \"Miai Counting With Trees\" (neither side having more ko threats)\n")
		for _, k := range kos {
			writeKo(&b, k)
		}
	}

	b.WriteString("\nPlays at the root: ")
	writeClassification(&b, r)

	th := r.Thermograph
	b.WriteString("\nThermograph of the root (t is the temperature)")
	if r.Ko != nil {
		b.WriteString(": a ko position, each play inside the cycle reaching a position worth its count")
	}
	b.WriteString("\n")
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

// writeKo describes a ko: its line of positions with their counts, its
// ends, swing, tally and the value of a move.
func writeKo(b *strings.Builder, k *thermo.Ko) {
	var pos []string
	for i, n := range k.Names {
		pos = append(pos, n+" "+k.Counts[i].RatString())
	}
	fmt.Fprintf(b, "  %s: White wins with %s, Black with %s; swing %s over a tally of %d moves, %s a move\n",
		strings.Join(k.Names, " - "), koEnd(k.WhiteWin, k.WhiteCount), koEnd(k.BlackWin, k.BlackCount),
		k.Swing.RatString(), k.Tally, k.Value.RatString())
	fmt.Fprintf(b, "    counts: %s\n", strings.Join(pos, ", "))
}

// koEnd describes a play that ends a ko: its count, and the position it
// reaches where that is not just the count.
func koEnd(g *thermo.Game, count *big.Rat) string {
	c := count.RatString()
	if s := g.String(); s != c {
		c += " (" + s + ")"
	}
	if g.Label != "" {
		c += " [" + g.Label + "]"
	}
	return c
}

// writeClassification says what the root's plays are.
func writeClassification(b *strings.Builder, r *thermo.Result) {
	if k := r.Ko; k != nil {
		i := r.KoIndex
		black, white := "takes", "takes back"
		if i == len(k.Positions)-1 {
			black = "wins the ko"
		}
		if i == 0 {
			white = "wins the ko"
		}
		fmt.Fprintf(b, "ko: the root is %s, a position of the ko %s\n", k.Names[i], strings.Join(k.Names, " - "))
		fmt.Fprintf(b, "  Black's play, to %s: %s; White's play, to %s: %s; each is worth %s\n", describe(r.LeftPlay), black, describe(r.RightPlay), white, k.Value.RatString())
		return
	}
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
		if s.Ko != nil {
			fmt.Fprintf(b, "    note: %s's answer %s gives what %s's own play at the root gives, so the sente gains nothing; the tree is not a ko.\n", other, describe(s.Reply), other)
			fmt.Fprintf(b, "    If %s is meant as %s taking back a ko, write the cycle: %s", describe(s.Reply), other, s.Ko)
			if kr, err := thermo.Analyze(s.Ko); err == nil {
				fmt.Fprintf(b, " (count %s, miai value %s)", kr.Thermograph.Count.RatString(), kr.Thermograph.Temperature.RatString())
			}
			b.WriteString("\n")
		}
	}
}

// describe names an option: its tree, and its label if it has one; a ko
// position by its name.
func describe(r *thermo.Result) string {
	if r.Ko != nil {
		s := r.Ko.Names[r.KoIndex]
		if l := r.Game.Label; l != "" && l != s {
			s += " [" + l + "]"
		}
		return s
	}
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
	Kos      []koJSON    `json:"kos,omitempty"`
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
	// Ko is SentePlay.Ko, the ko the tree may have meant, with its count
	// and miai value.
	Ko          string `json:"ko,omitempty"`
	KoCount     string `json:"ko_count,omitempty"`
	KoMiaiValue string `json:"ko_miai_value,omitempty"`
}

// koJSON is a ko of the tree: its positions along the line from White's
// win to Black's, their counts, the plays that end it and their counts,
// the swing, the tally and the value of a move.
type koJSON struct {
	Positions  []string `json:"positions"`
	Counts     []string `json:"counts"`
	WhiteWin   string   `json:"white_win"`
	WhiteCount string   `json:"white_count"`
	BlackWin   string   `json:"black_win"`
	BlackCount string   `json:"black_count"`
	Swing      string   `json:"swing"`
	Tally      int      `json:"tally"`
	MiaiValue  string   `json:"miai_value"`
}

// naiveJSON is miai counting by averages: thermo.NaiveReport, or the
// error that stopped it.
type naiveJSON struct {
	*thermo.NaiveReport
	Error string `json:"error,omitempty"`
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
		if s.Ko != nil {
			sj.Ko = s.Ko.String()
			if kr, err := thermo.Analyze(s.Ko); err == nil {
				sj.KoCount, sj.KoMiaiValue = kr.Thermograph.Count.RatString(), kr.Thermograph.Temperature.RatString()
			}
		}
		j.Sente = append(j.Sente, sj)
	}
	for _, k := range r.Kos() {
		kj := koJSON{Positions: k.Names, WhiteWin: k.WhiteWin.String(), WhiteCount: k.WhiteCount.RatString(),
			BlackWin: k.BlackWin.String(), BlackCount: k.BlackCount.RatString(), Swing: k.Swing.RatString(),
			Tally: k.Tally, MiaiValue: k.Value.RatString()}
		for _, c := range k.Counts {
			kj.Counts = append(kj.Counts, c.RatString())
		}
		j.Kos = append(j.Kos, kj)
	}
	if naiveErr != nil {
		j.Naive = &naiveJSON{Error: naiveErr.Error()}
	} else {
		j.Naive = &naiveJSON{NaiveReport: naive.Report()}
	}
	obj, err := json.Marshal(j)
	if err != nil {
		return err
	}
	_, err = w.Write(append(obj, '\n'))
	return err
}
