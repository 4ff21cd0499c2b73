package judge_test

import (
	"fmt"

	"goeval/board"
	"goeval/judge"
)

// A white group shut inside a black wall with no room for two eyes is
// judged dead, and the map gives Black every point. With 27 stones on 81
// points the judge is early in a game, where its score model (fitted on
// close professional games) leans on a prior of about komi's worth; but no
// point is left open here (every empty region borders Black alone) and no
// stone is in doubt, so the score is held to within four points a
// doubtful stone of the map's sum. The win probability follows the score, the even
// point being about the score, less half a point. The position is judged
// once; the analysis answers every question.
func ExampleJudge_Analyze() {
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
	var a judge.Analysis
	if err := j.Analyze(&a, b); err != nil {
		panic(err)
	}
	fmt.Printf("score %.1f, map sum %.1f\n", a.Result.Score, a.Sum)
	fields := a.Report()
	fmt.Println(fields[0].Key, fields[0].Value)
	for _, komi := range []float64{7, 78.5, 80.5, 82.5} {
		p, _ := a.WinProbability(komi)
		fmt.Printf("komi %g: Black wins with probability %.2f\n", komi, p)
	}
	// Output:
	// score 80.1, map sum 80.9
	// dead [D6 E6 D5]
	// komi 7: Black wins with probability 1.00
	// komi 78.5: Black wins with probability 0.61
	// komi 80.5: Black wins with probability 0.41
	// komi 82.5: Black wins with probability 0.23
}
