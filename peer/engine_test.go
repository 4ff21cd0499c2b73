package peer

import (
	"math"
	"os"
	"testing"

	"goeval/control"
	"goeval/records"
)

// TestStartEngine starts the fake engine as an Engine: it evaluates a
// position (score and map) as its Evaluator does, and an engine lacking a
// command asked for does not start, saying which.
func TestStartEngine(t *testing.T) {
	t.Setenv("GOEVAL_FAKE_GTP", "1")
	t.Setenv("GORACE", "atexit_sleep_ms=0")
	t.Setenv("GOEVAL_FAKE_GTP_LACKS", "")
	e, err := StartEngine("fake", []string{os.Args[0]}, Options{}, MapAuto, "final_status_list")
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	b := mapsBoard()
	var res control.Result
	if err := e.Evaluate(&res, &records.Position{Serial: 1, Size: 5, Board: b}); err != nil {
		t.Fatal(err)
	}
	// The fake's score is the stone balance minus komi (0); its map has a
	// value for every point.
	balance := 0.0
	for _, c := range b.Cells() {
		balance += float64(c)
	}
	if math.Abs(res.Score-balance) > 1e-9 || len(res.Control) != 25 {
		t.Errorf("score %v with %d map values, want %v with 25", res.Score, len(res.Control), balance)
	}

	t.Setenv("GOEVAL_FAKE_GTP_LACKS", "final_status_list")
	if e, err := StartEngine("fake", []string{os.Args[0]}, Options{}, MapNone, "final_status_list"); err == nil || err.Error() != "fake does not know final_status_list" || e != nil {
		t.Errorf("an engine without final_status_list: %v, %v", e, err)
	}
}
