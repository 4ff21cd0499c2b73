package tune

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"goeval/internal/words"
	"goeval/judge"
	"goeval/movemodel"
)

// WriteFit writes for people what the fit was trained on and, fitted to a
// reference, its cross-validation against it (RefCV), as goeval tune
// shows them before the cross-validation measured through Config.Measure.
func (r *Report) WriteFit(w io.Writer) error {
	var b strings.Builder
	if r.Reference != "" {
		fmt.Fprintf(&b, "Trained on %d positions (%d chains) of %d games evaluated by %s.\n\n", r.Positions, r.Chains, r.Games, r.Reference)
	} else {
		fmt.Fprintf(&b, "Trained on %d positions (%d chains) of %d labelled games; %d games measured.\n\n", r.Positions, r.Chains, r.Labelled, r.Games)
	}
	if len(r.RefCV) > 0 {
		fmt.Fprintf(&b, "Cross-validated (%d folds): every game judged by parameters fitted without it; band n holds the positions from move n-%d to n+%d.\n", r.Folds, RefWindow, RefWindow)
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "band\tpositions\tlead MAE ± s.e.\t(tie)\townership MSE\tsign agreement\twinner agreement\tresigned winners\t(games)\tcounted winners\tmargin MAE\t(games)\twin Brier\t")
		for _, r := range r.RefCV {
			fmt.Fprintf(tw, "%s\t%d\t%.2f ± %.2f\t%.2f\t%.3f\t%.3f\t%.3f\t%.3f\t%d\t%.3f\t%.2f\t%d\t%.3f\t\n", r.Band, r.Positions, r.LeadMAE, r.LeadMAESE, r.TieLeadMAE,
				r.OwnershipMSE, r.SignAgreement, r.WinnerAgreement, r.Resigned, r.ResignedGames, r.Counted, r.MarginMAE, r.CountedGames, r.Brier)
		}
		tw.Flush()
		fmt.Fprintln(&b)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Warning returns, when the fit judged on its own held-out folds follows
// the reference worse than a tie (score = komi) in some bands
// (WorseThanTie), a sentence saying where and by how much; "" otherwise.
func (r *Report) Warning() string {
	worse := WorseThanTie(r.RefCV)
	if len(worse) == 0 {
		return ""
	}
	var bands []string
	for _, r := range worse {
		bands = append(bands, r.Band)
	}
	m := worse[0]
	for _, w := range worse {
		if w.LeadMAE-w.TieLeadMAE > m.LeadMAE-m.TieLeadMAE {
			m = w
		}
	}
	return fmt.Sprintf("on its own held-out folds the fit's lead is further from the reference than a tie's (score = komi) at moves %s "+
		"(lead MAE %.2f against %.2f at %s): its parameters are worse than none there (fitted on %s)",
		strings.Join(bands, ", "), m.LeadMAE, m.TieLeadMAE, m.Band, words.Count(r.Games, "game"))
}

// WriteParams writes for people the parameters fitted on all the games:
// the weights of each model of the judge.
func (r *Report) WriteParams(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintln(&b, "Fitted on all labelled games.")
	p := &r.Params
	if l := p.Late; l != nil {
		writeModel(&b, fmt.Sprintf("Early model (positions with less than %.2f of the points occupied; λ %.2f, κ %.2f)", p.LateFrom, p.Lambda, p.Kappa), p)
		writeModel(&b, fmt.Sprintf("Late model (the others; %d playouts; λ %.2f, κ %.2f)", l.Playouts, l.Lambda, l.Kappa), l)
	} else {
		writeModel(&b, "Model", p)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeModel writes the weights of one model of the judge.
func writeModel(w io.Writer, title string, p *judge.Params) {
	fmt.Fprintf(w, "%s.\nDeath model (weights; a chain is dead with probability σ(Σ w·f)):\n", title)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	weights := p.DeathWeights()
	for i, name := range judge.FeatureNames {
		fmt.Fprintf(tw, "  %s\t%+.3f\n", name, weights[i])
	}
	tw.Flush()
	fmt.Fprintln(w, "Second round (a chain's death from its neighbours' first-round deaths):")
	w2 := p.Round2Weights()
	for i, name := range judge.Round2Names {
		fmt.Fprintf(tw, "  %s\t%+.3f\n", name, w2[i])
	}
	tw.Flush()
	s := p.Score
	fmt.Fprintf(w, "Score model: prior = %.2f %+.2f·s + (%.2f %+.2f·s)·t; gate = σ(%.2f %+.2f·s %+.3f·u); d = sum %+.2f %+.3f·ra %+.3f·rd - prior;\n",
		s.Base, s.BaseStage, s.Tempo, s.TempoStage, s.Gate, s.GateStage, s.GateDoubt, s.Shift, -s.Risk, -s.RiskDead)
	if s.Reach > 0 {
		fmt.Fprintf(w, "  score = prior + gate·R·tanh(d/R), R = %.2f·exp(%+.2f·s)\n", s.Reach, s.ReachStage)
	} else {
		fmt.Fprintln(w, "  score = prior + gate·d")
	}
	fmt.Fprintln(w, "  (s: stones over points; t: +1 Black to move, -1 White; u: expected misjudged stones; sum: the count, stones whole;")
	fmt.Fprintln(w, "  ra, rd: the stones at risk, Σ colour·P over the stones counted alive and over those judged dead)")
	fmt.Fprintln(w, "  then, not fitted: sum - (o + 4u) <= score <= sum + (o + 4u), o the points the count leaves open, and |score| <= points")
	if wp := p.Win; wp != nil {
		fmt.Fprintf(w, "Win model: P(Black wins) = σ((score - komi %+.2f) / spread), spread = exp(%.2f %+.2f·s %+.3f·u): %.1f points at s = 0.2, %.1f at 0.5 (u = 0)\n",
			-wp.Offset, wp.Scale, wp.ScaleStage, wp.ScaleDoubt, wp.Spread(0.2, 0), wp.Spread(0.5, 0))
	}
}

// Notes returns, for people, the games a fit of the move model left out,
// one line each: those it could not read ("left out: ..."), and those
// with setup stones, the first three by name.
func (r *MovesReport) Notes() []string {
	var out []string
	for _, u := range r.Unreadable {
		out = append(out, "left out: "+u)
	}
	if len(r.Setup) > 0 {
		out = append(out, fmt.Sprintf("skipped by design: %s with setup stones (the move model needs games played from an empty board): %s",
			words.Count(len(r.Setup), "game"), firstFew(r.Setup, 3)))
	}
	return out
}

// firstFew joins the first n names, saying how many more there are.
func firstFew(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}

// WriteModel writes for people the model fitted: its notes, and the
// gammas of the small groups with a summary of the table groups'.
func (r *MovesReport) WriteModel(w io.Writer) error {
	var b strings.Builder
	m := r.Model
	fmt.Fprintf(&b, "%s.\n\n", strings.ToUpper(m.Notes[:1])+m.Notes[1:])
	fmt.Fprintln(&b, "Gammas (a move's strength is the product of its features' gammas):")
	for g := range movemodel.NumGroups {
		gs := m.Gamma[g]
		switch {
		case len(gs) == 0:
			fmt.Fprintf(&b, "  %-30s not used\n", g)
		case len(gs) > 20:
			s := slices.Clone(gs)
			slices.Sort(s)
			fmt.Fprintf(&b, "  %-30s %d values: least %.3g, median %.3g, greatest %.3g\n", g, len(s), s[0], s[len(s)/2], s[len(s)-1])
		default:
			var parts []string
			for _, v := range gs {
				parts = append(parts, fmt.Sprintf("%.3g", v))
			}
			fmt.Fprintf(&b, "  %-30s %s\n", g, strings.Join(parts, " "))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
