package sgftree

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"goeval/control"
	"goeval/sgf"
	"goeval/thermo"
)

// A Local is a local tree as a command gives it (Load), and where it came
// from.
type Local struct {
	Game *thermo.Game
	// File is the SGF file's name, "" for notation; Index the game of its
	// collection.
	File  string
	Index int
	// Tree is the tree read from SGF, nil for notation.
	Tree     *Tree
	Warnings []sgf.Warning
}

// Load reads arg as a local tree: notation (LooksLikeNotation), the SGF
// file it names, or with arg "-", stdin holding either (SGF when it starts
// with '('). Of an SGF collection it reads game k, from 1. A syntax error
// in notation shows the line of the input with a caret under the place.
func Load(arg string, stdin io.Reader, k int, opt Options) (*Local, error) {
	var c *sgf.Collection
	var err error
	switch {
	case arg == "-":
		b, err := sgf.ReadData("<stdin>", stdin)
		if err != nil {
			return nil, err
		}
		if t := strings.TrimSpace(string(b)); !strings.HasPrefix(t, "(") {
			return parseNotation(t)
		}
		c, err = sgf.Parse("<stdin>", b)
		if err != nil {
			return nil, err
		}
	case LooksLikeNotation(arg):
		return parseNotation(arg)
	default:
		if c, err = sgf.ReadFile(arg); err != nil {
			return nil, err
		}
	}
	g, err := c.Game(k)
	if err != nil {
		return nil, err
	}
	t, err := Read(g, opt)
	if err != nil {
		return nil, err
	}
	return &Local{Game: t.Game, File: c.Name, Index: k, Tree: t, Warnings: g.Warnings}, nil
}

// LooksLikeNotation reports whether arg is a tree rather than a file name:
// not an existing file, not named *.sgf, and starting with '{', a number or
// a name followed by '=' (the named notation).
func LooksLikeNotation(arg string) bool {
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
func parseNotation(src string) (*Local, error) {
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
	return &Local{Game: g}, nil
}

// Source says where the tree came from, for thermo's writers.
func (l *Local) Source() thermo.Source {
	s := thermo.Source{Tree: l.Game.String(), File: l.File, Game: l.Index}
	if t := l.Tree; t != nil {
		s.ByV, s.ByEstimator = t.ByV, t.ByEstimator
		if t.Estimator != nil {
			s.Estimator, s.Params = t.Estimator.Name(), control.FormatParams(t.Estimator.Params())
		}
	}
	for _, w := range l.Warnings {
		s.Warnings = append(s.Warnings, w.String())
	}
	return s
}
