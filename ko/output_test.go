package ko

import (
	"strings"
	"testing"

	"goeval/board"
)

// TestWriters checks the text and JSON of two solutions, one of them a
// mirror image, and the other style's figure.
func TestWriters(t *testing.T) {
	s, err := Solve(Position{Kb: 4, ToMove: board.Black})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Kb 4 (kos Black can connect), Kw 0 (kos White can connect), 0 dame, ko threats Black 0, White 0 (Td 0), Black to move\n",
		"case 2, Kd = 4\nscore -(Kd - 1)/3 = -1 (Black minus White, due to the kos)\nother style -Kd/3 + 1/3 = -4/3 + 1/3\nno ko fight\n",
		"\nmoves (kos 1-4 Black's to connect):\n   1. B connect ko 1\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("WriteText: no %q in\n%s", want, b.String())
		}
	}
	m, err := Solve(Position{Kb: 1, Kw: 2, ToMove: board.White})
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := m.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	const want = `{"kb":1,"kw":2,"kd":1,"dame":0,"tb":0,"tw":0,"td":0,"to_move":"W","mirrored":true,"case":2,"score":0,"formula":"-(Kd - 1)/3","other_style":"-1/3 + 1/3","other_style_formula":"-Kd/3 + 1/3","ko_fight_winner":"","moves":[{"color":"W","kind":"connect","ko":2},{"color":"B","kind":"connect","ko":1},{"color":"W","kind":"connect","ko":3},{"color":"B","kind":"pass","ko":0},{"color":"W","kind":"pass","ko":0},{"color":"B","kind":"pass","ko":0}]}` + "\n"
	if b.String() != want {
		t.Errorf("WriteJSON:\n%s\nwant\n%s", b.String(), want)
	}
	for _, tc := range []struct {
		p    Position
		want string
	}{
		{Position{Kb: 3, ToMove: board.Black}, "-3/3"},
		{Position{Kb: 1, ToMove: board.White}, "-1/3 - 2/3"},
		{Position{Kb: 1, Kw: 1, ToMove: board.Black}, "0"},
	} {
		s, err := Solve(tc.p)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.OtherStyleFigure(); got != tc.want {
			t.Errorf("%+v: OtherStyleFigure() = %q, want %q", tc.p, got, tc.want)
		}
	}
}
