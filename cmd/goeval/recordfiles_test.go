package main

import (
	"errors"
	"flag"
	"io"
	"slices"
	"strings"
	"testing"

	"goeval/records"
)

// TestBandsFlag: --moves defaults to records.DefaultBands, and a band it
// cannot read is a usage error naming the flag.
func TestBandsFlag(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	b := addBandsFlag(fs, "bands")
	if err := b.Check(); err != nil || !slices.Equal(b.bands, records.DefaultBands) {
		t.Errorf("default: %v, %v; want records.DefaultBands", b.bands, err)
	}
	if err := fs.Parse([]string{"--moves", "10,end-x"}); err != nil {
		t.Fatal(err)
	}
	var ue *usageError
	if err := b.Check(); !errors.As(err, &ue) || !strings.HasPrefix(ue.Msg, `invalid --moves "10,end-x": `) {
		t.Errorf("bad bands: %v", err)
	}
}
