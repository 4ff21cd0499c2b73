package eval

import (
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"goeval/board"
	"goeval/control"
	"goeval/internal/boardtest"
	"goeval/internal/shared"
	"goeval/sgf"
)

// TestEstimatorsOnCorpus runs every registered estimator on real positions
// of every game record in the shared data that loads (the SGF corpus
// gathers other projects' edge cases: boards from 2x2 to 25x25, setup
// stones without liberties, handicaps, passes, collections): the middle
// and the end of each game's main line, up to three games a file. Every
// estimate must succeed with one value a point, each in [-1, 1], and a
// finite score within the board's area; every estimator but the judges
// (whose playouts are random) must give the colour-swapped position
// exactly the negated map and score; and the image of the position under
// one of the board's symmetries (another for each position) the map
// turned with it (but for the judges: see checkSymmetry). With -short it
// takes every tenth file.
func TestEstimatorsOnCorpus(t *testing.T) {
	root := shared.Data(t)
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".sgf") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	stride := 1
	if testing.Short() {
		stride = 10
	}
	ests := allEstimators(t)
	var r, rs control.Result
	positions, sizes := 0, map[int]bool{}
	for i := 0; i < len(files); i += stride {
		c, err := sgf.ReadFile(files[i])
		if err != nil {
			continue // sgf.TestCorpus checks that the error says why
		}
		rel, _ := filepath.Rel(root, files[i])
		for k := 1; k <= min(c.Games(), 3); k++ {
			g, err := c.Game(k)
			if err != nil {
				continue
			}
			_, sum, err := g.Position(-1)
			if err != nil {
				continue
			}
			for _, n := range []int{sum.Moves / 2, -1} {
				b, _, err := g.Position(n)
				if err != nil {
					continue
				}
				positions++
				sizes[b.Size()] = true
				where := fmt.Sprintf("%s game %d move %d (%dx%d)", rel, k, n, b.Size(), b.Size())
				sym := board.Symmetries[1+(i+k)%7]
				for _, e := range ests {
					checkEstimate(t, where, e, &r, &rs, b)
					checkSymmetry(t, where, e, &r, &rs, b, sym)
				}
			}
		}
	}
	t.Logf("%d positions of %d files, %d board sizes, %d estimators", positions, (len(files)+stride-1)/stride, len(sizes), len(ests))
	if positions == 0 {
		t.Fatal("no positions found in the shared data")
	}
}

// allEstimators returns one of every registered estimator that needs no
// network, with its defaults (the network's own tests are in package
// neural).
func allEstimators(tb testing.TB) []control.Estimator {
	tb.Helper()
	var ests []control.Estimator
	for _, name := range Names() {
		if name == NetName {
			continue
		}
		e, err := New(name, nil)
		if err != nil {
			tb.Fatal(err)
		}
		ests = append(ests, e)
	}
	return ests
}

// checkEstimate runs e on b (and, but for the judges, on b with its
// colours swapped) and reports what is wrong with the results.
func checkEstimate(t *testing.T, where string, e control.Estimator, r, rs *control.Result, b *board.Board) {
	t.Helper()
	if err := e.Estimate(r, b); err != nil {
		t.Errorf("%s: %s: %v", where, e.Name(), err)
		return
	}
	area := float64(b.Size() * b.Size())
	if len(r.Control) != b.Size()*b.Size() {
		t.Errorf("%s: %s: %d values for %v points", where, e.Name(), len(r.Control), area)
		return
	}
	for p, v := range r.Control {
		if !(v >= -1 && v <= 1) {
			t.Errorf("%s: %s: point %d has %v", where, e.Name(), p, v)
			return
		}
	}
	if !(math.Abs(r.Score) <= area) {
		t.Errorf("%s: %s: score %v on %v points", where, e.Name(), r.Score, area)
	}
	if strings.HasPrefix(e.Name(), "judge") {
		return
	}
	if err := e.Estimate(rs, b.Swapped()); err != nil {
		t.Errorf("%s: %s, colours swapped: %v", where, e.Name(), err)
		return
	}
	for p, v := range r.Control {
		if rs.Control[p] != -v {
			t.Errorf("%s: %s: point %d has %v, and %v with the colours swapped", where, e.Name(), p, v, rs.Control[p])
			return
		}
	}
	if rs.Score != -r.Score {
		t.Errorf("%s: %s: score %v, and %v with the colours swapped", where, e.Name(), r.Score, rs.Score)
	}
}

