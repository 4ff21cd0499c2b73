package playout

import (
	"math/rand/v2"
	"testing"

	"goeval/board"
	"goeval/internal/boardtest"
	"goeval/internal/positions"
)

// TestOwnershipColourSwap: swapping the colours negates the ownership and
// the score exactly, and every value is in [-1, 1].
func TestOwnershipColourSwap(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var bs []*board.Board
	for range 8 {
		bs = append(bs, boardtest.Played(r, []int{9, 13, 19}[r.IntN(3)], r.IntN(200)))
	}
	bs = append(bs, positions.Dev(t, 3, 150)...)
	var run Runner
	for i, b := range bs {
		n := len(b.Cells())
		a, s := make([]float64, n), make([]float64, n)
		for _, games := range []int{16, 3} {
			sa := run.Ownership(a, b, games)
			ss := run.Ownership(s, b.Swapped(), games)
			if sa != -ss {
				t.Errorf("position %d, %d games: score %v, swapped %v", i, games, sa, ss)
			}
			for p := range a {
				if a[p] != -s[p] || a[p] < -1 || a[p] > 1 {
					t.Fatalf("position %d point %d, %d games: %v, swapped %v", i, p, games, a[p], s[p])
				}
			}
		}
	}
}

// TestOwnershipSymmetries: rotating or mirroring the position rotates or
// mirrors the ownership exactly, and leaves the score unchanged, with 8
// games (one an image) and with fewer (on some of the images), also on
// positions symmetric under some of the symmetries, whose images tie.
func TestOwnershipSymmetries(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	bs := []*board.Board{board.New(9), mirrored(r, 9, 12), mirrored(r, 13, 30)}
	for range 5 {
		bs = append(bs, boardtest.Played(r, []int{9, 13, 19}[r.IntN(3)], 20+r.IntN(150)))
	}
	bs = append(bs, positions.Dev(t, 2, 200)...)
	var run Runner
	for i, b := range bs {
		n := len(b.Cells())
		g := b.Geometry()
		a, s := make([]float64, n), make([]float64, n)
		for _, games := range []int{8, 1, 3} {
			sa := run.Ownership(a, b, games)
			for _, sym := range board.Symmetries {
				ss := run.Ownership(s, b.Transformed(sym), games)
				if sa != ss {
					t.Errorf("position %d, %d games, symmetry %d: score %v, transformed %v", i, games, sym, sa, ss)
				}
				for p := range a {
					if q := g.Transform(board.Point(p), sym); a[p] != s[q] {
						t.Fatalf("position %d, %d games, symmetry %d: %s has %v, its image %v", i, games, sym, g.GTP(board.Point(p)), a[p], s[q])
					}
				}
			}
		}
	}
}

// TestOwnershipFewerGames: fewer than 8 games play as many, more when the
// images tie (an empty board's eight are one), and 8 games or more play a
// multiple of 8.
func TestOwnershipFewerGames(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	b := boardtest.Played(r, 13, 40)
	var run Runner
	own := make([]float64, len(b.Cells()))
	count := func(b *board.Board, n int) int {
		run.Ownership(own, b, n)
		return run.Games
	}
	for n, want := range map[int]int{1: 1, 3: 3, 7: 7, 8: 8, 9: 16} {
		if got := count(b, n); got != want {
			t.Errorf("%d games asked: %d played, want %d", n, got, want)
		}
	}
	if got := count(board.New(9), 3); got != 8 {
		t.Errorf("empty board, 3 games asked: %d played, want 8 (its images tie)", got)
	}
	// Symmetric under the mirror left to right: its images pair up, so
	// an odd number of games plays one more.
	if got := count(mirrored(r, 9, 12), 3); got != 4 {
		t.Errorf("mirrored position, 3 games asked: %d played, want 4", got)
	}
}

// mirrored returns a size x size position of about stones stones drawn
// at random and mirrored left to right (the middle column left empty), so
// that it is its own image under that mirror and no other symmetry.
func mirrored(r *rand.Rand, size, stones int) *board.Board {
	b := board.New(size)
	g := b.Geometry()
	for range stones {
		x, y := r.IntN(size/2), r.IntN(size)
		c := board.Black
		if r.IntN(2) == 0 {
			c = board.White
		}
		if b.At(g.At(x, y)) != board.Empty || b.At(g.At(size-1-x, y)) != board.Empty {
			continue
		}
		if b.Play(c, g.At(x, y)) != nil {
			continue
		}
		if b.Play(c, g.At(size-1-x, y)) != nil {
			panic("mirrored: the mirror move is illegal")
		}
	}
	b.SetToMove(board.Black)
	return b
}

