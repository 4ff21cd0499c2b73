package tune

import (
	"slices"
	"strings"
	"testing"

	"goeval/movemodel"
)

func TestMovesNotes(t *testing.T) {
	r := &MovesReport{Unreadable: []string{"a.sgf: bad"}, Setup: []string{"b.sgf", "c.sgf (game 2)", "d.sgf", "e.sgf"}}
	want := []string{
		"left out: a.sgf: bad",
		"skipped by design: 4 games with setup stones (the move model needs games played from an empty board): b.sgf, c.sgf (game 2), d.sgf and 1 more",
	}
	if got := r.Notes(); !slices.Equal(got, want) {
		t.Errorf("Notes = %q, want %q", got, want)
	}
	if got := (&MovesReport{Setup: []string{"b.sgf"}}).Notes(); len(got) != 1 || !strings.HasSuffix(got[0], ": 1 game with setup stones (the move model needs games played from an empty board): b.sgf") {
		t.Errorf("one setup game: %q", got)
	}
}

func TestWriteModel(t *testing.T) {
	m := &movemodel.Model{Notes: "fitted on 3 games"}
	m.Gamma[0] = []float64{1, 2.5}
	for i := range 30 {
		m.Gamma[1] = append(m.Gamma[1], float64(30-i))
	}
	var b strings.Builder
	if err := (&MovesReport{Model: m}).WriteModel(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"Fitted on 3 games.\n\nGammas", " 1 2.5\n", " 30 values: least 1, median 16, greatest 30\n", " not used\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("model text lacks %q:\n%s", want, out)
		}
	}
}
