package shared

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoevalShared: GOEVAL_SHARED naming a folder without data/ is
// refused with a message that says so, where before Root returned it and
// every test failed on "no such file"; one holding data/ is used.
func TestGoevalShared(t *testing.T) {
	good := t.TempDir()
	if err := os.Mkdir(filepath.Join(good, "data"), 0o755); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(t.TempDir(), "nowhere")
	for _, tt := range []struct {
		name, env, root, why string
	}{
		{"missing", missing, "", "GOEVAL_SHARED=" + missing + ", but " + filepath.Join(missing, "data") + " is not a folder"},
		{"without data", filepath.Dir(missing), "", "is not a folder"},
		{"good", good, good, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(Env, tt.env)
			r, why := find()
			if r != tt.root || !strings.Contains(why, tt.why) || (tt.why == "") != (why == "") {
				t.Errorf("find() = %q, %q; want %q, %q", r, why, tt.root, tt.why)
			}
			if got := Root(); got != tt.root {
				t.Errorf("Root() = %q, want %q", got, tt.root)
			}
		})
	}
}

// TestSharedData says in one line whether the tests that read the shared
// data run, and why not (go test -v ./internal/shared).
func TestSharedData(t *testing.T) {
	if r, why := find(); r == "" {
		t.Skip("the tests that read the dev games and the SGF corpus skip: " + why)
	} else {
		t.Log("the shared data is at " + filepath.Join(r, "data"))
	}
}
