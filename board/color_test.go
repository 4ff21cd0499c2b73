package board

import "testing"

func TestParseColor(t *testing.T) {
	for s, want := range map[string]Color{"B": Black, "b": Black, "Black": Black, "WHITE": White, "w": White} {
		if c, ok := ParseColor(s); !ok || c != want {
			t.Errorf("ParseColor(%q) = %v, %v; want %v", s, c, ok, want)
		}
	}
	for _, s := range []string{"", "x", "bl", "empty", "."} {
		if c, ok := ParseColor(s); ok {
			t.Errorf("ParseColor(%q) = %v, true; want false", s, c)
		}
	}
}