// checkSymmetry runs e on b and on its image under sym, and reports a
// map that does not turn with the board to 1e-3 on every point (the λ/κ
// estimates run in float32 on AVX-512 processors, so rotating the board
// may change the last bits), or a score that moves by more than 1e-4 a
// point. It leaves out the judges: their features threshold the λ/κ map,
// so that a rounding difference of 1e-5 can move a point across a
// threshold, a chain's death probability by a few hundredths, and now and
// then a verdict (see docs/judge-notes.md, "Symmetry").
// judge.TestBoardSymmetry holds them to it on dev positions.
func checkSymmetry(t *testing.T, where string, e control.Estimator, r, rs *control.Result, b *board.Board, sym board.Symmetry) {
	t.Helper()
	if strings.HasPrefix(e.Name(), "judge") {
		return
	}
	if err := e.Estimate(r, b); err != nil {
		t.Errorf("%s: %s: %v", where, e.Name(), err)
		return
	}
	if err := e.Estimate(rs, b.Transformed(sym)); err != nil {
		t.Errorf("%s: %s, symmetry %d: %v", where, e.Name(), sym, err)
		return
	}
	g := b.Geometry()
	for p, v := range r.Control {
		if w := rs.Control[g.Transform(board.Point(p), sym)]; math.Abs(v-w) > 1e-3 {
			t.Errorf("%s: %s: %s has %v, and %v on the board's image under symmetry %d", where, e.Name(), g.GTP(board.Point(p)), v, w, sym)
			return
		}
	}
	if math.Abs(r.Score-rs.Score) > 1e-4*float64(len(r.Control)) {
		t.Errorf("%s: %s: score %v, and %v on the board's image under symmetry %d", where, e.Name(), r.Score, rs.Score, sym)
	}
}

// FuzzEstimate: any record that loads and replays must be evaluated by
// every estimator at the end of its main line, by the rules of
// TestEstimatorsOnCorpus.
//
//	go test -run XXX -fuzz FuzzEstimate -fuzztime 5m ./eval
func FuzzEstimate(f *testing.F) {
	for _, s := range []string{
		"(;SZ[9];B[ee];W[ec];B[gc];W[dd])",
		"(;SZ[2];B[aa];W[bb];B[ab])",
		"(;SZ[5]AB[aa][ab][ba]AW[bb][cb][ca][ac][bc];B[cc])",
		"(;SZ[19]HA[2]AB[dd][pp];W[dp];B[pd]PL[B];B[qq])",
		"(;SZ[3]AB[aa:cc]AE[bb])",
	} {
		f.Add([]byte(s))
	}
	ests := allEstimators(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := sgf.Parse("fuzz.sgf", data)
		if err != nil {
			return
		}
		g, err := c.Game(1)
		if err != nil {
			return
		}
		b, _, err := g.Position(-1)
		if err != nil {
			return
		}
		var r, rs control.Result
		for _, e := range ests {
			checkEstimate(t, "fuzz", e, &r, &rs, b)
		}
	})
}

// TestEstimatorsOnScatteredBoards runs every estimator by the rules of
// TestEstimatorsOnCorpus on seeded random boards of every size, with
// stones scattered without the rules up to nine points in ten: chains
// without liberties (which setup stones can make), boards full of stones
// and stages at which the judges play out.
func TestEstimatorsOnScatteredBoards(t *testing.T) {
	ests := allEstimators(t)
	r := rand.New(rand.NewPCG(13, 21))
	var res, rs control.Result
	n := 600
	if testing.Short() {
		n = 60
	}
	for i := range n {
		size := []int{2, 3, 5, 7, 9, 13, 19, 25}[i%8]
		density := []float64{0.3, 0.5, 0.7, 0.9, 1}[r.IntN(5)]
		b := boardtest.Scattered(r, size, density)
		b.SetToMove([]board.Color{board.Black, board.White}[r.IntN(2)])
		where := fmt.Sprintf("board %d (%dx%d, density %v):\n%v", i, size, size, density, b)
		for _, e := range ests {
			checkEstimate(t, where, e, &res, &rs, b)
		}
	}
}
