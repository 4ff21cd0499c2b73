package compare

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"goeval/internal/words"
	"goeval/records"
)

// jsonReport is the JSON contract of the comparison (issue 7): "rows",
// "errors", "games_read" and "games_used" are relied on by scripts; the
// other fields may grow, none will be renamed.
type jsonReport struct {
	Rows            []Row               `json:"rows"`
	Errors          []records.FileError `json:"errors"`
	GamesRead       int                 `json:"games_read"`
	GamesUsed       int                 `json:"games_used"`
	Files           int                 `json:"files"`
	UnreadableFiles int                 `json:"unreadable_files"`
	Unused          []Count             `json:"unused"`
	Truth           TruthCounts         `json:"truth"`
	Bands           []string            `json:"bands"`
	Estimators      []string            `json:"estimators"`
	Warnings        []records.FileError `json:"warnings"`
	JudgementCheck  *JudgementCheck     `json:"judgement_check,omitempty"`
	Interrupted     string              `json:"interrupted,omitempty"`
	Reference       string              `json:"reference,omitempty"`
	RefFound        int                 `json:"reference_found,omitempty"`
	RefMissing      []RefMissing        `json:"reference_missing,omitempty"`
}

// WriteJSON writes the report as one JSON object followed by a newline:
// "rows" (see Row for the fields; a metric with nothing behind it is
// null), "errors" (a list of {"file", "error"}), "games_read",
// "games_used", and more (files, unused games by reason, the truth's
// sources, bands, estimators, warnings, "interrupted" when the run was
// cancelled; with a reference, its file, the number of sampled positions
// it evaluates and those it lacks: "reference", "reference_found" and
// "reference_missing", a list of {"game", "move"}).
func (r *Report) WriteJSON(w io.Writer) error {
	j := jsonReport{
		Rows: nonNil(r.Rows), Errors: nonNil(r.Errors), GamesRead: r.GamesRead, GamesUsed: r.GamesUsed,
		Files: r.Files, UnreadableFiles: r.UnreadableFiles, Unused: nonNil(r.Unused), Truth: r.Truth,
		Estimators: nonNil(r.Contenders), Warnings: nonNil(r.Warnings), Bands: []string{},
		JudgementCheck: r.JudgementCheck, Interrupted: r.Interrupted, Reference: r.Reference, RefFound: r.RefFound,
	}
	if r.Reference != "" {
		j.RefMissing = nonNil(r.RefMissing)
	}
	j.Truth.ByKind = nonNil(j.Truth.ByKind)
	for _, b := range r.Bands {
		j.Bands = append(j.Bands, b.String())
	}
	out, err := json.Marshal(j)
	if err != nil {
		return err
	}
	_, err = w.Write(append(out, '\n'))
	return err
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// csvHeader names the CSV columns: the JSON row fields, in order.
var csvHeader = []string{"estimator", "band", "games", "positions", "sign_agreement", "ownership_mse",
	"score_mae", "winner_accuracy", "micros_per_position", "counted_games", "map_games", "winner_games",
	"too_short", "failed", "winner_accuracy_counted", "winner_accuracy_resigned", "winner_games_counted",
	"winner_games_resigned", "win_brier", "win_log_loss", "win_games", "score_mae_se",
	"ref_positions", "ref_lead_mae", "ref_lead_mae_se", "ref_ownership_mse", "ref_sign_agreement",
	"ref_map_positions", "ref_winner_agreement", "ref_winner_positions"}

// WriteCSV writes the rows as CSV with a header line; a metric with
// nothing behind it is an empty field.
func (r *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write(csvHeader)
	f := func(v *float64) string {
		if v == nil {
			return ""
		}
		return strconv.FormatFloat(*v, 'g', -1, 64)
	}
	d := strconv.Itoa
	for _, row := range r.Rows {
		cw.Write([]string{row.Estimator, row.Band, d(row.Games), d(row.Positions),
			f(row.SignAgreement), f(row.OwnershipMSE), f(row.ScoreMAE), f(row.WinnerAccuracy),
			f(row.MicrosPerPosition), d(row.CountedGames), d(row.MapGames), d(row.WinnerGames),
			d(row.TooShort), d(row.Failed), f(row.WinnerAccuracyCounted), f(row.WinnerAccuracyResigned),
			d(row.WinnerGamesCounted), d(row.WinnerGamesResigned), f(row.WinBrier), f(row.WinLogLoss), d(row.WinGames),
			f(row.ScoreMAESE), d(row.RefPositions), f(row.RefLeadMAE), f(row.RefLeadMAESE), f(row.RefOwnershipMSE),
			f(row.RefSignAgreement), d(row.RefMapPositions), f(row.RefWinnerAgreement), d(row.RefWinnerPositions)})
	}
	cw.Flush()
	return cw.Error()
}

// WriteText writes the report for people: one table per band, the
// reliability of the win probabilities (WriteReliability), then a summary
// of the games used and not used. Errors and warnings are not listed (the
// caller prints them where it wants), only counted.
func (r *Report) WriteText(w io.Writer) error {
	ew := &errWriter{w: w}
	if r.Interrupted != "" {
		ew.printf("%s: the tables cover only the work finished\n\n", strings.ToUpper(r.Interrupted[:1])+r.Interrupted[1:])
	}
	r.writeTables(ew)
	r.writeReliability(ew)
	ew.printf("\n%s\n", r.Summary())
	return ew.err
}

// WriteReliability writes, for every band and contender with win
// probabilities, the reliability table of Row.WinReliability: per bin of
// the probability given Black, the positions, their mean probability and
// how often Black won. It writes nothing if no contender gives
// probabilities but the tie.
func (r *Report) WriteReliability(w io.Writer) error {
	ew := &errWriter{w: w}
	r.writeReliability(ew)
	return ew.err
}

func (r *Report) writeReliability(ew *errWriter) {
	header := false
	for _, row := range r.Rows {
		if row.Estimator == TieName || row.WinReliability == nil {
			continue
		}
		if !header {
			ew.printf("\nWin probability reliability: the positions by the probability given Black, their mean probability, and how often Black won.\n")
			header = true
		}
		ew.printf("%s at %s:", row.Estimator, row.Band)
		for _, b := range row.WinReliability {
			ew.printf("  %.1f-%.1f: %d", b.From, b.To, b.Positions)
			if b.Positions > 0 {
				ew.printf(" (%.2f, won %.2f)", *b.MeanProb, *b.BlackWon)
			}
		}
		ew.printf("\n")
	}
}

// WriteTables writes the tables of WriteText, one per band, without the
// summary.
func (r *Report) WriteTables(w io.Writer) error {
	ew := &errWriter{w: w}
	r.writeTables(ew)
	return ew.err
}

func (r *Report) writeTables(ew *errWriter) {
	for bi, b := range r.Bands {
		rows := r.Rows[bi*len(r.Contenders) : (bi+1)*len(r.Contenders)]
		var games, short int
		if len(rows) > 0 {
			games, short = rows[0].Games, rows[0].TooShort
			for _, row := range rows {
				games = max(games, row.Games)
			}
		}
		title := "move " + b.String()
		if b.FromEnd {
			title = strings.Replace(b.String(), "end-", "", 1) + " moves before the end"
			if b.Move == 0 {
				title = "the end"
			}
		}
		if bi > 0 {
			ew.printf("\n")
		}
		ew.printf("at %s: %d games", title, games)
		if short > 0 {
			ew.printf(" (%d too short)", short)
		}
		ew.printf("\n")
		width := len("estimator")
		for _, row := range rows {
			width = max(width, len(row.Estimator))
		}
		tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "%-*s\tsign agreement\townership MSE\tscore MAE\twinner accuracy\t(by margin\tresigned)\twin Brier\tµs/position\tgames\tcounted\twith winner\t\n", width, "estimator")
		for _, row := range rows {
			fmt.Fprintf(tw, "%-*s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t\n", width, row.Estimator,
				num(row.SignAgreement, 3), num(row.OwnershipMSE, 3), num(row.ScoreMAE, 2),
				num(row.WinnerAccuracy, 3), num(row.WinnerAccuracyCounted, 3), num(row.WinnerAccuracyResigned, 3),
				num(row.WinBrier, 3), micros(row.MicrosPerPosition), row.Games, row.CountedGames, row.WinnerGames)
		}
		tw.Flush()
		if r.Reference != "" {
			r.writeRefTable(ew, rows, width)
		}
	}
}

