package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchUsage checks that goeval match refuses a komi that is not a
// number within the board's points and a timeout that is not positive,
// before any engine is started (the engines given here do not exist).
func TestMatchUsage(t *testing.T) {
	for _, tc := range []struct {
		flags []string
		want  string
	}{
		{[]string{"--komi", "NaN"}, "invalid --komi NaN (want a number from -361 to 361, the points of the 19x19 board)"},
		{[]string{"--komi", "1e300"}, "invalid --komi 1e+300 (want a number from -361 to 361"},
		{[]string{"--komi", "-Inf"}, "invalid --komi -Inf (want"},
		{[]string{"--size", "9", "--komi", "81.5"}, "invalid --komi 81.5 (want a number from -81 to 81, the points of the 9x9 board)"},
		// The default komi, 7.5, is more than a 2x2 board's 4 points: the
		// message says it was not given.
		{[]string{"--size", "2"}, "the default --komi 7.5 is more than the 4 points of the 2x2 board: give --komi"},
		{[]string{"--size", "1"}, "invalid --size 1 (want 2..25)"},
		{[]string{"--size", "26", "--komi", "0"}, "invalid --size 26 (want 2..25)"},
		{[]string{"--timeout", "0s"}, "invalid --timeout 0s (want a positive duration)"},
		{[]string{"--timeout", "-1s"}, "invalid --timeout -1s (want a positive duration)"},
		{[]string{"--sgf", "m.out", "-o", "./m.out"}, "--sgf m.out and -o ./m.out name one file"},
	} {
		var out, errb bytes.Buffer
		args := append([]string{"match", "--a", "x=/nonexistent/x", "--b", "y=/nonexistent/y"}, tc.flags...)
		code := run(args, strings.NewReader(""), &out, &errb)
		if code != 2 || !strings.HasPrefix(errb.String(), "goeval: "+tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2, %q", tc.flags, code, errb.String(), tc.want)
		}
	}
}

// passingEngine writes a GTP engine in sh that passes at every genmove
// and scores every game B+1.5, and returns NAME=COMMAND for it: each
// game of a match between two of them is two passes.
func passingEngine(t *testing.T, name string) string {
	t.Helper()
	script := filepath.Join(t.TempDir(), "engine.sh")
	src := `while read -r cmd arg rest; do
  case "$cmd" in
    protocol_version) printf '= 2\n\n' ;;
    genmove) printf '= pass\n\n' ;;
    final_score) printf '= B+1.5\n\n' ;;
    quit) printf '= \n\n'; exit 0 ;;
    *) printf '= \n\n' ;;
  esac
done
`
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return name + "=sh " + script
}

// TestMatchInterrupted interrupts goeval match after its second game of
// five: -o FILE and --sgf GAMES are left as they were, the two games
// finished go to FILE.partial-N and GAMES.partial-N, which the message
// names, and the exit status is 130. Interrupted before a game is
// finished, it writes nothing and says so.
func TestMatchInterrupted(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh for the fake engine")
	}
	dir := t.TempDir()
	table, games := filepath.Join(dir, "table.txt"), filepath.Join(dir, "games.sgf")
	const oldTable, oldGames = "the old table\n", "(;GM[1]SZ[9];B[ee])\n"
	for f, s := range map[string]string{table: oldTable, games: oldGames} {
		if err := os.WriteFile(f, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{"match", "--size", "9", "--komi", "7", "--games", "5", "--a", passingEngine(t, "a"), "--b", passingEngine(t, "b"),
		"--scorer", passingEngine(t, "s"), "-o", table, "--sgf", games}
	code, stdout, stderr := interruptAt(t, "game 2 of 5", args...)
	if code != 130 || stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
	for f, s := range map[string]string{table: oldTable, games: oldGames} {
		if data, err := os.ReadFile(f); err != nil || string(data) != s {
			t.Errorf("%s: %q (%v), want it as it was, %q", f, data, err, s)
		}
	}
	partial := func(f string) string {
		t.Helper()
		m, _ := filepath.Glob(f + ".partial-*")
		if len(m) != 1 {
			t.Fatalf("%s.partial-*: %q, want one file", f, m)
		}
		data, err := os.ReadFile(m[0])
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(stderr, m[0]) {
			t.Errorf("the message does not name %s:\n%s", m[0], stderr)
		}
		return string(data)
	}
	// Two games of two passes each, Black winning by 1.5 on the scorer's
	// word; a takes Black in the first, b in the second.
	wantSGF := "(;GM[1]FF[4]CA[UTF-8]AP[goeval match]SZ[9]KM[7]RU[Chinese]PB[a]PW[b]RE[B+1.5]\n;B[];W[])\n" +
		"(;GM[1]FF[4]CA[UTF-8]AP[goeval match]SZ[9]KM[7]RU[Chinese]PB[b]PW[a]RE[B+1.5]\n;B[];W[])\n"
	if got := partial(games); got != wantSGF {
		t.Errorf("the games kept:\n%s\nwant\n%s", got, wantSGF)
	}
	if got := partial(table); !strings.Contains(got, "\n2 games on 9x9, komi 7 (interrupted):\n") ||
		!strings.Contains(got, "a: won 1 of 2 (1 of 1 with Black, 0 of 1 with White)") {
		t.Errorf("the table kept:\n%s", got)
	}
	if !strings.Contains(stderr, "goeval: interrupted: 2 of 5 games played; the games kept in "+games+".partial-") ||
		!strings.Contains(stderr, "; "+games+" is as it was; the table kept in "+table+".partial-") ||
		!strings.HasSuffix(stderr, "; "+table+" is as it was\n") {
		t.Errorf("the message:\n%s", stderr)
	}

	// Interrupted from the start: nothing is written.
	interruptedFromTheStart(t)
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	if code != 130 || out.Len() != 0 || errb.String() != "goeval: interrupted: 0 of 5 games played; "+games+" is as it was; "+table+" is as it was\n" {
		t.Errorf("interrupted at once: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.partial-*")); len(m) != 2 {
		t.Errorf("files beside the outputs: %q, want the two of the first run", m)
	}
}
