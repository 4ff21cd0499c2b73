package progress

import (
	"sync"
	"testing"
)

// TestTracker reports from many goroutines: every report arrives, one at a
// time, and the last holds every unit.
func TestTracker(t *testing.T) {
	var mu sync.Mutex
	busy, calls := false, 0
	var last State
	tr := New(func(s State) {
		if !mu.TryLock() {
			busy = true
			return
		}
		defer mu.Unlock()
		calls++
		last = s
	})
	tr.Begin("phase", "games", 100)
	var wg sync.WaitGroup
	for range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tr.Add(1, 3)
		}()
	}
	wg.Wait()
	if busy {
		t.Error("two reports at once")
	}
	if calls != 101 || last.Done != 100 || last.Positions != 300 || last.Phase != "phase" || last.Unit != "games" || last.Total != 100 {
		t.Errorf("%d calls, last %+v", calls, last)
	}
	New(nil).Add(1, 1) // no callback: nothing happens
}
