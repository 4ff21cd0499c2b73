package gtp

import (
	"path/filepath"
	"slices"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/eval"
	"goeval/internal/boardtest"
	"goeval/internal/shared"
	"goeval/movemodel"
	"goeval/rank"
)

func TestOwnTrueEye(t *testing.T) {
	b := board.MustParse(`
		. X . X O
		X . X O .
		. X O . O
		X X . O O
		. X X . .`)
	for _, tc := range []struct {
		vertex string
		c      board.Color
		want   bool
	}{
		{"B4", board.Black, true},  // one diagonal foe (C3) in the middle
		{"A5", board.Black, true},  // the corner, no diagonal foe
		{"A3", board.Black, true},  // the edge, no diagonal foe
		{"C5", board.Black, false}, // the edge with a diagonal foe (D4)
		{"D3", board.White, true},  // one diagonal foe (C4) in the middle
		{"E4", board.White, false}, // the edge with a diagonal foe (D5)
		{"B4", board.White, false}, // Black's eye is not White's
		{"D1", board.Black, false}, // a neighbour is empty
	} {
		if got := ownTrueEye(b, boardtest.Point(t, b, tc.vertex), tc.c); got != tc.want {
			t.Errorf("%s for %s: %v, want %v", tc.vertex, tc.c.Name(), got, tc.want)
		}
	}
}

// TestChooseSkips feeds choose a ranking by hand: the likeliest move fills
// an own true eye and the next lies in the mover's settled area, so the
// third is played; with a pass likelier than the third, genmove passes.
func TestChooseSkips(t *testing.T) {
	// Black's area on the left, walled off by a living column of black
	// stones; White's on the right; every empty point taken: settled.
	b := board.MustParse(`
		. X . X O . O . .
		X X X X O O O O O
		. X . X O . O . .
		X X X X O O O O O
		. X . X O . O . .
		X X X X O O O O O
		. X . X O . O . .
		X X X X O O O O O
		. X . X O . O . O`)
	e := newEngine(t, Config{Judge: judgeFactory(t)})
	e.b = *b
	at := func(v string) board.Point { return boardtest.Point(t, b, v) }
	rk := &rank.Ranking{ToMove: board.Black, ByModel: true, PassProb: 0.01, Moves: []rank.Move{
		{Point: at("C9"), Prob: 0.5}, // an own true eye
		{Point: at("A1"), Prob: 0.3}, // settled: Black's area
		{Point: at("H9"), Prob: 0.1}, // White's area, settled too
	}}
	if p, err := e.choose(rk); err != nil || p != board.Pass {
		t.Errorf("settled board: %s (%v), want a pass", b.Geometry().GTP(p), err)
	}
	// A settled point is worth playing when the move ataris a chain that
	// is then dead whoever moves (by its model features), not for an
	// atari the opponent answers.
	for _, tc := range []struct {
		atari int
		want  board.Point
	}{{3, board.Pass}, {2, board.Pass}, {1, at("H9")}} {
		rk.Moves[2].Features[movemodel.GroupAtari] = uint32(tc.atari)
		if p, err := e.choose(rk); err != nil || p != tc.want {
			t.Errorf("an atari (feature %d) on a settled point: %s (%v), want %s", tc.atari, b.Geometry().GTP(p), err, b.Geometry().GTP(tc.want))
		}
	}
	rk.Moves[2].Features[movemodel.GroupAtari] = 0
	// Take White's wall off: the column between the two areas is open,
	// and E5 is worth playing.
	for _, v := range []string{"E9", "E8", "E7", "E6", "E5", "E4", "E3", "E2", "E1"} {
		e.b.Set(at(v), board.Empty)
	}
	rk.Moves[2].Point = at("E5")
	if p, err := e.choose(rk); err != nil || p != at("E5") {
		t.Errorf("open board: %s (%v), want E5", b.Geometry().GTP(p), err)
	}
	rk.PassProb = 0.2
	if p, _ := e.choose(rk); p != board.Pass {
		t.Errorf("pass likelier than E5: %s, want a pass", b.Geometry().GTP(p))
	}
}

// TestGenmoveEarlyNoPass: on 9x9 after three moves the judge may call a
// lone stone dead, but genmove must not take the board as settled and
// pass (it did in a match against GnuGo).
func TestGenmoveEarlyNoPass(t *testing.T) {
	m := shippedModel(t)
	cfg := Config{Judge: judgeFactory(t), Model: m}
	got := session(t, cfg, "boardsize 9", "play b e5", "play w e3", "play b f3", "play w e7", "play b e4", "genmove w")
	if last := got[len(got)-1]; last == "= pass" || last[0] != '=' {
		t.Errorf("genmove w: %q", last)
	}
}

