package netinput

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

type areaCase struct {
	name  string
	board []string
	want  [2][]string // without, with multi-stone suicide
}

func readAreaCases(t *testing.T) []areaCase {
	t.Helper()
	f, err := os.Open("testdata/katago-area.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []areaCase
	var dst *[]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "case "):
			cases = append(cases, areaCase{name: strings.TrimPrefix(line, "case ")})
		case line == "board":
			dst = &cases[len(cases)-1].board
		case line == "suicide 0":
			dst = &cases[len(cases)-1].want[0]
		case line == "suicide 1":
			dst = &cases[len(cases)-1].want[1]
		default:
			*dst = append(*dst, line)
		}
	}
	return cases
}

// TestAreaKataGoCases compares the area with what KataGo's
// cpp/tests/testboardarea.cpp expects of Board::calculateArea in the mode
// the V7 inputs use (safe and unsafe big territories, non-pass-alive
// stones), on every board of that file's area tests: pass-alive groups,
// dead stones in pass-alive territory, sekis, big unsafe territories,
// with suicide illegal (goeval's rules) and legal.
func TestAreaKataGoCases(t *testing.T) {
	cases := readAreaCases(t)
	if len(cases) < 10 {
		t.Fatalf("read %d cases", len(cases))
	}
	var s areaScratch
	var out [maxArr]int8
	for _, c := range cases {
		for i, suicide := range []bool{false, true} {
			name := c.name + map[bool]string{false: "/no suicide", true: "/suicide"}[suicide]
			t.Run(name, func(t *testing.T) {
				b := parseK(t, strings.Join(c.board, "\n"))
				s.area(b, suicide, &out)
				var got []string
				for y := 0; y < b.ySize; y++ {
					var sb strings.Builder
					for x := 0; x < b.xSize; x++ {
						sb.WriteByte(map[int8]byte{empty: '.', black: 'X', white: 'O'}[out[b.loc(x, y)]])
					}
					got = append(got, sb.String())
				}
				if g, w := strings.Join(got, "\n"), strings.Join(c.want[i], "\n"); g != w {
					t.Errorf("board\n%s\ngot\n%s\nwant\n%s", strings.Join(c.board, "\n"), g, w)
				}
			})
		}
	}
}
