package peer

import (
	"flag"
	"io"
	"slices"
	"testing"
)

func TestSpecs(t *testing.T) {
	var s Specs
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(&s, "peer", "engines")
	if err := fs.Parse([]string{"--peer", " gnugo =gnugo --mode gtp", "--peer", `k=sh -c "echo 'a b'"`}); err != nil {
		t.Fatal(err)
	}
	if len(s) != 2 || s[0].Name != "gnugo" || !slices.Equal(s[0].Argv, []string{"gnugo", "--mode", "gtp"}) ||
		s[1].Name != "k" || !slices.Equal(s[1].Argv, []string{"sh", "-c", "echo 'a b'"}) {
		t.Errorf("Specs = %q", s)
	}
	for _, bad := range []string{"gnugo", "=gnugo", " =gnugo", "gnugo=", "gnugo=  ", `g="unclosed`} {
		if err := s.Set(bad); err == nil {
			t.Errorf("Set(%q) took it", bad)
		}
	}
	if len(s) != 2 || s.String() != "" {
		t.Errorf("after bad values: %q, String %q", s, s.String())
	}
}
