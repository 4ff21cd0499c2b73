package netinput

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"goeval/board"
)

// pos builds a Position from a drawing (board.Parse's format), the side
// to move first, GTP moves ("B D4", "W pass") and komi.
func pos(t *testing.T, drawing string, first board.Color, rules Rules, komi float64, moves ...string) *Position {
	t.Helper()
	start, err := board.Parse(drawing)
	if err != nil {
		t.Fatal(err)
	}
	start.SetToMove(first)
	p := &Position{Start: start, Komi: komi, Rules: rules}
	for _, m := range moves {
		col, v, _ := strings.Cut(m, " ")
		c := board.Black
		if col == "W" {
			c = board.White
		}
		pt, err := start.Geometry().ParseGTP(v)
		if err != nil {
			t.Fatal(err)
		}
		p.Moves = append(p.Moves, board.Move{Color: c, Point: pt})
	}
	return p
}

func empty9() string  { return strings.Repeat(".........\n", 9) }
func empty19() string { return strings.Repeat("...................\n", 19) }

// marks returns the GTP points where plane k is 1, in board order.
func marks(f *Features, k int) []string {
	g := board.GeometryOf(f.Size)
	var out []string
	for p, v := range f.Plane(k) {
		if v == 1 {
			out = append(out, g.GTP(board.Point(p)))
		} else if v != 0 {
			out = append(out, fmt.Sprintf("%s=%g", g.GTP(board.Point(p)), v))
		}
	}
	return out
}

func same(a, b []string) bool { return strings.Join(a, ",") == strings.Join(b, ",") }

// TestFillStonePlanes checks planes 0–5 and the legal moves on a small
// drawn position, from hand counting: A5 has one liberty (A4), B5 two
// (C5, B4), C1 three (B1, D1, C2), E1 two (D1, E2), C3-D3 six.
func TestFillStonePlanes(t *testing.T) {
	p := pos(t, `
X O . . .
. . . . .
. . X X .
. . . . .
. . O . O`, board.Black, Chinese, 7.5)
	var f Features
	if err := f.Fill(p); err != nil {
		t.Fatal(err)
	}
	if f.Size != 5 || f.ToMove != board.Black {
		t.Fatalf("size %d, to move %v", f.Size, f.ToMove)
	}
	tests := []struct {
		plane int
		want  []string
	}{
		{PlanePla, []string{"A5", "C3", "D3"}},
		{PlaneOpp, []string{"B5", "C1", "E1"}},
		{PlaneLibs1, []string{"A5"}},
		{PlaneLibs2, []string{"B5", "E1"}},
		{PlaneLibs3, []string{"C1"}},
		{PlaneKo, nil},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.plane), func(t *testing.T) {
			if got := marks(&f, tt.plane); !same(got, tt.want) {
				t.Errorf("plane %d = %v, want %v", tt.plane, got, tt.want)
			}
		})
	}
	if got := len(marks(&f, PlaneOnBoard)); got != 25 {
		t.Errorf("plane 0 marks %d points, want 25", got)
	}
	for i, legal := range f.Legal[:25] {
		occupied := p.Start.At(board.Point(i)) != board.Empty
		if legal == occupied {
			t.Errorf("point %d: legal %v, occupied %v", i, legal, occupied)
		}
	}
	if !f.Legal[25] {
		t.Error("pass is not legal")
	}
}

// TestFillKo: Black C4 captures the white stone on B4, leaving a single
// black stone with one liberty, so B4 is the ko point White may not
// retake (plane 6, and not legal). White's A5 would be suicide (its
// neighbours are black stones with two liberties each), so it is not
// legal either. After a pass the ko is gone.
func TestFillKo(t *testing.T) {
	drawing := `
. X O . .
X O . O .
. X O . .
. . . . .
. . . . .`
	g := board.GeometryOf(5)
	at := func(s string) int { p, _ := g.ParseGTP(s); return int(p) }
	tests := []struct {
		name   string
		moves  []string
		ko     []string
		legal  map[string]bool
		toMove board.Color
	}{
		{"ko", []string{"B C4"}, []string{"B4"}, map[string]bool{"B4": false, "A5": false, "E1": true}, board.White},
		{"after a pass", []string{"B C4", "W pass"}, nil, map[string]bool{"B4": true}, board.Black},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var f Features
			if err := f.Fill(pos(t, drawing, board.Black, Chinese, 7.5, tt.moves...)); err != nil {
				t.Fatal(err)
			}
			if f.ToMove != tt.toMove {
				t.Errorf("to move %v, want %v", f.ToMove, tt.toMove)
			}
			if got := marks(&f, PlaneKo); !same(got, tt.ko) {
				t.Errorf("plane 6 = %v, want %v", got, tt.ko)
			}
			for v, want := range tt.legal {
				if f.Legal[at(v)] != want {
					t.Errorf("legal %s = %v, want %v", v, f.Legal[at(v)], want)
				}
			}
		})
	}
}

