package thermo

import (
	"fmt"
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
// Trees may share subtrees (a transposition is fine) but must not contain a
// cycle: Validate and Analyze reject one with ErrKo.
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
// "{ | 3}" and "{3 | }". Labels are not printed. A cycle prints as "<ko>" where it closes,
// so String terminates on any graph; a nil option prints as "<nil>".
func (g *Game) String() string {
	var b strings.Builder
	writeGame(&b, g, map[*Game]bool{})
	return b.String()
}

func writeGame(b *strings.Builder, g *Game, onPath map[*Game]bool) {
	switch {
	case g == nil:
		b.WriteString("<nil>")
		return
	case onPath[g]:
		b.WriteString("<ko>")
		return
	case g.Value != nil && len(g.Left) == 0 && len(g.Right) == 0:
		b.WriteString(g.Value.RatString())
		return
	}
	onPath[g] = true
	b.WriteString("{")
	writeSide(b, g.Left, onPath)
	b.WriteString(" | ")
	writeSide(b, g.Right, onPath)
	b.WriteString("}")
	delete(onPath, g)
}

func writeSide(b *strings.Builder, opts []*Game, onPath map[*Game]bool) {
	for i, o := range opts {
		if i > 0 {
			b.WriteString(", ")
		}
		writeGame(b, o, onPath)
	}
}

// Validate checks that g is a finite game tree: no nil options, no leaf with
// options, no cycle. A cycle is reported with ErrKo (which also matches
// ErrUnsupported), the others with ErrMalformed; the message names the path
// of options from the root, e.g. "root.L[0].R[1]".
func (g *Game) Validate() error {
	if g == nil {
		return fmt.Errorf("%w: nil game", ErrMalformed)
	}
	const (
		unseen = iota
		onPath
		done
	)
	state := map[*Game]int{}
	paths := map[*Game]string{}
	var visit func(n *Game, path string) error
	visit = func(n *Game, path string) error {
		switch state[n] {
		case done:
			return nil
		case onPath:
			return fmt.Errorf("%w: %s leads back to %s, which is a cycle in the game graph", ErrKo, path, paths[n])
		}
		if n.Value != nil && (len(n.Left) > 0 || len(n.Right) > 0) {
			return fmt.Errorf("%w: %s is a leaf (value %s) that also has options", ErrMalformed, path, n.Value.RatString())
		}
		state[n] = onPath
		paths[n] = path
		for side, opts := range [2][]*Game{n.Left, n.Right} {
			for i, o := range opts {
				p := fmt.Sprintf("%s.%c[%d]", path, "LR"[side], i)
				if o == nil {
					return fmt.Errorf("%w: %s is a nil option", ErrMalformed, p)
				}
				if err := visit(o, p); err != nil {
					return err
				}
			}
		}
		state[n] = done
		return nil
	}
	return visit(g, "root")
}
