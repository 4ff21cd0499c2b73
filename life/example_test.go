package life_test

import (
	"fmt"

	"goeval/board"
	"goeval/life"
)

func ExampleAnalyze() {
	b := board.MustParse(`
		. X . O . X .
		X X X X X X .
		. . . . . . .
		. . . . O O O
		. . . . O . .
		. . . . O . .
		. . . . O . .`)
	var r life.Result
	life.Analyze(&r, b)
	g := b.Geometry()
	for _, v := range []string{"B7", "D7", "E7", "E4", "F3"} {
		p, _ := g.ParseGTP(v)
		fmt.Printf("%s: %s, alive %v, owner %s\n", v, b.At(p).Name(), r.Alive[p], r.Owner[p].Name())
	}
	// Output:
	// B7: Black, alive true, owner Black
	// D7: White, alive false, owner Black
	// E7: Empty, alive false, owner Black
	// E4: White, alive false, owner Empty
	// F3: Empty, alive false, owner Empty
}
