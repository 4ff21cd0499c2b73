package thermo

import (
	"strings"
)

// Tree draws the analysed tree as text, one node a line, in the sources'
// style but exact: a node shows its count and miai value as
// "13/4 (3/4)" followed by its classification, a leaf its value. Black's
// options come first, marked "B", then White's, marked "W"; a node's Label,
// if any, is shown in brackets. A subtree shared in the Game graph is drawn
// wherever it occurs. The output ends with a newline.
//
//	13/4 (3/4) gote
//	|-- B 4
//	`-- W 5/2 (1/2) gote
//	    |-- B 3
//	    `-- W 2
func (r *Result) Tree() string {
	var b strings.Builder
	r.drawTree(&b, "", "")
	return b.String()
}

func (r *Result) drawTree(b *strings.Builder, head, indent string) {
	b.WriteString(head)
	if r.Game.Label != "" {
		b.WriteString("[" + r.Game.Label + "] ")
	}
	b.WriteString(r.summary())
	b.WriteString("\n")
	n := len(r.Left) + len(r.Right)
	i := 0
	for side, opts := range [2][]*Result{r.Left, r.Right} {
		for _, o := range opts {
			i++
			branch, more := "|-- ", "|   "
			if i == n {
				branch, more = "`-- ", "    "
			}
			o.drawTree(b, indent+branch+"BW"[side:side+1]+" ", indent+more)
		}
	}
}

// summary returns "13/4 (3/4) gote" for a node and "4" for a leaf.
func (r *Result) summary() string {
	th := r.Thermograph
	if r.Game.Value != nil {
		return th.Count.RatString()
	}
	return th.Count.RatString() + " (" + th.Temperature.RatString() + ") " + r.Class.String()
}

// A Report is the JSON-ready form of a Result: exact numbers as strings
// ("13/4", "-5"), walls as Wall.String formulas.
type Report struct {
	Label string `json:"label,omitempty"`
	// Count and MiaiValue are the mast value and the temperature.
	Count     string `json:"count"`
	MiaiValue string `json:"miai_value"`
	// Number reports a leaf or a node that equals a number.
	Number    bool   `json:"number"`
	LeftWall  string `json:"left_wall"`
	RightWall string `json:"right_wall"`
	// Classification is Class.String: "number", "gote", "black sente",
	// "white sente" or "double sente".
	Classification string `json:"classification"`
	// BlackPlay and WhitePlay are PlayKind.String of each player's best
	// play ("gote", "sente", "reverse sente"), empty for a number.
	BlackPlay string `json:"black_play,omitempty"`
	WhitePlay string `json:"white_play,omitempty"`
	// Left and Right are the reports of Black's and White's options.
	Left  []*Report `json:"left,omitempty"`
	Right []*Report `json:"right,omitempty"`
}

// Report returns the JSON-ready report of r and everything below it. A
// subtree shared in the Game graph is reported wherever it occurs.
func (r *Result) Report() *Report {
	th := r.Thermograph
	rep := &Report{
		Label:          r.Game.Label,
		Count:          th.Count.RatString(),
		MiaiValue:      th.Temperature.RatString(),
		Number:         th.Number,
		LeftWall:       th.Left.String(),
		RightWall:      th.Right.String(),
		Classification: r.Class.String(),
	}
	if !th.Number {
		rep.BlackPlay, rep.WhitePlay = r.Class.Left.String(), r.Class.Right.String()
	}
	for _, o := range r.Left {
		rep.Left = append(rep.Left, o.Report())
	}
	for _, o := range r.Right {
		rep.Right = append(rep.Right, o.Report())
	}
	return rep
}
