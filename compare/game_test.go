package compare

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/records"
)

// failing is an estimator that always fails.
type failing struct{}

func (failing) Name() string            { return "failing" }
func (failing) Params() []control.Param { return nil }
func (failing) Estimate(*control.Result, *board.Board) error {
	return errors.New("no estimate")
}

// TestUnusedReasons: each reason for not using a game is counted by the
// reason's words, with the error behind it listed, on records made for
// it, 5x5 with the band at move 4:
//
//   - used.sgf: resigned after 6 moves: a winner, so used.
//   - short.sgf: 2 moves, shorter than the band.
//   - unknown.sgf: 6 moves without RE[]: no truth.
//   - illegal.sgf: White plays on Black's stone.
//   - twice.sgf: two games, the second not Go (GM[2]).
//   - label.sgf: counted, but its label is of a 9x9 board.
//   - judged.sgf: counted, without label or markup, and the judgement
//     fails.
func TestUnusedReasons(t *testing.T) {
	six := ";B[aa];W[ee];B[ab];W[ed];B[ac];W[ec]"
	sgfs := map[string]string{
		"used.sgf":    "(;GM[1]FF[4]SZ[5]KM[0.5]RE[B+R]" + six + ")",
		"short.sgf":   "(;GM[1]FF[4]SZ[5]KM[0.5]RE[B+R];B[aa];W[ee])",
		"unknown.sgf": "(;GM[1]FF[4]SZ[5]KM[0.5]" + six + ")",
		"illegal.sgf": "(;GM[1]FF[4]SZ[5]KM[0.5]RE[B+R];B[aa];W[aa];B[bb];W[cc])",
		"twice.sgf":   "(;GM[1]FF[4]SZ[5]KM[0.5]RE[W+R]" + six + ")(;GM[2]FF[4]SZ[5];B[aa])",
		"label.sgf":   "(;GM[1]FF[4]SZ[5]KM[0.5]RE[W+0.5]" + six + ")",
		"judged.sgf":  "(;GM[1]FF[4]SZ[5]KM[0.5]RE[B+0.5]" + six + ")",
	}
	dir := t.TempDir()
	var files []string
	for name, text := range sgfs {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	labels, err := records.ParseLabels("l.jsonl", strings.NewReader(`{"file":"label.sgf","ownership":[`+strings.Repeat("0,", 80)+`0]}`))
	if err != nil {
		t.Fatal(err)
	}
	bands, _ := records.ParseBands("4")
	cfg := Config{Bands: bands, Labels: labels, Judge: func() control.Estimator { return failing{} }, Workers: 2}
	r, err := Run(context.Background(), cfg, files)
	if err != nil {
		t.Fatal(err)
	}
	want := []Count{ // by games, then reason
		{"final-position judgement failed", 1},
		{"illegal move or unreadable move", 1},
		{"labels do not fit the record", 1},
		{"no truth (result unknown, no final ownership)", 1},
		{"shorter than every band", 1},
		{"unreadable or unsupported game", 1},
	}
	if !reflect.DeepEqual(r.Unused, want) {
		t.Errorf("unused %v, want %v", r.Unused, want)
	}
	if r.GamesRead != 8 || r.GamesUsed != 2 {
		t.Errorf("%d games read, %d used; want 8 and 2 (used.sgf and the first of twice.sgf)", r.GamesRead, r.GamesUsed)
	}
	errs := map[string]string{}
	for _, e := range r.Errors {
		errs[filepath.Base(e.File)] += e.Err + ";"
	}
	for file, want := range map[string]string{
		"illegal.sgf":        "move 2",
		"twice.sgf (game 2)": "GM[2]",
		"label.sgf":          "l.jsonl:1: the label has 81 points, the board 25",
		"judged.sgf":         "judgement: failing: no estimate",
		"used.sgf":           "",
		"twice.sgf (game 1)": "",
		"short.sgf":          "",
		"unknown.sgf":        "",
	} {
		if got := errs[file]; (want == "") != (got == "") || !strings.Contains(got, want) {
			t.Errorf("%s: errors %q, want %q", file, got, want)
		}
	}
}
