package tactics

import (
	"math/rand/v2"
	"testing"

	"goeval/board"
	"goeval/internal/boardtest"
	"goeval/internal/positions"
)

func TestRead(t *testing.T) {
	tests := []struct {
		name     string
		position string
		chain    string
		want     Status
	}{{
		// A white stone in atari with Black's stones placed so that
		// extending leaves two liberties every time: a ladder, and no
		// white stone stands on its path to the edge.
		name: "ladder",
		position: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . X . . .
			. . . X O X . . .
			. . . . X . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		chain: "E5",
		want:  Dead,
	}, {
		// The same with a white ladder breaker on the diagonal the
		// ladder runs along: White moving first escapes; Black moving
		// first still captures the stone in atari.
		name: "ladder breaker",
		position: `
			. . . . . . . . .
			. . O . . . . . .
			. . . . . . . . .
			. . . . . X . . .
			. . . X O X . . .
			. . . . X . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		chain: "E5",
		want:  Capturable,
	}, {
		// Two liberties in the open: an atari from either side is
		// answered by extending to three.
		name: "open two liberties",
		position: `
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . X O . . . .
			. . . . X . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`,
		chain: "E5",
		want:  Safe,
	}, {
		name: "four liberties",
		position: `
			. . . . .
			. . . . .
			. . O . .
			. . . . .
			. . . . .`,
		chain: "C3",
		want:  Safe,
	}, {
		// The white stone B4 is in atari, but the black stone B3 under
		// it is in atari too: White to move captures it at B2 and
		// connects out; Black to move captures B4 at B5.
		name: "capture to escape",
		position: `
			. . . . .
			X O X . .
			O X O . .
			. . . . .
			. . . . .`,
		chain: "B4",
		want:  Capturable,
	}, {
		// A white stone in the corner with one liberty and nothing to
		// capture: dead whoever moves.
		name: "corner atari",
		position: `
			O X . . .
			. X . . .
			X . . . .
			. . . . .
			. . . . .`,
		chain: "A5",
		want:  Dead,
	}, {
		// The white pair A3-B3 is in atari; extending at A2 leaves it
		// one liberty, and the black stones around it all have two or
		// more: dead whoever moves.
		name: "extension into atari",
		position: `
			. . . . . .
			. . . . . .
			X X X . . .
			O O X . . .
			. X O X . .
			. . . . . .`,
		chain: "A3",
		want:  Dead,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := board.MustParse(tt.position)
			p := boardtest.Point(t, b, tt.chain)
			var r Reader
			if got := r.Read(b, p); got != tt.want {
				t.Errorf("Read(%s) = %v, want %v (%d nodes)", tt.chain, got, tt.want, r.Nodes())
			}
		})
	}
}

// TestSymmetry reads every chain of real and random positions under the
// eight symmetries of the board and with the colours swapped: the status
// must not change (a search that runs out of budget may, so Unknown is
// skipped).
func TestSymmetry(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	bs := positions.Dev(t, 6, 100, 200)
	for range 20 {
		bs = append(bs, boardtest.Played(r, 9, 40+r.IntN(40)), boardtest.Scattered(r, 13, 0.45))
	}
	var rd Reader
	var cs board.Chains
	read := 0
	for i, b := range bs {
		b.Chains(&cs)
		g := b.Geometry()
		for _, ch := range cs.List {
			want := rd.Read(b, ch.Head)
			if want == Unknown {
				continue
			}
			if want != Safe {
				read++
			}
			for s := board.Identity; s < 8; s++ {
				if got := rd.Read(b.Transformed(s), g.Transform(ch.Head, s)); got != want && got != Unknown {
					t.Errorf("position %d, chain %s: %v, but %v under symmetry %d", i, g.GTP(ch.Head), want, got, s)
				}
			}
			if got := rd.Read(b.Swapped(), ch.Head); got != want && got != Unknown {
				t.Errorf("position %d, chain %s: %v, but %v with colours swapped", i, g.GTP(ch.Head), want, got)
			}
		}
	}
	if read < 50 {
		t.Errorf("only %d chains were capturable or dead: the test reads too little", read)
	}
}

func BenchmarkRead(b *testing.B) {
	bs := positions.Bench(b)
	var rd Reader
	var cs board.Chains
	b.ReportAllocs()
	nodes, chains := 0, 0
	for b.Loop() {
		for _, pos := range bs {
			pos.Chains(&cs)
			for _, ch := range cs.List {
				if ch.Liberties <= MaxLiberties {
					rd.Read(pos, ch.Head)
					nodes += rd.Nodes()
					chains++
				}
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(bs)), "µs/position")
	b.ReportMetric(float64(nodes)/float64(chains), "nodes/chain")
}
