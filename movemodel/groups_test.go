package movemodel

import (
	"slices"
	"testing"
)

func TestParseGroups(t *testing.T) {
	for _, tc := range []struct {
		list, bad string
		want      []Group
	}{
		{"", "", nil},
		{"gain, owner", "", []Group{GroupGain, GroupOwner}},
		{" pattern,,shape ", "", []Group{GroupPattern, GroupShape}},
		{"edge,bogus,gain", "bogus", []Group{GroupEdge}},
		{"Edge", "Edge", nil},
	} {
		got, bad := ParseGroups(tc.list)
		if bad != tc.bad || !slices.Equal(got, tc.want) {
			t.Errorf("ParseGroups(%q) = %v, %q; want %v, %q", tc.list, got, bad, tc.want, tc.bad)
		}
	}
}

func TestShortNames(t *testing.T) {
	names := ShortNames()
	if len(names) != int(NumGroups) {
		t.Fatalf("%d short names for %d groups", len(names), NumGroups)
	}
	for g := range NumGroups {
		if names[g] != g.Short() {
			t.Errorf("ShortNames()[%d] = %q, want %q", g, names[g], g.Short())
		}
		if p, ok := ParseGroup(names[g]); !ok || p != g {
			t.Errorf("ParseGroup(%q) = %v, %v; want %v", names[g], p, ok, g)
		}
	}
	names[0] = "changed"
	if ShortNames()[0] == "changed" {
		t.Error("ShortNames shares its slice")
	}
}
