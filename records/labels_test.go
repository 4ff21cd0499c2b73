package records

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"goeval/board"
	"goeval/internal/shared"
)

func TestParseLabels(t *testing.T) {
	good := `{"file":"a.sgf","moves":12,"ownership":[1,1,0,-1],"area_score":1,"komi":0.5,"result":"B+0.5","dead":["A1"]}

{"file":"b.sgf","ownership":[0,0,0,0,0,0,0,0,1],"extra":true}
`
	l, err := ParseLabels("l.jsonl", strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	if l.Len() != 2 {
		t.Fatalf("Len() = %d", l.Len())
	}
	a := l.Lookup("some/dir/a.sgf")
	if a == nil || a.Moves != 12 || a.AreaScore != 1 || a.Komi != 0.5 || a.Result != "B+0.5" || len(a.Dead) != 1 || a.Line != 1 {
		t.Errorf("a.sgf: %+v", a)
	}
	if b := l.Lookup("b.sgf"); b == nil || b.AreaScore != 1 || b.Line != 3 {
		t.Errorf("b.sgf: %+v", b)
	}
	if l.Lookup("c.sgf") != nil {
		t.Error("c.sgf found")
	}

	bad := []struct{ name, text, want string }{
		{"not JSON", `{"file":`, "l.jsonl:1:8: compare: malformed labels: malformed JSON"},
		// A reference line given as a label: not Go's "...Label.ownership
		// of type int8"; 0.8 ends at column 41.
		{"reference line", `{"file":"a.sgf","move":3,"ownership":[0.8,0,0,0]}`,
			`l.jsonl:1:41: compare: malformed labels: "ownership" holds the number 0.8 where a whole number belongs: a labels file's ownership is -1, 0 or 1 a point`},
		{"no file", `{"ownership":[1]}`, `no "file"`},
		{"path", `{"file":"x/a.sgf","ownership":[0,0,0,0]}`, "not a base name"},
		{"twice", "{\"file\":\"a.sgf\",\"ownership\":[0,0,0,0]}\n{\"file\":\"a.sgf\",\"ownership\":[0,0,0,0]}", "l.jsonl:2: compare: malformed labels: a.sgf labelled twice (first on line 1)"},
		{"not square", `{"file":"a.sgf","ownership":[0,0,0]}`, "3 ownership values"},
		{"value", `{"file":"a.sgf","ownership":[0,0,2,0]}`, "ownership value 2 at index 2"},
		{"sum", `{"file":"a.sgf","ownership":[1,1,1,0],"area_score":2}`, "area_score 2 but the ownership sums to 3"},
		{"vertex", `{"file":"a.sgf","ownership":[1,1,1,0],"dead":["Z9"]}`, "dead stone board: bad vertex"},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseLabels("l.jsonl", strings.NewReader(tt.text))
			if !errors.Is(err, ErrLabels) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want ErrLabels with %q", err, tt.want)
			}
		})
	}
}

func TestReadDevLabels(t *testing.T) {
	path := shared.Data(t, "games", "dev", LabelsFile)
	l, err := ReadLabels(path)
	if err != nil {
		t.Fatal(err)
	}
	if l.Len() != 165 {
		t.Errorf("%d labels, want 165", l.Len())
	}
	a := l.Lookup("tygem_2005-11-07_76406007.sgf")
	if a == nil || a.AreaScore != 17 || len(a.Ownership) != 361 || len(a.Dead) != 18 {
		t.Errorf("first label: %+v", a)
	}
}

// TestNewLabel: a white stone dead inside Black's area is Black's (the
// region of its point borders Black alone); the label names it and keeps
// the base name of the file.
func TestNewLabel(t *testing.T) {
	b := board.MustParse(`
		. X O . .
		X O X O .
		. X O . .
		X X O . .
		. X O . .`)
	dead := []board.Point{b.Geometry().At(1, 1)} // B4, the white stone among Black's
	l := NewLabel("games/x.sgf", 40, b, dead, 6.5, "B+R")
	want := []int8{
		1, 1, -1, -1, -1,
		1, 1, 1, -1, -1,
		1, 1, -1, -1, -1,
		1, 1, -1, -1, -1,
		1, 1, -1, -1, -1,
	}
	if l.File != "x.sgf" || l.Moves != 40 || l.Komi != 6.5 || l.Result != "B+R" || !slices.Equal(l.Dead, []string{"B4"}) {
		t.Errorf("label %+v", l)
	}
	if !slices.Equal(l.Ownership, want) || l.AreaScore != -3 {
		t.Errorf("ownership %v (area %v), want %v (area 11 - 14 = -3)", l.Ownership, l.AreaScore, want)
	}
}

func TestLabelClashes(t *testing.T) {
	got := LabelClashes([]string{"a/x.sgf", "a/y.sgf", "b/x.sgf", "z.sgf", "c/d/x.sgf"})
	want := []Duplicate{{"b/x.sgf", "a/x.sgf"}, {"c/d/x.sgf", "a/x.sgf"}}
	if !slices.Equal(got, want) {
		t.Errorf("LabelClashes = %q, want %q", got, want)
	}
}