// writeRefTable writes the metrics against the reference of one band's
// rows.
func (r *Report) writeRefTable(ew *errWriter, rows []Row, width int) {
	n := 0
	for _, row := range rows {
		n = max(n, row.RefPositions)
	}
	ew.printf("against the reference (%s): %s\n", r.Reference, words.Count(n, "position"))
	tw := tabwriter.NewWriter(ew, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%-*s\tlead MAE ± s.e.\townership MSE\tsign agreement\twinner agreement\tpositions\t\n", width, "estimator")
	for _, row := range rows {
		lead := num(row.RefLeadMAE, 2)
		if row.RefLeadMAESE != nil {
			lead += " ± " + num(row.RefLeadMAESE, 2)
		}
		fmt.Fprintf(tw, "%-*s\t%s\t%s\t%s\t%s\t%d\t\n", width, row.Estimator,
			lead, num(row.RefOwnershipMSE, 3), num(row.RefSignAgreement, 3),
			num(row.RefWinnerAgreement, 3), row.RefPositions)
	}
	tw.Flush()
}

// Summary says in a few lines how many files and games were read and
// used, where the truth came from, and why games were not used.
func (r *Report) Summary() string {
	var sb strings.Builder
	if r.Interrupted != "" {
		fmt.Fprintf(&sb, "%s.\n", strings.ToUpper(r.Interrupted[:1])+r.Interrupted[1:])
	}
	fmt.Fprintf(&sb, "%s, %s read, %d used", words.Count(r.Files, "file"), words.Count(r.GamesRead, "game"), r.GamesUsed)
	if r.UnreadableFiles > 0 {
		fmt.Fprintf(&sb, "; %s could not be read", words.Count(r.UnreadableFiles, "file"))
	}
	sb.WriteString(".\n")
	var kinds []string
	for _, k := range r.Truth.ByKind {
		kinds = append(kinds, fmt.Sprintf("%d %s", k.Games, kindPhrases[k.Reason]))
	}
	if len(kinds) == 0 {
		kinds = []string{"none"}
	}
	fmt.Fprintf(&sb, "Used games: %s; %d with a winner.\n", strings.Join(kinds, ", "), r.Truth.Winner)
	fmt.Fprintf(&sb, "Final ownership for %d counted games: %d from labels, %d from TB/TW markup, %d from goeval's own judgement",
		r.Truth.Counted, r.Truth.Labels, r.Truth.Markup, r.Truth.Judgement)
	if r.Truth.ByMargin > 0 {
		fmt.Fprintf(&sb, "; area minus komi within 1 point of RE in %d of %d", r.Truth.MatchResult, r.Truth.ByMargin)
	}
	sb.WriteString(".")
	if jc := r.JudgementCheck; jc != nil {
		fmt.Fprintf(&sb, "\nJudgement check on %s with labels: %.1f%% of points agree, %.1f%% of area scores within 1 point (mean difference %.2f); %d dead stones judged, %d labelled.",
			words.Count(jc.Games, "game"), 100*jc.PointAgreement, 100*jc.AreaWithin1, jc.AreaMAE, jc.DeadJudged, jc.DeadLabels)
	}
	if r.Reference != "" {
		fmt.Fprintf(&sb, "\nReference %s: %d sampled positions evaluated", r.Reference, r.RefFound)
		if n := len(r.RefMissing); n > 0 {
			fmt.Fprintf(&sb, ", %d missing (listed on standard error)", n)
		} else {
			sb.WriteString(", none missing")
		}
		fmt.Fprintf(&sb, "; its ownership counts where it is surer than %g.", records.ReferenceThreshold)
	}
	if len(r.Unused) > 0 {
		var parts []string
		for _, u := range r.Unused {
			parts = append(parts, fmt.Sprintf("%d %s", u.Games, u.Reason))
		}
		fmt.Fprintf(&sb, "\nNot used: %s.", strings.Join(parts, "; "))
	}
	if n := len(r.Errors); n > 0 {
		fmt.Fprintf(&sb, "\n%s (listed on standard error).", words.Count(n, "error"))
	}
	return sb.String()
}

var kindPhrases = map[string]string{
	records.Unknown.String(): "with an unknown result", records.Score.String(): "counted", records.Draw.String(): "drawn",
	records.Resignation.String(): "resigned", records.Time.String(): "lost on time", records.Forfeit.String(): "forfeited",
	records.Win.String(): "won (no reason given)",
}

func num(v *float64, prec int) string {
	if v == nil {
		return "-"
	}
	return strconv.FormatFloat(*v, 'f', prec, 64)
}

func micros(v *float64) string {
	switch {
	case v == nil:
		return "-"
	case *v < 10:
		return strconv.FormatFloat(*v, 'f', 2, 64)
	case *v < 100:
		return strconv.FormatFloat(*v, 'f', 1, 64)
	}
	return strconv.FormatFloat(*v, 'f', 0, 64)
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

func (e *errWriter) printf(format string, args ...any) { fmt.Fprintf(e, format, args...) }

// Notes returns, for people, what a run's tables do not say, one line
// each: the warnings (if warnings), the errors, the sampled positions the
// reference lacks, and, if judgedBy is not "", how many counted games
// were judged for want of labels or markup ("their final ownership was
// judged by " judgedBy). Files and games are named as
// records.FileError's Message and Warning name them.
func (r *Report) Notes(warnings bool, judgedBy string) []string {
	var ws []records.FileError
	if warnings {
		ws = r.Warnings
	}
	out := records.Messages(ws, r.Errors)
	for _, m := range r.RefMissing {
		out = append(out, fmt.Sprintf("%s: no reference evaluation of move %d in %s", m.Game, m.Move, r.Reference))
	}
	if r.Truth.Judgement > 0 && judgedBy != "" {
		out = append(out, fmt.Sprintf("%d counted games had no labels or markup: their final ownership was judged by %s", r.Truth.Judgement, judgedBy))
	}
	return out
}
