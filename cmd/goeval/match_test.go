package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestMatchUsage checks that goeval match refuses a komi that is not a
// number within the board's points and a timeout that is not positive,
// before any engine is started (the engines given here do not exist).
func TestMatchUsage(t *testing.T) {
	for _, tc := range []struct {
		flags []string
		want  string
	}{
		{[]string{"--komi", "NaN"}, "invalid --komi NaN (want a number from -361 to 361, the points of the 19x19 board)"},
		{[]string{"--komi", "1e300"}, "invalid --komi 1e+300 (want a number from -361 to 361"},
		{[]string{"--komi", "-Inf"}, "invalid --komi -Inf (want"},
		{[]string{"--size", "9", "--komi", "81.5"}, "invalid --komi 81.5 (want a number from -81 to 81, the points of the 9x9 board)"},
		// The default komi, 7.5, is more than a 2x2 board's 4 points: the
		// message says it was not given.
		{[]string{"--size", "2"}, "the default --komi 7.5 is more than the 4 points of the 2x2 board: give --komi"},
		{[]string{"--timeout", "0s"}, "invalid --timeout 0s (want a positive duration)"},
		{[]string{"--timeout", "-1s"}, "invalid --timeout -1s (want a positive duration)"},
		{[]string{"--sgf", "m.out", "-o", "./m.out"}, "--sgf m.out and -o ./m.out name one file"},
	} {
		var out, errb bytes.Buffer
		args := append([]string{"match", "--a", "x=/nonexistent/x", "--b", "y=/nonexistent/y"}, tc.flags...)
		code := run(args, strings.NewReader(""), &out, &errb)
		if code != 2 || !strings.HasPrefix(errb.String(), "goeval: "+tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2, %q", tc.flags, code, errb.String(), tc.want)
		}
	}
}
