// Package progress reports how far a long run of many workers has got:
// a Tracker serialises the workers' reports into calls of one callback,
// never two at a time, and a Bar draws them on a terminal.
package progress

import (
	"sync"
	"time"
)

// State says how far a run has got.
type State struct {
	// Phase names the part of the run under way.
	Phase string
	// Done and Total count the phase's units of work (files, games).
	Done, Total int
	// Unit names them ("files", "games").
	Unit string
	// Positions counts the positions done so far in this phase.
	Positions int
	// Elapsed is the time since the phase began.
	Elapsed time.Duration
}

// Tracker passes a run's progress to a callback. A Tracker with a nil
// callback does nothing; it is safe for concurrent use.
type Tracker struct {
	mu    sync.Mutex
	f     func(State)
	s     State
	start time.Time
}

// New returns a Tracker that calls f (nil for none).
func New(f func(State)) *Tracker { return &Tracker{f: f} }

// Begin starts a phase of total units, and reports it.
func (t *Tracker) Begin(phase, unit string, total int) {
	if t.f == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.s = State{Phase: phase, Unit: unit, Total: total}
	t.start = time.Now()
	t.f(t.s)
}

// Add counts done more units and positions more positions, and reports
// the new state.
func (t *Tracker) Add(done, positions int) {
	if t.f == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.s.Done += done
	t.s.Positions += positions
	t.s.Elapsed = time.Since(t.start)
	t.f(t.s)
}
