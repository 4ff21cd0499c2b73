package thermo

import (
	"encoding/json"
	"flag"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// TestGolden compares plots and tree drawings with testdata/*.golden.
// Regenerate with `go test ./thermo -run TestGolden -update`, then read the
// diff: the goldens in this commit were checked by eye against the seeds'
// pictures and the walls pinned in TestWorkedExamples (Black's values to
// the left, '/' for the left wall, '\' for the right, mast at the count
// from the temperature up).
func TestGolden(t *testing.T) {
	tests := []struct {
		name, tree string
		opt        PlotOptions
	}{
		{"seed000_gote", "{4 | {3 | 2}}", PlotOptions{}},
		{"seed000_sente", "{4 | {3 | -17}}", PlotOptions{}},
		{"seed004_gote", "{{-2 | -4} | -7}", PlotOptions{}},
		{"seed004_sente", "{{4 | -4} | -7}", PlotOptions{}},
		{"hane_tsugi", "{{5 | 1} | 0}", PlotOptions{}},
		{"corridor4", corridor(4).String(), PlotOptions{}},
		{"number", "{1 | 3}", PlotOptions{}},
		{"wide", "{{30 | 10}, 12 | -20}", PlotOptions{Width: 40, Height: 12}},
		{"huge", hugeTree(1000).String(), PlotOptions{}}, // labels shortened
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mustAnalyze(t, MustParse(tt.tree))
			got := tt.tree + "\n\n" + r.Thermograph.Plot(tt.opt) + "\n" + r.Tree()
			path := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("%s differs from %s:\n%s", tt.name, path, got)
			}
		})
	}
}

func TestPlotFits(t *testing.T) {
	for _, tree := range []string{"{100 | -100}", "{100000000000000000000 | -3/7}", "{1000000 | 999999}", "{1/1024 | 0}", "0", "{{30 | 10}, 12 | -20}"} {
		for _, opt := range []PlotOptions{{}, {Width: 20, Height: 6}} {
			th, err := MustParse(tree).Thermograph()
			if err != nil {
				t.Fatal(err)
			}
			out := th.Plot(opt)
			w, h := opt.Width, opt.Height
			if w == 0 {
				w, h = 64, 20
			}
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			// Header, rows, axis, labels.
			if rows := len(lines) - 3; rows > h {
				t.Errorf("%s %v: %d rows, want at most %d", tree, opt, rows, h)
			}
			if out != th.Plot(opt) {
				t.Errorf("%s: Plot is not deterministic", tree)
			}
			for _, l := range lines[1 : len(lines)-2] {
				i := strings.Index(l, "|")
				if n := len(l) - i - 1; n > w {
					t.Errorf("%s %v: row %q is %d columns wide, want at most %d", tree, opt, l, n, w)
				}
			}
		}
	}
}

