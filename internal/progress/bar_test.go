package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestBar(t *testing.T) {
	var buf bytes.Buffer
	b := NewBar(&buf, true)
	b.Update(State{Phase: "goeval", Unit: "files", Total: 300})
	b.Update(State{Phase: "goeval", Unit: "files", Done: 1, Total: 300, Positions: 35}) // too soon: skipped
	b.last = time.Time{}
	b.Update(State{Phase: "goeval", Unit: "files", Done: 150, Total: 300, Positions: 5000, Elapsed: time.Second})
	b.Update(State{Phase: "peers", Unit: "games", Done: 300, Total: 300, Positions: 1392, Elapsed: 10 * time.Second}) // the end is always drawn
	b.Clear()
	out := buf.String()
	for _, want := range []string{
		"goeval [..............................] 0/300 files",
		"goeval [###############...............] 150/300 files  5000 positions/s  1s left",
		"peers [##############################] 300/300 games  139 positions/s  0s left",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("progress lacks %q:\n%q", want, out)
		}
	}
	if strings.Contains(out, "1/300") {
		t.Error("drawn more than ten times a second")
	}
	if !strings.HasSuffix(out, "\r\x1b[K") {
		t.Error("not cleared at the end")
	}
	noBar := NewBar(&buf, false) // not a terminal: no bar
	if noBar != nil || noBar.Func() != nil {
		t.Error("a bar off a terminal")
	}
	noBar.Clear() // nothing to do
}
