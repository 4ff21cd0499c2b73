package control

import (
	"fmt"
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

func TestMargin(t *testing.T) {
	for _, tt := range []struct {
		v        float64
		decimals int
		want     string
	}{
		{3.25, 1, "B+3.2"}, // FormatFloat rounds half to even on the binary value 3.25
		{-0.5, 1, "W+0.5"},
		{-0.5, 2, "W+0.50"},
		{8.87, 2, "B+8.87"},
		{0.04, 1, "0"},
		{-0.04, 1, "0"},
		{-0.004, 2, "0"},
		{0.05, 2, "B+0.05"},
		{0, 1, "0"},
		{-3, 0, "W+3"},
	} {
		t.Run(fmt.Sprint(tt.v, tt.decimals), func(t *testing.T) {
			if got := Margin(tt.v, tt.decimals); got != tt.want {
				t.Errorf("Margin(%v, %d) = %q, want %q", tt.v, tt.decimals, got, tt.want)
			}
		})
	}
}
