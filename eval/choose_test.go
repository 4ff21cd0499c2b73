package eval

import (
	"errors"
	"slices"
	"testing"
)

// TestParams: every parameter a command line overrides is some
// estimator's, and every estimator's but the network's is among them.
func TestParams(t *testing.T) {
	var names []string
	for _, p := range Params() {
		names = append(names, p.Name)
		found := false
		for _, s := range All() {
			found = found || slices.Contains(s.Params, p.Name)
		}
		if !found || p.Usage == "" {
			t.Errorf("parameter %q (%q) is no estimator's, or has no usage", p.Name, p.Usage)
		}
	}
	for _, s := range All() {
		for _, p := range s.Params {
			if s.Name != NetName && !slices.Contains(names, p) {
				t.Errorf("%s's parameter %q is not in Params", s.Name, p)
			}
		}
	}
}

func TestConstructors(t *testing.T) {
	UnloadNetwork()
	all, err := Constructors()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, n := range all {
		names = append(names, n.Name)
		if e := n.New(); e.Name() != n.Name {
			t.Errorf("constructor of %s builds %s", n.Name, e.Name())
		}
	}
	var usable []string
	for _, s := range Usable() {
		usable = append(usable, s.Name)
	}
	if !slices.Equal(names, usable) || slices.Contains(names, NetName) {
		t.Errorf("Constructors() = %v, want the usable ones %v, without net", names, usable)
	}
	two, err := Constructors("moyo", "stones")
	if err != nil || len(two) != 2 || two[0].Name != "moyo" || two[1].Name != "stones" {
		t.Errorf("Constructors(moyo, stones) = %v, %v", two, err)
	}
	if _, err := Constructors("stones", NetName); !errors.Is(err, ErrNoNetwork) {
		t.Errorf("Constructors(stones, net) without a network: %v, want ErrNoNetwork", err)
	}
	if _, err := Constructors("bogus"); !errors.Is(err, ErrUnknown) {
		t.Errorf("Constructors(bogus): %v, want ErrUnknown", err)
	}
}