func judgeFactory(t *testing.T) func() control.Estimator {
	t.Helper()
	f, err := eval.Factory("judge", nil)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestChooseAnswersInvasion: late in a game, a lone white stone inside
// Black's settled area is dead only if Black answers it. Without the
// invader every point is settled and genmove passes; with it, the points
// near it are open (in a match against GnuGo goeval passed three times
// while White lived inside its area).
func TestChooseAnswersInvasion(t *testing.T) {
	b := board.MustParse(`
		. . . . X O O O O
		. . . . X O . O O
		. . . . X O O O O
		. . . . X O O O .
		. . . . X O O O O
		. . . . X O O . O
		. . . . X O O O O
		. . . . X O . O O
		. . . . X O O O O`)
	e := newEngine(t, Config{Judge: judgeFactory(t)})
	e.b = *b
	at := func(v string) board.Point { return boardtest.Point(t, b, v) }
	rk := &rank.Ranking{ToMove: board.Black, ByModel: true, PassProb: 0.001, Moves: []rank.Move{{Point: at("B4"), Prob: 0.5}}}
	if p, err := e.choose(rk); err != nil || p != board.Pass {
		t.Fatalf("settled board: %s (%v), want a pass", b.Geometry().GTP(p), err)
	}
	e.b.Set(at("B5"), board.White)
	cnt, err := e.count()
	if err != nil {
		t.Fatal(err)
	}
	if len(cnt.Dead) != 1 || cnt.Dead[0] != at("B5") {
		t.Fatalf("the judge's dead stones %v, want the invader B5 alone", cnt.Dead)
	}
	if p, err := e.choose(rk); err != nil || p != at("B4") {
		t.Errorf("invaded: %s (%v), want B4", b.Geometry().GTP(p), err)
	}
	// With White to move the judge is not sure the invader is dead (0.63):
	// the points near it stay open for White too.
	rk.ToMove = board.White
	if p, err := e.choose(rk); err != nil || p != at("B4") {
		t.Errorf("White beside its unsettled invader: %s (%v), want B4", b.Geometry().GTP(p), err)
	}
}

// TestSettledOwnDeadStones: the points near a dead stone stay open for the
// side that must answer it, but not for the stone's own side when the map
// gives the stone to the opponent at least SettledControl strong: a stone
// added there is one more dead stone (after a finished game White played
// K18 beside its dead stones in Black's area, which then counted it dead).
func TestSettledOwnDeadStones(t *testing.T) {
	b := board.MustParse(`
		X X X X X X X X X
		. . . . . . . . .
		X X X X X X X X X
		. . . . . . . . .
		. . . . O . . . .
		. . . . . . . . .
		X X X X X X X X X
		. . . . . . . . .
		X X X X X X X X X`)
	e := newEngine(t, Config{Judge: func() control.Estimator { return sure{} }})
	e.b = *b
	near := boardtest.Point(t, b, "E4") // next to the dead white stone E5
	for _, tc := range []struct {
		mover board.Color
		want  bool
	}{{board.Black, false}, {board.White, true}} {
		s, err := e.settled(tc.mover)
		if err != nil {
			t.Fatal(err)
		}
		if s[near] != tc.want {
			t.Errorf("%s to move: E4 settled %v, want %v", tc.mover.Name(), s[near], tc.want)
		}
	}
}

// sure is a stub judge sure of everything: its map gives every point to
// Black, and its count takes every white stone off.
type sure struct{ control.Stones }

func (sure) Estimate(dst *control.Result, b *board.Board) error {
	dst.Reset(b.Geometry().N)
	for p := range dst.Control {
		dst.Control[p] = 1
	}
	dst.Sum()
	return nil
}

func (sure) Count(b *board.Board) (control.Count, error) {
	var c control.Count
	for p, v := range b.Cells() {
		if v == board.White {
			c.Dead = append(c.Dead, board.Point(p))
		}
	}
	return c, nil
}

// TestSettledEarly: early in a game, a judge that takes a lone stone off
// and gives the board to the other colour must not settle the points the
// stone's region still holds; late in the game it may.
func TestSettledEarly(t *testing.T) {
	b := board.MustParse(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . O . . . .
		. . . . . . . . .
		. . . . X . . . .
		. . . . X X . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	e := newEngine(t, Config{Judge: func() control.Estimator { return sure{} }})
	e.b = *b
	far := boardtest.Point(t, b, "A1") // beyond SettledReach of the white stone
	s, err := e.settled(board.Black)
	if err != nil {
		t.Fatal(err)
	}
	if s[far] {
		t.Error("A1 settled on an early board")
	}
	if !s[boardtest.Point(t, b, "F4")] {
		t.Error("Black's stone F4 not settled")
	}
	// Late: a third of the points hold stones, and the count is trusted.
	for _, v := range []string{"A9", "B9", "C9", "D9", "A8", "B8", "C8", "D8", "A7", "B7", "C7", "D7", "A6", "B6", "C6", "D6",
		"F9", "G9", "H9", "J9", "F8", "G8", "H8", "J8", "F7", "G7"} {
		e.b.Set(boardtest.Point(t, b, v), board.Black)
	}
	if s, err = e.settled(board.Black); err != nil || !s[far] {
		t.Errorf("A1 not settled late in the game (%v)", err)
	}
}

// TestGenmovePassesAfterFinishedGame: a dev game counted B+10.5 is over;
// after Black passes, White must pass too. Before, it played K18 beside
// its dead stones in Black's area (an atari Black answers), which the
// count then called dead.
func TestGenmovePassesAfterFinishedGame(t *testing.T) {
	f := filepath.Join(shared.Data(t, "games", "dev"), "tygem_2005-11-07_76406007.sgf")
	m := shippedModel(t)
	cfg := Config{Judge: judgeFactory(t), Model: m}
	got := session(t, cfg, "loadsgf "+f, "final_score", "play b pass", "genmove w", "final_score")
	if want := []string{"= black", "= B+10.5", "= ", "= pass", "= B+10.5"}; !slices.Equal(got, want) {
		t.Errorf("session %q, want %q", got, want)
	}
}

// shippedModel returns the model that ships with goeval, with the
// registry's estimators, as goeval gtp loads it.
func shippedModel(t *testing.T) *rank.Model {
	t.Helper()
	m, err := rank.LoadModel("", func(name string) (func() control.Estimator, error) { return eval.Factory(name, nil) })
	if err != nil {
		t.Fatal(err)
	}
	return m
}
