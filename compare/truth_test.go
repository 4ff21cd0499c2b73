package compare

import (
	"context"
	"sort"
	"strings"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/records"
)

// leftBlack is a fake estimator: every point left of the middle column is
// Black's (+0.5), every other point White's (-0.5).
type leftBlack struct{}

func (leftBlack) Name() string            { return "left-black" }
func (leftBlack) Params() []control.Param { return nil }
func (leftBlack) Estimate(dst *control.Result, b *board.Board) error {
	dst.Reset(b.Geometry().N)
	for p := range dst.Control {
		if x, _ := b.Geometry().XY(board.Point(p)); x < b.Size()/2 {
			dst.Control[p] = 0.5
		} else {
			dst.Control[p] = -0.5
		}
	}
	dst.Sum()
	return nil
}

func deadList(b *board.Board, dead []board.Point) string {
	var out []string
	for _, p := range dead {
		out = append(out, b.Geometry().GTP(p))
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// allWhite is a fake estimator that gives every point to White (-0.5).
type allWhite struct{}

func (allWhite) Name() string            { return "all-white" }
func (allWhite) Params() []control.Param { return nil }
func (allWhite) Estimate(dst *control.Result, b *board.Board) error {
	dst.Reset(b.Geometry().N)
	for p := range dst.Control {
		dst.Control[p] = -0.5
	}
	dst.Sum()
	return nil
}

func TestJudge(t *testing.T) {
	tests := []struct {
		name, position string
		est            control.Estimator
		want           string
	}{
		{
			// The white stone sits in a pass-alive group's small eye:
			// Benson alone removes it. The black stone in the open area
			// right stays: nothing proves it dead.
			name: "Benson alone",
			position: `
				X X X X X . .
				X . O . X . .
				X X X X X . .
				X . X . X X .
				X X X X X . .
				. . . . . X .
				. . . . . . .`,
			want: "C6",
		},
		{
			// The estimator gives columns A-C to Black and D-G to White.
			// White's enclosure around B3 (columns A-C, walled by D)
			// leans to Black: B3 is dead. Black's enclosure around G5
			// (columns F-G, walled by E) leans to White: G5 is dead. Each
			// wall's enclosure holds its own side: alive.
			name: "enclosures",
			position: `
				. . . X O . .
				. . . X O . .
				. . . X O . X
				. . . X O . .
				. O . X O . .
				. . . X O . .
				. . . X O . .`,
			est:  leftBlack{},
			want: "B3 G5",
		},
		{
			name: "enclosures need an estimator",
			position: `
				. . . X O . .
				. . . X O . .
				. . . X O . X
				. . . X O . .
				. O . X O . .
				. . . X O . .
				. . . X O . .`,
			want: "",
		},
		{
			// Every point leans to White, so Black's one enclosure does:
			// the lone stone dies, the pass-alive group (eyes F3, F1)
			// never does.
			name: "a pass-alive group never dies",
			position: `
				X . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . X X X
				. . . . X . X
				. . . . X X X
				. . . . X . X`,
			est:  allWhite{},
			want: "A7",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := board.MustParse(tt.position)
			j := &Judge{Estimator: tt.est}
			dead, err := j.Dead(nil, b)
			if err != nil {
				t.Fatal(err)
			}
			if got := deadList(b, dead); got != tt.want {
				t.Errorf("dead %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCheckJudgement(t *testing.T) {
	labels, err := records.ReadLabels("../records/testdata/tiny/final-ownership.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := records.Files([]string{"../records/testdata/tiny"})
	r, err := Run(context.Background(), Config{Labels: labels, CheckJudgement: true, Bands: []records.Band{{Move: 4}}}, files)
	if err != nil {
		t.Fatal(err)
	}
	// a.sgf has no dead stones: Benson removes none either.
	jc := r.JudgementCheck
	if jc == nil || jc.Games != 1 || jc.PointAgreement != 1 || jc.AreaWithin1 != 1 || jc.AreaMAE != 0 || jc.DeadJudged != 0 {
		t.Errorf("judgement check %+v", jc)
	}
}
