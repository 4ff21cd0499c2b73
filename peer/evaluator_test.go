package peer

import (
	"errors"
	"math"
	"strconv"
	"testing"

	"goeval/board"
)

func TestParseScore(t *testing.T) {
	tests := []struct {
		in   string
		want float64
	}{
		{"B+6.0 (upper bound: 17.9, lower: -29.9)", 6},
		{"W+3.5 (upper bound: 1.0, lower: -4.0)", -3.5},
		{"w+12", -12},
		{"0", 0},
		{"B+0.0", 0},
	}
	for _, tt := range tests {
		got, err := ParseScore(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseScore(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "B+", "X+3", "W+-3", "B+abc", "resign"} {
		if _, err := ParseScore(bad); !errors.Is(err, ErrAnswer) {
			t.Errorf("ParseScore(%q): err = %v", bad, err)
		}
	}
}

// fakeGame is a 9x9 game: its moves and the board after each number of
// moves.
func fakeGame(t *testing.T) ([]board.Move, []board.Board) {
	t.Helper()
	b := board.New(9)
	geo := b.Geometry()
	var moves []board.Move
	boards := []board.Board{*b}
	c := board.Black
	for _, v := range []string{"C3", "G7", "C7", "G3", "E5", "pass", "A1", "J9", "A9"} {
		p, err := geo.ParseGTP(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Play(c, p); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, board.Move{Color: c, Point: p})
		boards = append(boards, *b)
		c = -c
	}
	return moves, boards
}

func plays(t *testing.T, c *Client) int {
	t.Helper()
	a, err := c.Send("plays")
	if err != nil {
		t.Fatal(err)
	}
	n, _ := strconv.Atoi(a)
	return n
}

func TestEvaluatorReplaysIncrementally(t *testing.T) {
	c := startFake(t, "", Options{})
	e, err := NewEvaluator(c, MapAuto)
	if err != nil {
		t.Fatal(err)
	}
	if e.Map() != MapInfluence || e.ScoreCommand() != "estimate_score" {
		t.Errorf("map %v, score command %s", e.Map(), e.ScoreCommand())
	}
	moves, boards := fakeGame(t)
	const komi = 0.5
	for _, step := range []struct {
		game, move, plays int
	}{
		{1, 3, 3},  // from the empty board
		{1, 6, 6},  // three more moves only
		{1, 6, 6},  // the same position again: nothing to play
		{1, 4, 10}, // backwards: replayed from the start
		{2, 9, 19}, // another game: replayed from the start
	} {
		b := &boards[step.move]
		if err := e.SetPosition(step.game, 9, komi, moves[:step.move], b); err != nil {
			t.Fatal(err)
		}
		if got := plays(t, c); got != step.plays {
			t.Errorf("game %d move %d: %d plays sent in all, want %d", step.game, step.move, got, step.plays)
		}
		s, err := e.Score()
		if err != nil {
			t.Fatal(err)
		}
		// The fake's result is the stone balance minus komi; Score adds komi back.
		if want := float64(b.Count(board.Black) - b.Count(board.White)); s != want {
			t.Errorf("move %d: score %v, want %v", step.move, s, want)
		}
	}
}

func TestEvaluatorPlacesStones(t *testing.T) {
	c := startFake(t, "", Options{})
	e, err := NewEvaluator(c, MapAuto)
	if err != nil {
		t.Fatal(err)
	}
	b := board.MustParse(`
		X O . . .
		X O . . .
		. X O . .
		. . . . .
		. . . . X`)
	if err := e.SetPosition(1, 5, 0, nil, b); err != nil {
		t.Fatal(err)
	}
	if got := plays(t, c); got != 7 {
		t.Errorf("%d plays, want one per stone (7)", got)
	}
	s, err := e.Score()
	if err != nil || s != 1 {
		t.Errorf("score %v, %v; want 1 (4 black, 3 white)", s, err)
	}
	// Even the same game key is set up again: nothing links placed stones
	// to moves.
	moves, boards := fakeGame(t)
	if err := e.SetPosition(1, 9, 0, moves[:2], &boards[2]); err != nil {
		t.Fatal(err)
	}
	if got := plays(t, c); got != 9 {
		t.Errorf("%d plays, want 9", got)
	}
}

// mapsBoard is the position of the map tests: the fake engine counts the
// black stones of column A (A5, A4) dead.
func mapsBoard() *board.Board {
	return board.MustParse(`
		X O . . .
		X O . . .
		. X O . .
		. . . . .
		O . . . X`)
}

func TestEvaluatorMaps(t *testing.T) {
	b := mapsBoard()
	// The fake's territory values (White positive): 0.5 on empty points of
	// columns A-B, -1.5 on columns C-E; 2 on black stones of column A
	// (dead for GnuGo), 0 on other stones.
	influence := []float64{
		-1, -1, 1, 1, 1,
		-1, -1, 1, 1, 1,
		-0.5, 1, -1, 1, 1,
		-0.5, -0.5, 1, 1, 1,
		-1, -0.5, 1, 1, 1,
	}
	// final_status_list dead gives A5 and A4: removed, the region A5-A4 is
	// bordered by White only; the region A3.. borders both.
	dead := []float64{
		-1, -1, 0, 0, 0,
		-1, -1, 0, 0, 0,
		0, 1, -1, 0, 0,
		0, 0, 0, 0, 0,
		-1, 0, 0, 0, 1,
	}
	for _, tt := range []struct {
		name, lacks string
		m           MapSource
		want        []float64
	}{
		{"influence", "", MapAuto, influence},
		{"dead", "initial_influence", MapAuto, dead},
		{"dead asked for", "", MapDead, dead},
		{"none", "initial_influence final_status_list", MapAuto, nil},
		{"none asked for", "", MapNone, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := startFake(t, tt.lacks, Options{})
			e, err := NewEvaluator(c, tt.m)
			if err != nil {
				t.Fatal(err)
			}
			if err := e.SetPosition(1, 5, 0, nil, b); err != nil {
				t.Fatal(err)
			}
			got, err := e.Control(nil, b)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("%d values, want %d", len(got), len(tt.want))
			}
			for p := range got {
				if math.Abs(got[p]-tt.want[p]) > 1e-9 {
					t.Errorf("at %s: %v, want %v", b.Geometry().GTP(board.Point(p)), got[p], tt.want[p])
				}
			}
		})
	}
}

