package records

import (
	"testing"

	"goeval/board"
	"goeval/sgf"
)

func TestOwnership(t *testing.T) {
	b := board.MustParse(`
		. X O . .
		. X O . .
		X X O O .
		. X O X .
		. X O . X`)
	g := b.Geometry()
	d1, _ := g.ParseGTP("D2")
	e1, _ := g.ParseGTP("E1")
	got, area := Ownership(nil, b, []board.Point{d1, e1})
	want := []int8{
		1, 1, -1, -1, -1,
		1, 1, -1, -1, -1,
		1, 1, -1, -1, -1,
		1, 1, -1, -1, -1,
		1, 1, -1, -1, -1,
	}
	for p := range want {
		if got[p] != want[p] {
			t.Fatalf("ownership\n%v\nwant\n%v", got, want)
		}
	}
	if area != -5 {
		t.Errorf("area %v, want -5", area)
	}
	// Without removing the dead stones, the region D5-E5-D4-E4-E3-E2
	// touches black D2 and E1 and White: dame, and so is D1. Black has
	// A5-A4 and A2-A1 and 8 stones, White 6 stones: 4 + 8 - 6 = 6.
	got, area = Ownership(got, b, nil)
	if got[g.At(4, 0)] != 0 || got[g.At(3, 4)] != 0 || got[g.At(3, 3)] != 1 || area != 6 {
		t.Errorf("with the dead stones on: %v, area %v", got, area)
	}
}

func TestMarkupDead(t *testing.T) {
	g, err := sgf.Load("testdata/tiny/c.sgf", 1)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := g.Position(-1)
	if err != nil {
		t.Fatal(err)
	}
	line := g.MainLine()
	dead, ok, err := MarkupDead(line[len(line)-1], b)
	d1, _ := b.Geometry().ParseGTP("D1")
	if err != nil || !ok || len(dead) != 1 || dead[0] != d1 {
		t.Errorf("markup dead %v, %v, %v; want just D1", dead, ok, err)
	}
	if _, ok, _ := MarkupDead(line[len(line)-2], b); ok {
		t.Error("markup found in a node without TB/TW")
	}
}
