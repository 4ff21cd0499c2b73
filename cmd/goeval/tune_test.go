package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"goeval/judge"
	"goeval/match"
	"goeval/movemodel"
	"goeval/predict"
	"goeval/thermo"
	"goeval/tune"
)

const tinySet = "../../records/testdata/tiny"

// tinyGood is the tiny set's good records (not broken.sgf, cut short) with
// its labels, as arguments of goeval tune.
var tinyGood = []string{"--labels", tinySet + "/final-ownership.jsonl", tinySet + "/a.sgf", tinySet + "/b.sgf", tinySet + "/c.sgf"}

func TestTuneExitCodes(t *testing.T) {
	checkExits(t, []exitCase{
		{"no records", nil, 2, "no game records given"},
		{"bad stride", []string{"--stride", "0", tinySet}, 2, "invalid --stride 0 (want 1 or more)"},
		{"bad folds", []string{"--folds", "0", tinySet}, 2, "invalid --folds 0 (want 1 or more)"},
		{"bad l2", []string{"--l2", "-1", tinySet}, 2, "invalid --l2 -1 (want more than 0)"},
		{"bad workers", []string{"--workers", "-1", tinySet}, 2, "invalid --workers -1"},
		{"bad lambda", []string{"--lambda", "1", tinySet}, 2, "invalid --lambda 1 (want 0 to 1, less than 1)"},
		{"bad late lambda", []string{"--late-lambda", "1.5", tinySet}, 2, "invalid --late-lambda 1.5 (want 0 to 1, less than 1)"},
		{"bad kappa", []string{"--kappa", "-0.1", tinySet}, 2, "invalid --kappa -0.1 (want 0 to 1)"},
		{"bad late dead-at", []string{"--late-dead-at", "1", tinySet}, 2, "invalid --late-dead-at 1 (want more than 0 and less than 1)"},
		{"bad playouts", []string{"--playouts", "-1", tinySet}, 2, "invalid --playouts -1"},
		{"bad late-from", []string{"--late-from", "2", tinySet}, 2, "invalid --late-from 2 (want 0 to 1)"},
		{"no labels", []string{"--labels", "none", tinySet}, 2, "no labels"},
		{"bad counted weight", []string{"--counted-weight", "-1", tinySet}, 2, "invalid --counted-weight -1 (want 0 or more)"},
		{"labels and reference", []string{"--labels", "x", "--reference", "y", tinySet}, 2, "--labels and --reference: give one"},
		{"bad reference", []string{"--reference", tinySet + "/a.sgf", tinySet}, 1, "malformed reference"},
	}, "tune")
	checkExits(t, []exitCase{
		{"bad workers", []string{"--workers", "-1", tinySet}, 2, "invalid --workers -1"},
		{"bad tolerance", []string{"--tolerance", "-1", tinySet}, 2, "invalid --tolerance -1 (want more than 0)"},
		// Fit would take 0 for its default, 1e-4.
		{"zero tolerance", []string{"--tolerance", "0", tinySet}, 2, "invalid --tolerance 0 (want more than 0)"},
		{"its own usage", []string{"--every", "0", tinySet}, 2, "usage: goeval tune moves [flags] PATH...\nRun 'goeval tune moves -h' for help.\n"},
	}, "tune", "moves")
}

// TestTuneLateLambda: --lambda alone sets both models' λ, --late-lambda
// the late model's, and the shipped late λ is the default; the same for
// --dead-at and --late-dead-at.
func TestTuneLateLambda(t *testing.T) {
	dir := t.TempDir()
	def := judge.Default()
	for _, c := range []struct {
		name                string
		args                []string
		early, late         float64
		earlyDead, lateDead float64
	}{
		{"defaults", nil, def.Lambda, def.Late.Lambda, def.DeadAt, def.Late.DeadAt},
		{"lambda", []string{"--lambda", "0.4"}, 0.4, 0.4, def.DeadAt, def.Late.DeadAt},
		{"both", []string{"--lambda", "0.4", "--late-lambda", "0.5"}, 0.4, 0.5, def.DeadAt, def.Late.DeadAt},
		{"dead-at", []string{"--dead-at", "0.3"}, def.Lambda, def.Late.Lambda, 0.3, 0.3},
		{"both dead-at", []string{"--dead-at", "0.3", "--late-dead-at", "0.6"}, def.Lambda, def.Late.Lambda, 0.3, 0.6},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(dir, c.name+".json")
			args := append([]string{"tune", "--folds", "1", "--stride", "2", "--late-from", "0.01", "--playouts", "0", "--write", out}, c.args...)
			if code, _, stderr := goeval(t, append(args, tinyGood...)...); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			p, err := judge.ParseParams(data)
			if err != nil {
				t.Fatal(err)
			}
			if p.Late == nil || p.Lambda != c.early || p.Late.Lambda != c.late {
				t.Fatalf("λ early %v, late %+v; want %v and %v", p.Lambda, p.Late, c.early, c.late)
			}
			if p.DeadAt != c.earlyDead || p.Late.DeadAt != c.lateDead {
				t.Errorf("dead-at early %v, late %v; want %v and %v", p.DeadAt, p.Late.DeadAt, c.earlyDead, c.lateDead)
			}
		})
	}
}

