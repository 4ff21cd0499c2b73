package moyo_test

import (
	"fmt"
	"os"

	"goeval/board"
	"goeval/moyo"
)

// The pairs of cutoff numbers on a small position, drawn like the
// paper's Figure 5 (docs/estimators.md §3): B5 is claimed by both colours (Black's leg up from B2 crosses
// White's leg from D5 to the left edge) and so carries a pair itself.
func ExampleMoyo_View() {
	b := board.MustParse(`
		. . . O .
		. . . . .
		. . . . .
		. X . . .
		. . . . .`)
	m, err := moyo.New(moyo.Settings{})
	if err != nil {
		panic(err)
	}
	if err := m.View(os.Stdout, "pairs", b); err != nil {
		panic(err)
	}
	var a moyo.Analysis
	m.Analyze(&a, b)
	fmt.Printf("S = %.2f, S' = %.3f\n", a.S, a.SPrime)
	// Output:
	//      A  B  C  D  E
	//   5  @ 12  @  O  @ 5
	//   4 21  # 21 21 21 4
	//   3 21  # 21 21 21 3
	//   2  #  X  #  #  # 2
	//   1 20  # 20 20 20 1
	//      A  B  C  D  E
	// X O stones; two digits: Black's and White's cutoff numbers; + - territory, b w cutoff points, # @ legs, & ! spans
	// S = 6.20, S' = 1.125
}
