package nearest

import "testing"

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		d    int
	}{{"rank", "rank", 0}, {"rnak", "rank", 1}, {"rak", "rank", 1}, {"ranks", "rank", 1}, {"value", "values", 1}, {"valeus", "values", 1}, {"", "gtp", 3}, {"miai", "tune", 4}} {
		if d := Distance(tt.a, tt.b); d != tt.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", tt.a, tt.b, d, tt.d)
		}
	}
}

func TestWord(t *testing.T) {
	words := []string{"compare", "rank", "values"}
	if w, d := Word("rnak", words); w != "rank" || d != 1 {
		t.Errorf("Word(rnak) = %q, %d; want rank, 1", w, d)
	}
	if w, d := Word("x", nil); w != "" || d != 0 {
		t.Errorf("Word(x, nil) = %q, %d; want \"\", 0", w, d)
	}
}
