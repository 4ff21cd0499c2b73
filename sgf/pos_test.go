package sgf

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"goeval/board"
)

// slowPos is the obviously correct twin of source.pos: it counts the lines
// and then the characters of the offset's line from its start.
func slowPos(text string, offset int) Pos {
	line, start := 1, 0
	for i := 0; i < offset; i++ {
		switch text[i] {
		case '\n':
			line, start = line+1, i+1
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				continue
			}
			line, start = line+1, i+1
		}
	}
	return Pos{Line: line, Col: utf8.RuneCountInString(text[start:offset]) + 1}
}

// TestSourcePos checks the position index against slowPos on random texts
// of ASCII, multi-byte characters and every kind of line break, at every
// offset that starts a character.
func TestSourcePos(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 1))
	pieces := []string{"a", "(", ";", "B[pd]", " ", "\n", "\r", "\r\n", "\n\r", "é", "碁", "😀", "\t"}
	for k := range 200 {
		var sb strings.Builder
		for range r.IntN(60) {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		text := sb.String()
		s := newSource("t.sgf", text)
		for off := 0; off <= len(text); off++ {
			if off < len(text) && !utf8.RuneStart(text[off]) {
				continue
			}
			if got, want := s.pos(off), slowPos(text, off); got != want {
				t.Fatalf("text %d %q offset %d: pos %v, want %v", k, text, off, got, want)
			}
		}
	}
}

// TestOneLineGames reads games written on one line, as many SGF writers
// write them: 30,000 passes in a row and 10^5 passes nested one variation
// inside the other. Every node's position, a move error's and a warning's
// are where the test wrote them. (Reading them took seconds to minutes when
// a position was found by counting the characters of its line from the
// start; BenchmarkOneLine shows the cost per move staying flat.)
func TestOneLineGames(t *testing.T) {
	for _, tt := range []struct {
		name   string
		moves  int
		nested bool
	}{
		{"30000 passes", 30000, false},
		{"1e5 nested passes", 100000, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if testing.Short() && tt.moves > 30000 {
				t.Skip("short")
			}
			src, cols := oneLineGame(tt.moves, tt.nested)
			g := parseGame(t, src)
			line := g.MainLine()
			if len(line) != len(cols) {
				t.Fatalf("%d nodes on the main line, want %d", len(line), len(cols))
			}
			for i, n := range line {
				if got := n.Pos(); got != (Pos{1, cols[i]}) {
					t.Fatalf("node %d at %v, want 1:%d", i, got, cols[i])
				}
			}
			// The last node plays on a point already taken: the error says
			// where its move property is (one after the node's ';'), and
			// the suicide before it warns where it was played.
			_, sum, err := g.Position(-1)
			var me *MoveError
			if !errors.As(err, &me) || me.Move != tt.moves+3 || !errors.Is(err, board.ErrOccupied) {
				t.Fatalf("err = %v, want the occupied point at move %d", err, tt.moves+3)
			}
			if want := (Pos{1, cols[len(cols)-1] + 1}); me.Pos != want {
				t.Errorf("move error at %v, want %v", me.Pos, want)
			}
			if len(sum.Warnings) != 1 || sum.Warnings[0].Pos != (Pos{1, cols[len(cols)-3] + 1}) {
				t.Errorf("warnings %v, want the suicide at 1:%d", sum.Warnings, cols[len(cols)-3]+1)
			}
		})
	}
}

// oneLineGame writes a 5x5 game on one line: a root holding a comment in
// two-byte and three-byte characters, the given number of passes, then a
// suicide at A5 and a move on a point already taken. It returns the record
// and the column of every node of the main line, counted as it writes.
func oneLineGame(passes int, nested bool) (string, []int) {
	var sb strings.Builder
	col := 1 // column of the next character written
	var cols []int
	write := func(s string) {
		sb.WriteString(s)
		col += utf8.RuneCountInString(s)
	}
	node := func(s string) {
		if nested {
			write("(")
		}
		cols = append(cols, col)
		write(s)
	}
	if !nested {
		write("(")
	}
	node(";GM[1]FF[4]SZ[5]AW[ba][ab]C[déjà vu, 碁]")
	for i := range passes {
		node(fmt.Sprintf(";%c[]", "BW"[i%2]))
	}
	node(";B[aa]") // suicide, carried out with a warning
	node(";W[cc]")
	node(";B[cc]") // occupied
	if nested {
		write(strings.Repeat(")", len(cols)))
	} else {
		write(")")
	}
	return sb.String(), cols
}

// BenchmarkOneLine reads and replays one-line games of growing length: the
// time per move stays flat because finding a position does not depend on
// the length of its line.
func BenchmarkOneLine(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		for _, nested := range []bool{false, true} {
			name := fmt.Sprintf("passes=%d", n)
			if nested {
				name = fmt.Sprintf("nested=%d", n)
			}
			src, _ := oneLineGame(n, nested)
			data := []byte(src)
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					c, err := Parse("one.sgf", data)
					if err != nil {
						b.Fatal(err)
					}
					g, err := c.Game(1)
					if err != nil {
						b.Fatal(err)
					}
					if _, err := g.Replay(nil); !errors.Is(err, board.ErrOccupied) {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/move")
			})
		}
	}
}
