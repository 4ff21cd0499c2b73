package cmdline

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"goeval/internal/interrupt"
)

func TestExit(t *testing.T) {
	const hint = "usage: goeval x FILE\nRun 'goeval x -h' for help.\n"
	for _, tc := range []struct {
		name string
		err  error
		code int
		out  string
	}{
		{"none", nil, 0, ""},
		{"help", fmt.Errorf("x: %w", ErrHelp), 0, ""},
		{"input", errors.New("f.sgf: no such file"), 1, "goeval: f.sgf: no such file\n"},
		{"usage", Usagef("invalid --n %d", 0), 2, "goeval: invalid --n 0\n" + hint},
		{"usage of its own", &UsageError{Msg: "bad", Synopsis: "goeval x y [flags]", Help: "x y"}, 2,
			"goeval: bad\nusage: goeval x y [flags]\nRun 'goeval x y -h' for help.\n"},
		{"interrupted", &interrupt.Error{Msg: "interrupted: kept"}, interrupt.Status(), "goeval: interrupted: kept\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w bytes.Buffer
			if code := Exit(&w, tc.err, hint); code != tc.code || w.String() != tc.out {
				t.Errorf("Exit = %d, printed %q; want %d, %q", code, w.String(), tc.code, tc.out)
			}
		})
	}
}
