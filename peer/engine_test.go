package peer

import (
	"math"
	"os"
	"testing"
)

// TestStartEngine starts the fake engine as an Engine: it scores a
// position as its Evaluator does, and an engine lacking a command asked
// for does not start, saying which.
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
	if err := e.SetPosition(1, 5, 0, nil, b); err != nil {
		t.Fatal(err)
	}
	// The fake's score is the stone balance minus komi (0).
	balance := 0.0
	for _, c := range b.Cells() {
		balance += float64(c)
	}
	if score, err := e.Score(); err != nil || math.Abs(score-balance) > 1e-9 {
		t.Errorf("score %v, %v; want %v", score, err, balance)
	}

	t.Setenv("GOEVAL_FAKE_GTP_LACKS", "final_status_list")
	if e, err := StartEngine("fake", []string{os.Args[0]}, Options{}, MapNone, "final_status_list"); err == nil || err.Error() != "fake does not know final_status_list" || e != nil {
		t.Errorf("an engine without final_status_list: %v, %v", e, err)
	}
}
