package progress

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// Bar draws a run's progress on a terminal, on one line that it redraws
// at most ten times a second (and always at the end of a phase). A nil
// Bar draws nothing.
type Bar struct {
	w     io.Writer
	last  time.Time
	drawn bool
}

// NewBar returns a bar drawn on w if it is a terminal (tty), else nil.
func NewBar(w io.Writer, tty bool) *Bar {
	if !tty {
		return nil
	}
	return &Bar{w: w}
}

// Func returns b.Update, or nil for a nil bar: the callback of a run's
// progress (Tracker) when a bar is wanted.
func (b *Bar) Func() func(State) {
	if b == nil {
		return nil
	}
	return b.Update
}

// Update draws s: done of total units in the phase, with the rate of
// positions and the time left.
func (b *Bar) Update(s State) {
	now := time.Now()
	if s.Done < s.Total && now.Sub(b.last) < 100*time.Millisecond {
		return
	}
	b.last = now
	const width = 30
	filled := 0
	if s.Total > 0 {
		filled = width * s.Done / s.Total
	}
	rate, left := "", ""
	if sec := s.Elapsed.Seconds(); sec > 0 && s.Done > 0 {
		rate = fmt.Sprintf("  %.0f positions/s", float64(s.Positions)/sec)
		rest := time.Duration(float64(s.Elapsed) * float64(s.Total-s.Done) / float64(s.Done))
		left = fmt.Sprintf("  %s left", rest.Round(time.Second))
	}
	fmt.Fprintf(b.w, "\r\x1b[K%s [%s%s] %d/%d %s%s%s", s.Phase, strings.Repeat("#", filled),
		strings.Repeat(".", width-filled), s.Done, s.Total, s.Unit, rate, left)
	b.drawn = true
}

// Clear erases the bar; a nil bar does nothing.
func (b *Bar) Clear() {
	if b != nil && b.drawn {
		fmt.Fprint(b.w, "\r\x1b[K")
	}
}
