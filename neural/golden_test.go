package neural

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"goeval/board"
	"goeval/internal/nnkernel"
	"goeval/internal/race"
	"goeval/internal/shared"
	"goeval/netinput"
)

// The tolerances of the issue, against KataGo's printed values: move
// probability and ownership 1e-4 (KataGo prints 6 and 7 decimals), win and
// loss 1e-4, lead and score mean 0.01 points (printed to 3 decimals).
const (
	tolPolicy = 1e-4
	tolOwner  = 1e-4
	tolWin    = 1e-4
	tolScore  = 0.01
)

// readGolden reads every line of golden-g170-b6c96.jsonl.
func readGolden(t testing.TB) []golden {
	t.Helper()
	f, err := os.Open(shared.Data(t, "katago", "golden-g170-b6c96.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []golden
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var g golden
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatalf("golden line %d: %v", len(out)+1, err)
		}
		out = append(out, g)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// position builds the golden line's position: its moves played by GTP from
// an empty board, as golden.py does.
func (g *golden) position() (*netinput.Position, error) {
	if g.Rules != "chinese" {
		return nil, fmt.Errorf("rules %q", g.Rules)
	}
	start := board.New(g.Size)
	geo := start.Geometry()
	p := &netinput.Position{Start: start, Komi: float64(g.Komi), Rules: netinput.Chinese}
	for _, m := range g.Moves {
		c, v, ok := strings.Cut(m, " ")
		if !ok {
			return nil, fmt.Errorf("move %q", m)
		}
		col := board.Black
		if c == "W" {
			col = board.White
		}
		pt := board.Pass
		if !strings.EqualFold(v, "pass") {
			var err error
			if pt, err = geo.ParseGTP(v); err != nil {
				return nil, err
			}
		}
		p.Moves = append(p.Moves, board.Move{Color: col, Point: pt})
	}
	return p, nil
}

// TestGoldenAll evaluates every (position, symmetry) of the golden file and
// compares with what KataGo answered, on every kernel path this processor
// can run (nnkernel.Paths: the AVX2 assembly where it has it, and plain
// Go): all 568 pairs on each, every 8th with -short (every 64th under the
// race detector).
func TestGoldenAll(t *testing.T) {
	for _, path := range nnkernel.Paths() {
		t.Run(path, func(t *testing.T) {
			defer nnkernel.UsePath(path)()
			testGolden(t)
		})
	}
}

func testGolden(t *testing.T) {
	nw := loadNet(t)
	lines := readGolden(t)
	if len(lines) != 568 {
		t.Fatalf("%d golden lines, want 568", len(lines))
	}
	if testing.Short() {
		every := 8
		if race.Enabled {
			every = 64 // the detector makes each evaluation ten times slower
		}
		var some []golden
		for i := 0; i < len(lines); i += every {
			some = append(some, lines[i])
		}
		lines = some
	}
	ev := nw.NewEvaluator()
	var f netinput.Features
	out := make([]Output, 1)
	var worst struct{ policy, owner, win, score float64 }
	failed := 0
	for i := range lines {
		g := &lines[i]
		name := fmt.Sprintf("%s@%d/sym%d", g.File, g.Move, g.Symmetry)
		pos, err := g.position()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := f.Fill(pos); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if want := map[string]board.Color{"B": board.Black, "W": board.White}[g.ToMove]; f.ToMove != want {
			t.Fatalf("%s: to move %v, golden says %s", name, f.ToMove, g.ToMove)
		}
		if err := ev.Evaluate(out, []*netinput.Features{&f}, g.Symmetry); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		o := &out[0]
		var msgs []string
		check := func(what string, got, want, tol float64, w *float64) {
			d := math.Abs(got - want)
			*w = math.Max(*w, d)
			if !(d <= tol) {
				msgs = append(msgs, fmt.Sprintf("%s %.6g, KataGo %.6g", what, got, want))
			}
		}
		check("white win", o.WhiteWin, g.WhiteWin, tolWin, &worst.win)
		check("white loss", o.WhiteLoss, g.WhiteLoss, tolWin, &worst.win)
		check("no result", o.NoResult, g.NoResult, tolWin, &worst.win)
		check("white lead", o.WhiteLead, g.WhiteLead, tolScore, &worst.score)
		check("white score mean", o.WhiteScoreMean, g.ScoreMean, tolScore, &worst.score)
		if d := math.Abs(o.WhiteScoreMeanSq-g.ScoreMeanSq) / math.Max(1, g.ScoreMeanSq); d > 1e-3 {
			msgs = append(msgs, fmt.Sprintf("score mean square %.6g, KataGo %.6g", o.WhiteScoreMeanSq, g.ScoreMeanSq))
		}
		n := g.Size * g.Size
		geo := board.GeometryOf(g.Size)
		for p := 0; p < n; p++ {
			at := geo.GTP(board.Point(p))
			if g.Policy[p] == nil {
				if f.Legal[p] || o.Policy[p] != 0 {
					msgs = append(msgs, fmt.Sprintf("%s: KataGo finds it illegal; legal %v, policy %g", at, f.Legal[p], o.Policy[p]))
				}
			} else {
				if !f.Legal[p] {
					msgs = append(msgs, fmt.Sprintf("%s: illegal here, KataGo gives it %g", at, *g.Policy[p]))
				}
				check("policy at "+at, float64(o.Policy[p]), *g.Policy[p], tolPolicy, &worst.policy)
			}
			check("ownership at "+at, float64(o.WhiteOwnership[p]), g.Ownership[p], tolOwner, &worst.owner)
		}
		check("pass", float64(o.Policy[n]), g.PolicyPass, tolPolicy, &worst.policy)
		if len(msgs) > 0 {
			failed++
			if len(msgs) > 6 {
				msgs = append(msgs[:6], fmt.Sprintf("... and %d more", len(msgs)-6))
			}
			t.Errorf("%s (%dx%d, %s to move, %d moves):\n  %s", name, g.Size, g.Size, g.ToMove, len(g.Moves), strings.Join(msgs, "\n  "))
		}
	}
	t.Logf("%d of %d (position, symmetry) pairs agree; largest differences: policy %.2g, ownership %.2g, win/loss %.2g, score %.2g",
		len(lines)-failed, len(lines), worst.policy, worst.owner, worst.win, worst.score)
}