// TestOwnershipDeadInsideWall: a lone white stone in a 3x3 corner walled
// by a Black chain with two eyes (E9, G9: the playouts never fill them, so
// the wall cannot die), too small for White to make two eyes in unless
// Black leaves it alone for many moves, is captured in nearly every
// playout (White moves first), and the corner counts for Black.
func TestOwnershipDeadInsideWall(t *testing.T) {
	b := board.MustParse(`
		. . . X . X . X .
		. O . X X X X X .
		. . . X . . . . .
		X X X X . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	b.SetToMove(board.White)
	var run Runner
	own := make([]float64, len(b.Cells()))
	run.Ownership(own, b, 64)
	for _, v := range []string{"B8", "A9", "C7"} {
		if p := boardtest.Point(t, b, v); own[p] < 0.9 {
			t.Errorf("%s: ownership %.2f, want Black's in nearly every playout", v, own[p])
		}
	}
}

// TestReply pins the playouts' answers to an atari, Black to move after
// White's stone at last.
func TestReply(t *testing.T) {
	for _, c := range []struct {
		name, drawing string
		last          [2]int
		want          [2]int // {-1, -1}: no answer
	}{
		{"capture the stone just played before saving its own", `
			. . . . .
			. O X O .
			. X O X .
			. . . . .
			. . . . .`, [2]int{2, 2}, [2]int{2, 3}},
		{"save the stone put in atari", `
			. O . . .
			. X O . .
			. O . . .
			. . . . .
			. . . . .`, [2]int{2, 1}, [2]int{0, 1}},
		{"save the stone put in atari by capturing next to it", `
			. O . . .
			. X O . .
			. O X . .
			. X . . .
			. . . . .`, [2]int{2, 1}, [2]int{0, 2}},
		{"no escape into a self-atari", `
			. . O . .
			O X O . .
			. O . . .
			. . . . .
			. . . . .`, [2]int{1, 2}, [2]int{-1, -1}},
		{"no escape by suicide", `
			. O . . .
			X X O . .
			O O . . .
			. . . . .
			. . . . .`, [2]int{1, 2}, [2]int{-1, -1}},
		{"no atari, no answer", `
			. . . . .
			. X O . .
			. . . . .
			. . . . .
			. . . . .`, [2]int{2, 1}, [2]int{-1, -1}},
	} {
		b := board.MustParse(c.drawing)
		b.SetToMove(board.Black)
		g := b.Geometry()
		var pb Board
		pb.Load(b)
		want := none
		if c.want[0] >= 0 {
			want = pb.pad[g.At(c.want[0], c.want[1])]
		}
		if got := pb.reply(pb.pad[g.At(c.last[0], c.last[1])], int8(board.Black)); got != want {
			t.Errorf("%s: reply %d, want %d", c.name, got, want)
		}
	}
}

// benchOwnership times Ownership with n playouts over bs, one position
// per op, and reports the moves a playout plays.
func benchOwnership(b *testing.B, bs []*board.Board, n int) {
	var run Runner
	dst := make([]float64, board.MaxPoints)
	moves := 0
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		run.Ownership(dst, bs[i], n)
		moves += run.Moves
		i = (i + 1) % len(bs)
	}
	b.ReportMetric(float64(moves)/float64(b.N)/float64(n), "moves/playout")
}

// BenchmarkOwnership times 32 playouts on the benchmark positions (dev
// games at moves 50, 150 and 250).
func BenchmarkOwnership(b *testing.B) { benchOwnership(b, positions.Bench(b), DefaultPlayouts) }

// BenchmarkOwnershipLate times what the judge asks of the playouts late in
// a game: 8 playouts from the positions at moves 200 and 250 of ten dev
// games.
func BenchmarkOwnershipLate(b *testing.B) { benchOwnership(b, positions.Dev(b, 10, 200, 250), 8) }

// BenchmarkRunMoves times single playouts from the positions at move 200
// of ten dev games, per move played (the cost that matters late in a game,
// where the judge plays them).
func BenchmarkRunMoves(b *testing.B) {
	bs := positions.Dev(b, 10, 200)
	var pbs []Board
	for _, x := range bs {
		var pb Board
		pb.Load(x)
		pbs = append(pbs, pb)
	}
	st := uint64(0x9e3779b97f4a7c15)
	moves := 0
	var w Board
	i := 0
	for b.Loop() {
		w = pbs[i]
		moves += w.run(&st, 1083)
		i = (i + 1) % len(pbs)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/op")
}
