package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"goeval/internal/version"
)

// gnugoPath returns GNU Go's path, or "" if it is not installed.
func gnugoPath() string {
	if p, err := exec.LookPath("gnugo"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/gnugo"); err == nil {
		return "/usr/games/gnugo"
	}
	return ""
}

// answers splits a GTP transcript into its answers.
func answers(out string) []string {
	return strings.Split(strings.TrimSuffix(out, "\n\n"), "\n\n")
}

// TestGTPSameFormAsGnuGo runs one script through "gnugo --mode gtp" and
// "goeval gtp" and checks that both answer in the same form: loadsgf the
// colour to move, estimate_score "W+3.5 (upper bound: U, lower: L)" with
// L <= the estimate <= U in GNU Go's White-positive sign, final_score
// "W+3.5", final_status_list one string of vertices a line. The position
// is a 9x9 game at move 40, so that GNU Go (at level 1) answers in a
// fraction of a second; on the 19x19 example at move 150 it takes a
// minute and a half.
func TestGTPSameFormAsGnuGo(t *testing.T) {
	gnugo := gnugoPath()
	if gnugo == "" {
		t.Skip("gnugo is not installed (apt-get install gnugo): the GTP answers are not compared with GNU Go's")
	}
	script := strings.Join([]string{
		"loadsgf ../../testdata/example9.sgf 41",
		"estimate_score",
		"final_score",
		"final_status_list dead",
		"final_status_list alive",
		"quit",
	}, "\n") + "\n"
	forms := []*regexp.Regexp{
		regexp.MustCompile(`^= (black|white)$`),
		regexp.MustCompile(`^= (0|[BW]\+\d+\.\d) \(upper bound: (-?\d+\.\d), lower: (-?\d+\.\d)\)$`),
		regexp.MustCompile(`^= (0|[BW]\+\d+(\.\d)?)$`),
		regexp.MustCompile(`^= ([A-HJ-T]\d+( [A-HJ-T]\d+)*(\n[A-HJ-T]\d+( [A-HJ-T]\d+)*)*)?$`),
		regexp.MustCompile(`^= ([A-HJ-T]\d+( [A-HJ-T]\d+)*(\n[A-HJ-T]\d+( [A-HJ-T]\d+)*)*)?$`),
		regexp.MustCompile(`^= $`),
	}

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, gnugo, "--mode", "gtp", "--level", "1")
	cmd.Stdin = strings.NewReader(script)
	var gout bytes.Buffer
	cmd.Stdout = &gout
	if err := cmd.Run(); err != nil {
		t.Fatalf("gnugo: %v", err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"gtp"}, strings.NewReader(script), &out, &errb); code != 0 {
		t.Fatalf("goeval gtp: exit %d: %s", code, errb.String())
	}

	engines := map[string][]string{"gnugo": answers(gout.String()), "goeval": answers(out.String())}
	for name, got := range engines {
		if len(got) != len(forms) {
			t.Fatalf("%s: %d answers, want %d:\n%s", name, len(got), len(forms), strings.Join(got, "\n\n"))
		}
		for i, re := range forms {
			if !re.MatchString(got[i]) {
				t.Errorf("%s: answer %d %q is not of the form %s", name, i+1, got[i], re)
			}
		}
		if m := forms[1].FindStringSubmatch(got[1]); m != nil {
			est := whitePositive(t, m[1])
			up, _ := strconv.ParseFloat(m[2], 64)
			lo, _ := strconv.ParseFloat(m[3], 64)
			if !(lo <= est && est <= up) {
				t.Errorf("%s: %s is not between the bounds (White positive)", name, got[1])
			}
		}
		t.Logf("%s: %q", name, got[:3])
	}
	if g, e := engines["gnugo"][0], engines["goeval"][0]; g != e {
		t.Errorf("loadsgf: GNU Go answers %q, goeval %q", g, e)
	}
}

// whitePositive reads "W+3.5", "B+1.0" or "0" as a White-positive number.
func whitePositive(t *testing.T, s string) float64 {
	t.Helper()
	if s == "0" {
		return 0
	}
	v, err := strconv.ParseFloat(s[2:], 64)
	if err != nil {
		t.Fatal(err)
	}
	if s[0] == 'B' {
		return -v
	}
	return v
}

// TestGTPCommand checks the command line of goeval gtp: the session
// answers, its help, and its usage errors.
func TestGTPCommand(t *testing.T) {
	var out, errb bytes.Buffer
	in := strings.NewReader("1 name\n2 list_commands\n3 gogui-analyze_commands\n4 boardsize 9\n5 genmove b\nquit\n")
	if code := run([]string{"gtp", "--estimator", "propagate", "--workers", "1"}, in, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	got := answers(out.String())
	if len(got) != 6 || got[0] != "=1 goeval" || !strings.Contains(got[1], "\nkata-analyze\n") ||
		!strings.Contains(got[2], "dboard/Ownership lambda-kappa/goeval-ownership-lambda-kappa") || got[3] != "=4 " ||
		!regexp.MustCompile(`^=5 [A-HJ]\d$`).MatchString(got[4]) {
		t.Errorf("session:\n%s", out.String())
	}
	code, help, _ := goeval(t, "gtp", "-h")
	for _, want := range []string{"loadsgf FILE [N]", "kata-analyze", "-estimator", "-workers", "-boardsize", "gogui-analyze_commands"} {
		if code != 0 || !strings.Contains(help, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"gtp", "extra"}, "takes no arguments"},
		{[]string{"gtp", "--boardsize", "30"}, "invalid --boardsize 30 (want 2..25)"},
		{[]string{"gtp", "--estimator", "nope"}, `invalid --estimator "nope"`},
	} {
		if code, _, stderr := goeval(t, tc.args...); code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, %q", tc.args, code, stderr)
		}
	}
}

// TestVersion checks what --version and GTP's version say, from the build
// information the go command records.
func TestVersionCommands(t *testing.T) {
	code, out, _ := goeval(t, "--version")
	if code != 0 || out != version.Line(version.String())+"\n" {
		t.Errorf("--version: exit %d, %q", code, out)
	}
	var gtpOut bytes.Buffer
	if code := run([]string{"gtp", "--estimator", "stones"}, strings.NewReader("version\n"), &gtpOut, io.Discard); code != 0 || gtpOut.String() != "= "+version.String()+"\n\n" {
		t.Errorf("GTP version: exit %d, %q", code, gtpOut.String())
	}
}

// TestGTPLoadsgfWarns checks that goeval gtp shows loadsgf's warnings on
// standard error, as the root command shows the SGF reader's.
func TestGTPLoadsgfWarns(t *testing.T) {
	file := t.TempDir() + "/open.sgf"
	if err := os.WriteFile(file, []byte("(;GM[1]FF[4]SZ[9];B[cc];W[dd]"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"gtp", "--estimator", "stones"}, strings.NewReader("loadsgf "+file+"\n"), &out, &errb); code != 0 || out.String() != "= black\n\n" {
		t.Fatalf("exit %d, answers %q, stderr %q", code, out.String(), errb.String())
	}
	if want := "goeval: " + file + ":1:1: sgf: warning: the game tree opened here is not closed"; !strings.HasPrefix(errb.String(), want) {
		t.Errorf("stderr %q, want %q...", errb.String(), want)
	}
}
