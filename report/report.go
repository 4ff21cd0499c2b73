// Package report writes the comparison of estimators (package compare) as
// one self-contained HTML page: the figures of the run, a chart per metric
// against the move band with one line per contender (estimator, peer and
// the tie baseline), and the tables of every band. The page needs nothing
// beside itself: its style sheet is inline, and its charts are SVG drawn
// by gonum.org/v1/plot and written into the page.
//
// With a reference (compare.Config.Reference) the page also charts the
// winner accuracy on resigned games and the metrics against the reference
// (lead MAE, ownership MSE, winner agreement), and gives each band a second
// table of them.
//
// A metric with nothing behind it (nil in a compare.Row) leaves a gap in
// its line and "-" in the tables. Time per position is drawn on a
// logarithmic scale, since estimators and peers differ by orders of
// magnitude. A contender keeps its colour, mark and line in every chart:
// every other line is dashed and drawn over the solid ones, and each
// band's points are spread a little along the band axis, so that two
// contenders with the same values (the judge and judge-playouts early in a
// game) both show. The legend's names are 13 pixels high, the page's
// charts 760 pixels wide at most. The charts' text is Liberation Sans,
// which gonum/plot measures it with; the page asks browsers for it, or
// Arial or Helvetica, whose letters are as wide.
package report

import (
	"bytes"
	"fmt"
	"html/template"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"goeval/compare"
	"goeval/records"
)

// Options are the page's words. The zero value means the defaults.
type Options struct {
	// Title is the page's title; "goeval compare" by default.
	Title string
	// Command is the command line that made the report, shown under the
	// title; "" shows none.
	Command string
}

// metric is one column of a Row that the page charts.
type metric struct {
	title, unit, better string
	get                 func(r *compare.Row) *float64
	prec                int
	log                 bool
	// ref marks a metric against the reference, charted only when the
	// report has one.
	ref bool
}

var metrics = []metric{
	{"Sign agreement", "share of owned points", "higher is better", func(r *compare.Row) *float64 { return r.SignAgreement }, 3, false, false},
	{"Ownership MSE", "mean squared error per point", "lower is better", func(r *compare.Row) *float64 { return r.OwnershipMSE }, 3, false, false},
	{"Score MAE", "points", "lower is better", func(r *compare.Row) *float64 { return r.ScoreMAE }, 2, false, false},
	{"Winner accuracy", "share of games", "higher is better", func(r *compare.Row) *float64 { return r.WinnerAccuracy }, 3, false, false},
	{"Win probability Brier score", "mean squared error", "lower is better", func(r *compare.Row) *float64 { return r.WinBrier }, 3, false, false},
	{"Time per position", "µs, logarithmic scale", "lower is better", func(r *compare.Row) *float64 { return r.MicrosPerPosition }, 0, true, false},
	{"Winner accuracy on resigned games", "share of games", "higher is better", func(r *compare.Row) *float64 { return r.WinnerAccuracyResigned }, 3, false, true},
	{"Lead MAE against the reference", "points", "lower is better", func(r *compare.Row) *float64 { return r.RefLeadMAE }, 2, false, true},
	{"Ownership MSE against the reference", "mean squared error per sure point", "lower is better", func(r *compare.Row) *float64 { return r.RefOwnershipMSE }, 3, false, true},
	{"Winner agreement with the reference", "share of positions", "higher is better", func(r *compare.Row) *float64 { return r.RefWinnerAgreement }, 3, false, true},
}

// colours are the contenders' colours, in order, wrapping after twelve
// (when marks and dashes still tell lines apart).
var colours = []color.NRGBA{
	{31, 119, 180, 255}, {255, 127, 14, 255}, {44, 160, 44, 255}, {214, 39, 40, 255},
	{148, 103, 189, 255}, {140, 86, 75, 255}, {227, 119, 194, 255}, {127, 127, 127, 255},
	{188, 189, 34, 255}, {23, 190, 207, 255}, {0, 0, 0, 255}, {255, 187, 120, 255},
}

var shapes = []draw.GlyphDrawer{
	draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, draw.PlusGlyph{},
	draw.CrossGlyph{}, draw.RingGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{},
}

