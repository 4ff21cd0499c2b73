package cmdline

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		args, pos []string
		n         int
		help, bad bool
	}{
		{args: []string{"a.sgf", "-n", "3", "b"}, pos: []string{"a.sgf", "b"}, n: 3},
		{args: []string{"-n", "2", "--", "-n", "x"}, pos: []string{"-n", "x"}, n: 2},
		{args: []string{"a", "-h"}, help: true},
		{args: []string{"--help"}, help: true},
		{args: []string{"-n", "2", "-h=false"}, n: 2},
		{args: []string{"-bogus"}, bad: true},
	} {
		var out strings.Builder
		fs := New(&out, "test", "usage text\n")
		n := fs.Int("n", 0, "a number")
		pos, err := Parse(fs, tc.args)
		switch {
		case tc.help:
			if !errors.Is(err, ErrHelp) || !strings.HasPrefix(out.String(), "usage text\n\nFlags:\n") || !strings.Contains(out.String(), "-n int") {
				t.Errorf("%q: err %v, printed %q; want the help", tc.args, err, out.String())
			}
		case tc.bad:
			if err == nil || errors.Is(err, ErrHelp) || out.Len() > 0 {
				t.Errorf("%q: err %v, printed %q; want a parse error, nothing printed", tc.args, err, out.String())
			}
		case err != nil || !slices.Equal(pos, tc.pos) || *n != tc.n:
			t.Errorf("%q: %q, n %d, err %v; want %q, n %d", tc.args, pos, *n, err, tc.pos, tc.n)
		}
	}
}
