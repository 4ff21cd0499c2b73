package peer

import (
	"reflect"
	"testing"

	"goeval/board"
)

func TestParseMoves(t *testing.T) {
	g := board.GeometryOf(19)
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"Q4 75.01 C6 74.05 F3 74.04", []string{"Q4", "C6", "F3"}},
		{"pass", []string{"pass"}},
		{"", nil},
		{"d4", []string{"D4"}},
	} {
		moves, err := ParseMoves(tc.in, g)
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		var got []string
		for _, p := range moves {
			got = append(got, g.GTP(p))
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %v, want %v", tc.in, got, tc.want)
		}
	}
	for _, bad := range []string{"Z99 1", "I5", "hello"} {
		if _, err := ParseMoves(bad, g); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestSuggest asks the fake engine for moves by top_moves and by genmove,
// and checks that genmove leaves the engine's board as it was.
func TestSuggest(t *testing.T) {
	for _, lacks := range []string{"", "top_moves_black top_moves_white"} {
		c := startFake(t, lacks, Options{})
		e, err := NewEvaluator(c, MapNone)
		if err != nil {
			t.Fatal(err)
		}
		moves, boards := fakeGame(t)
		b := &boards[4]
		if err := e.SetPosition(1, 9, 0.5, moves[:4], b); err != nil {
			t.Fatal(err)
		}
		var first board.Point = board.Pass
		for p, v := range b.Cells() {
			if v == board.Empty {
				first = board.Point(p)
				break
			}
		}
		for range 2 { // twice: genmove's undo must leave the board as it was
			got, err := e.Suggest(board.Black, b, false)
			if err != nil {
				t.Fatal(err)
			}
			want := 3
			if lacks != "" {
				want = 1
			}
			if len(got) != want || got[0] != first {
				t.Errorf("lacking %q: suggested %v, want %d moves from %v", lacks, got, want, first)
			}
		}
		s, err := e.Score()
		if err != nil {
			t.Fatal(err)
		}
		if want := float64(b.Count(board.Black) - b.Count(board.White)); s != want {
			t.Errorf("lacking %q: score %v after suggestions, want %v (the board changed)", lacks, s, want)
		}
	}
}
