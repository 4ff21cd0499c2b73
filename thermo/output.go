package thermo

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strings"

	"goeval/internal/words"
)

// Source says where an analysed tree came from, for the writers.
type Source struct {
	// Tree is the tree as written (Game.String).
	Tree string
	// File is the SGF file the tree was read from, "" for notation; Game
	// the game's place in it (from 1).
	File string
	Game int
	// ByV and ByEstimator count the leaves valued by V[] and by the
	// estimator; Estimator names it, and Params its parameters for people
	// ("" for none).
	ByV, ByEstimator  int
	Estimator, Params string
	// Warnings are the record's oddities, said in JSON.
	Warnings []string
}

// WriteText writes goeval miai's report of an analysis r of the tree src
// for people: every node's count, miai value and classification, the kos,
// the root's plays, its thermograph (plotted with opt) and, for
// comparison, miai counting by averages (naive, or naiveErr where it
// cannot be done).
func WriteText(w io.Writer, src Source, r *Result, naive *Naive, naiveErr error, opt PlotOptions) error {
	var b strings.Builder
	fmt.Fprintf(&b, "tree %s\n", src.Tree)
	if src.File != "" {
		fmt.Fprintf(&b, "from %s", src.File)
		if src.Game > 1 {
			fmt.Fprintf(&b, " (game %d)", src.Game)
		}
		fmt.Fprintf(&b, ": %s valued by V[]", words.Count(src.ByV, "leaf", "leaves"))
		if src.ByEstimator > 0 {
			fmt.Fprintf(&b, ", %s by estimator %s", words.Count(src.ByEstimator, "leaf", "leaves"), src.Estimator)
			if src.Params != "" {
				fmt.Fprintf(&b, " (%s)", src.Params)
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

// writeKo describes a ko: its line of positions with their counts, its
// ends, swing, tally and the value of a move.
func writeKo(b *strings.Builder, k *Ko) {
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
func koEnd(g *Game, count *big.Rat) string {
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
func writeClassification(b *strings.Builder, r *Result) {
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
		play *Result
		kind PlayKind
	}{{"Black", r.LeftPlay, r.Class.Left}, {"White", r.RightPlay, r.Class.Right}} {
		fmt.Fprintf(b, "  %s's play, to %s: %s\n", p.who, describe(p.play), p.kind)
	}
	for _, s := range r.Sente() {
		other := White
		if s.Player == White {
			other = Black
		}
		fmt.Fprintf(b, "  %s's sente: the follow-up %s has miai value %s, above the root's %s, so %s answers with %s",
			s.Player, describe(s.FollowUp), s.FollowUp.Thermograph.Temperature.RatString(), r.Thermograph.Temperature.RatString(), other, describe(s.Reply))
		var ignored []string
		for _, g := range s.Ignored {
			ignored = append(ignored, g.String())
		}
		fmt.Fprintf(b, " and %s never happens\n", strings.Join(ignored, ", "))
		fmt.Fprintf(b, "    with that cut out: %s", s.Simplified)
		if n, err := MiaiCount(s.Simplified); err == nil {
			fmt.Fprintf(b, ", count %s, miai value %s by averages\n", n.Count.RatString(), ratOrNone(n.Temperature))
		} else {
			fmt.Fprintf(b, " (averages: %v)\n", err)
		}
		if s.Ko != nil {
			fmt.Fprintf(b, "    note: %s's answer %s gives what %s's own play at the root gives, so the sente gains nothing; the tree is not a ko.\n", other, describe(s.Reply), other)
			fmt.Fprintf(b, "    If %s is meant as %s taking back a ko, write the cycle: %s", describe(s.Reply), other, s.Ko)
			if kr, err := Analyze(s.Ko); err == nil {
				fmt.Fprintf(b, " (count %s, miai value %s)", kr.Thermograph.Count.RatString(), kr.Thermograph.Temperature.RatString())
			}
			b.WriteString("\n")
		}
	}
}

// describe names an option: its tree, and its label if it has one; a ko
// position by its name.
func describe(r *Result) string {
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

// miaiJSON is the JSON output: the root's Report (count,
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
	*Report
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

// naiveJSON is miai counting by averages: NaiveReport, or the
// error that stopped it.
type naiveJSON struct {
	*NaiveReport
	Error string `json:"error,omitempty"`
}

// WriteJSON writes goeval miai's report as one line of JSON: the root's
// Report (count, miai_value, walls, classification, and the same for every
// option) with where the tree came from, the kos, the sente plays and the
// averages (see miaiJSON; fields may be added, never renamed).
func WriteJSON(w io.Writer, src Source, r *Result, naive *Naive, naiveErr error) error {
	j := miaiJSON{Tree: src.Tree, Report: r.Report()}
	if src.File != "" {
		byV := src.ByV
		j.File, j.LeavesByV, j.ByEst, j.Estimator = src.File, &byV, src.ByEstimator, src.Estimator
		if src.Game > 1 {
			j.Game = src.Game
		}
		j.Warnings = src.Warnings
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
		if n, err := MiaiCount(s.Simplified); err == nil {
			sj.SimplifiedCount = n.Count.RatString()
			if n.Temperature != nil {
				sj.SimplifiedMiaiVal = n.Temperature.RatString()
			}
		} else {
			sj.SimplifiedNaiveErr = err.Error()
		}
		if s.Ko != nil {
			sj.Ko = s.Ko.String()
			if kr, err := Analyze(s.Ko); err == nil {
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
