package thermo

import (
	"math/big"
	"strings"
)

// A Game is a node of a local game tree: Black's (Left's) options in Left,
// White's (Right's) in Right. A leaf has a non-nil Value, the count of the
// final position (Black positive), and no options. A node with Value nil is
// an internal node; it may have any number of options on either side,
// including none (see the package doc for what an empty side means).
//
// Label is free text for people (a move name, an SGF node name); the
// package only prints it. Pos is the byte offset of the node in the input
// given to Parse, and 0 for nodes built in code.
//
// Trees may share subtrees (a transposition is fine). A cycle is a ko: it
// must be one that the tally method counts (see the package doc), or
// Validate and Analyze reject it with a *CycleError.
type Game struct {
	Left, Right []*Game
	Value       *big.Rat
	Label       string
	Pos         int
}

// NewLeaf returns a leaf holding a copy of v. It panics if v is nil.
func NewLeaf(v *big.Rat) *Game {
	if v == nil {
		panic("thermo: NewLeaf of nil value")
	}
	return &Game{Value: new(big.Rat).Set(v)}
}

// IntLeaf returns a leaf of integer value n.
func IntLeaf(n int64) *Game { return &Game{Value: big.NewRat(n, 1)} }

// NewNode returns the internal node {left | right}. The slices are used as
// given, not copied.
func NewNode(left, right []*Game) *Game { return &Game{Left: left, Right: right} }

// IsLeaf reports whether g is a leaf, that is, whether it holds a Value.
func (g *Game) IsLeaf() bool { return g.Value != nil }

// String returns g in the notation Parse reads, with single bars and braces
// everywhere, e.g. "{4 | {3 | 2}}"; an empty side prints as nothing, as in
// "{ | 3}" and "{3 | }". Labels are not printed, but for a graph with a
// cycle (a ko), or with a node that two plays reach and whose Label is a
// name (as parsed from the named notation), which String writes in the
// named notation: such nodes, and the root, are defined by name, the root
// first, as in "A = {C | -2}; C = {13 | A}", each keeping its Label as its
// name where that is a name the notation accepts and no other node has it
// (else G for the root, P1, P2, ...). A nil option prints as "<nil>".
func (g *Game) String() string {
	var b strings.Builder
	nm := names(g)
	if nm == nil {
		writeGame(&b, g, nil, true)
		return b.String()
	}
	// Definitions in the order the names were given: first met from the
	// root, so the root first.
	var defs []*Game
	preorder(g, func(n *Game) {
		if nm[n] != "" {
			defs = append(defs, n)
		}
	})
	for i, n := range defs {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(nm[n] + " = ")
		writeGame(&b, n, nm, true)
	}
	return b.String()
}

// writeGame writes g; a node named in nm prints as its name, except at the
// top of its own definition.
func writeGame(b *strings.Builder, g *Game, nm map[*Game]string, top bool) {
	switch {
	case g == nil:
		b.WriteString("<nil>")
		return
	case !top && nm[g] != "":
		b.WriteString(nm[g])
		return
	case g.Value != nil && len(g.Left) == 0 && len(g.Right) == 0:
		b.WriteString(g.Value.RatString())
		return
	}
	b.WriteString("{")
	writeSide(b, g.Left, nm)
	b.WriteString(" | ")
	writeSide(b, g.Right, nm)
	b.WriteString("}")
}

func writeSide(b *strings.Builder, opts []*Game, nm map[*Game]string) {
	for i, o := range opts {
		if i > 0 {
			b.WriteString(", ")
		}
		writeGame(b, o, nm, false)
	}
}

// Validate checks that g is a game graph the package analyses: no nil
// options, no leaf with options, and no cycle but kos that the tally
// method counts (see the package doc). A cycle is reported with a
// *CycleError (which matches ErrKo and ErrUnsupported), the others with
// ErrMalformed; the message names the nodes by their labels or their path
// of options from the root, e.g. "root.L[0].R[1]". Whether a ko's numbers
// let it be counted (a positive swing, no end hotter than the ko) only
// Analyze finds out.
func (g *Game) Validate() error {
	_, err := inspect(g)
	return err
}
