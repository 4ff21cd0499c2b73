package position

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"goeval/control"
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

// TestReadAndWrite reads a record's last position and writes its
// evaluation by the stones estimator as text and JSON.
func TestReadAndWrite(t *testing.T) {
	pos, err := Read("../testdata/example9.sgf", nil, 1, -1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if pos.Move != 62 || pos.Moves != 62 || pos.Board.Size() != 9 {
		t.Fatalf("move %d of %d on %dx%d, want 62 of 62 on 9x9", pos.Move, pos.Moves, pos.Board.Size(), pos.Board.Size())
	}
	est := control.Stones{}
	var res control.Result
	if err := pos.Estimate(est, &res, false); err != nil {
		t.Fatal(err)
	}
	var text, js strings.Builder
	if err := pos.WriteText(&text, est, &res, Options{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"testdata/example9.sgf, move 62 of 62, Black to move, komi 5.5, result W+0.5\n",
		" 9  . O . O O X . . . 9\n",
		"\nestimator stones\nscore by stones: W+5.0 on the board, W+10.5 after komi 5.5\n",
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("WriteText: no %q in\n%s", want, text.String())
		}
	}
	if err := pos.WriteJSON(&js, est, &res, Options{}); err != nil {
		t.Fatal(err)
	}
	var j struct {
		Move      int     `json:"move"`
		Estimator string  `json:"estimator"`
		Score     float64 `json:"score"`
		Result    float64 `json:"result"`
	}
	if err := json.Unmarshal([]byte(js.String()), &j); err != nil {
		t.Fatal(err)
	}
	if j.Move != 62 || j.Estimator != "stones" || j.Score != -5 || j.Result != -10.5 {
		t.Errorf("WriteJSON: %+v, want move 62, stones, score -5, result -10.5", j)
	}
	if _, err := Read("../testdata/example9.sgf", nil, 1, 999, nil); err == nil || !strings.Contains(err.Error(), "--move 999 asked for, but the main line has 62 moves") {
		t.Errorf("Read past the end: %v", err)
	}
}