func TestReportJSON(t *testing.T) {
	r := mustAnalyze(t, MustParse("{4 | {3 | 2}}"))
	r.Game.Label = "A"
	b, err := json.MarshalIndent(r.Report(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "label": "A",
  "count": "13/4",
  "miai_value": "3/4",
  "number": false,
  "left_wall": "max(4-t, 13/4)",
  "right_wall": "min(max(3, 5/2+t), 13/4)",
  "classification": "gote",
  "black_play": "gote",
  "white_play": "gote",
  "left": [
    {
      "count": "4",
      "miai_value": "0",
      "number": true,
      "left_wall": "4",
      "right_wall": "4",
      "classification": "number"
    }
  ],
  "right": [
    {
      "count": "5/2",
      "miai_value": "1/2",
      "number": false,
      "left_wall": "max(3-t, 5/2)",
      "right_wall": "min(2+t, 5/2)",
      "classification": "gote",
      "black_play": "gote",
      "white_play": "gote",
      "left": [
        {
          "count": "3",
          "miai_value": "0",
          "number": true,
          "left_wall": "3",
          "right_wall": "3",
          "classification": "number"
        }
      ],
      "right": [
        {
          "count": "2",
          "miai_value": "0",
          "number": true,
          "left_wall": "2",
          "right_wall": "2",
          "classification": "number"
        }
      ]
    }
  ]
}`
	if string(b) != want {
		t.Errorf("report:\n%s\nwant:\n%s", b, want)
	}
}

// hugeTree is a gote tree with a leaf of 10^digits: {10^digits | {3 | 2}}.
func hugeTree(digits int) *Game {
	return MustParse("{1" + strings.Repeat("0", digits) + " | {3 | 2}}")
}

// TestPlotHugeValues checks that plotting a tree with a huge value does not
// cost more work the longer its numbers are. Work is counted in heap
// allocations (every big-number operation makes one): choosing the scale by
// halving it until the plot fitted took a few allocations per halving, over
// two million for a leaf of 10^10000 (55 s); BenchmarkPlot shows the time.
// The plot itself is pinned by TestGolden and TestPlotFits.
func TestPlotHugeValues(t *testing.T) {
	allocs := func(digits int) float64 {
		th, err := hugeTree(digits).Thermograph()
		if err != nil {
			t.Fatal(err)
		}
		return testing.AllocsPerRun(2, func() { th.Plot(PlotOptions{}) })
	}
	small, huge := allocs(10), allocs(3000)
	if huge > 2*small {
		t.Errorf("plotting a leaf of 10^3000 takes %.0f allocations, 10^10 %.0f: the work grows with the numbers' length", huge, small)
	}
	// Its labels are shortened, so the plot is as wide as any other.
	th, _ := hugeTree(3000).Thermograph()
	for _, l := range strings.Split(th.Plot(PlotOptions{}), "\n") {
		if len(l) > 64+maxLabel+3 {
			t.Errorf("line of %d characters: %.80q...", len(l), l)
		}
	}
}

// TestScaleAndStep checks the plot's scale and tick step, computed from
// the numbers' lengths, against their definitions: the largest power of two
// up to a/b, found by halving and doubling, and the first of 1, 2, 5, 10,
// 20, 50, ... at least n.
func TestScaleAndStep(t *testing.T) {
	slowLog2 := func(a, b *big.Int) int {
		r := new(big.Rat).SetFrac(a, b)
		e, p := 0, big.NewRat(1, 1)
		for p.Cmp(r) > 0 {
			p.Quo(p, big.NewRat(2, 1))
			e--
		}
		for next := new(big.Rat).Mul(p, big.NewRat(2, 1)); next.Cmp(r) <= 0; next.Mul(p, big.NewRat(2, 1)) {
			p.Set(next)
			e++
		}
		return e
	}
	slowStep := func(n *big.Int) *big.Int {
		for k := 0; ; k++ {
			s := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k/3)), nil)
			s.Mul(s, big.NewInt([]int64{1, 2, 5}[k%3]))
			if s.Cmp(n) >= 0 {
				return s
			}
		}
	}
	rnd := rand.New(rand.NewPCG(29, 2))
	randInt := func() *big.Int { // 1 to 2^320
		buf := make([]byte, 1+rnd.IntN(40))
		for i := range buf {
			buf[i] = byte(rnd.Uint32())
		}
		n := new(big.Int).SetBytes(buf)
		return n.Add(n, big.NewInt(1))
	}
	var lab labeller
	for range 2000 {
		a, b := randInt(), randInt()
		if got, want := floorLog2(a, b), slowLog2(a, b); got != want {
			t.Fatalf("floorLog2(%v/%v) = %d, want %d", a, b, got, want)
		}
		// Powers of ten and their neighbours are the edge cases.
		n := a
		if rnd.IntN(2) == 0 {
			n = new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(rnd.IntN(60))), nil)
			n.Add(n, big.NewInt(int64(rnd.IntN(3)-1)))
		}
		if n.Sign() <= 0 {
			continue
		}
		if got, want := lab.tickStep(n), slowStep(n); got.Cmp(want) != 0 {
			t.Fatalf("tickStep(%v) = %v, want %v", n, got, want)
		}
	}
}
