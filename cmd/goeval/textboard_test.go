package main

import (
	"strings"
	"testing"
)

// TestBoardFlagsEverywhere checks that every command that draws a board
// takes the same board flags, that --color shades the text boards of rank
// and values too, and that every text board says under it what its
// symbols mean, with the estimator beside the score.
func TestBoardFlagsEverywhere(t *testing.T) {
	for _, cmd := range [][]string{{}, {"rank"}, {"values"}} {
		name := strings.Join(append([]string{"goeval"}, cmd...), " ")
		_, help, _ := goeval(t, append(cmd, "-h")...)
		for _, f := range []string{"-color", "-palette", "-size", "-format", "-o ", "-move", "-game", "-estimator"} {
			if !strings.Contains(help, "\n  "+f) {
				t.Errorf("%s has no %s", name, f)
			}
		}
		args := append(cmd, "--estimator", "stones", "--move", "20", example)
		code, plain, stderr := goeval(t, args...)
		if code != 0 || strings.Contains(plain, "\x1b[") {
			t.Fatalf("%s: exit %d, ANSI escapes without --color: %v (%s)", name, code, strings.Contains(plain, "\x1b["), stderr)
		}
		_, ansi, _ := goeval(t, append(args, "--color", "always")...)
		if !strings.Contains(ansi, "\x1b[48;5;") || !strings.Contains(ansi, "●") {
			t.Errorf("%s --color always: no grey backgrounds or discs:\n%s", name, ansi)
		}
		if code, _, stderr := goeval(t, append(args, "--color", "sometimes")...); code != 2 || !strings.Contains(stderr, `invalid --color "sometimes" (want auto, always, never)`) {
			t.Errorf("%s --color sometimes: exit %d, %s", name, code, stderr)
		}
		if !strings.Contains(plain, "score by stones: ") && !strings.Contains(plain, "score now by stones: ") {
			t.Errorf("%s does not name the estimator beside the score:\n%s", name, plain)
		}
	}
	_, out, _ := goeval(t, "rank", "--estimator", "stones", "--move", "20", example)
	if want := "X O: stones, (X) the last move; a..z without o, x: the best 24 moves for Black by the move model, a first; ×: the worst 26\n"; !strings.Contains(out, "    A B C D E F G H J K L M N O P Q R S T\n"+want) {
		t.Errorf("rank's board is not followed by its legend %q:\n%s", want, out)
	}
	_, out, _ = goeval(t, "values", "--estimator", "stones", "--move", "20", example)
	if want := "X O: stones, (X) the last move; numbers: the miai value of a play there, rounded; b: only Black may play, w: only White\n"; !strings.Contains(out, want) {
		t.Errorf("values' board lacks its legend %q:\n%s", want, out)
	}
	_, out, _ = goeval(t, "rank", "--estimator", "stones", "--move", "20", "--color", "always", example)
	if want := "● stones (black and white discs), ◉ the last move; a..z without o, x"; !strings.Contains(out, want) || !strings.Contains(out, "greys: the control map by stones") {
		t.Errorf("rank --color always: legend lacks %q or the greys:\n%s", want, out)
	}
}
