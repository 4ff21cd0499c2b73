package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"goeval/internal/progress"
)

// progressBar draws the progress of a comparison on a terminal, at most
// ten times a second.
type progressBar struct {
	w     io.Writer
	last  time.Time
	drawn bool
}

func (b *progressBar) update(p progress.State) {
	if b == nil {
		return
	}
	b.draw(p.Phase, p.Unit, p.Done, p.Total, p.Positions, p.Elapsed)
}

// progress returns b.update, or nil for a nil bar (no progress wanted).
func (b *progressBar) progress() func(progress.State) {
	if b == nil {
		return nil
	}
	return b.update
}

// newProgressBar returns a bar on standard error if it is a terminal,
// else nil (whose update and clear do nothing).
func newProgressBar(e *env) *progressBar {
	if !e.stderrTTY {
		return nil
	}
	return &progressBar{w: e.stderr}
}

// draw draws the bar: done of total units in the phase, with the rate of
// positions and the time left.
func (b *progressBar) draw(phase, unit string, done, total, positions int, elapsed time.Duration) {
	now := time.Now()
	if done < total && now.Sub(b.last) < 100*time.Millisecond {
		return
	}
	b.last = now
	const width = 30
	filled := 0
	if total > 0 {
		filled = width * done / total
	}
	rate, left := "", ""
	if s := elapsed.Seconds(); s > 0 && done > 0 {
		rate = fmt.Sprintf("  %.0f positions/s", float64(positions)/s)
		rest := time.Duration(float64(elapsed) * float64(total-done) / float64(done))
		left = fmt.Sprintf("  %s left", rest.Round(time.Second))
	}
	fmt.Fprintf(b.w, "\r\x1b[K%s [%s%s] %d/%d %s%s%s", phase, strings.Repeat("#", filled),
		strings.Repeat(".", width-filled), done, total, unit, rate, left)
	b.drawn = true
}

// clear erases the bar; a nil bar does nothing.
func (b *progressBar) clear() {
	if b != nil && b.drawn {
		fmt.Fprint(b.w, "\r\x1b[K")
	}
}
