package report

import (
	"bytes"
	"encoding/xml"
	"flag"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"goeval/compare"
	"goeval/records"
)

func f(v float64) *float64 { return &v }

// fakeReport is a comparison of two estimators and a peer over three
// bands, with gaps: the peer has no map (no sign agreement or MSE), and
// nothing at all in the last band.
func fakeReport() *compare.Report {
	// A copy: appending to DefaultBands[:2] would overwrite its third band.
	bands := append(append([]records.Band(nil), records.DefaultBands[:2]...), records.Band{Move: 20, FromEnd: true})
	rep := &compare.Report{Bands: bands, Contenders: []string{compare.TieName, "stones", "lambda-kappa", "gnugo"},
		Files: 3, GamesRead: 3, GamesUsed: 3, Errors: []records.FileError{{File: "bad<1>.sgf", Err: "sgf: unterminated & broken"}}}
	for bi, b := range bands {
		x := float64(bi)
		rep.Rows = append(rep.Rows,
			compare.Row{Estimator: compare.TieName, Band: b.String(), Games: 3, SignAgreement: f(0), OwnershipMSE: f(0.95), ScoreMAE: f(5.39), WinnerAccuracy: f(0), WinBrier: f(0.25)},
			compare.Row{Estimator: "stones", Band: b.String(), Games: 3, SignAgreement: f(0.1 + 0.2*x), OwnershipMSE: f(0.9 - 0.1*x), ScoreMAE: f(17 - x), WinnerAccuracy: f(0.5), MicrosPerPosition: f(2 + x)},
			compare.Row{Estimator: "lambda-kappa", Band: b.String(), Games: 3, SignAgreement: f(0.6 + 0.1*x), OwnershipMSE: f(0.8 - 0.2*x), ScoreMAE: f(12 - 3*x), WinnerAccuracy: f(0.667), WinBrier: f(0.2 - 0.05*x), MicrosPerPosition: f(130)},
		)
		if bi < 2 {
			rep.Rows = append(rep.Rows, compare.Row{Estimator: "gnugo", Band: b.String(), Games: 3, ScoreMAE: f(4 + x), WinnerAccuracy: f(1), MicrosPerPosition: f(300000)})
		} else {
			rep.Rows = append(rep.Rows, compare.Row{Estimator: "gnugo", Band: b.String(), Games: 3, Failed: 3})
		}
	}
	return rep
}

func TestWriteHTML(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteHTML(&buf, fakeReport(), Options{Command: `goeval compare --peer "gnugo=gnugo --mode gtp" dev/`}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if !strings.HasPrefix(page, "<!DOCTYPE html>\n") || !strings.HasSuffix(page, "</html>\n") {
		t.Errorf("not a whole page: %.40q ... %.40q", page, page[max(0, len(page)-40):])
	}
	// Self-contained: nothing is fetched from elsewhere.
	for _, bad := range []string{"<script", "<link", "src=", "href=", "url(", "@import", "<img"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q", bad)
		}
	}
	// Six charts (no reference), each an SVG element that parses as XML
	// to its end, with every contender in its legend.
	svgs := regexp.MustCompile(`(?s)<svg.*?</svg>`).FindAllString(page, -1)
	drawn := charted(false)
	if len(svgs) != len(drawn) || len(drawn) != 6 {
		t.Fatalf("%d charts, want %d", len(svgs), len(drawn))
	}
	for i, svg := range svgs {
		texts := xmlTexts(t, svg)
		for _, name := range []string{"tie", "stones", "lambda-kappa", "gnugo"} {
			if !strings.Contains(texts, name) {
				t.Errorf("chart %d (%s): no %q in the legend", i, drawn[i].title, name)
			}
		}
		if !strings.Contains(texts, drawn[i].title) || !strings.Contains(texts, "end-20") {
			t.Errorf("chart %d lacks its title or the band names", i)
		}
	}
	// The peer has no map: no sign agreement line, said in the legend.
	if !strings.Contains(xmlTexts(t, svgs[0]), "gnugo (no data)") {
		t.Error("chart 0 does not say that gnugo has no data")
	}
	// The tables: one per band, "-" for a metric with nothing behind it,
	// and the text escaped.
	for _, want := range []string{"<h3>At move 50</h3>", "<h3>At 20 moves before the end</h3>",
		"<tr><td>gnugo</td><td>-</td><td>-</td><td>4.00</td><td>1.000</td><td>-</td><td>300000</td><td>3</td>",
		"<tr><td>stones</td><td>0.100</td><td>0.900</td><td>17.00</td><td>0.500</td><td>-</td><td>2.00</td>",
		"<tr><td>lambda-kappa</td><td>0.700</td><td>0.600</td><td>9.00</td><td>0.667</td><td>0.150</td><td>130</td>",
		"<code>bad&lt;1&gt;.sgf</code>: sgf: unterminated &amp; broken",
		"<code>goeval compare --peer &#34;gnugo=gnugo --mode gtp&#34; dev/</code>",
		"3 files, 3 games read, 3 used."} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// The same report gives the same bytes.
	var again bytes.Buffer
	WriteHTML(&again, fakeReport(), Options{Command: `goeval compare --peer "gnugo=gnugo --mode gtp" dev/`})
	if again.String() != page {
		t.Error("two pages of one report differ")
	}
}

