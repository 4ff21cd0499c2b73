package peer

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"goeval/board"
	"goeval/sgf"
)

// gnugo starts GnuGo at level 1, or skips the test.
func gnugo(t *testing.T) *Client {
	t.Helper()
	if _, err := lookPath("gnugo"); err != nil {
		t.Skip("gnugo is not installed (apt-get install gnugo): skipping the test against a real engine")
	}
	c, err := Start([]string{"gnugo", "--mode", "gtp", "--chinese-rules", "--level", "1"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func stonesOf(b *board.Board, c board.Color) string {
	var out []string
	for p, v := range b.Cells() {
		if v == c {
			out = append(out, b.Geometry().GTP(board.Point(p)))
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// TestGnuGo checks the replay against GnuGo's own SGF reader: after moves
// replayed with play, GnuGo has the same stones and the same score as after
// "loadsgf FILE n+1" (GnuGo loads the position before move n+1), and its
// map is in range.
func TestGnuGo(t *testing.T) {
	c := gnugo(t)
	path, err := filepath.Abs("../testdata/example.sgf")
	if err != nil {
		t.Fatal(err)
	}
	g, err := sgf.Load(path, 1)
	if err != nil {
		t.Fatal(err)
	}
	const n = 60
	b, _, err := g.Position(n)
	if err != nil {
		t.Fatal(err)
	}
	var moves []board.Move
	for _, node := range g.MainLine() {
		col, raw := node.Move()
		if col == board.Empty {
			continue
		}
		p, err := sgf.ParsePoint(raw, g.Info.Size, true)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, board.Move{Color: col, Point: p})
	}
	e, err := NewEvaluator(c, MapAuto)
	if err != nil {
		t.Fatal(err)
	}
	if e.Map() != MapInfluence || e.ScoreCommand() != "estimate_score" {
		t.Errorf("GnuGo: map %v, score %s", e.Map(), e.ScoreCommand())
	}
	if err := e.SetPosition(1, g.Info.Size, g.Info.Komi, moves[:n], b); err != nil {
		t.Fatal(err)
	}
	for _, col := range []board.Color{board.Black, board.White} {
		got, err := c.Send("list_stones " + col.Name())
		if err != nil {
			t.Fatal(err)
		}
		f := strings.Fields(got)
		sort.Strings(f)
		if strings.Join(f, " ") != stonesOf(b, col) {
			t.Errorf("%s stones after replay differ from goeval's board", col.Name())
		}
	}
	replayed, err := e.Score()
	if err != nil {
		t.Fatal(err)
	}
	ctrl, err := e.Control(nil, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(ctrl) != 361 {
		t.Fatalf("%d map values", len(ctrl))
	}
	for _, v := range ctrl {
		if v < -1 || v > 1 {
			t.Fatalf("map value %v out of range", v)
		}
	}

	if _, err := c.Send("loadsgf " + path + " " + "61"); err != nil {
		t.Fatal(err)
	}
	for _, col := range []board.Color{board.Black, board.White} {
		got, _ := c.Send("list_stones " + col.Name())
		f := strings.Fields(got)
		sort.Strings(f)
		if strings.Join(f, " ") != stonesOf(b, col) {
			t.Errorf("loadsgf FILE %d: %s stones differ from goeval's position after %d moves", n+1, col.Name(), n)
		}
	}
	a, err := c.Send("estimate_score")
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := ParseScore(a)
	if err != nil {
		t.Fatal(err)
	}
	if loaded+g.Info.Komi != replayed {
		t.Errorf("score after replay %v, after loadsgf %v (+ komi %v)", replayed, loaded, g.Info.Komi)
	}
	t.Logf("GnuGo at move %d: %s; score before komi %v", n, a, replayed)
}