// TestTuneReference fits on the tiny set's reference with two folds and
// prints the cross-validated rows against it.
func TestTuneReference(t *testing.T) {
	out := filepath.Join(t.TempDir(), "p.json")
	code, stdout, stderr := goeval(t, "tune", "--reference", "../../records/testdata/tiny-reference.jsonl", "--folds", "2", "--moves", "4",
		"--late-from", "0", "--playouts", "0", "--write", out, tinySet+"/a.sgf", tinySet+"/b.sgf", tinySet+"/c.sgf")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"Trained on 5 positions", "evaluated by ../../records/testdata/tiny-reference.jsonl",
		"band n holds the positions from move n-10 to n+10", "lead MAE ± s.e.", "Parameters written to"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if _, err := judge.ReadParams(out); err != nil {
		t.Error(err)
	}
}

// TestTuneBadFiles: a labelled record cut short (a copy of a.sgf), an
// unlabelled one (broken.sgf) and a resigned one with an illegal move are
// each listed with the reason, the fit goes on with the good games and
// writes its parameters, and the exit status says that some files could
// not be used.
func TestTuneBadFiles(t *testing.T) {
	dir := t.TempDir()
	a, err := os.ReadFile(tinySet + "/a.sgf")
	if err != nil {
		t.Fatal(err)
	}
	trunc, illegal := filepath.Join(dir, "a.sgf"), filepath.Join(dir, "b.sgf")
	if err := os.WriteFile(trunc, a[:60], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(illegal, []byte("(;GM[1]FF[4]SZ[5]KM[0.5]RE[B+R];B[cc];W[cc])"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "p.json")
	code, stdout, stderr := goeval(t, "tune", "--workers", "1", "--folds", "1", "--stride", "2", "--late-from", "0", "--playouts", "0",
		"--write", out, tinySet, trunc, illegal)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	for _, want := range []string{trunc + ":1:35: sgf: unterminated", "broken.sgf", illegal + ":1:39: sgf: illegal move 2", "3 files could not be used"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "job ") {
		t.Errorf("stderr has the pool's job number:\n%s", stderr)
	}
	if !strings.Contains(stdout, "Trained on 5 positions") {
		t.Errorf("no fit on the good games:\n%s", stdout)
	}
	if _, err := judge.ReadParams(out); err != nil {
		t.Error(err)
	}
}

// TestTuneInterrupted: Ctrl-C during the fit says so and exits 130, and
// leaves an existing --write file as it was.
func TestTuneInterrupted(t *testing.T) {
	interruptedFromTheStart(t)
	out := filepath.Join(t.TempDir(), "p.json")
	if err := os.WriteFile(out, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := goeval(t, append([]string{"tune", "--folds", "1", "--write", out}, tinyGood...)...)
	if code != 130 || !strings.HasSuffix(stderr, "goeval: interrupted before the fit finished: no parameters written\n") || stdout != "" {
		t.Errorf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
	if data, err := os.ReadFile(out); err != nil || string(data) != "old" {
		t.Errorf("--write file now %q (%v), want it as it was", data, err)
	}
}

// TestTuneWriteCheckedFirst: a --write path that cannot be written is
// refused before the games are read, by tune and by tune moves.
func TestTuneWriteCheckedFirst(t *testing.T) {
	out := filepath.Join(t.TempDir(), "none", "p.json")
	for _, args := range [][]string{
		append([]string{"tune", "--folds", "1", "--write", out}, tinyGood...),
		{"tune", "moves", "--write", out, tinySet + "/a.sgf"},
	} {
		code, stdout, stderr := goeval(t, args...)
		if code != 1 || stderr != "goeval: --write: create "+out+": no such file or directory\n" || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 1 and the --write error alone", args[:2], code, stdout, stderr)
		}
	}
}

// TestTuneMovesBadFiles: tune moves lists the records it leaves out, with
// the reason, fits on the others and exits 1; with no record left it lists
// them too before saying that there is nothing to fit on.
func TestTuneMovesBadFiles(t *testing.T) {
	illegal := filepath.Join(t.TempDir(), "illegal.sgf")
	if err := os.WriteFile(illegal, []byte("(;GM[1]FF[4]SZ[5];B[cc];W[dd];B[cc])"), 0o644); err != nil {
		t.Fatal(err)
	}
	reason := "goeval: left out: " + illegal + ":1:31: sgf: illegal move 3"
	code, stdout, stderr := goeval(t, "tune", "moves", "--owner", "", "--sweeps", "1", tinySet+"/a.sgf", illegal)
	if code != 1 || !strings.Contains(stderr, reason) || !strings.HasSuffix(stderr, "goeval: 1 record could not be used (listed above): the model is fitted on the others\n") ||
		!strings.Contains(stdout, "of 1 games") {
		t.Errorf("with a good record: exit %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	code, _, stderr = goeval(t, "tune", "moves", "--owner", "", illegal)
	if code != 1 || !strings.Contains(stderr, reason) || !strings.Contains(stderr, "no games to fit the move model on") {
		t.Errorf("alone: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestTuneMovesSetupSkipped: games with setup stones (handicap games) are
// skipped by design: counted and the first few named, not listed as
// records left out, and the exit status stays 0.
func TestTuneMovesSetupSkipped(t *testing.T) {
	hcp := filepath.Join(t.TempDir(), "hcp.sgf")
	var data strings.Builder
	for range 5 {
		data.WriteString("(;GM[1]FF[4]SZ[5]HA[2]AB[bb][dd];W[cc];B[bd])\n")
	}
	if err := os.WriteFile(hcp, []byte(data.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := goeval(t, "tune", "moves", "--owner", "", "--sweeps", "1", tinySet+"/a.sgf", hcp)
	want := "goeval: skipped by design: 5 games with setup stones (the move model needs games played from an empty board): " +
		hcp + " (game 1), " + hcp + " (game 2), " + hcp + " (game 3) and 2 more\n"
	if code != 0 || !strings.Contains(stderr, want) || strings.Contains(stderr, "left out:") || strings.Contains(stderr, "could not be used") ||
		!strings.Contains(stdout, "of 1 games") {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

// TestTuneWriteNotInput: tune refuses a --write file that is one of its
// inputs (the labels file, a record) before fitting, and leaves it as it
// was.
func TestTuneWriteNotInput(t *testing.T) {
	// Copies, so that a regression overwrites no test data.
	dir := t.TempDir()
	labels := copyFile(t, tinySet+"/final-ownership.jsonl", filepath.Join(dir, "final-ownership.jsonl"))
	record := copyFile(t, tinySet+"/a.sgf", filepath.Join(dir, "a.sgf"))
	for _, out := range []string{labels, record} {
		before, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := goeval(t, "tune", "--folds", "1", "--write", out, "--labels", labels, record, tinySet+"/b.sgf", tinySet+"/c.sgf")
		if code != 2 || !strings.Contains(stderr, "--write "+out+" is an input file") || stdout != "" {
			t.Errorf("--write %s: exit %d, stdout %q, stderr %q", out, code, stdout, stderr)
		}
		if after, _ := os.ReadFile(out); !bytes.Equal(before, after) {
			t.Errorf("--write %s changed the file", out)
		}
	}
	before, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := goeval(t, "tune", "moves", "--owner", "", "--sweeps", "1", "--write", record, record)
	if code != 2 || !strings.Contains(stderr, "--write "+record+" is an input file") || stdout != "" {
		t.Errorf("tune moves --write %s: exit %d, stdout %q, stderr %q", record, code, stdout, stderr)
	}
	if after, _ := os.ReadFile(record); !bytes.Equal(before, after) {
		t.Errorf("tune moves --write %s changed the file", record)
	}
}

// TestTuneMovesInterrupted interrupts goeval tune moves after its second
// sweep of five: the --write file is left as it was, the model of the two
// sweeps goes to a new file beside it, which the message names, and the
// exit status is 130.
func TestTuneMovesInterrupted(t *testing.T) {
	params := filepath.Join(t.TempDir(), "moves.params")
	const old = "the shipped model\n"
	if err := os.WriteFile(params, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	games := []string{tinySet + "/a.sgf", tinySet + "/b.sgf", tinySet + "/c.sgf"}
	for _, tt := range []struct {
		name  string
		write []string
		want  string // standard error's last line; * stands for the new file's number
	}{
		{"--write", []string{"--write", params},
			"goeval: interrupted after 2 sweeps: the model holds the gammas reached, not converged; it is kept in " + params + ".partial-*; " + params + " is as it was\n"},
		{"no --write", nil, "goeval: interrupted after 2 sweeps: the model holds the gammas reached, not converged\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// A tolerance the fit cannot meet before the interrupt (0,
			// which Fit would take for its default, is refused).
			args := append(append([]string{"tune", "moves", "--owner", "", "--sweeps", "5", "--tolerance", "1e-300"}, tt.write...), games...)
			code, stdout, stderr := interruptAt(t, "goeval: sweep 2:", args...)
			lines := strings.SplitAfter(stderr, "\n")
			last := lines[len(lines)-2]
			if ok, _ := filepath.Match(tt.want, last); code != 130 || !ok {
				t.Errorf("exit %d, standard error's last line %q, want 130 and %q", code, last, tt.want)
			}
			if !strings.Contains(stdout, "2 sweeps") {
				t.Errorf("standard output:\n%s", stdout)
			}
		})
	}
	if data, err := os.ReadFile(params); err != nil || string(data) != old {
		t.Errorf("%s: %q (%v), want it as it was", params, data, err)
	}
	kept, _ := filepath.Glob(params + ".partial-*")
	if len(kept) != 1 {
		t.Fatalf("%q, want one file beside %s", kept, params)
	}
	m, err := movemodel.ReadFile(kept[0])
	if err != nil || !strings.Contains(m.Notes, "; 2 sweeps,") || !strings.Contains(m.Notes, "(interrupted during the next sweep)") {
		t.Errorf("the model kept: %v, notes %q", err, m.Notes)
	}
}

// flagDefault returns the default that help text gives flag name, "" for
// none.
func flagDefault(help, name string) string {
	m := regexp.MustCompile(`(?m)^  -` + regexp.QuoteMeta(name) + `\b.*\n\s+\t.*\(default ([^)]*)\)$`).FindStringSubmatch(help)
	if m == nil {
		return ""
	}
	return m[1]
}

// TestFlagDefaultsFromPackages: the defaults the commands show are the
// ones their packages take for a zero setting, so that a run by the
// command and by the package are the same.
func TestFlagDefaultsFromPackages(t *testing.T) {
	for _, tc := range []struct {
		command  []string
		defaults map[string]any
	}{
		{[]string{"tune", "moves"}, map[string]any{
			"every":          tune.DefaultEvery,
			"validate-every": tune.DefaultValidateEvery,
			"min-pattern":    tune.DefaultMinPattern,
			"min-shape":      tune.DefaultMinShape,
			"sweeps":         movemodel.DefaultIterations,
			"tolerance":      movemodel.DefaultTolerance,
			"prior":          movemodel.DefaultPrior,
		}},
		{[]string{"tune"}, map[string]any{"stride": tune.DefaultStride, "folds": tune.DefaultFolds, "l2": tune.DefaultL2}},
		{[]string{"match"}, map[string]any{"size": match.DefaultSize, "timeout": match.DefaultTimeout}},
		{[]string{"predict"}, map[string]any{"every": predict.DefaultEvery}},
		{[]string{"miai"}, map[string]any{"width": thermo.DefaultPlotWidth, "height": thermo.DefaultPlotHeight}},
	} {
		_, help, _ := goeval(t, append(tc.command, "-h")...)
		for name, want := range tc.defaults {
			if got := flagDefault(help, name); got != fmt.Sprint(want) {
				t.Errorf("goeval %s --%s: help gives default %q, the package %v", strings.Join(tc.command, " "), name, got, want)
			}
		}
	}
}
