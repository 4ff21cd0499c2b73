package predict

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"goeval/internal/words"
	"goeval/records"
)

// WriteJSON writes the report as one JSON object and a newline: "rows"
// (see Row), "files", "games", "positions", "every", "interrupted",
// "unreadable" (a list of {"file", "error"}), "errors" and "warnings" (a
// list of {"file", "error"}, the records' oddities). Fields may be
// added, never renamed. A log-likelihood of minus infinity (an answer
// given probability 0) is written as null.
func (r *Report) WriteJSON(w io.Writer) error {
	j := *r
	j.Rows = append([]Row(nil), r.Rows...)
	for i := range j.Rows {
		if ll := j.Rows[i].LogLik; ll != nil && math.IsInf(*ll, 0) {
			j.Rows[i].LogLik, j.Rows[i].LogLikSE = nil, nil
		}
	}
	if j.Rows == nil {
		j.Rows = []Row{}
	}
	out, err := json.Marshal(j)
	if err != nil {
		return err
	}
	_, err = w.Write(append(out, '\n'))
	return err
}

var csvHeader = []string{"name", "phase", "positions", "failed", "top1", "top1_se", "top5", "top5_se",
	"top10", "top10_se", "log_likelihood", "log_likelihood_se", "micros", "micros_se"}

// WriteCSV writes the rows as CSV with a header line; a log-likelihood the
// ranker does not give is an empty field.
func (r *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(csvHeader)
	g := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	p := func(v *float64) string {
		if v == nil {
			return ""
		}
		return g(*v)
	}
	for _, row := range r.Rows {
		cw.Write([]string{row.Name, row.Phase, strconv.Itoa(row.Positions), strconv.Itoa(row.Failed),
			g(row.Top1), g(row.Top1SE), g(row.Top5), g(row.Top5SE), g(row.Top10), g(row.Top10SE),
			p(row.LogLik), p(row.LogLikSE), g(row.Micros), g(row.MicrosSE)})
	}
	cw.Flush()
	return cw.Error()
}

// WriteText writes the report for people: one table per phase, each
// figure with its standard error, then what was read and what could not
// be.
func (r *Report) WriteText(w io.Writer) error {
	var sb strings.Builder
	var phases []string
	for _, row := range r.Rows {
		if !contains(phases, row.Phase) {
			phases = append(phases, row.Phase)
		}
	}
	for i, ph := range phases {
		if i > 0 {
			sb.WriteByte('\n')
		}
		title := "all positions"
		if ph != "all" {
			title = "moves " + ph
		}
		fmt.Fprintf(&sb, "%s (the record's next move among the ranker's first k; ± one standard error)\n", title)
		tw := tabwriter.NewWriter(&sb, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "ranker\tpositions\ttop-1\ttop-5\ttop-10\tlog-likelihood\tµs/position\t")
		for _, row := range r.Rows {
			if row.Phase != ph {
				continue
			}
			ll := "-"
			if row.LogLik != nil {
				ll = fmt.Sprintf("%.3f ± %.3f", *row.LogLik, *row.LogLikSE)
			}
			pos := strconv.Itoa(row.Positions)
			if row.Failed > 0 {
				pos += fmt.Sprintf(" (%d failed)", row.Failed)
			}
			// A figure of no position is "-", as in compare's tables.
			top1, top5, top10 := "-", "-", "-"
			if row.Positions > 0 {
				top1 = fmt.Sprintf("%.3f ± %.3f", row.Top1, row.Top1SE)
				top5 = fmt.Sprintf("%.3f ± %.3f", row.Top5, row.Top5SE)
				top10 = fmt.Sprintf("%.3f ± %.3f", row.Top10, row.Top10SE)
			}
			us := "-"
			if row.Positions+row.Failed > 0 {
				us = micros(row.Micros, row.MicrosSE)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", row.Name, pos, top1, top5, top10, ll, us)
		}
		tw.Flush()
	}
	fmt.Fprintf(&sb, "\n%s of %s, %s (the position after every %s)", words.Count(r.Positions, "position"), words.Count(r.Games, "game"),
		words.Count(r.Files, "file"), words.Count(r.Every, "move"))
	if len(r.Unreadable) > 0 {
		fmt.Fprintf(&sb, "; %s could not be used", words.Count(len(r.Unreadable), "file or game", "files or games"))
	}
	if r.Interrupted {
		sb.WriteString("; interrupted: the figures are those of the games finished")
	}
	sb.WriteString(".\n")
	_, err := io.WriteString(w, sb.String())
	return err
}

func micros(m, se float64) string {
	if m >= 1000 {
		return fmt.Sprintf("%.0f ± %.0f", m, se)
	}
	return fmt.Sprintf("%.1f ± %.1f", m, se)
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// Notes returns, for people, what the tables do not say, one line each:
// the records' warnings (if warnings), the files and games that could not
// be used (as records.FileError's Warning and Message name them), and the
// rankers' failures.
func (r *Report) Notes(warnings bool) []string {
	var ws []records.FileError
	if warnings {
		ws = r.Warnings
	}
	return append(records.Messages(ws, r.Unreadable), r.Errors...)
}

// Write writes r in format: "json" (WriteJSON), "csv" (WriteCSV), or
// text (WriteText) followed by the time the run took ("12s in all.").
func (r *Report) Write(w io.Writer, format string) error {
	switch format {
	case "json":
		return r.WriteJSON(w)
	case "csv":
		return r.WriteCSV(w)
	}
	if err := r.WriteText(w); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%s in all.\n", r.Elapsed.Round(time.Second))
	return err
}
