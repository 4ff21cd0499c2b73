package cmdline

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestLooksLikeCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		arg  string
		want bool
	}{
		{"rank", true},
		{"tune-moves_2", true},
		{"", false},
		{"-h", false},
		{"game.sgf", false}, // a dot: a file name
		{file, false},       // a path
	} {
		if got := LooksLikeCommand(tc.arg); got != tc.want {
			t.Errorf("LooksLikeCommand(%q) = %v, want %v", tc.arg, got, tc.want)
		}
	}
	t.Chdir(dir)
	if LooksLikeCommand("game") {
		t.Errorf("LooksLikeCommand(%q) = true for a file that exists", "game")
	}
}

func TestSuggest(t *testing.T) {
	commands := []string{"compare", "help", "rank", "tune"}
	for _, tc := range []struct {
		name, want string
		ok         bool
	}{
		{"rnak", "rank", true},
		{"RANK", "rank", true},
		{"compre", "compare", true},
		{"fly", "", false},
		{"abcdef", "", false},
	} {
		got, ok := Suggest(tc.name, commands)
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("Suggest(%q) = %q, %v; want %q, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

// TestIsTerminal: /dev/null is a character device but not a terminal, nor
// is a buffer.
func TestIsTerminal(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer null.Close()
	if IsTerminal(null) || IsTerminal(&bytes.Buffer{}) {
		t.Errorf("%s or a buffer is taken for a terminal", os.DevNull)
	}
}