// style returns contender i's line and mark styles. Every other
// contender's line is dashed, and dashed lines are drawn over solid ones,
// so that where two contenders' lines coincide both colours show (the
// judge's and judge-playouts' early in a game). The tie baseline is drawn
// grey and dotted.
func style(i int, name string) (draw.LineStyle, draw.GlyphStyle) {
	c := colours[i%len(colours)]
	ls := draw.LineStyle{Color: c, Width: vg.Points(2)}
	switch {
	case i%2 == 1:
		ls.Dashes = []vg.Length{vg.Points(7), vg.Points(4)}
	case i >= len(colours):
		ls.Dashes = []vg.Length{vg.Points(12), vg.Points(3), vg.Points(2), vg.Points(3)}
	}
	if name == compare.TieName {
		ls.Color, ls.Dashes = color.NRGBA{150, 150, 150, 255}, []vg.Length{vg.Points(2), vg.Points(3)}
		c = ls.Color.(color.NRGBA)
	}
	gs := draw.GlyphStyle{Color: c, Radius: vg.Points(3.5), Shape: shapes[i%len(shapes)]}
	return ls, gs
}

// sans returns Liberation Sans of the given size in points.
func sans(size float64, bold bool) font.Font {
	f := font.Font{Typeface: "Liberation", Variant: "Sans", Size: font.Length(size)}
	if bold {
		f.Weight = xfont.WeightBold
	}
	return f
}

// chart sizes in points (pixels in a browser), and the legend's font size.
const (
	chartW, chartH = 760, 320
	legendW        = 190
	legendFont     = 13
)

// dodge is the shift along the band axis of contender i of n: the
// contenders' points at a band are spread over 0.3 of the gap between
// bands, in legend order, so that contenders with the same value (the judge
// and judge-playouts early in a game) show side by side, not one hidden
// under the other.
func dodge(i, n int) float64 {
	if n < 2 {
		return 0
	}
	return 0.3 * (float64(i)/float64(n-1) - 0.5)
}

// chart draws one metric against the bands as an SVG element.
func chart(rep *compare.Report, m metric) ([]byte, error) {
	c := vgsvg.New(vg.Points(chartW), vg.Points(chartH))
	if err := drawChart(draw.New(c), rep, m); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, err
	}
	// Keep the <svg> element: the XML declaration and comments before it
	// do not belong inside HTML.
	out := buf.Bytes()
	if i := bytes.Index(out, []byte("<svg")); i >= 0 {
		out = out[i:]
	}
	return out, nil
}

