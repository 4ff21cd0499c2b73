package compare

import (
	"slices"
	"testing"

	"goeval/records"
)

func TestNotes(t *testing.T) {
	r := &Report{
		Warnings:   []records.FileError{{File: "a.sgf", Err: "no result"}},
		Errors:     []records.FileError{{File: "b.sgf (game 2)", Err: "b.sgf:3:4: sgf: bad"}},
		RefMissing: []RefMissing{{Game: "c.sgf", Move: 50}},
		Reference:  "ref.jsonl",
		Truth:      TruthCounts{Judgement: 3},
	}
	want := []string{
		"a.sgf: warning: no result",
		"b.sgf:3:4: game 2: sgf: bad",
		"c.sgf: no reference evaluation of move 50 in ref.jsonl",
		"3 counted games had no labels or markup: their final ownership was judged by Benson's algorithm alone",
	}
	if got := r.Notes(true, "Benson's algorithm alone"); !slices.Equal(got, want) {
		t.Errorf("Notes = %q, want %q", got, want)
	}
	if got := r.Notes(false, ""); !slices.Equal(got, want[1:3]) {
		t.Errorf("Notes without warnings and judge = %q, want %q", got, want[1:3])
	}
}
