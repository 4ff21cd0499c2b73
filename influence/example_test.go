package influence_test

import (
	"fmt"

	"goeval/board"
	"goeval/control"
	"goeval/influence"
)

func ExampleSymmetric() {
	b := board.MustParse(`
		. . . . . . .
		. . X . . . .
		. . X . O . .
		. . X . O . .
		. . X . O O .
		. . . . . . .
		. . . . . . .`)
	e, err := influence.NewSymmetric(influence.SymmetricSettings{}) // lambda-kappa
	if err != nil {
		panic(err)
	}
	var r control.Result
	if err := e.Estimate(&r, b); err != nil {
		panic(err)
	}
	fmt.Printf("%s: B%+.1f after %d steps (converged %v)\n", e.Name(), r.Score, r.Iterations, r.Converged)
	fmt.Printf("C4 %.2f, D4 %.2f, E4 %.2f\n", r.Control[3*7+2], r.Control[3*7+3], r.Control[3*7+4])
	// Output:
	// lambda-kappa: B+2.3 after 41 steps (converged true)
	// C4 0.93, D4 0.01, E4 -0.93
}
