package ko_test

import (
	"fmt"

	"goeval/board"
	"goeval/ko"
)

// Four kos that Black can connect, none that White can, Black to move:
// the study's case 2, -(4 - 1)/3 = -1. Black connects one, and in the
// block that follows White captures one ko and keeps the prisoner.
func ExampleSolve() {
	s, err := ko.Solve(ko.Position{Kb: 4, ToMove: board.Black})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("case", s.Case, "score", s.Score, "=", s.Formula, "=", s.OtherStyle)
	fmt.Println(s.Moves)
	// Output:
	// case 2 score -1 = -(Kd - 1)/3 = -Kd/3 + 1/3
	// [B connect ko 1 W capture ko 2 B connect ko 3 W connect ko 2 B connect ko 4 W pass B pass W pass]
}

// A basic ko on a finished 7x7 board, counted under territory scoring.
func ExampleCountTerritory() {
	b := board.MustParse(`
. X X O O . .
. X . X O . .
. . X O . . .
. . X O . . .
. . X O . . .
. . X O . . .
. . X O . . .
`)
	b.SetToMove(board.White)
	c, err := ko.CountTerritory(b, nil, nil, 0, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	k := c.Kos[0]
	g := b.Geometry()
	fmt.Printf("ko: %s's stone %s, ko point %s\n", k.Owner.Name(), g.GTP(k.Stone), g.GTP(k.Point))
	fmt.Println("territory", c.Territory, "prisoners", c.Prisoners, "case", c.Solution.Case, "kos", c.Solution.Score, "score", c.Score)
	// Output:
	// ko: Black's stone D6, ko point C6
	// territory -7 prisoners 0 case 4 kos -1 score -8
}
