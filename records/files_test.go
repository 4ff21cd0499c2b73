package records

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestUnique(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(wd, "testdata/tiny/a.sgf")
	got, dups := Unique([]string{"testdata/tiny/a.sgf", "testdata/tiny/b.sgf", "./testdata/tiny/a.sgf", abs, "testdata/tiny/b.sgf", "testdata/x/../tiny/c.sgf"})
	want := []Duplicate{{"./testdata/tiny/a.sgf", "testdata/tiny/a.sgf"}, {abs, "testdata/tiny/a.sgf"}, {"testdata/tiny/b.sgf", "testdata/tiny/b.sgf"}}
	if !slices.Equal(got, []string{"testdata/tiny/a.sgf", "testdata/tiny/b.sgf", "testdata/x/../tiny/c.sgf"}) || !slices.Equal(dups, want) {
		t.Errorf("Unique: %q, dropped %q", got, dups)
	}
}

// TestFileMessage: how a message about a file or a game of it is printed.
func TestFileErrorMessage(t *testing.T) {
	for _, c := range []struct {
		fe      FileError
		warning bool
		want    string
	}{
		{FileError{File: "a.sgf", Err: "a.sgf:1:2: sgf: bad"}, false, "a.sgf:1:2: sgf: bad"},
		{FileError{File: "a.sgf", Err: "no game"}, false, "a.sgf: no game"},
		{FileError{File: "a.sgf", Err: "no result"}, true, "a.sgf: warning: no result"},
		{FileError{File: "a.sgf (game 3)", Err: "a.sgf:7:20: sgf: bad"}, false, "a.sgf:7:20: game 3: sgf: bad"},
		{FileError{File: "a.sgf (game 3)", Err: "a.sgf: markup ignored"}, true, "a.sgf: game 3: markup ignored"},
		{FileError{File: "a.sgf (game 3)", Err: "l.jsonl:4: labels ignored"}, true, "a.sgf (game 3): warning: l.jsonl:4: labels ignored"},
	} {
		got := c.fe.Message()
		if c.warning {
			got = c.fe.Warning()
		}
		if got != c.want {
			t.Errorf("%+v (warning %v) = %q, want %q", c.fe, c.warning, got, c.want)
		}
	}
}

func TestLabelsIn(t *testing.T) {
	got := LabelsIn([]string{"testdata/tiny/a.sgf", "testdata", "testdata/tiny", "nosuch"})
	if want := []string{filepath.Join("testdata/tiny", LabelsFile)}; !slices.Equal(got, want) {
		t.Errorf("LabelsIn = %q, want %q", got, want)
	}
}

func TestMessages(t *testing.T) {
	got := Messages([]FileError{{File: "a.sgf", Err: "odd"}}, []FileError{{File: "b.sgf", Err: "bad"}, {File: "c.sgf", Err: "c.sgf:1:1: sgf: worse"}})
	if want := []string{"a.sgf: warning: odd", "b.sgf: bad", "c.sgf:1:1: sgf: worse"}; !slices.Equal(got, want) {
		t.Errorf("Messages = %q, want %q", got, want)
	}
}
