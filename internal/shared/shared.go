// Package shared finds the project's shared data (the dev game set and the
// SGF corpus) for tests and benchmarks. The data lives beside the
// repository, in ../shared/data, or wherever GOEVAL_SHARED points.
package shared

import (
	"os"
	"path/filepath"
	"testing"
)

// Root returns the shared folder (holding data/), or "" if it is missing.
func Root() string {
	if d := os.Getenv("GOEVAL_SHARED"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			s := filepath.Join(dir, "..", "shared")
			if _, err := os.Stat(filepath.Join(s, "data")); err == nil {
				return s
			}
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Data returns the path of a file or folder under shared/data, skipping the
// test with a message if the shared data is not there.
func Data(tb testing.TB, elem ...string) string {
	tb.Helper()
	r := Root()
	if r == "" {
		tb.Skip("shared data not found: put it at ../shared/data beside the repository or set GOEVAL_SHARED")
	}
	return filepath.Join(append([]string{r, "data"}, elem...)...)
}

// DevGames returns the paths of the dev set's SGF files, sorted.
func DevGames(tb testing.TB) []string {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(Data(tb, "games", "dev"), "*.sgf"))
	if err != nil || len(files) == 0 {
		tb.Skipf("no dev games found (%v)", err)
	}
	return files
}
