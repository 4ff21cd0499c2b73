package netinput_test

import (
	"fmt"

	"goeval/board"
	"goeval/netinput"
)

// Two Black moves with a White pass between them count as two handicap
// stones under Chinese rules: White, to move, gets komi 7.5 + 2.
func ExampleFeatures_Fill() {
	start := board.New(9)
	g := start.Geometry()
	at := func(v string) board.Point { p, _ := g.ParseGTP(v); return p }
	p := &netinput.Position{
		Start: start,
		Moves: []board.Move{
			{Color: board.Black, Point: at("G7")},
			{Color: board.White, Point: board.Pass},
			{Color: board.Black, Point: at("C3")},
		},
		Komi:  7.5,
		Rules: netinput.Chinese,
	}
	var f netinput.Features
	if err := f.Fill(p); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.ToMove.Name(), "to move, selfKomi", f.Global[5]*20)
	fmt.Print(f.Dump(netinput.PlanePrev1))
	// Output:
	// White to move, selfKomi 9.5
	// . . . . . . . . .
	// . . . . . . . . .
	// . . . . . . . . .
	// . . . . . . . . .
	// . . . . . . . . .
	// . . . . . . . . .
	// . . 1 . . . . . .
	// . . . . . . . . .
	// . . . . . . . . .
}