// drawChart draws one metric against the bands on dc, chartW by chartH.
func drawChart(dc draw.Canvas, rep *compare.Report, m metric) error {
	p := plot.New()
	p.Title.Text = m.title + " (" + m.better + ")"
	p.Title.TextStyle.Font = sans(13, true)
	p.X.Label.Text = "move band"
	p.Y.Label.Text = m.unit
	for _, ts := range []*font.Font{&p.X.Label.TextStyle.Font, &p.Y.Label.TextStyle.Font} {
		*ts = sans(11, false)
	}
	p.X.Tick.Label.Font = sans(10, false)
	p.Y.Tick.Label.Font = sans(10, false)
	p.Add(plotter.NewGrid())
	var names []string
	for _, b := range rep.Bands {
		names = append(names, b.String())
	}
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.35, float64(len(names)-1)+0.35 // room for the dodged points
	if m.log {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	legend := plot.NewLegend()
	legend.TextStyle.Font = sans(legendFont, false)
	legend.Top, legend.Left = true, true
	legend.ThumbnailWidth = vg.Points(24)
	legend.Padding = vg.Points(3)
	drawn := false
	var over []plot.Plotter // dashed lines, drawn over the solid ones
	for ci, name := range rep.Contenders {
		ls, gs := style(ci, name)
		var run plotter.XYs
		var line *plotter.Line
		flush := func() error {
			if len(run) == 0 {
				return nil
			}
			l, err := plotter.NewLine(run)
			if err != nil {
				return err
			}
			l.LineStyle = ls
			s, err := plotter.NewScatter(run)
			if err != nil {
				return err
			}
			s.GlyphStyle = gs
			if len(ls.Dashes) > 0 && name != compare.TieName {
				over = append(over, l, s)
			} else {
				p.Add(l, s)
			}
			if line == nil {
				legend.Add(name, l, s)
			}
			line, run = l, nil
			return nil
		}
		for bi, b := range rep.Bands {
			r := rep.Row(name, b)
			var v *float64
			if r != nil {
				v = m.get(r)
			}
			if v == nil || math.IsNaN(*v) || (m.log && *v <= 0) {
				if err := flush(); err != nil {
					return err
				}
				continue
			}
			run = append(run, plotter.XY{X: float64(bi) + dodge(ci, len(rep.Contenders)), Y: *v})
			drawn = true
		}
		if err := flush(); err != nil {
			return err
		}
		if line == nil {
			legend.Add(name + " (no data)")
		}
	}
	p.Add(over...)
	if !drawn { // an empty chart still needs a range
		p.Y.Min, p.Y.Max = 0, 1
		if m.log {
			p.Y.Min, p.Y.Max = 1, 10
		}
	}
	p.Draw(draw.Crop(dc, 0, -legendW, 0, 0))
	legend.Draw(draw.Crop(dc, chartW-legendW+10, 0, 0, -vg.Points(24)))
	return nil
}

// cell formats a metric for the tables.
func cell(v *float64, prec int, micros bool) string {
	if v == nil {
		return "-"
	}
	if micros {
		switch {
		case *v < 10:
			prec = 2
		case *v < 100:
			prec = 1
		}
	}
	return strconv.FormatFloat(*v, 'f', prec, 64)
}

type tableRow struct {
	Name                                      string
	Sign, MSE, MAE, Winner, Brier, Micros     string
	Games, Counted, WithWinner, Short, Failed int
	// Against the reference.
	Resigned, RefLead, RefMSE, RefSign, RefWinner string
	RefPositions                                  int
}

type band struct {
	Title string
	Rows  []tableRow
}

type chartData struct {
	Title string
	SVG   template.HTML
}

type page struct {
	Title, Command string
	Reference      string
	Summary        []string
	Charts         []chartData
	Bands          []band
	Errors         []records.FileError
	MoreErrors     int
	Warnings       int
}

// maxErrors is the most errors the page lists.
const maxErrors = 100

// WriteHTML writes rep as a self-contained HTML page (see the package
// documentation). The page is the same bytes for the same report.
func WriteHTML(w io.Writer, rep *compare.Report, opt Options) error {
	if opt.Title == "" {
		opt.Title = "goeval compare"
	}
	pg := page{Title: opt.Title, Command: opt.Command, Reference: rep.Reference, Summary: strings.Split(rep.Summary(), "\n"), Warnings: len(rep.Warnings)}
	for _, m := range metrics {
		if m.ref && rep.Reference == "" {
			continue
		}
		svg, err := chart(rep, m)
		if err != nil {
			return fmt.Errorf("report: chart %s: %w", m.title, err)
		}
		pg.Charts = append(pg.Charts, chartData{Title: m.title, SVG: template.HTML(svg)})
	}
	for bi, b := range rep.Bands {
		title := "move " + b.String()
		if b.FromEnd {
			title = strings.TrimPrefix(b.String(), "end-") + " moves before the end"
			if b.Move == 0 {
				title = "the end"
			}
		}
		bd := band{Title: title}
		for _, name := range rep.Contenders {
			r := rep.Row(name, rep.Bands[bi])
			if r == nil {
				continue
			}
			bd.Rows = append(bd.Rows, tableRow{Name: name,
				Sign: cell(r.SignAgreement, 3, false), MSE: cell(r.OwnershipMSE, 3, false), MAE: cell(r.ScoreMAE, 2, false),
				Winner: cell(r.WinnerAccuracy, 3, false), Brier: cell(r.WinBrier, 3, false), Micros: cell(r.MicrosPerPosition, 0, true),
				Games: r.Games, Counted: r.CountedGames, WithWinner: r.WinnerGames, Short: r.TooShort, Failed: r.Failed,
				Resigned: cell(r.WinnerAccuracyResigned, 3, false), RefLead: cell(r.RefLeadMAE, 2, false), RefMSE: cell(r.RefOwnershipMSE, 3, false),
				RefSign: cell(r.RefSignAgreement, 3, false), RefWinner: cell(r.RefWinnerAgreement, 3, false), RefPositions: r.RefPositions})
			if r.RefLeadMAESE != nil {
				bd.Rows[len(bd.Rows)-1].RefLead += " ± " + cell(r.RefLeadMAESE, 2, false)
			}
		}
		pg.Bands = append(pg.Bands, bd)
	}
	pg.Errors = rep.Errors
	if len(pg.Errors) > maxErrors {
		pg.Errors, pg.MoreErrors = pg.Errors[:maxErrors], len(pg.Errors)-maxErrors
	}
	return pageTemplate.Execute(w, pg)
}

var pageTemplate = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
body { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; margin: 2em auto; max-width: 62em; padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; }
h2 { font-size: 1.2em; margin-top: 2em; }
code { background: #f3f3f3; padding: 0.1em 0.3em; }
svg text { font-family: "Liberation Sans", Arial, Helvetica, sans-serif !important; }
figure { margin: 1.5em 0; }
figure svg { width: 100%; max-width: 760px; height: auto; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { padding: 0.25em 0.7em; border-bottom: 1px solid #ddd; }
th { text-align: right; font-weight: 600; }
td { text-align: right; font-variant-numeric: tabular-nums; }
th:first-child, td:first-child { text-align: left; }
.note { color: #555; font-size: 0.9em; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
{{if .Command}}<p><code>{{.Command}}</code></p>{{end}}
{{range .Summary}}<p>{{.}}</p>
{{end}}
<p class="note">Sign agreement: the share of the points of counted games that have a final owner where the estimate has the owner's sign. Ownership MSE: the mean squared difference from the final owner (+1, -1 or 0) over all points. Score MAE: the mean distance in points from the final area score. Winner accuracy: the share of games with a known winner where the score minus komi picks it. Win Brier: for estimators that give a probability that Black wins (the judge), its mean squared difference from the outcome (1 if Black won, else 0); a coin scores 0.25. The tie row predicts a tie everywhere, and a win probability of one half.{{if .Reference}} Against the reference (a stronger program's evaluation of the same positions; its own row is "reference"): lead MAE is the mean distance of the score minus komi from the reference's lead, with its standard error; ownership MSE and sign agreement count the points where the reference is surer than 0.5; winner agreement is the share of positions where the score minus komi has the sign of the reference's lead.{{end}}</p>
<h2>Charts</h2>
{{range .Charts}}<figure>
{{.SVG}}
</figure>
{{end}}
<h2>Tables</h2>
{{range .Bands}}<h3>At {{.Title}}</h3>
<table>
<tr><th>estimator</th><th>sign agreement</th><th>ownership MSE</th><th>score MAE</th><th>winner accuracy</th><th>win Brier</th><th>µs/position</th><th>games</th><th>counted</th><th>with winner</th><th>too short</th><th>failed</th></tr>
{{range .Rows}}<tr><td>{{.Name}}</td><td>{{.Sign}}</td><td>{{.MSE}}</td><td>{{.MAE}}</td><td>{{.Winner}}</td><td>{{.Brier}}</td><td>{{.Micros}}</td><td>{{.Games}}</td><td>{{.Counted}}</td><td>{{.WithWinner}}</td><td>{{.Short}}</td><td>{{.Failed}}</td></tr>
{{end}}</table>
{{if $.Reference}}<p class="note">Against the reference, <code>{{$.Reference}}</code>:</p>
<table>
<tr><th>estimator</th><th>winner accuracy, resigned games</th><th>lead MAE ± s.e.</th><th>ownership MSE</th><th>sign agreement</th><th>winner agreement</th><th>positions</th></tr>
{{range .Rows}}<tr><td>{{.Name}}</td><td>{{.Resigned}}</td><td>{{.RefLead}}</td><td>{{.RefMSE}}</td><td>{{.RefSign}}</td><td>{{.RefWinner}}</td><td>{{.RefPositions}}</td></tr>
{{end}}</table>
{{end}}{{end}}
{{if .Errors}}<h2>Errors</h2>
<ul>
{{range .Errors}}<li><code>{{.File}}</code>: {{.Err}}</li>
{{end}}</ul>
{{if .MoreErrors}}<p>and {{.MoreErrors}} more.</p>{{end}}
{{end}}
{{if .Warnings}}<p class="note">{{.Warnings}} warnings were printed on standard error.</p>{{end}}
</body>
</html>
`))

// CommandLine quotes a command line for people (Options.Command), with arguments that hold
// spaces or quotes in double quotes.
func CommandLine(name string, args []string) string {
	parts := []string{name}
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\"'\\$") {
			a = strconv.Quote(a)
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}

// Write writes rep in format: "text" (compare.Report.WriteText), "csv"
// (WriteCSV), "json" (WriteJSON) or "html" (WriteHTML, with o); any other
// format is text.
func Write(w io.Writer, rep *compare.Report, format string, o Options) error {
	switch format {
	case "json":
		return rep.WriteJSON(w)
	case "csv":
		return rep.WriteCSV(w)
	case "html":
		return WriteHTML(w, rep, o)
	}
	return rep.WriteText(w)
}
