package thermo

import (
	"errors"
	"strings"
	"testing"
)

func TestParseRoundTrip(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"integer", "5", "5"},
		{"negative", "-7", "-7"},
		{"decimal", "2.5", "5/2"},
		{"fraction", "13/4", "13/4"},
		{"negative fraction", "-3/6", "-1/2"},
		{"gote", "{4 | {3 | 2}}", "{4 | {3 | 2}}"},
		{"no spaces", "{4|{3|2}}", "{4 | {3 | 2}}"},
		{"commas", "{4, 5 | 2}", "{4, 5 | 2}"},
		{"empty left", "{ | 3}", "{ | 3}"},
		{"empty right", "{3|}", "{3 | }"},
		{"both empty", "{|}", "{ | }"},
		{"double bar", "{4||3|2}", "{4 | {3 | 2}}"},
		{"triple bar", "{1|||2||3|4}", "{1 | {2 | {3 | 4}}}"},
		{"bars left nest", "{1|2||3}", "{{1 | 2} | 3}"},
		{"commas bind tighter", "{1, 2|3||4}", "{{1, 2 | 3} | 4}"},
		{"empty implicit side", "{4|| |2}", "{4 | { | 2}}"},
		{"double bar only", "{4||2}", "{4 | 2}"},
		{"whitespace and newlines", " {\n 4 ,5\t|\n -1 } ", "{4, 5 | -1}"},
		{"nested braces in bars", "{{5|1}||0|-3}", "{{5 | 1} | {0 | -3}}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if got := g.String(); got != tt.want {
				t.Errorf("Parse(%q) = %s, want %s", tt.in, got, tt.want)
			}
			// What String prints parses back to the same tree.
			again, err := Parse(g.String())
			if err != nil || again.String() != tt.want {
				t.Errorf("reparse of %s = %v, %v", g, again, err)
			}
		})
	}
}

// TestParseSlashShorthandEqualsBraces pins the task's example: {4||3|2} is
// the same tree as {4|{3|2}}, node for node.
func TestParseSlashShorthandEqualsBraces(t *testing.T) {
	a, b := MustParse("{4||3|2}"), MustParse("{4|{3|2}}")
	if !sameTree(a, b) {
		t.Errorf("{4||3|2} = %s, {4|{3|2}} = %s", a, b)
	}
}

func sameTree(a, b *Game) bool {
	return sameGraph(a, b, map[[2]*Game]bool{})
}

// sameGraph compares two game graphs; a pair met again on the way is taken
// as equal, which is how two cycles compare.
func sameGraph(a, b *Game, seen map[[2]*Game]bool) bool {
	if seen[[2]*Game{a, b}] {
		return true
	}
	seen[[2]*Game{a, b}] = true
	if (a.Value == nil) != (b.Value == nil) || a.Value != nil && a.Value.Cmp(b.Value) != 0 {
		return false
	}
	if len(a.Left) != len(b.Left) || len(a.Right) != len(b.Right) {
		return false
	}
	for i := range a.Left {
		if !sameGraph(a.Left[i], b.Left[i], seen) {
			return false
		}
	}
	for i := range a.Right {
		if !sameGraph(a.Right[i], b.Right[i], seen) {
			return false
		}
	}
	return true
}

