package influence_test

import (
	"fmt"

	"goeval/board"
	"goeval/control"
	"goeval/influence"
)

// A white stone at the mouth of a corridor walled by Black: under the
// default cap-each combination the k-th corridor point is worth 1 - 2^-k to
// Black.
func ExamplePropagate() {
	b := board.MustParse(`
		. . . . .
		X X X X X
		O . . . X
		X X X X X
		. . . . .`)
	e, err := influence.NewPropagate(influence.PropagateSettings{})
	if err != nil {
		panic(err)
	}
	var r control.Result
	if err := e.Estimate(&r, b); err != nil {
		panic(err)
	}
	for _, v := range []string{"B3", "C3", "D3"} {
		p, _ := b.Geometry().ParseGTP(v)
		fmt.Printf("%s %.4f\n", v, r.Control[p])
	}
	// Output:
	// B3 0.5000
	// C3 0.7500
	// D3 0.8750
}