// TestFillPassesAndHistory checks the history planes 9–13, globals 0–4
// and 14 against boardhistory.cpp's rules, reasoned by hand:
//   - Chinese (friendly passes allowed): after the opponent's pass a pass
//     would end the game, which KataGo suppresses, so no history at all
//     and global 14 = 0;
//   - Japanese: the same pass stays visible (global 0), Black's D4 two
//     moves back is on plane 10, and a pass now would end the phase;
//   - Chinese after two passes the game is over: only the last pass is
//     shown, and a pass would end it again;
//   - a move after that restarts the count: two moves of history;
//   - two moves of one colour in a row (GTP restarts the history there):
//     only the last move is shown.
func TestFillPassesAndHistory(t *testing.T) {
	type want struct {
		planes  map[int][]string
		globals [5]float32
		g14     float32
	}
	tests := []struct {
		name  string
		rules Rules
		moves []string
		want  want
	}{
		{"chinese opponent passed", Chinese, []string{"B D4", "W pass"},
			want{planes: map[int][]string{}, g14: 0}},
		{"japanese opponent passed", Japanese, []string{"B D4", "W pass"},
			want{planes: map[int][]string{10: {"D4"}}, globals: [5]float32{1}, g14: 1}},
		{"chinese plain", Chinese, []string{"B D4", "W E5", "B F6"},
			want{planes: map[int][]string{9: {"F6"}, 10: {"E5"}, 11: {"D4"}}}},
		{"chinese two passes end the game", Chinese, []string{"B D4", "W pass", "B pass"},
			want{planes: map[int][]string{}, globals: [5]float32{1}, g14: 1}},
		{"chinese play after the end", Chinese, []string{"B D4", "W pass", "B pass", "W E5"},
			want{planes: map[int][]string{9: {"E5"}}, globals: [5]float32{0, 1}}},
		{"japanese two passes", Japanese, []string{"B D4", "W pass", "B pass"},
			want{planes: map[int][]string{}, globals: [5]float32{1}, g14: 1}},
		{"two white moves in a row", Chinese, []string{"B D4", "W E5", "W F6"},
			want{planes: map[int][]string{9: {"F6"}}}},
		{"six moves, five shown", Chinese, []string{"B A1", "W B1", "B C1", "W D1", "B E1", "W F1"},
			want{planes: map[int][]string{9: {"F1"}, 10: {"E1"}, 11: {"D1"}, 12: {"C1"}, 13: {"B1"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var f Features
			if err := f.Fill(pos(t, empty9(), board.Black, tt.rules, 7.5, tt.moves...)); err != nil {
				t.Fatal(err)
			}
			for k := PlanePrev1; k < PlanePrev1+5; k++ {
				if got := marks(&f, k); !same(got, tt.want.planes[k]) {
					t.Errorf("plane %d = %v, want %v", k, got, tt.want.planes[k])
				}
			}
			if got := [5]float32(f.Global[:5]); got != tt.want.globals {
				t.Errorf("globals 0-4 = %v, want %v", got, tt.want.globals)
			}
			if f.Global[14] != tt.want.g14 {
				t.Errorf("global 14 = %g, want %g", f.Global[14], tt.want.g14)
			}
		})
	}
}

// TestFillGlobalsByRules checks komi, rule flags, area planes and the
// parity wave for Chinese and Japanese rules after "B D4, W pass" on 9x9
// with komi 7.5 (Black to move): Chinese selfKomi −7.5 (global 5
// −0.375), parity wave −0.5 (81 points: the drawable komis are odd,
// −7.5 is 1.5 above −9), and a board with Black stones only is all
// Black's area; Japanese adds White's 1-point bonus per Black move
// (selfKomi −8.5), flags territory scoring and the seki tax, and shows no
// area in the main phase.
func TestFillGlobalsByRules(t *testing.T) {
	tests := []struct {
		rules     Rules
		g5        float32
		g9, g10   float32
		g18       float32
		areaMarks int
	}{
		{Chinese, -7.5 / 20, 0, 0, -0.5, 81},
		{Japanese, -8.5 / 20, 1, 1, 0, 0},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.rules), func(t *testing.T) {
			var f Features
			if err := f.Fill(pos(t, empty9(), board.Black, tt.rules, 7.5, "B D4", "W pass")); err != nil {
				t.Fatal(err)
			}
			want := [NumGlobal]float32{}
			want[5], want[9], want[10], want[18] = tt.g5, tt.g9, tt.g10, tt.g18
			if tt.rules == Japanese {
				want[0], want[14] = 1, 1
			}
			if f.Global != want {
				t.Errorf("globals\n%v, want\n%v", f.Global, want)
			}
			if got := len(marks(&f, PlaneAreaPla)); got != tt.areaMarks {
				t.Errorf("plane 18 marks %d points, want %d", got, tt.areaMarks)
			}
			if got := marks(&f, PlaneAreaOpp); got != nil {
				t.Errorf("plane 19 = %v, want none", got)
			}
		})
	}
}