func TestEvaluatorCommands(t *testing.T) {
	c := startFake(t, "estimate_score", Options{})
	e, err := NewEvaluator(c, MapAuto)
	if err != nil || e.ScoreCommand() != "final_score" {
		t.Errorf("without estimate_score: %v, %v", e, err)
	}
	c = startFake(t, "estimate_score final_score", Options{})
	if _, err := NewEvaluator(c, MapAuto); err == nil {
		t.Error("an engine without a score command is accepted")
	}
	c = startFake(t, "initial_influence", Options{})
	if _, err := NewEvaluator(c, MapInfluence); err == nil {
		t.Error("map influence accepted from an engine without initial_influence")
	}
}

func TestEvaluatorIllegalMove(t *testing.T) {
	c := startFake(t, "", Options{})
	e, err := NewEvaluator(c, MapAuto)
	if err != nil {
		t.Fatal(err)
	}
	moves, boards := fakeGame(t)
	bad := append(append([]board.Move(nil), moves[:3]...), moves[0]) // C3 again: occupied
	if err := e.SetPosition(1, 9, 0, bad, &boards[3]); !errors.Is(err, ErrRefused) {
		t.Errorf("err = %v, want ErrRefused", err)
	}
	// The next position starts from scratch.
	if err := e.SetPosition(1, 9, 0, moves[:4], &boards[4]); err != nil {
		t.Fatal(err)
	}
	if got := plays(t, c); got != 8 {
		t.Errorf("%d plays, want 4 + 4", got)
	}
}

// TestEvaluatorDead: Dead returns the stones the engine lists (the fake
// lists the black stones of column A).
func TestEvaluatorDead(t *testing.T) {
	b := mapsBoard()
	e, err := NewEvaluator(startFake(t, "", Options{}), MapNone)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.SetPosition(1, 5, 0, nil, b); err != nil {
		t.Fatal(err)
	}
	dead, err := e.Dead(b)
	geo := b.Geometry()
	if err != nil || len(dead) != 2 || geo.GTP(dead[0]) != "A5" || geo.GTP(dead[1]) != "A4" {
		t.Errorf("Dead: %v, %v; want A5 A4", dead, err)
	}
}
