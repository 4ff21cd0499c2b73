package predict

import (
	"bytes"
	"io"
	"slices"
	"testing"
	"time"

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

// TestWrite: each format is its writer's, and text ends with the time the
// run took.
func TestWrite(t *testing.T) {
	r := &Report{Files: 1, Every: 5, Elapsed: 2400 * time.Millisecond}
	for _, c := range []struct {
		format string
		write  func(io.Writer) error
		tail   string
	}{{"json", r.WriteJSON, ""}, {"csv", r.WriteCSV, ""}, {"text", r.WriteText, "2s in all.\n"}} {
		var got, want bytes.Buffer
		if err := r.Write(&got, c.format); err != nil {
			t.Fatal(err)
		}
		if err := c.write(&want); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String()+c.tail {
			t.Errorf("Write %s = %q, want %q", c.format, got.String(), want.String()+c.tail)
		}
	}
}
