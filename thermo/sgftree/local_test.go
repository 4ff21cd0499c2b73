package sgftree

import (
	"strings"
	"testing"
)

func TestLooksLikeNotation(t *testing.T) {
	for arg, want := range map[string]bool{
		"{4 | {3 | 2}}":              true,
		"-2":                         true,
		"A = {C | -2}; C = {13 | A}": true,
		"game.sgf":                   false,
		"testdata":                   false, // an existing file
		"":                           false,
		"notes":                      false,
		"a b = 3":                    false,
	} {
		if got := LooksLikeNotation(arg); got != want {
			t.Errorf("LooksLikeNotation(%q) = %v, want %v", arg, got, want)
		}
	}
}

func TestLoad(t *testing.T) {
	l, err := Load("{4 | {3 | 2}}", nil, 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s := l.Source(); s.Tree != "{4 | {3 | 2}}" || s.File != "" || l.Tree != nil {
		t.Errorf("notation: source %+v, tree %v", s, l.Tree)
	}
	_, err = Load("-", strings.NewReader("{4 |\n  {3 | 2}"), 1, Options{})
	if err == nil || !strings.HasSuffix(err.Error(), "\n  {4 |\n  ^") {
		t.Errorf("unbalanced notation on stdin: error %v, want one with a caret", err)
	}
	l, err = Load("-", strings.NewReader("(;SZ[5];B[aa]V[3];W[bb]V[-1])"), 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if l.Tree == nil || l.File != "<stdin>" || l.Index != 1 || l.Source().ByV == 0 {
		t.Errorf("SGF on stdin: %+v, source %+v", l, l.Source())
	}
}
