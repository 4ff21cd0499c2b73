package judge_test

import (
	"fmt"

	"goeval/board"
	"goeval/control"
	"goeval/judge"
)

// A white group shut inside a black wall with no room for two eyes is
// judged dead, and the map gives Black every point. The score is more
// guarded: with 27 stones on 81 points the judge is early in a game, where
// its score model (fitted on close professional games) leans on a prior of
// about komi's worth and believes a lopsided map only a little. The win
// probability follows the score, the even point being about komi.
func ExampleJudge_WinProbability() {
	b := board.MustParse(`
		. . . . . . . . .
		. X X X X X X X .
		. X . . . . . X .
		. X . O O . . X .
		. X . O . . . X .
		. X . . . . . X .
		. X X X X X X X .
		. . . . . . . . .
		. . . . . . . . .`)
	j, err := judge.New(judge.Default())
	if err != nil {
		panic(err)
	}
	var r control.Result
	if err := j.Estimate(&r, b); err != nil {
		panic(err)
	}
	fmt.Printf("score %.1f, map sum %.1f\n", r.Score, j.Analysis().Sum)
	fields, _ := j.Report(b)
	fmt.Println(fields[0].Key, fields[0].Value)
	for _, komi := range []float64{0.5, 7, 20} {
		p, _, _ := j.WinProbability(b, komi)
		fmt.Printf("komi %g: Black wins with probability %.2f\n", komi, p)
	}
	// Output:
	// score 8.1, map sum 80.9
	// dead [D6 E6 D5]
	// komi 0.5: Black wins with probability 0.95
	// komi 7: Black wins with probability 0.56
	// komi 20: Black wins with probability 0.01
}
