package ko

import (
	"fmt"
	"testing"

	"goeval/board"
)

// koBoard has one basic ko: Black's stone on D6 is in atari, its liberty
// C6 is surrounded by Black, so Black connects at C6 and White captures
// there. Black's territory is the 12 points left of the wall, White's the
// 19 right of it; there are no dame.
const koBoard = `
. X X O O . .
. X . X O . .
. . X O . . .
. . X O . . .
. . X O . . .
. . X O . . .
. . X O . . .
`

func gtp(b *board.Board, ps ...board.Point) string {
	s := ""
	for i, p := range ps {
		if i > 0 {
			s += " "
		}
		s += b.Geometry().GTP(p)
	}
	return s
}

func TestFind(t *testing.T) {
	for _, c := range []struct {
		name    string
		drawing string
		dead    []string
		want    string // "STONE POINT OWNER; ..."
	}{
		{"black ko", koBoard, nil, "D6 C6 B"},
		// The same with the colours swapped: White connects.
		{"white ko", `
. O O X X . .
. O . O X . .
. . O X . . .
. . O X . . .
. . O X . . .
. . O X . . .
. . O X . . .
`, nil, "D6 C6 W"},
		// Black's wall around C6 is B7 C7 alone, with two liberties:
		// White's capture would put it in atari, so the ko is not basic.
		{"short of liberties", `
. X X O O . .
O X . X O . .
. O X O . . .
. . X O . . .
. . X O . . .
. . X O . . .
. . X O . . .
`, nil, "none"},
		// White's stones around D6 (D7 E7 E6) have one liberty left, E5,
		// F7 and F6 being Black's: Black captures them instead.
		{"opponent in atari", `
. X X O O X .
. X . X O X .
. . X O . . .
. . X O . . .
. . X O . . .
. . X O . . .
. . X O . . .
`, nil, "none"},
		// A Black stone in atari whose capture is not a ko: the capturing
		// stone at C6 would have liberties of its own.
		{"plain atari", `
. . . O O . .
. . . X O . .
. . X O . . .
. . X O . . .
. . X O . . .
. . X O . . .
. . X O . . .
`, nil, "none"},
		// The dead stones are taken off first: with D7 E7 E6 dead, D6 is
		// no longer in atari.
		{"dead stones taken off", koBoard, []string{"D7", "E7", "E6"}, "none"},
		// Two kos, one each, in map order of their points: Black's stone
		// D8 with its ko point C8, White's G2 with F2.
		{"two kos", `
. X X O O . X . .
. X . X O . X . .
. . X O . . X . .
. . X O . . X . .
. . X O . . X . .
. . X O . . X . .
. . X O . O X . .
. . X O O . O X .
. . X O O O X X .
`, nil, "D8 C8 B; G2 F2 W"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := board.MustParse(c.drawing)
			var dead []board.Point
			for _, v := range c.dead {
				p, err := b.Geometry().ParseGTP(v)
				if err != nil {
					t.Fatal(err)
				}
				dead = append(dead, p)
			}
			got := ""
			for i, k := range Find(b, dead) {
				if i > 0 {
					got += "; "
				}
				got += fmt.Sprintf("%s %s %v", gtp(b, k.Stone), gtp(b, k.Point), k.Owner)
			}
			if got == "" {
				got = "none"
			}
			if got != c.want {
				t.Errorf("found %s, want %s\n%s", got, c.want, b)
			}
		})
	}
}

func TestCountTerritory(t *testing.T) {
	points := func(b *board.Board, vs ...string) []board.Point {
		var ps []board.Point
		for _, v := range vs {
			p, err := b.Geometry().ParseGTP(v)
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, p)
		}
		return ps
	}
	// koBoard: Black's territory 12, White's 19, no dame, one ko Black
	// can connect (Kb = 1, Kd = 1). With Black to move the table's case
	// 2 says 0 (Black connects); with White to move and no threats, case
	// 4 says -1 (White captures and connects).
	b := board.MustParse(koBoard)
	c, err := CountTerritory(b, nil, nil, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if c.Territory != 12-19 || c.Prisoners != 0 || c.Dame != 0 || len(c.Kos) != 1 || c.Solution.Case != 2 || c.Score != -7 {
		t.Errorf("Black to move: territory %d prisoners %d dame %d kos %d case %d score %d; want -7, 0, 0, 1, case 2, -7",
			c.Territory, c.Prisoners, c.Dame, len(c.Kos), c.Solution.Case, c.Score)
	}
	b.SetToMove(board.White)
	if c, _ = CountTerritory(b, nil, nil, 0, 0); c.Solution.Case != 4 || c.Score != -8 {
		t.Errorf("White to move: case %d score %d, want case 4, -8", c.Solution.Case, c.Score)
	}
	// Black has a threat more than White: case 3, Black wins the fight.
	if c, _ = CountTerritory(b, nil, nil, 1, 0); c.Solution.Case != 3 || c.Score != -7 || c.Solution.Winner != board.Black {
		t.Errorf("White to move, Tb 1: case %d score %d winner %v, want case 3, -7, B", c.Solution.Case, c.Score, c.Solution.Winner)
	}

	// A capture in the record: Black plays A2 and takes the White stone
	// on A1. Black's territory loses A2 and B1 (stones now) and keeps A1:
	// 10. Black has one prisoner, and White is to move: case 4, -1.
	b = board.MustParse(`
. X X O O . .
. X . X O . .
. . X O . . .
. . X O . . .
. . X O . . .
. . X O . . .
O X X O . . .
`)
	if err := b.Play(board.Black, points(b, "A2")[0]); err != nil {
		t.Fatal(err)
	}
	if c, _ = CountTerritory(b, nil, nil, 0, 0); c.Territory != 10-19 || c.Prisoners != 1 || c.Solution.Case != 4 || c.Score != -9 {
		t.Errorf("after a capture: territory %d prisoners %d case %d score %d, want -9, 1, case 4, -9", c.Territory, c.Prisoners, c.Solution.Case, c.Score)
	}

	// A dead White stone in Black's territory: a prisoner, and its point
	// Black's territory.
	b = board.MustParse(`
. X X O O . .
. X . X O . .
. . X O . . .
. . X O . . .
. . X O . . .
. . X O . . .
O . X O . . .
`)
	if c, _ = CountTerritory(b, points(b, "A1"), nil, 0, 0); c.Territory != 12-19 || c.Prisoners != 1 || c.Score != -6 {
		t.Errorf("dead stone: territory %d prisoners %d score %d, want -7, 1, -6", c.Territory, c.Prisoners, c.Score)
	}
	// The region next to a stone in seki is no one's territory.
	if c, _ = CountTerritory(b, points(b, "A1"), points(b, "C1"), 0, 0); c.Territory != -19 {
		t.Errorf("seki: territory %d, want -19", c.Territory)
	}

	// Dame: E5 and E4 are bordered by both colours; no ko.
	b = board.MustParse(`
X X X X O O O
X X X X O . O
X X X X . O O
X X X X . O O
X X X X O O O
X X X X O . O
X X X X O O O
`)
	if c, _ = CountTerritory(b, nil, nil, 0, 0); c.Dame != 2 || c.Territory != -2 || c.Solution != nil || c.Score != -2 {
		t.Errorf("dame: dame %d territory %d solution %v score %d, want 2, -2, nil, -2", c.Dame, c.Territory, c.Solution, c.Score)
	}
	if _, err := CountTerritory(b, nil, nil, -1, 0); err == nil {
		t.Error("negative threats accepted")
	}
}
