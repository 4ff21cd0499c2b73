package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// valuePoint is one point of goeval values' JSON, as a script reads it.
type valuePoint struct {
	Rank  int      `json:"rank,omitempty"`
	Move  string   `json:"move"`
	Miai  *float64 `json:"miai"`
	Deiri *float64 `json:"deiri"`
	Black *float64 `json:"black"`
	White *float64 `json:"white"`
	Note  string   `json:"note,omitempty"`
}

func TestValuesJSON(t *testing.T) {
	code, out, stderr := goeval(t, "values", "--estimator", "stones", "--format", "json", "--move", "150", example)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var j struct {
		ToMove    string       `json:"to_move"`
		Size      int          `json:"size"`
		Estimator string       `json:"estimator"`
		Score     float64      `json:"score"`
		Points    []valuePoint `json:"points"`
		MiaiMap   []*float64   `json:"miai_map"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if j.ToMove != "B" || j.Size != 19 || j.Estimator != "stones" || j.Score != -5 || len(j.MiaiMap) != 361 {
		t.Fatalf("to_move %s size %d estimator %s score %v, %d map values", j.ToMove, j.Size, j.Estimator, j.Score, len(j.MiaiMap))
	}
	if len(j.Points) != 218 {
		t.Errorf("%d points, want the 218 empty ones", len(j.Points))
	}
	mapped := 0
	for _, v := range j.MiaiMap {
		if v != nil {
			mapped++
		}
	}
	valued := 0
	for i, p := range j.Points {
		if p.Miai == nil {
			// R4 is suicide for Black.
			if p.Move != "R4" || p.Black != nil || p.White == nil || p.Deiri != nil || p.Note != "Black may not play here: suicide" || p.Rank != 0 {
				t.Errorf("unvalued point %+v", p)
			}
			continue
		}
		valued++
		if p.Rank != i+1 || p.Black == nil || p.White == nil || *p.Deiri != *p.Black-*p.White || *p.Miai != *p.Deiri/2 {
			t.Errorf("point %d: %+v", i+1, p)
		}
		if i > 0 && *p.Miai > *j.Points[i-1].Miai {
			t.Errorf("%s out of order", p.Move)
		}
	}
	if valued != 217 || mapped != valued {
		t.Errorf("%d valued points, %d in the map; want 217", valued, mapped)
	}
	if p := j.Points[0]; p.Move != "N19" || *p.Miai != 1.5 {
		t.Errorf("biggest point %+v", p)
	}
}

func TestValuesText(t *testing.T) {
	code, out, stderr := goeval(t, "values", "--estimator", "stones", "--move", "150", "--top", "3", example)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"19   1  1  1  1  1  1  1  1  1  1  1  1  2  2  1  1  1  1  1 19",
		" 4   1  1  X  1  1  X  X  X  X  1  1  1  X  X  X  O  w  O  O 4",
		"    1 N19     1.50    3.00       W+3.00       W+6.00\n",
		"... 214 more points (--top 0 lists them all) ...",
		"  R4   Black may not play here: suicide",
		"218 empty points; 436 evaluations",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestRankValuesInterrupted: Ctrl-C during rank or values exits 130, as
// every other command does, saying that nothing was written.
func TestRankValuesInterrupted(t *testing.T) {
	interruptedFromTheStart(t)
	for _, args := range [][]string{
		{"rank", "--move", "50", example},
		{"rank", "--by", "eval", "--estimator", "stones", "--move", "50", example},
		{"values", "--estimator", "stones", "--move", "50", example},
	} {
		code, stdout, stderr := goeval(t, args...)
		if code != 130 || stdout != "" || stderr != "goeval: interrupted before the work was finished: nothing written\n" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
}