func TestParsePositions(t *testing.T) {
	g := MustParse("{4 | {3 | 2}}")
	if g.Pos != 0 || g.Left[0].Pos != 1 || g.Right[0].Pos != 5 || g.Right[0].Right[0].Pos != 10 {
		t.Errorf("positions = %d %d %d %d, want 0 1 5 10", g.Pos, g.Left[0].Pos, g.Right[0].Pos, g.Right[0].Right[0].Pos)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name        string
		in          string
		unsupported bool // ErrUnsupported rather than ErrSyntax
		line, col   int
		msg         string // a substring of the message
	}{
		{"empty input", "  ", false, 1, 3, "empty input"},
		{"unclosed brace", "{4 | {3 | 2}", false, 1, 1, "never closed"},
		{"unclosed inner brace", "{4 | {3 | 2", false, 1, 6, "never closed"},
		{"stray close", "4}", false, 1, 2, "after the game"},
		{"close first", "}", false, 1, 1, "'}' without '{'"},
		{"extra close", "{4|3}}", false, 1, 6, "after the game"},
		{"empty between commas", "{4,,5|2}", false, 1, 4, "empty option"},
		{"leading comma", "{,4|2}", false, 1, 2, "empty option"},
		{"trailing comma", "{4,|2}", false, 1, 4, "empty option"},
		{"comma in empty right", "{4|,}", false, 1, 4, "empty option"},
		{"not a number", "{4 | x}", false, 1, 6, `leaf "x" is not a number`},
		{"half a decimal", "{2. | 1}", false, 1, 2, "not a number"},
		{"exponent", "1e5", false, 1, 1, "not a number"},
		{"plus sign", "+3", false, 1, 1, "not a number"},
		{"zero denominator", "{1/0|0}", false, 1, 2, "zero denominator"},
		{"trailing garbage", "{4|3} 7", false, 1, 7, `unexpected "7" after the game`},
		{"missing separator", "{4 5|3}", false, 1, 4, "missing ',' or '|'"},
		{"no bar", "{4}", false, 1, 1, "without '|'"},
		{"ambiguous bars", "{1||2||3}", false, 1, 6, "ambiguous"},
		{"bars outside braces", "4|3", false, 1, 2, "after the game"},
		{"second line", "{4 |\n  {3 | y}}", false, 2, 8, `"y"`},
		{"column counts runes", "{é|x}", false, 1, 2, `"é" is not a number`},
		{"star", "{0 | *}", true, 1, 6, "shorthand"},
		{"up", "{^ | 0}", true, 1, 2, "shorthand"},
		{"infinity", "{3 | -inf}", true, 1, 6, "infinite"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.in)
			if err == nil {
				t.Fatalf("Parse(%q) succeeded, want an error", tt.in)
			}
			var line, col int
			if tt.unsupported {
				var ue *UnsupportedError
				if !errors.As(err, &ue) || !errors.Is(err, ErrUnsupported) || errors.Is(err, ErrSyntax) {
					t.Fatalf("Parse(%q) = %v (%T), want *UnsupportedError", tt.in, err, err)
				}
				line, col = ue.Line, ue.Col
			} else {
				var se *SyntaxError
				if !errors.As(err, &se) || !errors.Is(err, ErrSyntax) {
					t.Fatalf("Parse(%q) = %v (%T), want *SyntaxError", tt.in, err, err)
				}
				line, col = se.Line, se.Col
			}
			if line != tt.line || col != tt.col {
				t.Errorf("Parse(%q) error at %d:%d, want %d:%d (%v)", tt.in, line, col, tt.line, tt.col, err)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("Parse(%q) = %q, want it to mention %q", tt.in, err, tt.msg)
			}
		})
	}
}

func TestParseLimits(t *testing.T) {
	deep := strings.Repeat("{0|", MaxDepth+1) + "0" + strings.Repeat("}", MaxDepth+1)
	if _, err := Parse(deep); !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "nested deeper") {
		t.Errorf("Parse(depth %d) = %v, want a nesting error", MaxDepth+1, err)
	}
	ok := strings.Repeat("{0|", MaxDepth) + "0" + strings.Repeat("}", MaxDepth)
	if _, err := Parse(ok); err != nil {
		t.Errorf("Parse(depth %d) = %v, want success", MaxDepth, err)
	}
	if _, err := Parse(strings.Repeat(" ", MaxInput+1)); !errors.Is(err, ErrSyntax) {
		t.Errorf("Parse(too long) = %v, want ErrSyntax", err)
	}
}

func TestValidate(t *testing.T) {
	ko := &Game{Label: "A"}
	b := &Game{Left: []*Game{IntLeaf(5)}, Right: []*Game{ko}}
	ko.Left = []*Game{b}
	ko.Right = []*Game{IntLeaf(-2)}
	shared := MustParse("{1|0}")
	tests := []struct {
		name string
		g    *Game
		want error // nil for valid
		msg  string
	}{
		{"parsed tree", MustParse("{4|{3|-17}}"), nil, ""},
		{"shared subtree", NewNode([]*Game{shared}, []*Game{shared}), nil, ""},
		{"ko", ko, nil, ""},
		{"cycle with an exit in the middle", MustParse("A = {B | -2}; B = {5 | A, 1}"), ErrKo, "the cycle A -> B -> A is not a ko the tally method counts: only White's plays from A and Black's from B, the ends of the line, may leave the cycle, but B has a White play to 1 (root.L[0].R[1])"},
		{"self loop", func() *Game { g := &Game{}; g.Left = []*Game{g}; return g }(), ErrKo, "the cycle root -> root is not a ko: root has a Black play that leaves the position as it is"},
		{"nil option", NewNode([]*Game{nil}, nil), ErrMalformed, "root.L[0] is a nil option"},
		{"leaf with options", &Game{Value: ratInt(1), Left: []*Game{IntLeaf(2)}}, ErrMalformed, "leaf (value 1)"},
		{"nil game", nil, ErrMalformed, "nil game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.g.Validate()
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("Validate() = %v, want %v mentioning %q", err, tt.want, tt.msg)
			}
			if tt.want == ErrKo && !errors.Is(err, ErrUnsupported) {
				t.Errorf("ko error %v does not match ErrUnsupported", err)
			}
		})
	}
	if s, want := ko.String(), "A = {P1 | -2}; P1 = {5 | A}"; s != want {
		t.Errorf("String of a cycle = %q, want %q", s, want)
	}
}
