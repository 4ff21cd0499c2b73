package rank_test

import (
	"context"
	"fmt"

	"goeval/board"
	"goeval/control"
	"goeval/rank"
)

// Rank the moves of Black, to move, with the stones estimator (every stone
// counts for its colour): capturing the white stone in atari on C3 is best.
func ExampleRanker_Rank() {
	b := board.MustParse(`
		. . . . .
		. . X . .
		. X O X .
		. O . . .
		. . . . .`)
	r := rank.New(func() control.Estimator { return control.Stones{} }, rank.Settings{Top: 2})
	rk, err := r.Rank(context.Background(), b)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := b.Geometry()
	fmt.Printf("%d moves; score now %+g\n", len(rk.Moves), rk.Pass.Score)
	for _, m := range rk.Moves[:3] {
		fmt.Printf("%s score %+g gain %+g", g.GTP(m.Point), m.Score, m.Gain)
		if m.Value != nil {
			fmt.Printf(" miai %g", m.Value.Miai)
		}
		fmt.Println()
	}
	// Output:
	// 20 moves; score now +1
	// C2 score +3 gain +2 miai 1.5
	// A5 score +2 gain +1 miai 1
	// B5 score +2 gain +1
}

// Value every empty point: Black playing it against White playing it.
// At D4 White would capture C4, at B3 Black would capture C3, so each is
// worth a stone and a half; A4 is suicide for Black.
func ExampleRanker_Values() {
	b := board.MustParse(`
		. O X .
		O . O X
		. O X .
		. . . .`)
	b.SetToMove(board.White)
	vm, err := rank.New(func() control.Estimator { return control.Stones{} }, rank.Settings{}).Values(context.Background(), b)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := b.Geometry()
	for _, v := range vm.Sorted()[:2] {
		fmt.Printf("%s miai %g\n", g.GTP(v.Point), v.Miai)
	}
	for _, v := range vm.Points {
		if !v.HasMiai() {
			fmt.Printf("%s: %s\n", g.GTP(v.Point), v.Note())
		}
	}
	// Output:
	// D4 miai 1.5
	// B3 miai 1.5
	// A4: Black may not play here: suicide
}
