// Package shared finds the project's shared data (the dev game set and the
// SGF corpus) for tests and benchmarks. The data lives beside the
// repository, in ../shared/data, or wherever GOEVAL_SHARED points.
//
// Go's test cache keys a test's result on the files it opens and stats
// inside the module, and on the environment variables it reads, but not
// on files outside the module, such as ../shared: a test that skipped
// for want of ../shared would stay skipped, from the cache, after the
// data was added. So the data beside the repository is looked for
// through the symbolic link internal/shared/data (to
// ../../../shared/data), a path inside the module whose stat changes when
// the data appears, and the test cache sees it (not changes to the files
// themselves: after changing them, `go test -count=1`). Where the link cannot be (a checkout without
// symbolic links), ../shared/data is looked for directly, and after
// adding it `go test -count=1 ./...` runs the skipped tests.
package shared

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Env is the environment variable that names the shared folder (the one
// holding data/) when it is not ../shared beside the repository.
const Env = "GOEVAL_SHARED"

// Root returns the shared folder (holding data/), or "" if it is missing.
// Where GOEVAL_SHARED names a folder without data/ it returns "" too;
// Data says why.
func Root() string {
	r, _ := find()
	return r
}

// find returns the shared folder, or "" and why it is missing.
func find() (string, string) {
	if d := os.Getenv(Env); d != "" {
		if fi, err := os.Stat(filepath.Join(d, "data")); err != nil || !fi.IsDir() {
			return "", fmt.Sprintf("%s=%s, but %s is not a folder: point it at the folder that holds data/games/dev and data/sgf-corpus, or unset it to use ../shared beside the repository",
				Env, d, filepath.Join(d, "data"))
		}
		return d, ""
	}
	mod := moduleRoot()
	if mod == "" {
		return "", "not run inside the repository"
	}
	// Through the link first: the test cache sees its stat (see the
	// package comment).
	for _, r := range []string{filepath.Join(mod, "internal", "shared"), filepath.Join(mod, "..", "shared")} {
		if fi, err := os.Stat(filepath.Join(r, "data")); err == nil && fi.IsDir() {
			// The folder itself, not the link: filepath.WalkDir does not
			// follow a link at its root.
			if d, err := filepath.EvalSymlinks(filepath.Join(r, "data")); err == nil {
				return filepath.Dir(d), ""
			}
			return r, ""
		}
	}
	return "", fmt.Sprintf("no shared data at %s (put it there, or set %s to the folder that holds data/)",
		filepath.Join(filepath.Dir(mod), "shared", "data"), Env)
}

// moduleRoot returns the folder of the go.mod above the working
// directory, or "".
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Data returns the path of a file or folder under shared/data. If the
// shared data is not beside the repository the test is skipped, saying
// where it was looked for; if GOEVAL_SHARED names a folder without it the
// test fails, saying so: the data was asked for.
func Data(tb testing.TB, elem ...string) string {
	tb.Helper()
	r, why := find()
	switch {
	case r == "" && os.Getenv(Env) != "":
		tb.Fatal(why)
	case r == "":
		tb.Skip(why)
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