// TestFillSelfKomi checks global 5 (selfKomi/20 from the side to move)
// on 19x19 with komi 7.5, by hand from boardhistory.cpp: Chinese gives
// White N for N leading Black moves (a lone White pass between them is
// skipped, and White's first real move freezes N); two Black moves in a
// row restart the history with one Black stone on the board, which then
// counts; Japanese gives White 1 point per Black move and takes 1 per
// White move, and no handicap bonus.
func TestFillSelfKomi(t *testing.T) {
	tests := []struct {
		name     string
		rules    Rules
		moves    []string
		selfKomi float32
	}{
		{"chinese handicap 2", Chinese, []string{"B Q16", "W pass", "B D4"}, 9.5},
		{"japanese same moves", Japanese, []string{"B Q16", "W pass", "B D4"}, 9.5},
		{"chinese even game", Chinese, []string{"B Q16", "W D4", "B Q4"}, 7.5},
		{"japanese even game", Japanese, []string{"B Q16", "W D4", "B Q4"}, 8.5},
		{"chinese handicap frozen", Chinese, []string{"B Q16", "W pass", "B D4", "W Q4", "B D16"}, 9.5},
		{"chinese two black moves", Chinese, []string{"B Q16", "B D4"}, 9.5},
		{"chinese one black move", Chinese, []string{"B Q16"}, 7.5},
		{"chinese black to move", Chinese, []string{"B Q16", "W D4"}, -7.5},
		{"japanese black to move", Japanese, []string{"B Q16", "W D4"}, -7.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var f Features
			if err := f.Fill(pos(t, empty19(), board.Black, tt.rules, 7.5, tt.moves...)); err != nil {
				t.Fatal(err)
			}
			if want := tt.selfKomi / 20; f.Global[5] != want {
				t.Errorf("global 5 = %g, want %g (selfKomi %g)", f.Global[5], want, tt.selfKomi)
			}
		})
	}
}

// TestParityWave checks global 18's triangle wave on the examples of the
// spec (section 2.3) and a few worked by hand from its formula.
func TestParityWave(t *testing.T) {
	tests := []struct {
		selfKomi float32
		even     bool
		want     float32
	}{
		{7.5, false, 0.5},   // 19x19: floor(6.5/2)*2+1 = 7, delta 0.5 → 1-0.5
		{-7.5, false, -0.5}, // floor(-4.25)*2+1 = -9, delta 1.5 → -0.5
		{7, false, 0},       // 9x9: 7 is drawable, delta 0
		{-7, false, 0},
		{-3.5, false, -0.5}, // 13x13, White's komi −3.5
		{0.5, true, 0.5},    // even area: floor 0, delta 0.5 → 0.5
		{7, true, 0},        // floor(3.5)*2 = 6, delta 1 → 0
		{7.5, true, -0.5},   // delta 1.5 → -0.5
		{0.25, true, 0.25},  // rising part
	}
	for _, tt := range tests {
		if got := parityWave(tt.selfKomi, tt.even); got != tt.want {
			t.Errorf("parityWave(%g, even %v) = %g, want %g", tt.selfKomi, tt.even, got, tt.want)
		}
	}
}

// TestFillKomiClip: selfKomi is clipped to ±(points+20): on 9x9, komi
// 500 with Black to move gives −101.
func TestFillKomiClip(t *testing.T) {
	var f Features
	if err := f.Fill(pos(t, empty9(), board.Black, Chinese, 500)); err != nil {
		t.Fatal(err)
	}
	if want := float32(-101) / 20; f.Global[5] != want {
		t.Errorf("global 5 = %g, want %g", f.Global[5], want)
	}
}

