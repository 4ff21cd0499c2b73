package records

import (
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"

	"goeval/board"
)

// ErrReference reports a malformed reference file.
var ErrReference = errors.New("compare: malformed reference")

// ReferenceFile is the name of the reference file that goeval's data sets
// keep beside their game records.
const ReferenceFile = "kata-reference.jsonl"

// RefPosition is one line of a reference file: a stronger program's
// evaluation of one position of one game.
type RefPosition struct {
	// File is the game record's base name, Game the game's number in it
	// (from 1; 1 when the line does not say), and Move the number of moves
	// of the main line played.
	File string `json:"file"`
	Game int    `json:"game"`
	Move int    `json:"move"`
	// ToMove is "B" or "W", and Komi the komi the evaluation assumed.
	ToMove string  `json:"to_move"`
	Komi   float64 `json:"komi"`
	// Lead is Black's expected final margin after komi, in points.
	Lead float64 `json:"lead"`
	// Winrate is Black's chance of winning.
	Winrate float64 `json:"winrate"`
	// Ownership holds the expected final owner of every point in map
	// order, from +1 (Black) to -1 (White).
	Ownership []float64 `json:"ownership"`
	// Line is where the position stands in its file, from 1.
	Line int `json:"-"`
}

// Area returns the reference's expected final area score, Black positive,
// before komi: its lead plus the komi it assumed.
func (p *RefPosition) Area() float64 { return p.Lead + p.Komi }

// Mismatch says why p cannot be the evaluation of a position with toMove
// to move and komi komi, the record's ("" when it can): the reference
// evaluated another side to move or another komi, so its lead and
// ownership are of another position. Such a line is left out, with a
// warning, by compare and tune.
func (p *RefPosition) Mismatch(toMove board.Color, komi float64) string {
	switch {
	case p.ToMove != "" && p.ToMove != toMove.String():
		return fmt.Sprintf("the reference has %s to move at move %d, the record %s", p.ToMove, p.Move, toMove)
	case math.Abs(p.Komi-komi) > 1e-9:
		return fmt.Sprintf("the reference assumed komi %v at move %d, the record has %v", p.Komi, p.Move, komi)
	}
	return ""
}

// Reference is a reference file's positions by game and move.
type Reference struct {
	// Name is the file's path, for messages.
	Name  string
	byKey map[refKey]*RefPosition
	list  []*RefPosition
}

type refKey struct {
	file       string
	game, move int
}

// Len returns the number of positions.
func (r *Reference) Len() int {
	if r == nil {
		return 0
	}
	return len(r.list)
}

// Positions returns the positions in file order. The caller must not
// modify them.
func (r *Reference) Positions() []*RefPosition {
	if r == nil {
		return nil
	}
	return r.list
}

// Lookup returns the reference's position after move moves of game game
// (from 1) of the record at path (by its base name), or nil.
func (r *Reference) Lookup(path string, game, move int) *RefPosition {
	if r == nil {
		return nil
	}
	return r.byKey[refKey{filepath.Base(path), game, move}]
}

// ReferenceThreshold is how sure the reference must be of a point's owner
// (|ownership| above it) for the point to count in the ownership metrics
// against the reference.
const ReferenceThreshold = 0.5

// ReadReference reads a reference file (see ParseReference).
func ReadReference(path string) (*Reference, error) { return readFile(path, ParseReference) }

// ParseReference reads a reference file: JSON Lines, one object per
// position with at least "file" (a base name), "move", "komi", "lead",
// "winrate" and "ownership" (size*size values in [-1, 1], in map order);
// "game" numbers the game in a file of several (1 when absent). Other
// fields ("to_move", "policy", ...) are ignored. Blank lines are skipped.
// Errors wrap ErrReference and say where: "ref.jsonl:12: compare: ...".
func ParseReference(name string, r io.Reader) (*Reference, error) {
	out := &Reference{Name: name, byKey: map[refKey]*RefPosition{}}
	err := jsonLines(name, r, ErrReference, func(line int, text []byte, bad func(string, ...any) error) error {
		var raw struct {
			RefPosition
			Move    *int     `json:"move"`
			Komi    *float64 `json:"komi"`
			Lead    *float64 `json:"lead"`
			Winrate *float64 `json:"winrate"`
		}
		if err := decodeLine(name, line, ErrReference, text, &raw, nil); err != nil {
			return err
		}
		p := raw.RefPosition
		p.Line = line
		if p.Game == 0 {
			p.Game = 1
		}
		if msg := baseName(p.File); msg != "" {
			return bad("%s", msg)
		}
		switch {
		case raw.Move == nil || *raw.Move < 0:
			return bad(`%s: no "move", or a negative one`, p.File)
		case raw.Komi == nil || raw.Lead == nil || raw.Winrate == nil:
			return bad(`%s move %d: "komi", "lead" and "winrate" are required`, p.File, *raw.Move)
		case p.Game < 0:
			return bad(`%s: "game" %d (want 1 or more)`, p.File, p.Game)
		}
		p.Move, p.Komi, p.Lead, p.Winrate = *raw.Move, *raw.Komi, *raw.Lead, *raw.Winrate
		where := fmt.Sprintf("%s game %d move %d", p.File, p.Game, p.Move)
		if !(p.Winrate >= 0 && p.Winrate <= 1) || math.IsNaN(p.Lead) || math.IsInf(p.Lead, 0) || math.IsNaN(p.Komi) || math.IsInf(p.Komi, 0) {
			return bad("%s: winrate %v, lead %v or komi %v out of range", where, p.Winrate, p.Lead, p.Komi)
		}
		size := int(math.Sqrt(float64(len(p.Ownership))) + 0.5)
		if size*size != len(p.Ownership) || board.ValidSize(size) != nil {
			return bad("%s: %d ownership values is not a board size's square", where, len(p.Ownership))
		}
		for i, v := range p.Ownership {
			if !(v >= -1 && v <= 1) {
				return bad("%s: ownership value %v at index %d (want -1 to 1)", where, v, i)
			}
		}
		k := refKey{p.File, p.Game, p.Move}
		if q := out.byKey[k]; q != nil {
			return bad("%s given twice (first on line %d)", where, q.Line)
		}
		out.byKey[k] = &p
		out.list = append(out.list, &p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
