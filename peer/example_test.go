package peer_test

import (
	"fmt"

	"goeval/peer"
)

func ExampleParseScore() {
	// GnuGo's estimate_score is a result after komi, Black positive here.
	r, _ := peer.ParseScore("W+3.5 (upper bound: -1.0, lower: -6.0)")
	komi := 6.5
	fmt.Println(r, "after komi,", r+komi, "on the board")
	// Output: -3.5 after komi, 3 on the board
}

func ExampleSplitCommand() {
	argv, _ := peer.SplitCommand(`gnugo --mode gtp --chinese-rules --level 1 --comment "two words"`)
	fmt.Printf("%q\n", argv)
	// Output: ["gnugo" "--mode" "gtp" "--chinese-rules" "--level" "1" "--comment" "two words"]
}