// xmlTexts parses a document to its end and returns its character data.
func xmlTexts(t *testing.T, doc string) string {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(doc))
	var sb strings.Builder
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return sb.String()
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		if cd, ok := tok.(xml.CharData); ok {
			sb.Write(cd)
			sb.WriteByte('\n')
		}
	}
}

// TestEdgeCases draws a single band and a report with nothing in it.
func TestEdgeCases(t *testing.T) {
	one := fakeReport()
	one.Bands = one.Bands[:1]
	one.Rows = one.Rows[:4]
	empty := &compare.Report{Bands: records.DefaultBands}
	for name, rep := range map[string]*compare.Report{"one band": one, "empty": empty} {
		var buf bytes.Buffer
		if err := WriteHTML(&buf, rep, Options{Title: "a <title>"}); err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !strings.Contains(buf.String(), "<title>a &lt;title&gt;</title>") || strings.Count(buf.String(), "<svg") != len(charted(false)) {
			t.Errorf("%s: title or charts missing", name)
		}
	}
}

// charted returns the metrics charted for a report with or without a
// reference.
func charted(ref bool) []metric {
	var out []metric
	for _, m := range metrics {
		if ref || !m.ref {
			out = append(out, m)
		}
	}
	return out
}

// TestWriteHTMLReference draws a report with a reference: its four charts
// and a second table per band, with the lead's standard error.
func TestWriteHTMLReference(t *testing.T) {
	rep := fakeReport()
	rep.Reference = "dev/kata-reference.jsonl"
	for i := range rep.Rows {
		r := &rep.Rows[i]
		if r.Estimator == "lambda-kappa" {
			r.WinnerAccuracyResigned, r.RefLeadMAE, r.RefLeadMAESE, r.RefOwnershipMSE, r.RefSignAgreement, r.RefWinnerAgreement, r.RefPositions =
				f(0.625), f(6.5), f(0.25), f(0.031), f(0.987), f(0.55), 300
		}
	}
	var buf bytes.Buffer
	if err := WriteHTML(&buf, rep, Options{}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	svgs := regexp.MustCompile(`(?s)<svg.*?</svg>`).FindAllString(page, -1)
	drawn := charted(true)
	if len(svgs) != len(drawn) || len(drawn) != 10 {
		t.Fatalf("%d charts, want %d", len(svgs), len(drawn))
	}
	if !strings.Contains(xmlTexts(t, svgs[7]), "Lead MAE against the reference") {
		t.Error("chart 7 is not the lead MAE against the reference")
	}
	for _, want := range []string{"Against the reference, <code>dev/kata-reference.jsonl</code>:",
		"<tr><td>lambda-kappa</td><td>0.625</td><td>6.50 ± 0.25</td><td>0.031</td><td>0.987</td><td>0.550</td><td>300</td></tr>",
		"<tr><td>gnugo</td><td>-</td><td>-</td><td>-</td><td>-</td><td>-</td><td>0</td></tr>"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Count(page, "Against the reference, <code>") != 3 {
		t.Errorf("%d reference tables, want one per band (3)", strings.Count(page, "Against the reference, <code>"))
	}
}

var update = flag.Bool("update", false, "rewrite the golden chart in testdata/")

// goldenReport is a made-up comparison whose two last contenders have the
// same score error in the first three bands, as the judge and
// judge-playouts have early in a game.
func goldenReport() *compare.Report {
	bands, err := records.ParseBands("50,100,150,200,end-20")
	if err != nil {
		panic(err)
	}
	rep := &compare.Report{Bands: bands, Contenders: []string{compare.TieName, "stones", "lambda-kappa", "judge", "judge-playouts"}}
	for bi, b := range bands {
		x := float64(bi)
		judge := 5.4 - 0.5*max(0, x-2)
		rep.Rows = append(rep.Rows,
			compare.Row{Estimator: compare.TieName, Band: b.String(), ScoreMAE: f(5.4)},
			compare.Row{Estimator: "stones", Band: b.String(), ScoreMAE: f(8 + 0.2*x)},
			compare.Row{Estimator: "lambda-kappa", Band: b.String(), ScoreMAE: f(12 + 0.3*x)},
			compare.Row{Estimator: "judge", Band: b.String(), ScoreMAE: f(judge)},
			compare.Row{Estimator: "judge-playouts", Band: b.String(), ScoreMAE: f(judge - 0.2*max(0, x-2))},
		)
	}
	return rep
}

// TestGoldenChart draws the score chart of goldenReport and compares it
// with testdata/chart.svg; go test -update rewrites it, and chart.png, the
// same drawing rasterised for people to look at.
//
// Looked at by eye (chart.png) when last updated: the title, the axis
// labels and the five bands; the legend's names in 13-pixel letters with a
// line and mark each; the tie dotted grey, stones dashed, lambda-kappa
// solid, judge dashed red over judge-playouts solid purple, so that where
// the two coincide (bands 50 to 150) both colours show, and each band's
// points spread side by side rather than on top of each other.
func TestGoldenChart(t *testing.T) {
	rep := goldenReport()
	m := metrics[2] // score MAE
	svg, err := chart(rep, m)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "chart.svg")
	if *update {
		c := vgimg.NewWith(vgimg.UseWH(vg.Points(chartW), vg.Points(chartH)), vgimg.UseDPI(72))
		if err := drawChart(draw.New(c), rep, m); err != nil {
			t.Fatal(err)
		}
		var img bytes.Buffer
		if err := png.Encode(&img, c.Image()); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("testdata", "chart.png"), img.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, svg, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(svg, want) {
		t.Errorf("%s differs from the drawing (run go test -update and look at chart.png)", path)
	}
	// What the golden stands for, checked on the drawing itself: the
	// legend's letters are 13 pixels, and the two coinciding contenders
	// have one solid and one dashed line.
	if !strings.Contains(string(svg), "font-size:13px\">judge-playouts</text>") {
		t.Error("the legend's letters are not 13 pixels")
	}
	if d := dodge(3, 5) - dodge(4, 5); d == 0 {
		t.Error("judge and judge-playouts are drawn at the same place")
	}
	l3, _ := style(3, "judge")
	l4, _ := style(4, "judge-playouts")
	if (len(l3.Dashes) > 0) == (len(l4.Dashes) > 0) {
		t.Error("judge and judge-playouts are both dashed, or both solid")
	}
}

func TestCommandLine(t *testing.T) {
	got := CommandLine("goeval compare", []string{"--peer", `gnugo=gnugo --mode gtp`, "", "dir/a.sgf", "$x"})
	if want := `goeval compare --peer "gnugo=gnugo --mode gtp" "" dir/a.sgf "$x"`; got != want {
		t.Errorf("CommandLine = %s, want %s", got, want)
	}
}

// TestWrite: each format is its writer's.
func TestWrite(t *testing.T) {
	rep := &compare.Report{Bands: []records.Band{{Move: 50}}, Contenders: []string{compare.TieName}, Rows: []compare.Row{{Estimator: compare.TieName, Band: "50"}}}
	for _, c := range []struct {
		format string
		write  func(io.Writer) error
	}{
		{"text", rep.WriteText}, {"csv", rep.WriteCSV}, {"json", rep.WriteJSON},
		{"html", func(w io.Writer) error { return WriteHTML(w, rep, Options{}) }},
	} {
		var got, want bytes.Buffer
		if err := Write(&got, rep, c.format, Options{}); err != nil {
			t.Fatal(err)
		}
		if err := c.write(&want); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("Write %s differs from its writer's", c.format)
		}
	}
}
