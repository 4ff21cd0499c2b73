package records

import (
	"errors"
	"strings"
	"testing"
)

func TestParseReferenceErrors(t *testing.T) {
	own := func(n int) string { return "[" + strings.TrimSuffix(strings.Repeat("0,", n), ",") + "]" }
	for _, c := range []struct{ name, text, want string }{
		{"no file", `{"move":1,"komi":6.5,"lead":0,"winrate":0.5,"ownership":` + own(25) + `}`, `x.jsonl:1: compare: malformed reference: no "file"`},
		{"path", `{"file":"d/a.sgf","move":1,"komi":6.5,"lead":0,"winrate":0.5,"ownership":` + own(25) + `}`, "is not a base name"},
		{"no move", `{"file":"a.sgf","komi":6.5,"lead":0,"winrate":0.5,"ownership":` + own(25) + `}`, `no "move"`},
		{"no lead", "\n" + `{"file":"a.sgf","move":3,"komi":6.5,"winrate":0.5,"ownership":` + own(25) + `}`, `x.jsonl:2: compare: malformed reference: a.sgf move 3: "komi", "lead" and "winrate" are required`},
		{"winrate", `{"file":"a.sgf","move":3,"komi":6.5,"lead":0,"winrate":1.5,"ownership":` + own(25) + `}`, "winrate 1.5"},
		{"size", `{"file":"a.sgf","move":3,"komi":6.5,"lead":0,"winrate":0.5,"ownership":` + own(24) + `}`, "24 ownership values"},
		{"value", `{"file":"a.sgf","move":3,"komi":6.5,"lead":0,"winrate":0.5,"ownership":[2` + strings.Repeat(",0", 24) + `]}`, "ownership value 2 at index 0"},
		{"twice", `{"file":"a.sgf","move":3,"komi":6.5,"lead":0,"winrate":0.5,"ownership":` + own(25) + "}\n" +
			`{"file":"a.sgf","game":1,"move":3,"komi":6.5,"lead":0,"winrate":0.5,"ownership":` + own(25) + `}`, "x.jsonl:2: compare: malformed reference: a.sgf game 1 move 3 given twice (first on line 1)"},
		{"json", `{"file":`, "x.jsonl:1:8: compare: malformed reference: malformed JSON: unexpected end of JSON input"},
		// Not Go's "cannot unmarshal array into Go value of type struct {
		// records.RefPosition; ...". The column is where the reader
		// stopped: the line's last character, the string "3"'s closing
		// quote, the object's opening brace.
		{"array", "\n  [1, 2]", "x.jsonl:2:3: compare: malformed reference: a JSON array, not an object: each line holds one JSON object, {...}"},
		{"number", `3`, "x.jsonl:1:1: compare: malformed reference: a JSON number, not an object"},
		{"type", `{"file":"a.sgf","move":"3"}`, `x.jsonl:1:26: compare: malformed reference: "move" holds a string where a whole number belongs`},
		{"list", `{"file":"a.sgf","move":3,"ownership":{}}`, `x.jsonl:1:38: compare: malformed reference: "ownership" holds an object where a list, [...] belongs`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseReference("x.jsonl", strings.NewReader(c.text))
			if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, ErrReference) {
				t.Errorf("error %v, want one with %q wrapping ErrReference", err, c.want)
			}
		})
	}
	// Games in a collection are told apart.
	r, err := ParseReference("x.jsonl", strings.NewReader(`{"file":"t.sgf","game":2,"move":20,"komi":6.5,"lead":1,"winrate":0.5,"ownership":`+own(81)+`}`))
	if err != nil {
		t.Fatal(err)
	}
	if r.Lookup("dir/t.sgf", 2, 20) == nil || r.Lookup("t.sgf", 1, 20) != nil || r.Lookup("t.sgf", 2, 40) != nil || r.Len() != 1 {
		t.Errorf("lookups of game 2 move 20 in a collection")
	}
}
