package playout

import (
	"math/rand/v2"
	"testing"

	"goeval/board"
	"goeval/internal/boardtest"
	"goeval/internal/positions"
)

// check compares pb with b: the stones, the side to move, the ko, the
// list of empty points, every point's count of neighbours of each kind, and each
// chain's head, stone count and pseudo-liberties (their number and sums)
// against a fresh Load of b,
// and each chain's only liberty (if it has one) against b's chains.
func check(t *testing.T, pb *Board, b *board.Board, where string) {
	t.Helper()
	var fresh Board
	fresh.Load(b)
	if pb.toMove != fresh.toMove || pb.ko != fresh.ko {
		t.Fatalf("%s: to move %d ko %d, want %d %d", where, pb.toMove, pb.ko, fresh.toMove, fresh.ko)
	}
	empties := 0
	for p, c := range b.Cells() {
		q := pb.pad[p]
		if pb.cell[q] != int8(c) {
			t.Fatalf("%s: point %s holds %d, board says %v\n%v", where, b.Geometry().GTP(board.Point(p)), pb.cell[q], c, b)
		}
		if pb.nb[q] != fresh.nb[q] {
			t.Fatalf("%s: point %s has neighbours %#x, want %#x", where, b.Geometry().GTP(board.Point(p)), pb.nb[q], fresh.nb[q])
		}
		if c == board.Empty {
			empties++
			if pb.head[q] != none {
				t.Fatalf("%s: empty point %s has a chain head", where, b.Geometry().GTP(board.Point(p)))
			}
			if pb.empty[pb.where[q]] != q {
				t.Fatalf("%s: empty list lost %s", where, b.Geometry().GTP(board.Point(p)))
			}
			continue
		}
		h, fh := pb.head[q], fresh.head[q]
		if pb.cell[h] != int8(c) || pb.libs[h] != fresh.libs[fh] || pb.count[h] != fresh.count[fh] ||
			pb.lsum[h] != fresh.lsum[fh] || pb.lsq[h] != fresh.lsq[fh] {
			t.Fatalf("%s: chain at %s: libs %d (sums %d %d) count %d, want %d (%d %d) %d", where, b.Geometry().GTP(board.Point(p)),
				pb.libs[h], pb.lsum[h], pb.lsq[h], pb.count[h], fresh.libs[fh], fresh.lsum[fh], fresh.lsq[fh], fresh.count[fh])
		}
		// Every stone of the ring has the same head.
		for s := pb.next[q]; s != q; s = pb.next[s] {
			if pb.head[s] != h {
				t.Fatalf("%s: ring of %s mixes heads", where, b.Geometry().GTP(board.Point(p)))
			}
		}
	}
	// A chain's only liberty, if it has one, against the twin's count.
	var chains board.Chains
	b.Chains(&chains)
	only := make([]int16, len(chains.List))
	for q, c := range b.Cells() {
		if c != board.Empty {
			continue
		}
		for _, r := range b.Geometry().Neighbors(board.Point(q)) {
			if id := chains.ID[r]; id >= 0 {
				only[id] = pb.pad[q]
			}
		}
	}
	for id, ch := range chains.List {
		want := none
		if ch.Liberties == 1 {
			want = only[id]
		}
		if got := pb.atariLiberty(pb.head[pb.pad[ch.Head]]); got != want {
			t.Fatalf("%s: chain at %s: atariLiberty %d, want %d", where, b.Geometry().GTP(ch.Head), got, want)
		}
	}
	if empties != pb.nEmpty {
		t.Fatalf("%s: %d empty points listed, board has %d", where, pb.nEmpty, empties)
	}
}

// TestAgainstBoard plays random legal games on Board and on board.Board,
// its slow twin, from empty boards, random positions and dev positions,
// and requires them to agree on every legal move and every position.
func TestAgainstBoard(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	starts := []*board.Board{board.New(2), board.New(5), board.New(9), board.New(13), board.New(19), board.New(25)}
	for range 6 {
		starts = append(starts, boardtest.Played(r, []int{9, 13, 19}[r.IntN(3)], 40+r.IntN(120)))
	}
	if !testing.Short() {
		starts = append(starts, positions.Dev(t, 4, 150, 250)...)
	}
	for i, start := range starts {
		b := *start
		var pb Board
		pb.Load(&b)
		for move := 0; move < 400; move++ {
			c := b.ToMove()
			var legal []board.Point
			for p, v := range b.Cells() {
				if v != board.Empty {
					continue
				}
				want := b.Legal(c, board.Point(p)) == nil
				if got := pb.legal(pb.pad[p], int8(c)); got != want {
					t.Fatalf("start %d move %d: legal(%s) = %v, board says %v\n%v", i, move, b.Geometry().GTP(board.Point(p)), got, want, &b)
				}
				if want {
					legal = append(legal, board.Point(p))
					if move%5 == 0 {
						if got, want := pb.selfAtari(pb.pad[p], int8(c)), selfAtari(&b, c, board.Point(p)); got != want {
							t.Fatalf("start %d move %d: selfAtari(%s) = %v, board says %v\n%v", i, move, b.Geometry().GTP(board.Point(p)), got, want, &b)
						}
					}
				}
			}
			if len(legal) == 0 {
				break
			}
			p := legal[r.IntN(len(legal))]
			if err := b.Play(c, p); err != nil {
				t.Fatal(err)
			}
			pb.play(pb.pad[p], int8(c))
			check(t, &pb, &b, "after "+b.Geometry().GTP(p))
		}
	}
}

