package cmdline

import (
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"goeval/internal/nearest"
)

// LooksLikeCommand reports whether the first argument is meant as a
// command: a word of letters, digits and dashes, not a flag and not a file
// that exists (a record may be named without .sgf).
func LooksLikeCommand(arg string) bool {
	if arg == "" || arg[0] == '-' {
		return false
	}
	for _, r := range arg {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	_, err := os.Stat(arg)
	return err != nil
}

// Suggest returns the one of commands nearest to name, in any case, when
// it is a slip of the keyboard away: at most one edit, or one in three
// letters of name (nearest.Word). It reports false when none is that near.
func Suggest(name string, commands []string) (string, bool) {
	best, d := nearest.Word(strings.ToLower(name), commands)
	return best, d <= max(1, len(name)/3)
}

// IsTerminal reports whether w is a terminal: not merely a character
// device, which /dev/null is too.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
