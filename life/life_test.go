package life

import (
	"goeval/internal/boardtest"
	"strings"
	"testing"

	"goeval/board"
)

// verdict draws a Result as rows: for a stone, A (pass-alive), D (owned by
// the opponent beyond doubt: dead) or ? (no verdict); for an empty point, b
// or w (pass-alive territory) or '.'.
func verdict(b *board.Board, r *Result) string {
	var sb strings.Builder
	g := b.Geometry()
	for p, c := range b.Cells() {
		switch {
		case c != board.Empty && r.Alive[p]:
			sb.WriteByte('A')
		case c != board.Empty && r.Owner[p] == -c:
			sb.WriteByte('D')
		case c != board.Empty:
			sb.WriteByte('?')
		case r.Owner[p] == board.Black:
			sb.WriteByte('b')
		case r.Owner[p] == board.White:
			sb.WriteByte('w')
		default:
			sb.WriteByte('.')
		}
		if (p+1)%g.Size == 0 {
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

func TestAnalyze(t *testing.T) {
	tests := []struct {
		name, position, want string
	}{
		{
			name: "two eyes in the corner: pass-alive, eyes owned",
			position: `
				. X . X . . .
				X X X X . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
			want: `
				b A b A . . .
				A A A A . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
		},
		{
			name: "one eye: not pass-alive",
			position: `
				. X X . . . .
				X X X . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
			want: `
				. ? ? . . . .
				? ? ? . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
		},
		{
			// Two chains that touch only diagonally, each bordering both
			// eyes: neither can be captured, though neither is connected.
			name: "two chains sharing two eyes: both pass-alive",
			position: `
				. X X . .
				X . X . .
				X X . . .
				. . . . .
				. . . . .`,
			want: `
				b A A . .
				A b A . .
				A A . . .
				. . . . .
				. . . . .`,
		},
		{
			// A region of three points, every one a liberty: vital, but
			// one vital region is not enough.
			name: "one straight-three eye: not pass-alive",
			position: `
				. . . X . . .
				X X X X . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
			want: `
				. . . ? . . .
				? ? ? ? . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
		},
		{
			// The eye with a white stone in it is vital (both of its
			// empty points touch the chain): the white stone is dead.
			name: "dead stone in an eye",
			position: `
				X X X X X . .
				X . O . X . .
				X X X X X . .
				X . X . X . .
				X X X X X . .
				. . . . . . .
				. . . . . . .`,
			want: `
				A A A A A . .
				A b D b A . .
				A A A A A . .
				A b A b A . .
				A A A A A . .
				. . . . . . .
				. . . . . . .`,
		},
		{
			// A 3x3 eye has a centre point that is not a liberty: not
			// vital, so with one small eye the group is not pass-alive
			// (Benson is conservative: this group is alive in play).
			name: "big eye is not vital",
			position: `
				X X X X X X X
				X . . . X . X
				X . . . X X X
				X . . . X . .
				X X X X X . .
				. . . . . . .
				. . . . . . .`,
			want: `
				? ? ? ? ? ? ?
				? . . . ? . ?
				? . . . ? ? ?
				? . . . ? . .
				? ? ? ? ? . .
				. . . . . . .
				. . . . . . .`,
		},
		{
			// Black lives with two eyes inside White's wall; White's wall
			// has no eyes. The black group's eyes are Black's; the wall and
			// the outside are nobody's beyond doubt.
			name: "alive inside a wall without eyes",
			position: `
				O O O O O O .
				X X X X X O .
				. X . X X O .
				X X X X X O .
				O O O O O O .
				. . . . . . .
				. . . . . . .`,
			want: `
				? ? ? ? ? ? .
				A A A A A ? .
				b A b A A ? .
				A A A A A ? .
				? ? ? ? ? ? .
				. . . . . . .
				. . . . . . .`,
		},
		{
			// Both sides pass-alive, a white stone dead in Black's eye and
			// a black stone dead in White's.
			name: "both colours",
			position: `
				. X . X O . O
				X . X X O O O
				X X X X O X .
				X O X X O O O
				. X . X O . O
				X X X X O O O
				. . X X O . .`,
			want: `
				b A b A A w A
				A b A A A A A
				A A A A A D w
				A D A A A A A
				b A b A A w A
				A A A A A A A
				b b A A A w w`,
		},
		{
			name: "seki is never claimed",
			position: `
				. X O . O X .
				X X O O O X X
				O O X X X O O
				. O X . X O .
				O O X X X O O
				X X O O O X X
				. X O . O X .`,
			want: `
				. ? ? . ? ? .
				? ? ? ? ? ? ?
				? ? ? ? ? ? ?
				. ? ? . ? ? .
				? ? ? ? ? ? ?
				? ? ? ? ? ? ?
				. ? ? . ? ? .`,
		},
		{
			name:     "empty board",
			position: ". . .\n. . .\n. . .",
			want:     ". . .\n. . .\n. . .",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := board.MustParse(tt.position)
			r := Of(b)
			if got, want := verdict(b, r), boardtest.Clean(tt.want); got != want {
				t.Errorf("got\n%swant\n%s", got, want)
			}
		})
	}
}