// selfAtari is Board.selfAtari's slow twin: it plays c at p on a copy of b
// and reports whether nothing was captured and the stone's chain has two
// or more stones and one liberty.
func selfAtari(b *board.Board, c board.Color, p board.Point) bool {
	after := *b
	if err := after.Play(c, p); err != nil {
		panic(err)
	}
	if after.Captures(c) != b.Captures(c) {
		return false
	}
	var chains board.Chains
	after.Chains(&chains)
	ch := chains.List[chains.ID[p]]
	return ch.Stones >= 2 && ch.Liberties == 1
}

// TestLoadTransformed: loading a position under a symmetry, or imaging
// the loaded position (what Ownership does), gives the same board,
// empty-point order and chains as loading its image, and imageHash
// hashes it as hash does.
func TestLoadTransformed(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	bs := []*board.Board{}
	for range 6 {
		bs = append(bs, boardtest.Played(r, []int{9, 13, 19}[r.IntN(3)], 30+r.IntN(150)))
	}
	ko := koShape()
	if err := ko.Play(board.Black, ko.Geometry().At(2, 2)); err != nil {
		t.Fatal(err)
	}
	bs = append(bs, ko)
	for i, b := range bs {
		var base Board
		base.Load(b)
		for _, s := range board.Symmetries {
			var got, want, img Board
			var first, last [maxPad]int16
			got.LoadTransformed(b, s)
			want.Load(b.Transformed(s))
			img.image(&base, b, s, &first, &last)
			same := func(a, b *Board) bool {
				a, b = sinkless(a), sinkless(b)
				return a.cell == b.cell && a.head == b.head && a.next == b.next && a.libs == b.libs && a.lsum == b.lsum && a.lsq == b.lsq && a.count == b.count &&
					a.nb == b.nb && a.nEmpty == b.nEmpty && a.empty == b.empty && a.where == b.where && a.ko == b.ko && a.toMove == b.toMove
			}
			if !same(&got, &want) {
				t.Fatalf("position %d, symmetry %d: LoadTransformed differs from Load of the image", i, s)
			}
			if !same(&img, &want) {
				t.Fatalf("position %d, symmetry %d: image differs from Load of the image", i, s)
			}
			if h, w := base.imageHash(b, s), want.hash(); h != w {
				t.Fatalf("position %d, symmetry %d: imageHash %x, hash of the image %x", i, s, h, w)
			}
		}
	}
	var withKo Board
	withKo.Load(ko)
	if withKo.ko == none {
		t.Fatal("the ko test position has no ko")
	}
}

// sinkless returns a copy of pb with the sink's entries (see none)
// cleared, which hold whatever updates went there.
func sinkless(pb *Board) *Board {
	c := *pb
	c.libs[none], c.lsum[none], c.lsq[none] = 0, 0, 0
	return &c
}

// koShape returns a position where Black, to move, captures one stone at C3
// and leaves a ko.
func koShape() *board.Board {
	b := board.MustParse(`
		. . . . .
		. X O . .
		X O . O .
		. X O . .
		. . . . .`)
	b.SetToMove(board.Black)
	return b
}

// TestKo pins the ko rule: after a capture of one stone by a lone stone
// left with one liberty, the capturer's opponent may not retake at once,
// and may after a move elsewhere.
func TestKo(t *testing.T) {
	b := koShape()
	var pb Board
	pb.Load(b)
	g := b.Geometry()
	c3 := pb.pad[g.At(2, 2)]
	pb.play(c3, int8(board.Black))
	b1 := pb.pad[g.At(1, 2)]
	if pb.cell[b1] != int8(board.Empty) {
		t.Fatal("the white stone was not captured")
	}
	if pb.legal(b1, int8(board.White)) {
		t.Fatal("White may retake the ko at once")
	}
	pb.play(pb.pad[g.At(4, 4)], int8(board.White))
	pb.play(pb.pad[g.At(4, 0)], int8(board.Black))
	if !pb.legal(b1, int8(board.White)) {
		t.Fatal("White may not retake the ko after moves elsewhere")
	}
}

// TestEyelike pins the eye rule of the playouts.
func TestEyelike(t *testing.T) {
	b := board.MustParse(`
		. X . X .
		X X X X X
		. X . X X
		X O X . .
		. X . O .`)
	var pb Board
	pb.Load(b)
	g := b.Geometry()
	for _, c := range []struct {
		x, y int
		want bool
	}{
		{0, 0, true},  // corner, no enemy diagonal
		{2, 0, true},  // edge, no enemy diagonal
		{4, 0, true},  // corner
		{0, 2, false}, // edge, one enemy diagonal (B2 is White)
		{2, 2, true},  // centre, one enemy diagonal
		{0, 4, false}, // corner, one enemy diagonal
		{2, 4, false}, // a White neighbour
		{3, 3, false}, // empty neighbours
	} {
		if got := pb.eyelike(pb.pad[g.At(c.x, c.y)], int8(board.Black)); got != c.want {
			t.Errorf("eyelike(%s) = %v, want %v", g.GTP(g.At(c.x, c.y)), got, c.want)
		}
	}
}
