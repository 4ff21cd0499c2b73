package movemodel

import (
	"cmp"
	"slices"

	"goeval/board"
)

// Harvest counts, over many positions, the 3x3 shapes of every legal
// move and the spatial patterns of the moves played, to build Tables.
type Harvest struct {
	// Shapes counts each canonical shape code among the candidates, and
	// ShapesPlayed among the moves played.
	Shapes, ShapesPlayed map[uint32]int
	// Patterns counts each pattern key (every size) among the moves
	// played.
	Patterns map[uint64]int
	// Positions counts the positions added.
	Positions int

	e *Extractor
}

// NewHarvest returns an empty Harvest.
func NewHarvest() *Harvest {
	return &Harvest{Shapes: map[uint32]int{}, ShapesPlayed: map[uint32]int{}, Patterns: map[uint64]int{}, e: NewExtractor(nil)}
}

// Add counts the position pos, where played (a legal move of the side to
// move, or board.Pass) was played.
func (h *Harvest) Add(pos Position, played board.Point) {
	b := pos.Board
	c := b.ToMove()
	e := h.e
	b.Chains(&e.cs)
	ko := b.Ko()
	for pi, v := range b.Cells() {
		p := board.Point(pi)
		if v != board.Empty || p == ko || !e.legal(b, p, c) {
			continue
		}
		code := e.shape(b, p, c)
		h.Shapes[code]++
		if p == played {
			h.ShapesPlayed[code]++
		}
	}
	if played >= 0 {
		var keys [numSizes]uint64
		PatternKeys(&keys, b, played, c)
		for _, k := range keys {
			h.Patterns[k]++
		}
	}
	h.Positions++
}

// Merge adds the counts of o to h.
func (h *Harvest) Merge(o *Harvest) {
	for k, n := range o.Shapes {
		h.Shapes[k] += n
	}
	for k, n := range o.ShapesPlayed {
		h.ShapesPlayed[k] += n
	}
	for k, n := range o.Patterns {
		h.Patterns[k] += n
	}
	h.Positions += o.Positions
}

// Tables returns the tables of the shapes seen at least minShape times
// among the candidates and the patterns played at least minPattern times,
// numbered from 1 in order of frequency (then of code or key, so that the
// numbering does not depend on map order).
func (h *Harvest) Tables(minShape, minPattern int) *Tables {
	t := &Tables{Shapes: map[uint32]uint32{}, Patterns: map[uint64]uint32{}}
	for i, k := range frequent(h.Shapes, minShape) {
		t.Shapes[k] = uint32(i + 1)
	}
	for i, k := range frequent(h.Patterns, minPattern) {
		t.Patterns[k] = uint32(i + 1)
	}
	return t
}

// frequent lists the keys counted at least min times, most frequent first.
func frequent[K cmp.Ordered](counts map[K]int, min int) []K {
	var keys []K
	for k, n := range counts {
		if n >= min {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b K) int {
		if c := cmp.Compare(counts[b], counts[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	return keys
}
