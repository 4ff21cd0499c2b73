package control

import (
	"testing"

	"goeval/board"
)

func TestStones(t *testing.T) {
	b := board.MustParse(`
		X . .
		. O .
		. . X`)
	var r Result
	if err := (Stones{}).Estimate(&r, b); err != nil {
		t.Fatal(err)
	}
	want := []float64{1, 0, 0, 0, -1, 0, 0, 0, 1}
	for i, v := range want {
		if r.Control[i] != v {
			t.Errorf("control[%d] = %v, want %v", i, r.Control[i], v)
		}
	}
	if r.Score != 1 {
		t.Errorf("score = %v, want 1", r.Score)
	}
	if err := Check(&r, b); err != nil {
		t.Error(err)
	}
	r.Control[3] = 1.5
	if err := Check(&r, b); err == nil {
		t.Error("Check accepted 1.5")
	}
}
