package thermo

// Side names a player. Black is Left in CGT, White is Right.
type Side int

const (
	// Black is Left: the player whose options are Game.Left.
	Black Side = iota
	// White is Right: the player whose options are Game.Right.
	White
)

// String returns "Black" or "White".
func (s Side) String() string {
	if s == White {
		return "White"
	}
	return "Black"
}

// A SentePlay describes a sente play at a node, the answer it forces and the
// tree in which that answer is taken for granted.
type SentePlay struct {
	// Player plays the sente.
	Player Side
	// FollowUp is the node the sente play reaches; its temperature is
	// above the node's, which is what makes the play sente.
	FollowUp *Result
	// Reply is the opponent's answer at FollowUp: the option that defines
	// FollowUp's wall at the node's temperature.
	Reply *Result
	// Ignored are Player's options at FollowUp: the variations the answer
	// prevents, never reached in the count ("Miai Counting With Trees"' "-17").
	Ignored []*Game
	// Simplified is a copy of the node's tree with Ignored removed, so that
	// FollowUp keeps only the answering side's options. It is meant for
	// MiaiCount, which reads such a one-sided node as a forced answer
	// ("Miai Counting With Trees"'s "4 / C () / 3", count 3, miai value 1;
	// docs/estimators.md §5); Analyze reads a
	// one-sided node as a CGT number instead, so analyze the original tree,
	// whose thermograph already accounts for the sente.
	Simplified *Game
	// Ko is set when the sente gains nothing because Reply reaches a
	// position written as the one the opponent's own best play at the
	// node reaches (as Game.String writes them), which is how a ko comes
	// out when its retake is written as the end of the fight:
	// {{13 | -2} | -2}. It is the ko that the tree may have meant, the
	// answer taken as a retake: "A = {C | -2}; C = {13 | A}" for Black's
	// sente, with C holding Player's options at FollowUp, and
	// "A = {-2 | C}; C = {A | -13}" likewise for White's. Nil otherwise.
	Ko *Game
}

// Sente returns the node's sente plays: none for gote and numbers, one for
// black or white sente, both (Black's first) for double sente.
func (r *Result) Sente() []SentePlay {
	var out []SentePlay
	t := r.Thermograph.Temperature
	if r.Class.Left == Sente {
		f := r.LeftPlay
		p := SentePlay{
			Player:     Black,
			FollowUp:   f,
			Reply:      f.Right[bestOption(f.Right, t, false)],
			Ignored:    append([]*Game(nil), f.Game.Left...),
			Simplified: copyWithout(r.Game, f.Game, Black),
		}
		if p.Reply.Game.String() == r.RightPlay.Game.String() {
			a, c := &Game{Label: "A"}, &Game{Label: "C"}
			a.Left, a.Right = []*Game{c}, []*Game{r.RightPlay.Game}
			c.Left, c.Right = p.Ignored, []*Game{a}
			p.Ko = a
		}
		out = append(out, p)
	}
	if r.Class.Right == Sente {
		f := r.RightPlay
		p := SentePlay{
			Player:     White,
			FollowUp:   f,
			Reply:      f.Left[bestOption(f.Left, t, true)],
			Ignored:    append([]*Game(nil), f.Game.Right...),
			Simplified: copyWithout(r.Game, f.Game, White),
		}
		if p.Reply.Game.String() == r.LeftPlay.Game.String() {
			a, c := &Game{Label: "A"}, &Game{Label: "C"}
			a.Left, a.Right = []*Game{r.LeftPlay.Game}, []*Game{c}
			c.Left, c.Right = []*Game{a}, p.Ignored
			p.Ko = a
		}
		out = append(out, p)
	}
	return out
}

// copyWithout deep-copies g (keeping shared subtrees shared), dropping
// side's options of node cut.
func copyWithout(g, cut *Game, side Side) *Game {
	memo := map[*Game]*Game{}
	var copyNode func(*Game) *Game
	copyNode = func(n *Game) *Game {
		if c := memo[n]; c != nil {
			return c
		}
		c := &Game{Label: n.Label, Pos: n.Pos}
		if n.Value != nil {
			c.Value = cp(n.Value)
		}
		memo[n] = c
		if !(n == cut && side == Black) {
			for _, o := range n.Left {
				c.Left = append(c.Left, copyNode(o))
			}
		}
		if !(n == cut && side == White) {
			for _, o := range n.Right {
				c.Right = append(c.Right, copyNode(o))
			}
		}
		return c
	}
	return copyNode(g)
}
