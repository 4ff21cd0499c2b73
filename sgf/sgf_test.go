package sgf

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"goeval/board"
	"goeval/internal/shared"
)

func parseGame(t *testing.T, src string) *Game {
	t.Helper()
	return parseNamed(t, "test.sgf", src)
}

// parseNamed parses src as the file name and returns its first game.
func parseNamed(t *testing.T, name, src string) *Game {
	t.Helper()
	c, err := Parse(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	g, err := c.Game(1)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func endPosition(t *testing.T, g *Game) *board.Board {
	t.Helper()
	b, _, err := g.Position(-1)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestTextValues(t *testing.T) {
	g := parseGame(t, "(;GM[1]FF[4]C[a \\] bracket, a \\\\ backslash\\\nsoft break\nhard break]GN[line\none]PB[ Lee\\:Sedol ])")
	n := g.Root
	if got, want := n.Text("C"), "a ] bracket, a \\ backslashsoft break\nhard break"; got != want {
		t.Errorf("C = %q, want %q", got, want)
	}
	if got, want := n.Value("GN"), "line one"; got != want {
		t.Errorf("SimpleText GN = %q, want %q", got, want)
	}
	if got, want := g.Info.Black, "Lee:Sedol"; got != want {
		t.Errorf("PB = %q, want %q", got, want)
	}
}

func TestSoftLineBreakCRLF(t *testing.T) {
	g := parseGame(t, "(;C[one\\\r\ntwo\r\nthree])")
	if got, want := g.Root.Text("C"), "onetwo\nthree"; got != want {
		t.Errorf("C = %q, want %q", got, want)
	}
}

func TestCompressedPointLists(t *testing.T) {
	g := parseGame(t, "(;SZ[5]AB[aa:cb]AW[ee][de];AE[ba])")
	want := `
		X . X . .
		X X X . .
		. . . . .
		. . . . .
		. . . O O`
	b := endPosition(t, g)
	if got := b.String(); !sameStones(b, board.MustParse(want)) {
		t.Errorf("got\n%swant%s", got, want)
	}
}

func sameStones(a, b *board.Board) bool {
	if a.Size() != b.Size() {
		return false
	}
	for p := range a.Cells() {
		if a.At(board.Point(p)) != b.At(board.Point(p)) {
			return false
		}
	}
	return true
}

func TestPasses(t *testing.T) {
	for _, src := range []string{
		"(;SZ[19];B[];W[tt];B[aa])",
		"(;SZ[9];B[];W[tt];B[aa])",
	} {
		g := parseGame(t, src)
		b, sum, err := g.Position(-1)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if sum.Moves != 3 || b.Count(board.Black) != 1 || b.Count(board.White) != 0 || b.ToMove() != board.White {
			t.Errorf("%s: %d moves, %d black, %d white, %v to move", src, sum.Moves, b.Count(board.Black), b.Count(board.White), b.ToMove())
		}
	}
	// tt is a point, not a pass, on boards larger than 19.
	g := parseGame(t, "(;SZ[21];B[tt])")
	b := endPosition(t, g)
	if b.At(b.Geometry().At(19, 19)) != board.Black {
		t.Error("B[tt] on 21x21 is not T... the point (19,19)")
	}
}

func TestCollectionAndVariations(t *testing.T) {
	src := `(;GM[1]SZ[9]PB[first];B[ee](;W[cc];B[gg])(;W[gc]))
(;GM[1]SZ[13]PB[second]KM[-2.5];B[aa];W[bb])`
	c, err := Parse("c.sgf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if c.Games() != 2 {
		t.Fatalf("%d games, want 2", c.Games())
	}
	g1, _ := c.Game(1)
	_, sum, err := g1.Position(-1)
	if err != nil || sum.Moves != 3 || g1.Info.Black != "first" {
		t.Errorf("game 1: %d moves, %v, PB %q", sum.Moves, err, g1.Info.Black)
	}
	b := endPosition(t, g1)
	if b.At(b.Geometry().At(2, 2)) != board.White || b.At(b.Geometry().At(6, 2)) != board.Empty {
		t.Error("main line must follow the first variation")
	}
	g2, _ := c.Game(2)
	if g2.Info.Size != 13 || g2.Info.Komi != -2.5 || g2.Index != 2 {
		t.Errorf("game 2: %+v", g2.Info)
	}
	if _, err := c.Game(3); !errors.Is(err, ErrNoGame) {
		t.Errorf("game 3: %v", err)
	}
}

// TestSetVariation: a path of choices at the forks picks a variation for
// Replay, Moves and Position (before, only the main line could be read);
// a fork without that many variations, or a path longer than the forks,
// is an error that says where.
func TestSetVariation(t *testing.T) {
	// Fork 1 after B E5: W C7 (then fork 2: B G3 or B G7) or W G7.
	src := "(;SZ[9];B[ee]\n(;W[cc](;B[gg])(;B[gc]))\n(;W[gc];B[cg]))"
	for _, tt := range []struct {
		name  string
		path  []int
		moves string // the line's moves, GTP
		err   string
	}{
		{"main line", nil, "E5 C7 G3", ""},
		{"first fork's second", []int{2}, "E5 G7 C3", ""},
		{"second fork's second", []int{1, 2}, "E5 C7 G7", ""},
		{"too big", []int{3}, "", "v.sgf:2:2: sgf: no such game or move: variation 3 asked for at fork 1, which has 2"},
		{"too many forks", []int{2, 1}, "", "v.sgf: sgf: no such game or move: 2 forks asked for, the line has 1"},
		{"zero", []int{0}, "", "variation 0 asked for at fork 1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := parseNamed(t, "v.sgf", src)
			err := g.SetVariation(tt.path)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) || !errors.Is(err, ErrNoGame) {
					t.Errorf("error %v, want one with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			moves, _, err := g.Moves()
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range moves {
				got = append(got, board.GeometryOf(9).GTP(m.Point))
			}
			if strings.Join(got, " ") != tt.moves {
				t.Errorf("moves %v, want %s", got, tt.moves)
			}
			b := endPosition(t, g)
			if last := got[len(got)-1]; b.At(boardPoint(t, b, last)) == board.Empty {
				t.Errorf("the end position lacks the line's last move %s", last)
			}
		})
	}
}

func boardPoint(t *testing.T, b *board.Board, v string) board.Point {
	t.Helper()
	p, err := b.Geometry().ParseGTP(v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSetupInAnyNodeAndToMove(t *testing.T) {
	g := parseGame(t, "(;SZ[9]HA[2]AB[cc][gg];W[ee];B[dd];AW[ff]AE[cc];B[aa]PL[B])")
	tests := []struct {
		move   int
		toMove board.Color
		black  int
		white  int
	}{
		{0, board.White, 2, 0}, // after handicap stones White plays first
		{1, board.Black, 2, 1},
		// Move 2 includes the setup node after it: AW[ff] and AE[cc].
		{2, board.White, 2, 2},
		{3, board.Black, 3, 2}, // PL[B] in the last node sets Black
	}
	for _, tt := range tests {
		b, _, err := g.Position(tt.move)
		if err != nil {
			t.Fatal(err)
		}
		if b.ToMove() != tt.toMove || b.Count(board.Black) != tt.black || b.Count(board.White) != tt.white {
			t.Errorf("move %d: %v to move, %d black, %d white; want %v, %d, %d\n%s",
				tt.move, b.ToMove(), b.Count(board.Black), b.Count(board.White), tt.toMove, tt.black, tt.white, b)
		}
	}
	if _, _, err := g.Position(4); !errors.Is(err, ErrNoGame) {
		t.Errorf("move 4 of 3: %v", err)
	}
}

func TestGameInfo(t *testing.T) {
	tests := []struct {
		src       string
		komi      float64
		komiGiven bool
		warn      bool
	}{
		{"(;KM[6.5])", 6.5, true, false},
		{"(;KM[])", 0, false, false},
		{"(;KM[-5.5])", -5.5, true, false},
		{"(;KM[0.75])", 0.75, true, false},
		{"(;KM[7,5])", 7.5, true, false},
		{"(;KM[six])", 0, false, true},
		{"(;)", 0, false, false},
	}
	for _, tt := range tests {
		g := parseGame(t, tt.src)
		if g.Info.Komi != tt.komi || g.Info.KomiGiven != tt.komiGiven || (len(g.Warnings) > 0) != tt.warn {
			t.Errorf("%s: komi %v given %v warnings %v", tt.src, g.Info.Komi, g.Info.KomiGiven, g.Warnings)
		}
	}
	g := parseGame(t, "(;SZ[13]HA[3]RE[W+R]RU[Japanese]PB[b]PW[w]DT[2020-01-02]V[-3.5];B[aa]V[2])")
	want := Info{Size: 13, Handicap: 3, Result: "W+R", Rules: "Japanese", Black: "b", White: "w", Date: "2020-01-02", Format: 1}
	if g.Info != want {
		t.Errorf("info %+v, want %+v", g.Info, want)
	}
	if v, ok := g.Root.V(); !ok || v != -3.5 {
		t.Errorf("root V = %v %v", v, ok)
	}
	if v, ok := g.Root.Children[0].V(); !ok || v != 2 {
		t.Errorf("child V = %v %v", v, ok)
	}
}

func TestOldFormats(t *testing.T) {
	// FF[3] lower-case letters in property names, white space before values.
	g := parseGame(t, "(;FF[3]SiZe[9]AddBlack [aa]\n [bb];Black[cc];White[dd])")
	b := endPosition(t, g)
	if g.Info.Size != 9 || b.Count(board.Black) != 3 || b.Count(board.White) != 1 {
		t.Errorf("size %d, %d black, %d white", g.Info.Size, b.Count(board.Black), b.Count(board.White))
	}
	// Repeated properties in one node are merged.
	g = parseGame(t, "(;SZ[9]AB[aa]AB[bb]AW[cc]AB[dd])")
	if b := endPosition(t, g); b.Count(board.Black) != 3 {
		t.Errorf("%d black stones, want 3", b.Count(board.Black))
	}
	// A missing ';' after '(' (Nihon Kiin files).
	c, err := Parse("nk.sgf", []byte("(\r\nPB[x]SZ[9]\r\n;B[aa])"))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0].Msg, "missing ';'") {
		t.Errorf("warnings %v", c.Warnings)
	}
	// Two moves in one node (B[tt]W[tt] ends some old records).
	g = parseGame(t, "(;SZ[9];B[aa];B[tt]W[tt])")
	_, sum, err := g.Position(-1)
	if err != nil || sum.Moves != 3 || len(sum.Warnings) != 1 {
		t.Errorf("%d moves, %v, %v", sum.Moves, err, sum.Warnings)
	}
}

func TestCharsets(t *testing.T) {
	dir := shared.Data(t, "sgf-corpus", "sabaki")
	tests := []struct {
		file, pb, pw string
	}{
		{"chinese.sgf", "古力", "柯洁"},
		{"japanese.sgf", "井山 裕太", "山下 敬吾"},
		{"korean.sgf", "이세돌", "박정환"},
		{"utf16le.sgf", "Kitani Minoru", "Go Seigen"},
		{"utf8bom.sgf", "Kitani Minoru", "Go Seigen"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			g, err := Load(filepath.Join(dir, tt.file), 1)
			if err != nil {
				t.Fatal(err)
			}
			if g.Info.Black != tt.pb || g.Info.White != tt.pw {
				t.Errorf("PB %q PW %q, want %q %q", g.Info.Black, g.Info.White, tt.pb, tt.pw)
			}
		})
	}
	// A file that declares a legacy charset but holds UTF-8 is read as
	// UTF-8, with a warning.
	c, err := ReadFile(filepath.Join(dir, "japanese_bad.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Charset != "UTF-8" || len(c.Warnings) == 0 {
		t.Errorf("japanese_bad: charset %s warnings %v", c.Charset, c.Warnings)
	}
}

func TestCharsetInline(t *testing.T) {
	// "碁" in Shift_JIS is 0x8C 0xE9; "表" is 0x95 0x5C, whose second byte is
	// a backslash: decoding before parsing keeps it from escaping the ']'.
	data := append([]byte("(;CA[Shift_JIS]PB["), 0x8C, 0xE9, 0x95, 0x5C)
	data = append(data, []byte("]PW[x])")...)
	g := parseGame(t, string(data))
	if g.Info.Black != "碁表" || g.Info.White != "x" {
		t.Errorf("PB %q PW %q", g.Info.Black, g.Info.White)
	}
	// Latin-1 without CA[].
	g = parseGame(t, "(;PB[Andr\xe9])")
	if g.Info.Black != "André" {
		t.Errorf("PB %q", g.Info.Black)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name, src string
		is        error
		want      string
	}{
		{"unterminated value", "(;SZ[19]\n;B[pd]C[oops", ErrSyntax, "x.sgf:2:8: sgf: unterminated value of property C"},
		{"stray character", "(;SZ[19]\n ;B[pd]*)", ErrSyntax, "x.sgf:2:8: sgf: unexpected '*' outside a property value"},
		{"value without name", "(;[pd])", ErrSyntax, "x.sgf:1:3: sgf: property value without a property name"},
		{"name without value", "(;SZ;B[aa])", ErrSyntax, "x.sgf:1:3: sgf: property SZ has no value"},
		{"lower-case name", "(;sz[19])", ErrSyntax, `x.sgf:1:3: sgf: property name "sz" has no capital letter`},
		{"empty", "", ErrNotSGF, "x.sgf: sgf: not an SGF file (the file is empty)"},
		{"binary", "\x89PNG\r\n\x1a\n\x00\x00", ErrNotSGF, "x.sgf:3:1: sgf: not an SGF file: binary data (a NUL byte)"},
		{"NUL in a comment", "(;SZ[9]\n;B[ee]C[né\x00])", ErrNotSGF, "x.sgf:2:11: sgf: not an SGF file: binary data (a NUL byte)"},
		{"gib", "\\HS\n\\[GAMEINFOMAIN=GBKIND:3\\]\n\\HE\n", ErrNotSGF, "Tygem .gib"},
		{"text", "hello (world)", ErrNotSGF, "not an SGF file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("x.sgf", []byte(tt.src))
			if !errors.Is(err, tt.is) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %v containing %q", err, tt.is, tt.want)
			}
		})
	}
}

func TestGameErrors(t *testing.T) {
	tests := []struct {
		name, src string
		is        error
		want      string
	}{
		{"board too big", "(;SZ[26])", ErrUnsupported, "x.sgf:1:3: sgf: unsupported: SZ[26]"},
		{"rectangular", "(;SZ[19:13])", ErrUnsupported, "rectangular board"},
		{"not go", "(;GM[3])", ErrUnsupported, "not the game of Go"},
		{"bad size", "(;SZ[big])", ErrSyntax, "SZ[big] is not a board size"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse("x.sgf", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Game(1)
			if !errors.Is(err, tt.is) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %v containing %q", err, tt.is, tt.want)
			}
		})
	}
	// Malformed and unsupported are different errors.
	c, _ := Parse("x.sgf", []byte("(;SZ[30])"))
	if _, err := c.Game(1); errors.Is(err, ErrSyntax) || !errors.Is(err, board.ErrSize) {
		t.Errorf("SZ[30]: %v", err)
	}
}

