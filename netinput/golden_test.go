package netinput

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"goeval/board"
	"goeval/internal/shared"
)

// goldenRecord is the part of a golden-g170-b6c96.jsonl line these tests
// read (see shared/data/katago/README.md).
type goldenRecord struct {
	File   string     `json:"file"`
	Move   int        `json:"move"`
	Size   int        `json:"size"`
	Komi   float64    `json:"komi"`
	Rules  string     `json:"rules"`
	ToMove string     `json:"to_move"`
	Moves  []string   `json:"moves"`
	Policy []*float64 `json:"policy"`
	Pass   *float64   `json:"policy_pass"`
}

// goldenPosition turns a record's GTP moves into a Position.
func goldenPosition(t *testing.T, r goldenRecord) *Position { return goldenPositionTB(t, r) }

func goldenPositionTB(t testing.TB, r goldenRecord) *Position {
	t.Helper()
	start := board.New(r.Size)
	g := start.Geometry()
	p := &Position{Start: start, Komi: r.Komi, Rules: Chinese}
	for _, m := range r.Moves {
		col, v, ok := strings.Cut(m, " ")
		if !ok {
			t.Fatalf("%s move %d: bad move %q", r.File, r.Move, m)
		}
		c := board.Black
		if col == "W" {
			c = board.White
		}
		pt, err := g.ParseGTP(v)
		if err != nil {
			t.Fatalf("%s move %d: %v", r.File, r.Move, err)
		}
		p.Moves = append(p.Moves, board.Move{Color: c, Point: pt})
	}
	return p
}

func readGolden(t *testing.T) []goldenRecord { return readGoldenTB(t) }

func readGoldenTB(t testing.TB) []goldenRecord {
	t.Helper()
	f, err := os.Open(shared.Data(t, "katago", "golden-g170-b6c96.jsonl"))
	if err != nil {
		t.Skipf("golden data: %v", err)
	}
	defer f.Close()
	var out []goldenRecord
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var r goldenRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// TestGoldenLegalAndSide fills every position of KataGo's golden outputs
// and checks what KataGo's printout shows of the inputs: the side to
// move, and the legal moves (KataGo prints NAN, here null, exactly for
// the moves it finds illegal: occupied points, the ko point, suicide).
func TestGoldenLegalAndSide(t *testing.T) {
	recs := readGolden(t)
	var f Features
	for _, r := range recs {
		if r.Rules != "chinese" {
			t.Fatalf("%s move %d: rules %q", r.File, r.Move, r.Rules)
		}
		if err := f.Fill(goldenPosition(t, r)); err != nil {
			t.Errorf("%s move %d: %v", r.File, r.Move, err)
			continue
		}
		if want := map[string]board.Color{"B": board.Black, "W": board.White}[r.ToMove]; f.ToMove != want {
			t.Errorf("%s move %d: to move %v, want %v", r.File, r.Move, f.ToMove, want)
		}
		if len(r.Policy) != r.Size*r.Size || r.Pass == nil {
			t.Fatalf("%s move %d: policy has %d entries", r.File, r.Move, len(r.Policy))
		}
		for i, pv := range r.Policy {
			if f.Legal[i] != (pv != nil) {
				x, y := i%r.Size, i/r.Size
				t.Errorf("%s move %d: (%d,%d) legal %v, KataGo's policy %v", r.File, r.Move, x, y, f.Legal[i], pv)
			}
		}
		if !f.Legal[r.Size*r.Size] {
			t.Errorf("%s move %d: pass not legal", r.File, r.Move)
		}
	}
}