// TestFillLadders checks planes 14 and 17 on first-line ladders, worked
// out by hand with KataGo's search rules:
//   - White B1 in atari runs along the first line under Black's wall and
//     dies in the corner: plane 14 on B1;
//   - a White stone on G2 breaks it: White joins it with three
//     liberties, so nothing is marked;
//   - with two liberties (B2, C1) White B1 is caught by Black B2 (the
//     same ladder), while Black C1 lets White capture A1-A2: plane 17
//     on B2 only. Black's own A1-A2 (liberties A3, B2) can be laddered
//     up the first column by White B2, so it is on plane 14 too.
func TestFillLadders(t *testing.T) {
	tests := []struct {
		name        string
		drawing     string
		ladder      []string
		ladderWork  []string
		libs1, libs []string
	}{
		{"working ladder", `
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
X X . . . . . . .
X O . . . . . . .`, []string{"B1"}, nil, []string{"B1"}, nil},
		{"ladder breaker", `
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
X X . . . . O . .
X O . . . . . . .`, nil, nil, []string{"B1"}, nil},
		{"two liberties", `
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
X . . . . . . . .
X O . . . . . . .`, []string{"A2", "A1", "B1"}, []string{"B2"}, nil, []string{"A2", "A1", "B1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var f Features
			if err := f.Fill(pos(t, tt.drawing, board.Black, Chinese, 7.5)); err != nil {
				t.Fatal(err)
			}
			if got := marks(&f, PlaneLibs1); !same(got, tt.libs1) {
				t.Errorf("plane 3 = %v, want %v", got, tt.libs1)
			}
			if got := marks(&f, PlaneLibs2); !same(got, tt.libs) {
				t.Errorf("plane 4 = %v, want %v", got, tt.libs)
			}
			if got := marks(&f, PlaneLadder); !same(got, tt.ladder) {
				t.Errorf("plane 14 = %v, want %v", got, tt.ladder)
			}
			if got := marks(&f, PlaneLadderWork); !same(got, tt.ladderWork) {
				t.Errorf("plane 17 = %v, want %v", got, tt.ladderWork)
			}
			// No history: planes 15 and 16 repeat plane 14.
			for _, k := range []int{PlaneLadderPrev, PlaneLadderPrev2} {
				if got := marks(&f, k); !same(got, tt.ladder) {
					t.Errorf("plane %d = %v, want %v", k, got, tt.ladder)
				}
			}
		})
	}
}

// TestFillArea compares planes 18/19 with the dump KataGo's test "NN
// Inputs V6 Area Feature and Komi" expects for its 7x7 position (White
// to move, komi 6.5, area scoring, no tax; its positional ko rule does
// not touch the area): pass-alive groups and territory, a seki left
// neutral, and the rest by stones and single-colour regions. Global 5 is
// KataGo's printed 0.325.
func TestFillArea(t *testing.T) {
	p := pos(t, `
. . . O X X .
O O O O X . X
X X X X O X X
O . X O O O O
. O X O X . O
O X X O . X .
O . X O O . X`, board.White, Chinese, 6.5)
	var f Features
	if err := f.Fill(p); err != nil {
		t.Fatal(err)
	}
	want18 := "1 1 1 1 . . .\n1 1 1 1 . . .\n. . . . 1 . .\n1 . . 1 1 1 1\n1 1 . 1 . . 1\n1 . . 1 . . .\n1 . . 1 1 . .\n"
	want19 := ". . . . 1 1 1\n. . . . 1 1 1\n1 1 1 1 . 1 1\n. . 1 . . . .\n. . 1 . 1 . .\n. 1 1 . . 1 .\n. . 1 . . . 1\n"
	if got := f.Dump(PlaneAreaPla); got != want18 {
		t.Errorf("plane 18\n%swant\n%s", got, want18)
	}
	if got := f.Dump(PlaneAreaOpp); got != want19 {
		t.Errorf("plane 19\n%swant\n%s", got, want19)
	}
	if f.Global[5] != 0.325 {
		t.Errorf("global 5 = %g, want 0.325", f.Global[5])
	}
}

