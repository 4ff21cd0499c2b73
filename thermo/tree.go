package thermo

import (
	"strconv"
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
//
// A ko position shows "ko" with the ko's swing and tally. The nodes that
// Game.String names (the positions on a cycle, the root of a graph with
// one, a named position that two plays reach) show their names, after
// their labels if those differ, and are drawn once: where a line of play
// comes back to one it says "back to A", where another line reaches it
// again "as above".
func (r *Result) Tree() string {
	var b strings.Builder
	t := newTreeDrawer(r.Game)
	t.draw(&b, r, "", "")
	return b.String()
}

// A treeNode is a node that Tree draws: a Result or a Naive.
type treeNode interface {
	game() *Game
	summary() string
	options() (left, right []treeNode)
}

type treeDrawer struct {
	names         map[*Game]string
	onPath, drawn map[*Game]bool
}

func newTreeDrawer(root *Game) *treeDrawer {
	return &treeDrawer{names: names(root), onPath: map[*Game]bool{}, drawn: map[*Game]bool{}}
}

// open enters g on the current line of play. It reports whether g is to
// be shown by its name instead: back, a position already on the line; or
// above, a named node already drawn. Otherwise the caller draws g and
// removes it from onPath when done.
func (t *treeDrawer) open(g *Game) (back, above bool) {
	switch {
	case t.onPath[g]:
		return true, false
	case t.drawn[g]:
		return false, true
	}
	t.onPath[g] = true
	if t.names[g] != "" {
		t.drawn[g] = true
	}
	return false, false
}

// pick returns s if ok, else "".
func pick(ok bool, s string) string {
	if ok {
		return s
	}
	return ""
}

func (t *treeDrawer) draw(b *strings.Builder, n treeNode, head, indent string) {
	g := n.game()
	b.WriteString(head)
	name := t.names[g]
	if g.Label != "" {
		b.WriteString("[" + g.Label + "] ")
	}
	if name != "" && name != g.Label {
		b.WriteString(name + ": ")
	}
	b.WriteString(n.summary())
	switch back, above := t.open(g); {
	case back:
		b.WriteString(", back to " + name + "\n")
		return
	case above:
		b.WriteString(", as above\n")
		return
	}
	b.WriteString("\n")
	left, right := n.options()
	all := len(left) + len(right)
	i := 0
	for side, opts := range [2][]treeNode{left, right} {
		for _, o := range opts {
			i++
			branch, more := "|-- ", "|   "
			if i == all {
				branch, more = "`-- ", "    "
			}
			t.draw(b, o, indent+branch+"BW"[side:side+1]+" ", indent+more)
		}
	}
	delete(t.onPath, g)
}

func (r *Result) game() *Game { return r.Game }

func (r *Result) options() (left, right []treeNode) {
	for _, o := range r.Left {
		left = append(left, o)
	}
	for _, o := range r.Right {
		right = append(right, o)
	}
	return left, right
}

// summary returns "13/4 (3/4) gote" for a node, "3 (5) ko" for a ko
// position and "4" for a leaf.
func (r *Result) summary() string {
	th := r.Thermograph
	switch {
	case r.Game.Value != nil:
		return th.Count.RatString()
	case r.Ko != nil:
		return th.Count.RatString() + " (" + th.Temperature.RatString() + ") ko: swing " + r.Ko.Swing.RatString() + ", tally " + strconv.Itoa(r.Ko.Tally)
	}
	return th.Count.RatString() + " (" + th.Temperature.RatString() + ") " + r.Class.String()
}

// A Report is the JSON-ready form of a Result: exact numbers as strings
// ("13/4", "-5"), walls as Wall.String formulas.
type Report struct {
	Label string `json:"label,omitempty"`
	// Name is the name of a position on a cycle, or of the root of a
	// graph with one, as Game.String names it.
	Name string `json:"name,omitempty"`
	// Count and MiaiValue are the mast value and the temperature.
	Count     string `json:"count"`
	MiaiValue string `json:"miai_value"`
	// Number reports a leaf or a node that equals a number.
	Number    bool   `json:"number"`
	LeftWall  string `json:"left_wall"`
	RightWall string `json:"right_wall"`
	// Classification is Class.String: "number", "gote", "black sente",
	// "white sente" or "double sente"; "ko" for a ko position.
	Classification string `json:"classification"`
	// BlackPlay and WhitePlay are PlayKind.String of each player's best
	// play ("gote", "sente", "reverse sente"), empty for a number; in a
	// ko, "ko move" for a play inside the cycle (a take or retake) and
	// "ko win" for one that ends it.
	BlackPlay string `json:"black_play,omitempty"`
	WhitePlay string `json:"white_play,omitempty"`
	// Swing and Tally are the ko's, for a ko position (Ko).
	Swing string `json:"swing,omitempty"`
	Tally int    `json:"tally,omitempty"`
	// BackTo is set where a line of play comes back to a position on it
	// (a ko): the position's name. AsAbove is set where another line
	// reaches a named position already reported: its name. Such reports
	// have no options.
	BackTo  string `json:"back_to,omitempty"`
	AsAbove string `json:"as_above,omitempty"`
	// Left and Right are the reports of Black's and White's options.
	Left  []*Report `json:"left,omitempty"`
	Right []*Report `json:"right,omitempty"`
}

// Report returns the JSON-ready report of r and everything below it. A
// subtree shared in the Game graph is reported wherever it occurs, but
// for the nodes that Game.String names (see Tree): a ko position that a
// line of play comes back to is reported once more with BackTo, and a
// named node that another line reaches again with AsAbove, both without
// their options.
func (r *Result) Report() *Report {
	return r.report(newTreeDrawer(r.Game))
}

func (r *Result) report(t *treeDrawer) *Report {
	nm := t.names
	th := r.Thermograph
	rep := &Report{
		Label:          r.Game.Label,
		Name:           nm[r.Game],
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
	if k := r.Ko; k != nil {
		rep.Classification, rep.Swing, rep.Tally = "ko", k.Swing.RatString(), k.Tally
		rep.BlackPlay, rep.WhitePlay = "ko move", "ko move"
		if r.KoIndex == len(k.Positions)-1 {
			rep.BlackPlay = "ko win"
		}
		if r.KoIndex == 0 {
			rep.WhitePlay = "ko win"
		}
	}
	if back, above := t.open(r.Game); back || above {
		rep.BackTo, rep.AsAbove = pick(back, nm[r.Game]), pick(above, nm[r.Game])
		return rep
	}
	for _, o := range r.Left {
		rep.Left = append(rep.Left, o.report(t))
	}
	for _, o := range r.Right {
		rep.Right = append(rep.Right, o.report(t))
	}
	delete(t.onPath, r.Game)
	return rep
}

// Kos returns the kos of the graph below r, each once, in the order their
// first position is met from r.
func (r *Result) Kos() []*Ko {
	var out []*Ko
	seenKo := map[*Ko]bool{}
	seen := map[*Result]bool{}
	var visit func(n *Result)
	visit = func(n *Result) {
		if seen[n] {
			return
		}
		seen[n] = true
		if n.Ko != nil && !seenKo[n.Ko] {
			seenKo[n.Ko] = true
			out = append(out, n.Ko)
		}
		for _, o := range n.Left {
			visit(o)
		}
		for _, o := range n.Right {
			visit(o)
		}
	}
	visit(r)
	return out
}
