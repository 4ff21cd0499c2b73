package neural_test

import (
	"fmt"
	"log"

	"goeval/board"
	"goeval/netinput"
	"goeval/neural"
)

// Example evaluates the empty 9×9 board, Black to move, komi 7, in the
// mean of the 8 symmetries. The features are built by hand here; package
// netinput builds them from positions.
func Example() {
	// Once, shared by every goroutine (neural.New(m) for a model read
	// with netmodel.Load).
	nw, err := neural.Load("g170-b6c96-s175395328-d26788732.bin.gz")
	if err != nil {
		log.Fatal(err)
	}
	e := nw.NewEvaluator() // one per goroutine

	const size = 9
	f := &netinput.Features{
		Size:    size,
		ToMove:  board.Black,
		Spatial: make([]float32, size*size*netinput.NumSpatial),
		Legal:   make([]bool, size*size+1),
	}
	for p := range size * size {
		f.Spatial[p*netinput.NumSpatial] = 1 // plane 0: on the board
		f.Legal[p] = true
	}
	f.Legal[size*size] = true // pass
	f.Global[5] = -7.0 / 20   // Black's komi
	out := make([]neural.Output, 1)
	if err := e.Evaluate(out, []*netinput.Features{f}, neural.AllSymmetries); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("White wins %.1f%%, leads by %.1f points\n", 100*out[0].WhiteWin, out[0].WhiteLead)
}