// TestFillErrors checks the errors Fill returns for bad positions.
func TestFillErrors(t *testing.T) {
	big := board.New(21)
	tests := []struct {
		name  string
		p     *Position
		is    error
		words []string
	}{
		{"nil", nil, ErrPosition, nil},
		{"no start", &Position{}, ErrPosition, []string{"start"}},
		{"too big", &Position{Start: big}, ErrBoardSize, []string{"21x21", "19x19"}},
		{"rules", &Position{Start: board.New(9), Rules: 7}, ErrPosition, []string{"rules 7"}},
		{"komi", &Position{Start: board.New(9), Komi: math.NaN()}, ErrPosition, []string{"komi NaN"}},
		{"occupied", pos(t, empty9(), board.Black, Chinese, 7.5, "B D4", "W E5", "B D4"), ErrIllegalMove, []string{"move 3", "D4"}},
		{"colour", &Position{Start: board.New(9), Moves: []board.Move{{Point: board.Pass}}}, ErrPosition, []string{"move 1"}},
		{"off board", &Position{Start: board.New(9), Moves: []board.Move{{Color: board.Black, Point: -7}}}, ErrIllegalMove, []string{"move 1", "-7"}},
		{"dead start", pos(t, "X O . .\nO . . .\n. . . .\n. . . .", board.Black, Chinese, 7.5), ErrPosition, []string{"without liberties", "A4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var f Features
			err := f.Fill(tt.p)
			if !errors.Is(err, tt.is) {
				t.Fatalf("error %v, want %v", err, tt.is)
			}
			for _, w := range tt.words {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not name %q", err, w)
				}
			}
		})
	}
	var f Features
	err := f.Fill(pos(t, empty9(), board.Black, Chinese, 7.5, "B D4", "W E5", "B D4"))
	if !errors.Is(err, board.ErrOccupied) {
		t.Errorf("error %v does not wrap board.ErrOccupied", err)
	}
}

// TestFillReuse: filling one Features value with different positions
// gives the same result as a fresh one each time.
func TestFillReuse(t *testing.T) {
	ps := []*Position{
		pos(t, empty19(), board.Black, Chinese, 7.5, "B Q16", "W D4", "B Q4"),
		pos(t, empty9(), board.Black, Japanese, 6.5, "B D4", "W pass"),
		pos(t, empty19(), board.Black, Chinese, 7.5, "B Q16", "W pass", "B D4"),
	}
	var reused Features
	for i, p := range ps {
		var fresh Features
		if err := fresh.Fill(p); err != nil {
			t.Fatal(err)
		}
		if err := reused.Fill(p); err != nil {
			t.Fatal(err)
		}
		if fresh.Size != reused.Size || fresh.ToMove != reused.ToMove || fresh.Global != reused.Global ||
			fmt.Sprint(fresh.Spatial) != fmt.Sprint(reused.Spatial) || fmt.Sprint(fresh.Legal) != fmt.Sprint(reused.Legal) {
			t.Errorf("position %d: reused Features differ from fresh ones", i)
		}
	}
}

// TestString: the debug description names the side to move and shows
// the non-empty planes only: after Black B2 on 3x3, White is to move,
// Black's stone is on the opponent plane 2 and the last move on plane 9,
// while White has no stones (plane 1) and there is no ko (plane 6).
func TestString(t *testing.T) {
	var f Features
	if err := f.Fill(pos(t, "...\n...\n...", board.Black, Chinese, 7.5, "B B2")); err != nil {
		t.Fatal(err)
	}
	s := f.String()
	for _, w := range []string{"White to move", "plane 0\n", "plane 2\n. . .\n. 1 .\n", "plane 9\n"} {
		if !strings.Contains(s, w) {
			t.Errorf("String() lacks %q:\n%s", w, s)
		}
	}
	for _, w := range []string{"plane 1\n", "plane 6\n"} {
		if strings.Contains(s, w) {
			t.Errorf("String() shows the empty %q:\n%s", w, s)
		}
	}
}

// TestFillBoard: Board is the position the moves reach, and nil before
// any Fill.
func TestFillBoard(t *testing.T) {
	var f Features
	if f.Board() != nil {
		t.Error("Board before Fill is not nil")
	}
	start := board.New(5)
	want := *start
	var moves []board.Move
	for _, v := range []string{"C3", "D3", "pass", "B2"} {
		p := board.Pass
		if v != "pass" {
			p, _ = start.Geometry().ParseGTP(v)
		}
		m := board.Move{Color: want.ToMove(), Point: p}
		if err := want.Play(m.Color, m.Point); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
	}
	if err := f.Fill(&Position{Start: start, Moves: moves, Komi: 0.5}); err != nil {
		t.Fatal(err)
	}
	if got := f.Board(); !got.SamePosition(&want) {
		t.Errorf("Board\n%v\nwant\n%v", got, &want)
	}
}