// TestInfoWarnings checks that game information goeval cannot take as
// written loads with a warning that says where and what it did instead.
func TestInfoWarnings(t *testing.T) {
	tests := []struct {
		name, src string
		want      string // the one warning, "" for none
	}{
		{"huge komi", "(;KM[1e308])", "x.sgf:1:3: sgf: warning: KM[1e308] is beyond ±1000 points: komi taken as 0"},
		{"komi out of float range", "(;KM[1e400])", "x.sgf:1:3: sgf: warning: KM[1e400] is beyond ±1000 points: komi taken as 0"},
		{"komi not a number", "(;KM[six])", "x.sgf:1:3: sgf: warning: KM[six] is not a number: komi taken as 0"},
		{"GM with two values", "(;GM[1][2];B[aa])", "x.sgf:1:3: sgf: warning: GM holds 2 values (GM[1][2]): read as GM[1], the first"},
		{"GM after the first move", "(;SZ[9];B[aa]\n;W[bb]GM[2])", "x.sgf:2:7: sgf: warning: GM[2] after the first move: ignored (game information belongs before it)"},
		{"handicap beyond the board", "(;SZ[9]HA[1000]AB[cc][gg])", "x.sgf:1:8: sgf: warning: HA[1000] is more stones than the 9x9 board holds: ignored"},
		{"handicap without stones", "(;SZ[9]HA[3];B[cc])", "x.sgf:1:8: sgf: warning: HA[3] but no handicap stones (AB) before the first move"},
		{"handicap with stones", "(;SZ[9]HA[2]AB[cc][gg];W[ee])", ""},
		{"handicap stones in a second node", "(;SZ[9]HA[2];AB[cc][gg];W[ee])", ""},
		{"one stone in AB and AW", "(;SZ[9]AB[dd][ee]AW[dd])", "x.sgf:1:18: sgf: warning: D6 is in both AB and AW: AW, the later, applied"},
		{"one point in AE and AB", "(;SZ[9]AB[aa];AE[aa]AB[aa])", "x.sgf:1:21: sgf: warning: A9 is in both AE and AB: AB, the later, applied"},
		{"a point repeated in AB", "(;SZ[9]AB[dd][dd])", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := parseNamed(t, "x.sgf", tt.src)
			_, sum, err := g.Position(-1)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range append(g.Warnings, sum.Warnings...) {
				got = append(got, w.String())
			}
			if (tt.want == "" && len(got) != 0) || (tt.want != "" && (len(got) != 1 || got[0] != tt.want)) {
				t.Errorf("warnings %q, want %q", got, tt.want)
			}
		})
	}
	// The later property wins on the board.
	b := endPosition(t, parseGame(t, "(;SZ[9]AB[dd]AW[dd])"))
	if p, _ := ParsePoint("dd", 9, false); b.At(p) != board.White {
		t.Errorf("D6 holds %v, want White", b.At(p))
	}
}

