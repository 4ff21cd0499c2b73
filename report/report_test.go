package report

import (
	"bytes"
	"encoding/xml"
	"io"
	"regexp"
	"strings"
	"testing"

	"goeval/compare"
)

func f(v float64) *float64 { return &v }

// fakeReport is a comparison of two estimators and a peer over three
// bands, with gaps: the peer has no map (no sign agreement or MSE), and
// nothing at all in the last band.
func fakeReport() *compare.Report {
	bands := compare.DefaultBands[:2]
	bands = append(bands, compare.Band{Move: 20, FromEnd: true})
	rep := &compare.Report{Bands: bands, Contenders: []string{compare.TieName, "stones", "lambda-kappa", "gnugo"},
		Files: 3, GamesRead: 3, GamesUsed: 3, Errors: []compare.FileError{{File: "bad<1>.sgf", Err: "sgf: unterminated & broken"}}}
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
	empty := &compare.Report{Bands: compare.DefaultBands}
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
