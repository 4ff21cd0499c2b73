package predict

import (
	"slices"
	"testing"

	"goeval/records"
)

func TestNotes(t *testing.T) {
	r := &Report{
		Warnings:   []records.FileError{{File: "a.sgf", Err: "a.sgf:1:2: sgf: warning: odd"}},
		Unreadable: []records.FileError{{File: "b.sgf", Err: "no moves to predict"}},
		Errors:     []string{"model: failed at c.sgf move 5"},
	}
	want := []string{"a.sgf:1:2: sgf: warning: odd", "b.sgf: no moves to predict", "model: failed at c.sgf move 5"}
	if got := r.Notes(true); !slices.Equal(got, want) {
		t.Errorf("Notes = %q, want %q", got, want)
	}
	if got := r.Notes(false); !slices.Equal(got, want[1:]) {
		t.Errorf("Notes without warnings = %q, want %q", got, want[1:])
	}
}