// TestMovesOffBoard: Moves, which predict and compare read the moves by,
// reports a move that is not a point with its place, as Replay does;
// before it said "x.sgf: move 2: ..." without a line and column.
func TestMovesOffBoard(t *testing.T) {
	g := parseNamed(t, "x.sgf", "(;SZ[9];B[ee]\n;W[zz])")
	moves, _, err := g.Moves()
	var me *MoveError
	if len(moves) != 1 || !errors.As(err, &me) || me.Move != 2 {
		t.Fatalf("%d moves, err %v; want 1 and a MoveError at move 2", len(moves), err)
	}
	if want := `x.sgf:2:2: sgf: illegal move 2 (W [zz]): "zz" is off the 9x9 board`; err.Error() != want {
		t.Errorf("err = %q, want %q", err, want)
	}
}

func TestIllegalMoves(t *testing.T) {
	tests := []struct {
		name, src string
		move      int
		reason    error
		want      string
	}{
		{"occupied", "(;SZ[9];B[ee];W[ff]\n;B[ee])", 3, board.ErrOccupied, "x.sgf:2:2: sgf: illegal move 3 (B E5): board: point is occupied"},
		{"ko", "(;SZ[9]AB[ba][ab][cb]AW[ca][db][cc];B[bc];W[bb];B[cb])", 3, board.ErrKo, "illegal move 3 (B C8)"},
		{"off board", "(;SZ[9];B[ee];W[zz])", 2, nil, `illegal move 2 (W [zz]): "zz" is off the 9x9 board`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := parseGame(t, strings.Replace(tt.src, "x.sgf", "", 1))
			g.coll.Name = "x.sgf"
			_, _, err := g.Position(-1)
			var me *MoveError
			if !errors.As(err, &me) || me.Move != tt.move || !errors.Is(err, ErrIllegalMove) {
				t.Fatalf("err = %v, want a MoveError at move %d", err, tt.move)
			}
			if tt.reason != nil && !errors.Is(err, tt.reason) {
				t.Errorf("err = %v, want reason %v", err, tt.reason)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %q, want %q", err, tt.want)
			}
			// Positions before the illegal move are still available.
			if _, _, err := g.Position(tt.move - 1); err != nil {
				t.Errorf("position before the illegal move: %v", err)
			}
		})
	}
}

