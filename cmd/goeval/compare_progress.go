package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"goeval/compare"
)

// progressBar draws the progress of a comparison on a terminal, at most
// ten times a second.
type progressBar struct {
	w     io.Writer
	last  time.Time
	drawn bool
}

func (b *progressBar) update(p compare.Progress) {
	now := time.Now()
	if p.Done < p.Total && now.Sub(b.last) < 100*time.Millisecond {
		return
	}
	b.last = now
	const width = 30
	filled := 0
	if p.Total > 0 {
		filled = width * p.Done / p.Total
	}
	unit := "files"
	if p.Phase == "peers" {
		unit = "games"
	}
	rate, left := "", ""
	if s := p.Elapsed.Seconds(); s > 0 && p.Done > 0 {
		rate = fmt.Sprintf("  %.0f positions/s", float64(p.Positions)/s)
		rest := time.Duration(float64(p.Elapsed) * float64(p.Total-p.Done) / float64(p.Done))
		left = fmt.Sprintf("  %s left", rest.Round(time.Second))
	}
	fmt.Fprintf(b.w, "\r\x1b[K%s [%s%s] %d/%d %s%s%s", p.Phase, strings.Repeat("#", filled),
		strings.Repeat(".", width-filled), p.Done, p.Total, unit, rate, left)
	b.drawn = true
}

// clear erases the bar; a nil bar does nothing.
func (b *progressBar) clear() {
	if b != nil && b.drawn {
		fmt.Fprint(b.w, "\r\x1b[K")
	}
}
