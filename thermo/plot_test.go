package thermo

import (
	"encoding/json"
	"flag"
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
