package position

import (
	"slices"
	"testing"
)

func TestVariation(t *testing.T) {
	for _, tc := range []struct {
		s    string
		path []int
		ok   bool
	}{
		{"", nil, true},
		{"2", []int{2}, true},
		{"2.1.3", []int{2, 1, 3}, true},
		{"0", nil, false},
		{"1..2", nil, false},
		{"a", nil, false},
		{"-1", nil, false},
	} {
		path, ok := ParseVariation(tc.s)
		if ok != tc.ok || !slices.Equal(path, tc.path) {
			t.Errorf("ParseVariation(%q) = %v, %v; want %v, %v", tc.s, path, ok, tc.path, tc.ok)
		}
		if ok && VariationName(path) != tc.s {
			t.Errorf("VariationName(%v) = %q, want %q", path, VariationName(path), tc.s)
		}
	}
}
