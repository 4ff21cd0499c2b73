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
