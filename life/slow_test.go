package life

import (
	"math/rand/v2"
	"testing"

	"goeval/board"
	"goeval/internal/positions"
)

// slowAnalyze is Benson's algorithm written the obvious way, with maps and
// repeated flood fills, as the twin of Analyze.
func slowAnalyze(b *board.Board) (alive []bool, owner []board.Color) {
	g := b.Geometry()
	cells := b.Cells()
	alive = make([]bool, g.N)
	owner = make([]board.Color, g.N)
	fill := func(start board.Point, in func(board.Point) bool) map[board.Point]bool {
		set := map[board.Point]bool{start: true}
		stack := []board.Point{start}
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, q := range g.Neighbors(p) {
				if in(q) && !set[q] {
					set[q] = true
					stack = append(stack, q)
				}
			}
		}
		return set
	}
	for _, c := range []board.Color{board.Black, board.White} {
		var chains, regions []map[board.Point]bool
		chainOf := map[board.Point]int{}
		regionOf := map[board.Point]int{}
		for p := range cells {
			pt := board.Point(p)
			if cells[p] == c {
				if _, ok := chainOf[pt]; !ok {
					s := fill(pt, func(q board.Point) bool { return cells[q] == c })
					for q := range s {
						chainOf[q] = len(chains)
					}
					chains = append(chains, s)
				}
			} else if _, ok := regionOf[pt]; !ok {
				s := fill(pt, func(q board.Point) bool { return cells[q] != c })
				for q := range s {
					regionOf[q] = len(regions)
				}
				regions = append(regions, s)
			}
		}
		borders := func(r map[board.Point]bool, k int) bool {
			for p := range r {
				for _, q := range g.Neighbors(p) {
					if chains[k][q] {
						return true
					}
				}
			}
			return false
		}
		vital := func(r map[board.Point]bool, k int) bool {
			empty := 0
			for p := range r {
				if cells[p] != board.Empty {
					continue
				}
				empty++
				lib := false
				for _, q := range g.Neighbors(p) {
					lib = lib || chains[k][q]
				}
				if !lib {
					return false
				}
			}
			return empty > 0 && borders(r, k)
		}
		liveChain := make([]bool, len(chains))
		liveRegion := make([]bool, len(regions))
		for i := range liveChain {
			liveChain[i] = true
		}
		for i := range liveRegion {
			liveRegion[i] = true
		}
		for changed := true; changed; {
			changed = false
			for k := range chains {
				n := 0
				for i, r := range regions {
					if liveRegion[i] && vital(r, k) {
						n++
					}
				}
				if liveChain[k] && n < 2 {
					liveChain[k], changed = false, true
				}
			}
			for i, r := range regions {
				for k := range chains {
					if liveRegion[i] && !liveChain[k] && borders(r, k) {
						liveRegion[i], changed = false, true
					}
				}
			}
		}
		for p, k := range chainOf {
			if liveChain[k] {
				alive[p], owner[p] = true, c
			}
		}
		for i, r := range regions {
			bordered := false
			for k := range chains {
				bordered = bordered || borders(r, k)
			}
			if !liveRegion[i] || !bordered {
				continue
			}
			all := true
			for p := range r {
				if cells[p] != board.Empty {
					continue
				}
				touch := false
				for _, q := range g.Neighbors(p) {
					touch = touch || cells[q] == c
				}
				all = all && touch
			}
			if all {
				for p := range r {
					owner[p] = c
				}
			}
		}
	}
	return alive, owner
}

// randomPosition plays random legal moves, favouring shapes with eyes by
// never filling a point all of whose neighbours are the mover's.
func randomPosition(rng *rand.Rand, size, moves int) *board.Board {
	b := board.New(size)
	g := b.Geometry()
	c := board.Black
	for i := 0; i < moves; i++ {
		p := board.Point(rng.IntN(g.N))
		own := true
		for _, q := range g.Neighbors(p) {
			own = own && b.At(q) == c
		}
		if !own && b.Play(c, p) == nil {
			c = -c
		}
	}
	return b
}

// TestAnalyzeMatchesSlowTwin checks Analyze, and on every other position
// AnalyzeChains given the chains from outside, against the slow twin.
func TestAnalyzeMatchesSlowTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	var r Result
	var cs board.Chains
	for i := 0; i < 400; i++ {
		size := []int{5, 7, 9, 13}[i%4]
		b := randomPosition(rng, size, rng.IntN(size*size*3))
		if i%2 == 0 {
			Analyze(&r, b)
		} else {
			b.Chains(&cs)
			AnalyzeChains(&r, b, &cs)
		}
		alive, owner := slowAnalyze(b)
		for p := range alive {
			if r.Alive[p] != alive[p] || r.Owner[p] != owner[p] {
				t.Fatalf("position %d at %s: Analyze says alive %v owner %v, the slow twin %v %v\n%s%s",
					i, b.Geometry().GTP(board.Point(p)), r.Alive[p], r.Owner[p], alive[p], owner[p], b, verdict(b, &r))
			}
		}
	}
}

func TestAnalyzeSymmetric(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for i := 0; i < 100; i++ {
		b := randomPosition(rng, 9, 200)
		r := Of(b)
		sw := Of(b.Swapped())
		for p := range r.Alive {
			if sw.Alive[p] != r.Alive[p] || sw.Owner[p] != -r.Owner[p] {
				t.Fatalf("colours swapped: verdict at %d changed\n%s", p, b)
			}
		}
		for _, s := range board.Symmetries {
			tr := Of(b.Transformed(s))
			g := b.Geometry()
			for p := range r.Alive {
				q := g.Transform(board.Point(p), s)
				if tr.Alive[q] != r.Alive[p] || tr.Owner[q] != r.Owner[p] {
					t.Fatalf("symmetry %d: verdict at %d changed\n%s", s, p, b)
				}
			}
		}
	}
}

func TestAnalyzeFindsLife(t *testing.T) {
	// The random positions must exercise the algorithm: some of them hold
	// pass-alive chains and pass-alive territory with dead stones in it.
	rng := rand.New(rand.NewPCG(7, 11))
	alive, dead := 0, 0
	for i := 0; i < 200; i++ {
		b := randomPosition(rng, 7, 150)
		r := Of(b)
		for p, c := range b.Cells() {
			if r.Alive[p] {
				alive++
			}
			if c != board.Empty && r.Owner[p] == -c {
				dead++
			}
		}
	}
	if alive == 0 || dead == 0 {
		t.Errorf("random positions hold %d pass-alive stones and %d dead ones: the twin test proves little", alive, dead)
	}
	t.Logf("%d pass-alive stones, %d dead", alive, dead)
}

func BenchmarkAnalyze(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var boards []*board.Board
	for i := 0; i < 16; i++ {
		boards = append(boards, randomPosition(rng, 19, 600))
	}
	var r Result
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		Analyze(&r, boards[i%len(boards)])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkAnalyzeDev times Analyze on real positions: dev games at move
// 200, where the judge asks for it.
func BenchmarkAnalyzeDev(b *testing.B) {
	boards := positions.Dev(b, 40, 200)
	var r Result
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Analyze(&r, boards[i%len(boards)])
	}
}
