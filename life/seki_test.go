package life

import (
	"math/rand/v2"
	"strings"
	"testing"

	"goeval/board"
	"goeval/internal/boardtest"
)

// sekiOf applies the seki rule to b.
func sekiOf(b *board.Board) *Seki {
	var cs board.Chains
	b.Chains(&cs)
	var s Seki
	AnalyzeSeki(&s, b, &cs)
	return &s
}

// sekiVerdict draws the seki rule's verdict on b, one byte a point in map
// order: for a stone, S (in seki), D (its chain dies by a sacrifice in a
// false seki), L (its chain lives by that sacrifice) or ? (no verdict);
// for an empty point, * (a liberty shared in seki: dame) or '.'.
func sekiVerdict(b *board.Board, s *Seki) []byte {
	var cs board.Chains
	b.Chains(&cs)
	out := make([]byte, b.Geometry().N)
	for p, c := range b.Cells() {
		id := cs.ID[p]
		switch {
		case c == board.Empty && s.Shared[p]:
			out[p] = '*'
		case c == board.Empty:
			out[p] = '.'
		case s.InSeki[id]:
			out[p] = 'S'
		case s.Settled[id] > 0:
			out[p] = 'D'
		case s.Settled[id] < 0:
			out[p] = 'L'
		default:
			out[p] = '?'
		}
	}
	return out
}

// rows breaks a verdict into rows of size, for messages and comparison
// with drawings (boardtest.Clean).
func rows(v []byte, size int) string {
	var sb strings.Builder
	for i := 0; i < len(v); i += size {
		sb.Write(v[i : i+size])
		sb.WriteByte('\n')
	}
	return sb.String()
}

// sekiCases are the hand-drawn positions of the seki rule (see
// boardtest), with their verdicts as sekiVerdict draws them.
func sekiCases() []struct {
	name string
	b    *board.Board
	want string
} {
	cases := []struct {
		name string
		b    *board.Board
		want string
	}{
		{
			// White's ring and Black's six stones inside share their only
			// two liberties, E5 and F5: both are in seki, E5 and F5 dame.
			// A sacrifice cannot kill: seven points make two eyes.
			"seki in a wall", boardtest.SekiInWall(), `
				. . . . . . . . .
				? ? ? ? ? ? ? ? .
				? S S S S S S ? .
				? S S S S S S ? .
				? S S S * * S ? .
				? S S S S S S ? .
				? ? ? ? ? ? ? ? .
				. . . . . . . . .
				. . . . . . . . .`,
		},
		{
			// Black's sacrifice at D5 or E5 leaves White's ring a dead bent
			// three: the ring dies, the two stones inside live, and
			// nothing is dame.
			"false seki in a wall", boardtest.FalseSekiInWall(), `
				. . . . . . . . .
				. ? ? ? ? ? ? . .
				. ? D D D D ? . .
				. ? D L L D ? . .
				. ? D . . D ? . .
				. ? D D D D ? . .
				. ? ? ? ? ? ? . .
				. . . . . . . . .
				. . . . . . . . .`,
		},
		{
			// Black at C9 joins D9's chain, which has liberties of its own:
			// a race, no verdict.
			"sacrifice in an open space", boardtest.SacrificeInOpenSpace(), `
				. ? . ? ? . ? . ?
				? ? ? ? ? ? ? ? ?
				? ? ? ? ? ? ? ? ?
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
		},
		{
			// An eye each (A9, E9) and one shared liberty, C9, dame.
			"seki with eyes", boardtest.SekiWithEyes(), `
				. S * S . S ? . ?
				S S S S S S ? ? ?
				? ? ? ? ? ? ? . ?
				. ? . ? ? ? ? ? ?
				? ? ? ? . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
		},
		{
			// E9 leans on F9, which has two liberties: no eye, no seki.
			"false eye", boardtest.FalseEyeSeki(), `
				. ? . ? . ? . . ?
				? ? ? ? ? ? ? ? ?
				? ? ? ? ? ? ? . ?
				. ? . ? ? ? ? ? ?
				? ? ? ? . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
		},
	}
	for _, a := range boardtest.Approaches() {
		// A race: no stone has a verdict, no point is dame.
		want := make([]byte, a.Board.Geometry().N)
		for p, c := range a.Board.Cells() {
			want[p] = "?.?"[c+1]
		}
		cases = append(cases, struct {
			name string
			b    *board.Board
			want string
		}{"approach by " + a.Name, a.Board, rows(want, a.Board.Size())})
	}
	return cases
}

func TestSeki(t *testing.T) {
	for _, c := range sekiCases() {
		t.Run(c.name, func(t *testing.T) {
			size := c.b.Size()
			got := rows(sekiVerdict(c.b, sekiOf(c.b)), size)
			if want := boardtest.Clean(c.want); got != want {
				t.Errorf("got\n%swant\n%s", got, want)
			}
		})
	}
}

// TestSekiSymmetric: the verdict turns with the board and does not care
// which colour is which, on the hand-drawn positions (whose verdicts are
// not all '?') and on random ones.
func TestSekiSymmetric(t *testing.T) {
	var positions []*board.Board
	for _, c := range sekiCases() {
		positions = append(positions, c.b)
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for range 300 {
		positions = append(positions, randomPosition(rng, 9, 150+rng.IntN(100)))
	}
	withVerdict := 0
	for i, b := range positions {
		v := sekiVerdict(b, sekiOf(b))
		if strings.ContainsAny(string(v), "SDL*") {
			withVerdict++
		}
		sw := b.Swapped()
		if got := sekiVerdict(sw, sekiOf(sw)); string(got) != string(v) {
			t.Fatalf("position %d, colours swapped: verdict\n%swant\n%s", i, rows(got, b.Size()), rows(v, b.Size()))
		}
		g := b.Geometry()
		for _, s := range board.Symmetries {
			tb := b.Transformed(s)
			tv := sekiVerdict(tb, sekiOf(tb))
			for p := range v {
				if q := g.Transform(board.Point(p), s); tv[q] != v[p] {
					t.Fatalf("position %d, symmetry %d: %s is %c, its image %c\n%s", i, s, g.GTP(board.Point(p)), v[p], tv[q], b)
				}
			}
		}
	}
	t.Logf("%d of %d positions with a verdict", withVerdict, len(positions))
}

// TestSekiReuse: a Seki reused on another position, smaller or larger,
// gives the verdict a fresh one does.
func TestSekiReuse(t *testing.T) {
	var s Seki
	var cs board.Chains
	for _, b := range []*board.Board{boardtest.SekiInWall(), board.New(19), boardtest.FalseSekiInWall(), board.New(5), boardtest.SekiWithEyes()} {
		b.Chains(&cs)
		AnalyzeSeki(&s, b, &cs)
		if got, want := sekiVerdict(b, &s), sekiVerdict(b, sekiOf(b)); string(got) != string(want) {
			t.Errorf("reused:\n%sfresh:\n%s", rows(got, b.Size()), rows(want, b.Size()))
		}
	}
}
