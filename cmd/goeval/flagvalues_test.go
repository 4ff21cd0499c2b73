package main

import (
	"flag"
	"testing"
)

// TestFlagValues checks each flag value's one check: what it accepts and
// the words of its usage error.
func TestSizeFlag(t *testing.T) {
	s := addSizeFlag(flag.NewFlagSet("test", flag.ContinueOnError), "size", 9, "")
	for n, want := range map[int]string{1: "invalid --size 1 (want 2..25)", 2: "", 25: "", 30: "invalid --size 30 (want 2..25)"} {
		s.N = n
		if err := s.Check(); err == nil && want != "" || err != nil && err.Error() != want {
			t.Errorf("--size %d: Check() = %v, want %q", n, err, want)
		}
	}
}

func TestKomiFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		size int
		want string
	}{
		{nil, 9, ""},
		{nil, 2, "the default --komi 7.5 is more than the 4 points of the 2x2 board: give --komi"},
		{[]string{"--komi", "5"}, 2, "invalid --komi 5 (want a number from -4 to 4, the points of the 2x2 board)"},
		{[]string{"--komi", "NaN"}, 9, "invalid --komi NaN (want a number from -81 to 81, the points of the 9x9 board)"},
		{[]string{"--komi", "-4"}, 2, ""},
	} {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		k := addKomiFlag(fs, 7.5, "")
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		got := ""
		if err := k.check(tc.size); err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%v on %dx%d: check() = %q, want %q", tc.args, tc.size, tc.size, got, tc.want)
		}
	}
}
