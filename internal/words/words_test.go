package words

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n         int
		one, many string
		want      string
	}{
		{1, "file", "", "1 file"},
		{0, "file", "", "0 files"},
		{2, "file", "", "2 files"},
		{-1, "error", "", "-1 errors"},
		{1, "leaf", "leaves", "1 leaf"},
		{3, "leaf", "leaves", "3 leaves"},
		{2, "dame", "dame", "2 dame"},
		{4, "file or game", "files or games", "4 files or games"},
	} {
		var got string
		if c.many == "" {
			got = Count(c.n, c.one)
		} else {
			got = Count(c.n, c.one, c.many)
		}
		if got != c.want {
			t.Errorf("Count(%d, %q, %q) = %q, want %q", c.n, c.one, c.many, got, c.want)
		}
	}
}
