package records

import (
	"errors"
	"testing"

	"goeval/board"
)

func TestParseResult(t *testing.T) {
	tests := []struct {
		re     string
		want   Result
		string string
	}{
		{"B+3.5", Result{Score, board.Black, 3.5}, "B+3.5"},
		{"W+0.5", Result{Score, board.White, -0.5}, "W+0.5"},
		{" w+12 ", Result{Score, board.White, -12}, "W+12"},
		{"B+7,5", Result{Score, board.Black, 7.5}, "B+7.5"},
		{"B+R", Result{Resignation, board.Black, 0}, "B+R"},
		{"W+Resign", Result{Resignation, board.White, 0}, "W+R"},
		{"b+res", Result{Resignation, board.Black, 0}, "B+R"},
		{"W+T", Result{Time, board.White, 0}, "W+T"},
		{"B+Time", Result{Time, board.Black, 0}, "B+T"},
		{"W+F", Result{Forfeit, board.White, 0}, "W+F"},
		{"B+Forfeit", Result{Forfeit, board.Black, 0}, "B+F"},
		{"W+Timeout", Result{Time, board.White, 0}, "W+T"},
		{"W+Time Over", Result{Time, board.White, 0}, "W+T"},
		{"B+Illegal", Result{Forfeit, board.Black, 0}, "B+F"},
		{"W+Repetition", Result{Forfeit, board.White, 0}, "W+F"},
		{"White resigns.", Result{Resignation, board.Black, 0}, "B+R"},
		{"Black resigns. W 133.5 B 81.0", Result{Resignation, board.White, 0}, "W+R"},
		{"black resigned", Result{Resignation, board.White, 0}, "W+R"},
		{"B+", Result{Win, board.Black, 0}, "B+"},
		{"0", Result{Draw, board.Empty, 0}, "0"},
		{"Draw", Result{Draw, board.Empty, 0}, "0"},
		{"jigo", Result{Draw, board.Empty, 0}, "0"},
		{"B+0", Result{Draw, board.Empty, 0}, "0"},
		{"?", Result{}, "?"},
		{"? (No further moves known)", Result{}, "?"},
		{"Void", Result{}, "?"},
		{"", Result{}, "?"},
	}
	for _, tt := range tests {
		t.Run(tt.re, func(t *testing.T) {
			got, err := ParseResult(tt.re)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("ParseResult(%q) = %+v, want %+v", tt.re, got, tt.want)
			}
			if got.String() != tt.string {
				t.Errorf("String() = %q, want %q", got.String(), tt.string)
			}
			if c := tt.want.Kind == Score || tt.want.Kind == Draw; got.Counted() != c {
				t.Errorf("Counted() = %v", got.Counted())
			}
		})
	}
	for _, re := range []string{"Black wins", "Black resignsX", "Grey resigns", "B+x", "B+1.5 ? W+timeout", "X+3", "B-3", "B+-3", "B+NaN", "W+3.5 points", "+"} {
		t.Run("bad "+re, func(t *testing.T) {
			got, err := ParseResult(re)
			if !errors.Is(err, ErrResult) || got != (Result{}) {
				t.Errorf("ParseResult(%q) = %+v, %v; want Unknown and ErrResult", re, got, err)
			}
		})
	}
}
