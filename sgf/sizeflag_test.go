package sgf

import (
	"errors"
	"strings"
	"testing"
)

func TestSizeFlag(t *testing.T) {
	defer SetMaxSize(DefaultMaxSize, "")
	SetMaxSize(5, "")
	f := NewSizeFlag("--max-sgf-mb raises it")
	if MaxSize() != DefaultMaxSize || f.String() != "64" {
		t.Fatalf("NewSizeFlag: limit %d, shows %q; want %d, 64", MaxSize(), f.String(), DefaultMaxSize)
	}
	for _, bad := range []string{"-1", "x", "1.5", "1099511627777"} {
		if err := f.Set(bad); err == nil || MaxSize() != DefaultMaxSize {
			t.Errorf("Set(%q) took it: limit %d", bad, MaxSize())
		}
	}
	if err := f.Set("0"); err != nil || MaxSize() != 0 || f.String() != "0" {
		t.Errorf("Set(0): %v, limit %d, shows %q", err, MaxSize(), f.String())
	}
	if err := f.Set("1"); err != nil || MaxSize() != 1_000_000 {
		t.Fatalf("Set(1): %v, limit %d", err, MaxSize())
	}
	_, err := Read("big.sgf", strings.NewReader("(;"+strings.Repeat("C[x]", 300_000)+")"))
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "--max-sgf-mb raises it") {
		t.Errorf("input over 1 MB: %v", err)
	}
	if (*SizeFlag)(nil).String() != "" {
		t.Error("a nil flag shows a value")
	}
}