func TestSuicideInRecord(t *testing.T) {
	g := parseGame(t, "(;SZ[5]AW[ba][ab];B[aa];W[cc])")
	b, sum, err := g.Position(-1)
	if err != nil {
		t.Fatal(err)
	}
	if b.At(0) != board.Empty || len(sum.Warnings) != 1 || !strings.Contains(sum.Warnings[0].Msg, "move 1 (B A5) is a suicide") {
		t.Errorf("A5 = %v, warnings %v", b.At(0), sum.Warnings)
	}
}

// TestSetupWithoutLiberties checks that a chain the setup leaves without
// liberties is removed, as SGF viewers do, with a warning naming its
// stones at the property that placed them (or that took its last
// liberty); before, it stayed on the board, alive and counted.
func TestSetupWithoutLiberties(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		empty     []string // the points left empty
		stay      []string // stones that stay
		warns     []string
	}{
		// On 5x5, B4 (SGF bb) is surrounded by A4, B5, C4 and B3.
		{"white stone", "(;SZ[5]\nAB[ba][ab][cb][bc]\nAW[bb][dd])", []string{"B4"}, []string{"D2", "A4"},
			[]string{"test.sgf:3:1: sgf: warning: the setup leaves the white stone at B4 without liberties: removed, as SGF viewers do"}},
		// A5 and B5 (SGF aa, ba) are black, walled by A4, B4 and C5.
		{"black chain", "(;SZ[5]AB[aa][ba]AW[ab][bb][ca])", []string{"A5", "B5"}, []string{"A4", "B4", "C5"},
			[]string{"test.sgf:1:8: sgf: warning: the setup leaves the black chain at A5 B5 without liberties: removed, as SGF viewers do"}},
		// A black stone set in the first node loses its last liberty to the
		// white stones of a later one: the warning points at those.
		{"later node", "(;SZ[5]AB[aa];AW[ba][ab])", []string{"A5"}, []string{"B5", "A4"},
			[]string{"test.sgf:1:15: sgf: warning: the setup leaves the black stone at A5 without liberties: removed, as SGF viewers do"}},
		// A full 2x2 board: no chain has a liberty, all go.
		{"full board", "(;SZ[2]AB[aa][bb]AW[ab][ba])", []string{"A2", "B1", "A1", "B2"}, nil,
			[]string{"black stone at A2", "black stone at B1", "white stone at B2", "white stone at A1"}},
		// A stone in atari stays.
		{"one liberty", "(;SZ[5]AB[ba][ab][cb]AW[bb])", nil, []string{"B4"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := parseGame(t, tt.src)
			b, sum, err := g.Position(-1)
			if err != nil {
				t.Fatal(err)
			}
			geo := b.Geometry()
			for _, v := range tt.empty {
				if p, _ := geo.ParseGTP(v); b.At(p) != board.Empty {
					t.Errorf("%s holds %v, want it empty", v, b.At(p))
				}
			}
			for _, v := range tt.stay {
				if p, _ := geo.ParseGTP(v); b.At(p) == board.Empty {
					t.Errorf("%s is empty, want its stone", v)
				}
			}
			var got []string
			for _, w := range sum.Warnings {
				got = append(got, w.String())
			}
			if len(got) != len(tt.warns) {
				t.Fatalf("warnings %q, want %d: %q", got, len(tt.warns), tt.warns)
			}
			for _, w := range tt.warns {
				found := false
				for _, g := range got {
					found = found || strings.Contains(g, w)
				}
				if !found {
					t.Errorf("warnings %q lack %q", got, w)
				}
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"(;GM[1]FF[4]SZ[19];B[pd];W[dd](;B[pp])(;B[dp]))",
		"(;SZ[9]AB[aa:cc]C[a\\]b\\\nc];B[tt];W[])",
		"(;CA[Shift_JIS]PB[\x8c\xe9])",
		"(\r\nPB[x]\r\n;B[aa])",
	} {
		f.Add([]byte(s))
	}
	if root := shared.Root(); root != "" {
		files, _ := filepath.Glob(filepath.Join(root, "data", "sgf-corpus", "*", "*.sgf"))
		for i, file := range files {
			if i%20 != 0 {
				continue
			}
			if data, err := os.ReadFile(file); err == nil && len(data) < 20000 {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("fuzz.sgf", data)
		if err != nil {
			if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrNotSGF) {
				t.Fatalf("unexpected error kind: %v", err)
			}
			return
		}
		for k := 1; k <= c.Games() && k <= 3; k++ {
			g, err := c.Game(k)
			if err != nil {
				continue
			}
			_, _ = g.Replay(func(int, *board.Board) error { return nil })
		}
	})
}

func BenchmarkLoadAndReplay(b *testing.B) {
	files := shared.DevGames(b)
	// A game of about 250 moves.
	var data []byte
	for _, f := range files {
		d, _ := os.ReadFile(f)
		c, _ := Parse(f, d)
		g, _ := c.Game(1)
		if s, _ := g.Replay(nil); s.Moves >= 250 && s.Moves <= 260 {
			data = d
			break
		}
	}
	b.Run("one-game", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			c, err := Parse("g.sgf", data)
			if err != nil {
				b.Fatal(err)
			}
			g, _ := c.Game(1)
			if _, err := g.Replay(func(int, *board.Board) error { return nil }); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("dev-set-300", func(b *testing.B) {
		all := make([][]byte, len(files))
		for i, f := range files {
			all[i], _ = os.ReadFile(f)
		}
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			for _, d := range all {
				c, err := Parse("g.sgf", d)
				if err != nil {
					b.Fatal(err)
				}
				g, _ := c.Game(1)
				if _, err := g.Replay(nil); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(len(all))*float64(b.N)/b.Elapsed().Seconds(), "games/s")
	})
}

// TestTruncated: a file that ends inside a game tree marks that game, and
// only it, Truncated; a tree opened with no node in it marks none.
func TestTruncated(t *testing.T) {
	tests := []struct {
		src  string
		want []bool // per game
	}{
		{"(;SZ[9];B[aa];W[bb])", []bool{false}},
		{"(;SZ[9];B[aa];W[bb]", []bool{true}},
		{"(;SZ[9];B[aa](;W[bb])(;W[cc]", []bool{true}},
		{"(;SZ[9];B[aa])(;SZ[9];B[bb]", []bool{false, true}},
		{"(;SZ[9];B[aa])(", []bool{false}},
	}
	for _, tt := range tests {
		c, err := Parse("t.sgf", []byte(tt.src))
		if err != nil {
			t.Fatalf("%s: %v", tt.src, err)
		}
		if c.Games() != len(tt.want) {
			t.Fatalf("%s: %d games, want %d", tt.src, c.Games(), len(tt.want))
		}
		for k, want := range tt.want {
			g, err := c.Game(k + 1)
			if err != nil || g.Truncated != want {
				t.Errorf("%s: game %d Truncated %v (%v), want %v", tt.src, k+1, g.Truncated, err, want)
			}
		}
	}
}

func TestHistory(t *testing.T) {
	g := parseGame(t, "(;GM[1]SZ[9]KM[7];B[cc];W[gg];B[];W[cg]AB[ee];B[gc];W[ff])")
	for _, tc := range []struct {
		n         int
		startB    int // black stones on Start
		moves     []string
		wantError bool
	}{
		{0, 0, nil, false},
		{2, 0, []string{"B C7", "W G3"}, false},
		{3, 0, []string{"B C7", "W G3", "B pass"}, false},
		// move 4's node adds E5 before its move (setup comes first in a
		// node): from there on the moves start again from the position
		// after it, C7 and E5 black
		{4, 2, nil, false},
		{6, 2, []string{"B G7", "W F4"}, false},
		{-1, 2, []string{"B G7", "W F4"}, false},
		{7, 0, nil, true},
	} {
		h, err := g.History(tc.n)
		if tc.wantError {
			if err == nil {
				t.Errorf("History(%d): no error", tc.n)
			}
			continue
		}
		if err != nil {
			t.Fatalf("History(%d): %v", tc.n, err)
		}
		if got := h.Start.Count(board.Black); got != tc.startB {
			t.Errorf("History(%d): %d black stones on Start, want %d", tc.n, got, tc.startB)
		}
		var got []string
		for _, m := range h.Moves {
			v := "pass"
			if m.Point != board.Pass {
				v = h.Start.Geometry().GTP(m.Point)
			}
			got = append(got, m.Color.String()+" "+v)
		}
		if strings.Join(got, ",") != strings.Join(tc.moves, ",") {
			t.Errorf("History(%d): moves %v, want %v", tc.n, got, tc.moves)
		}
		// replaying the moves from Start gives the position itself
		b := h.Start
		for _, m := range h.Moves {
			if _, err := b.PlayRecorded(m.Color, m.Point); err != nil {
				t.Fatal(err)
			}
		}
		want, _, err := g.Position(tc.n)
		if err != nil {
			t.Fatal(err)
		}
		if !b.SamePosition(want) {
			t.Errorf("History(%d): the moves replayed from Start give\n%v\nwant\n%v", tc.n, &b, want)
		}
	}
}
