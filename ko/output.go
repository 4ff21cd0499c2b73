package ko

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"goeval/board"
	"goeval/internal/words"
)

// WriteText writes s for people, as goeval ikeda prints it: the position,
// the case, the score and its other style, the ko fight's winner and the
// moves, the kos numbered from 1.
func (s *Solution) WriteText(w io.Writer) error {
	var b strings.Builder
	p := s.Position
	fmt.Fprintf(&b, "Ikeda Territory I scoring, basic endgame kos and two-sided dame (Robert Jasiek; docs/estimators.md §5)\n")
	fmt.Fprintf(&b, "Kb %d (kos Black can connect), Kw %d (kos White can connect), %s, ko threats Black %d, White %d (Td %d), %s to move\n",
		p.Kb, p.Kw, words.Count(p.D, "dame", "dame"), p.Tb, p.Tw, p.Tb-p.Tw, p.ToMove.Name())
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
	fmt.Fprintf(&b, "other style %s = %s\n", s.OtherStyle, s.OtherStyleFigure())
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

// OtherStyleFigure writes the study's other style with Kd filled in:
// "-4/3 + 1/3", "0 - 2/3", "-3/3".
func (s *Solution) OtherStyleFigure() string {
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

// koRange writes the kos from..to: "3", "1-4".
func koRange(from, to int) string {
	if from == to {
		return fmt.Sprint(from)
	}
	return fmt.Sprintf("%d-%d", from, to)
}

// SolutionJSON is a Solution in JSON, goeval ikeda's output. Fields may be
// added, never renamed.
type SolutionJSON struct {
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
	OtherStyle        string     `json:"other_style"`
	OtherStyleFormula string     `json:"other_style_formula"`
	KoFightWinner     string     `json:"ko_fight_winner"`
	Moves             []MoveJSON `json:"moves"`
}

// MoveJSON is a Move in JSON: the colour ("B", "W"), the kind (connect,
// capture, threat, answer, dame, pass) and the ko, from 1 (0 for none).
type MoveJSON struct {
	Color string `json:"color"`
	Kind  string `json:"kind"`
	Ko    int    `json:"ko"`
}

// Report returns s as JSON values, the kos numbered from 1.
func (s *Solution) Report() SolutionJSON {
	p := s.Position
	winner := ""
	if s.Winner != board.Empty {
		winner = s.Winner.String()
	}
	j := SolutionJSON{Kb: p.Kb, Kw: p.Kw, Kd: s.Kd, Dame: p.D, Tb: p.Tb, Tw: p.Tw, Td: p.Tb - p.Tw,
		ToMove: p.ToMove.String(), Mirrored: s.Mirrored, Case: s.Case, Score: s.Score, Formula: s.Formula,
		OtherStyle: s.OtherStyleFigure(), OtherStyleFormula: s.OtherStyle, KoFightWinner: winner,
		Moves: []MoveJSON{}}
	for _, m := range s.Moves {
		j.Moves = append(j.Moves, MoveJSON{Color: m.Color.String(), Kind: m.Kind.String(), Ko: m.Ko + 1})
	}
	return j
}

// WriteJSON writes s as one line of JSON (Report).
func (s *Solution) WriteJSON(w io.Writer) error {
	obj, err := json.Marshal(s.Report())
	if err != nil {
		return err
	}
	_, err = w.Write(append(obj, '\n'))
	return err
}

// Text says how c, a count of b, was made, for people: "(territory rules:
// ...)", with the open kos, the table's answer for them and the ko threats
// it assumed.
func (c *Count) Text(b *board.Board) string {
	var s strings.Builder
	fmt.Fprintf(&s, "(territory rules: territory %+d and prisoners %+d, the stones judged dead off and taken prisoner", c.Territory, c.Prisoners)
	if len(c.Kos) == 0 {
		fmt.Fprintf(&s, "; no basic ko open, %s)", words.Count(c.Dame, "dame", "dame"))
		return s.String()
	}
	var kos []string
	for _, k := range c.Kos {
		kos = append(kos, fmt.Sprintf("%s %s's to connect at %s", b.Geometry().GTP(k.Stone), k.Owner.Name(), b.Geometry().GTP(k.Point)))
	}
	sol := c.Solution
	fmt.Fprintf(&s, "; %s open (%s) and %s, resolved by the Ikeda Territory I table (goeval ikeda): case %d, %+d for the kos",
		words.Count(len(c.Kos), "basic ko", "basic kos"), strings.Join(kos, "; "), words.Count(c.Dame, "dame", "dame"), sol.Case, sol.Score)
	if sol.Winner != board.Empty {
		fmt.Fprintf(&s, ", %s winning the ko fight", sol.Winner.Name())
	}
	fmt.Fprintf(&s, ", with %d ko threats for Black and %d for White (--ko-threats-black, --ko-threats-white), %s to move)",
		sol.Position.Tb, sol.Position.Tw, b.ToMove().Name())
	return s.String()
}

// CountJSON is a Count in JSON, the "territory" of goeval's position
// output.
type CountJSON struct {
	// Score is Black's points less White's before komi: Territory +
	// Prisoners + the table's score for the open kos.
	Score     int         `json:"score"`
	Territory int         `json:"territory"`
	Prisoners int         `json:"prisoners"`
	Dame      int         `json:"dame"`
	Kos       []FoundJSON `json:"kos"`
	// Ikeda is the table's answer for the open kos (goeval ikeda's
	// JSON), absent when none is open.
	Ikeda *SolutionJSON `json:"ikeda,omitempty"`
}

// FoundJSON is an open ko in JSON: the stone in atari and the ko point, as
// GTP points, and the colour that connects ("B", "W").
type FoundJSON struct {
	Stone    string `json:"stone"`
	Point    string `json:"point"`
	Connects string `json:"connects"`
}

// Report returns c, a count of b, as JSON values.
func (c *Count) Report(b *board.Board) *CountJSON {
	j := &CountJSON{Score: c.Score, Territory: c.Territory, Prisoners: c.Prisoners, Dame: c.Dame, Kos: []FoundJSON{}}
	g := b.Geometry()
	for _, k := range c.Kos {
		j.Kos = append(j.Kos, FoundJSON{Stone: g.GTP(k.Stone), Point: g.GTP(k.Point), Connects: k.Owner.String()})
	}
	if c.Solution != nil {
		r := c.Solution.Report()
		j.Ikeda = &r
	}
	return j
}
