package rank

import (
	"context"
	"errors"
	"testing"

	"goeval/board"
	"goeval/control"
)

func TestValuesMarks(t *testing.T) {
	b := koBoard() // White to move after Black took the ko at C4
	vm, err := New(stones, Settings{Workers: 2}).Values(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if len(vm.Points) != b.Count(board.Empty) {
		t.Fatalf("%d points, want one per empty point (%d)", len(vm.Points), b.Count(board.Empty))
	}
	byVertex := map[string]Value{}
	for _, v := range vm.Points {
		if b.At(v.Point) != board.Empty {
			t.Errorf("%s is occupied", b.Geometry().GTP(v.Point))
		}
		byVertex[b.Geometry().GTP(v.Point)] = v
	}
	tests := []struct {
		vertex             string
		blackErr, whiteErr error
		note               string
	}{
		{"B4", nil, board.ErrKo, "White may not play here: ko recapture"},
		{"A5", nil, board.ErrSuicide, "White may not play here: suicide"},
		{"E1", nil, nil, ""},
		{"D5", nil, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.vertex, func(t *testing.T) {
			v := byVertex[tt.vertex]
			if !errors.Is(v.BlackErr, tt.blackErr) || !errors.Is(v.WhiteErr, tt.whiteErr) || (tt.blackErr == nil) != (v.BlackErr == nil) || (tt.whiteErr == nil) != (v.WhiteErr == nil) {
				t.Errorf("errors %v, %v; want %v, %v", v.BlackErr, v.WhiteErr, tt.blackErr, tt.whiteErr)
			}
			if v.Note() != tt.note {
				t.Errorf("note %q, want %q", v.Note(), tt.note)
			}
			if v.HasMiai() != (tt.note == "") {
				t.Errorf("HasMiai = %v", v.HasMiai())
			}
		})
	}
	// With the stones estimator a quiet point is worth 1 (a stone more or
	// less), and D5, where Black would capture C5, 1.5.
	for _, tt := range []struct {
		vertex      string
		deiri, miai float64
	}{{"E1", 2, 1}, {"D5", 3, 1.5}} {
		if v := byVertex[tt.vertex]; v.Deiri != tt.deiri || v.Miai != tt.miai {
			t.Errorf("%s: deiri %v miai %v, want %v and %v", tt.vertex, v.Deiri, v.Miai, tt.deiri, tt.miai)
		}
	}
	// B4 for Black fills the ko: Black's score is one more than now.
	if v := byVertex["B4"]; v.Black.Score != vm.Base.Score+1 || v.Deiri != 0 {
		t.Errorf("B4: Black's score %v (now %v), deiri %v", v.Black.Score, vm.Base.Score, v.Deiri)
	}
}

func TestValuesAreFreshEvaluations(t *testing.T) {
	for _, pos := range []struct {
		name string
		b    *board.Board
	}{{"fight", board.MustParse(fight)}, {"ko", koBoard()}} {
		t.Run(pos.name, func(t *testing.T) {
			b := pos.b
			vm, err := New(newRelax, Settings{Workers: 2}).Values(context.Background(), b)
			if err != nil {
				t.Fatal(err)
			}
			fresh := newRelax()
			var r control.Result
			for _, v := range vm.Points {
				for _, side := range []struct {
					c   board.Color
					o   Outcome
					err error
				}{{board.Black, v.Black, v.BlackErr}, {board.White, v.White, v.WhiteErr}} {
					a := *b
					if err := a.Play(side.c, v.Point); (err == nil) != (side.err == nil) {
						t.Fatalf("%s %s: Play %v, value says %v", side.c, b.Geometry().GTP(v.Point), err, side.err)
					} else if err != nil {
						continue
					}
					fresh.Estimate(&r, &a)
					if !near(side.o.Score, r.Score, 1e-6) {
						t.Errorf("%s %s: score %v, fresh %v", side.c, b.Geometry().GTP(v.Point), side.o.Score, r.Score)
					}
				}
			}
			sorted := vm.Sorted()
			if len(sorted) != len(vm.Points) {
				t.Fatalf("Sorted has %d points of %d", len(sorted), len(vm.Points))
			}
			for i := 1; i < len(sorted); i++ {
				a, c := sorted[i-1], sorted[i]
				switch {
				case !a.HasMiai() && c.HasMiai():
					t.Errorf("a point without a value before one with")
				case a.HasMiai() && c.HasMiai() && (a.Miai < c.Miai || a.Miai == c.Miai && a.Point > c.Point):
					t.Errorf("%s (%v) before %s (%v)", b.Geometry().GTP(a.Point), a.Miai, b.Geometry().GTP(c.Point), c.Miai)
				case !a.HasMiai() && !c.HasMiai() && a.Point > c.Point:
					t.Errorf("unvalued points out of map order")
				}
			}
		})
	}
}
