package records_test

import (
	"fmt"

	"goeval/board"
	"goeval/records"
)

func ExampleParseResult() {
	for _, re := range []string{"B+3.5", "W+0.5", "W+Resign", "B+T", "Jigo", "?"} {
		r, _ := records.ParseResult(re)
		fmt.Printf("%-8s %-11s winner %s margin %+g counted %v\n", re, r.Kind, r.Winner, r.Margin, r.Counted())
	}
	// Output:
	// B+3.5    score       winner B margin +3.5 counted true
	// W+0.5    score       winner W margin -0.5 counted true
	// W+Resign resignation winner W margin +0 counted false
	// B+T      time        winner B margin +0 counted false
	// Jigo     draw        winner . margin +0 counted true
	// ?        unknown     winner . margin +0 counted false
}

func ExampleBand_At() {
	bands, _ := records.ParseBands("50,200,end-20")
	for _, b := range bands {
		n, ok := b.At(180) // a game of 180 moves
		fmt.Println(b, n, ok)
	}
	// Output:
	// 50 50 true
	// 200 200 false
	// end-20 160 true
}

func ExampleOwnership() {
	b := board.MustParse(`
		. X O . .
		. X O X .
		. X O . .
		. X O . .
		. X O . .`)
	d4, _ := b.Geometry().ParseGTP("D4")
	// With the black stone on D4 alive, White's area is dame.
	own, area := records.Ownership(nil, b, nil)
	fmt.Println(own[:5], area)
	// Dead, it is removed and White owns the right side.
	own, area = records.Ownership(own, b, []board.Point{d4})
	fmt.Println(own[:5], area)
	// Output:
	// [1 1 -1 0 0] 6
	// [1 1 -1 -1 -1] -5
}
