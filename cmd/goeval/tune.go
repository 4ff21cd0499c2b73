package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"goeval/compare"
	"goeval/internal/outfile"
	"goeval/judge"
	"goeval/tune"
)

func init() {
	register(&command{name: "tune", args: "[flags] PATH...", summary: "fit the judge to a reference evaluation or labelled game records, with cross-validation; tune moves fits the move model", run: tuneCommand})
}

const tuneUsage = `goeval tune fits the judge estimator's parameters (its death model,
score model and win model) to game records, and measures the fit by
cross-validation: each fold of games is judged by parameters fitted without
it.

Usage:
  goeval tune [flags] PATH...
  goeval tune moves [flags] PATH...   (the move model: see goeval tune moves -h)

PATH is an SGF file or a folder, searched recursively for *.sgf files (SGF
collections included: a game is named by its file and its number there).
A record that cannot be read or replayed (cut short, an illegal move) is
listed ("not trained on") and left out whole; the fit goes on with the
others, and the exit status is then 1.

With --reference FILE the judge learns from a stronger program's evaluation
of positions (JSON Lines, as kata-reference.jsonl beside the training
games): at every position it evaluates, each chain's death is the
reference's ownership of its stones, the score's target is its lead plus
komi, and the win model's the game's winner. The cross-validated table
measures the held-out games against the reference (lead MAE, ownership MSE
and sign agreement on the points it is sure of, winner agreement) and their
results (the winners of resigned and counted games, the counted games'
margins, the Brier score), in bands of 21 moves around each --moves.
--counted-weight weighs the positions of counted games in the score and win
models' fits: they are a quarter of the training games and about half of
the dev and test sets'.

Without --reference it learns from the final ownership of counted games
(--labels; a folder given as PATH that holds final-ownership.jsonl
supplies it), at every --stride moves; games known only by their winner
teach the win model; the folds are measured with goeval compare.

--write FILE saves the parameters fitted on all the games as JSON, which
--params FILE makes the judge of goeval FILE, rank, values, compare,
predict and gtp; the shipped parameters are compiled in from
judge/params.json, so making a file the default takes a rebuild. When the
cross-validated lead is further from the reference than a tie's in some
band, a warning says so: such parameters are worse than none there.
Ctrl-C (or SIGTERM) stops the fit with exit status 130 (143) and writes
nothing (an existing --write file is left as it was).
By default the judge has two models: one for positions with less than
--late-from of the points occupied, without playouts, and one for the others,
with --playouts random playouts behind two more features and a λ/κ estimate
of its own (--late-lambda, --late-kappa; --late-from 0 fits one model, with
the playouts everywhere), and a threshold of its own for taking dead chains
off (--late-dead-at). λ, κ and the thresholds themselves are not fitted
here (see docs/judge-notes.md). The judge's defaults, judge/params.json,
and judge-playouts', judge/params-playouts.json, were written this way, on
the training games only (about 5 and 17 minutes on 2 cores):

  goeval tune --reference ../shared/data/games/train/kata-reference.jsonl --counted-weight 3 \
    --write judge/params.json ../shared/data/games/train
  goeval tune --reference ../shared/data/games/train/kata-reference.jsonl --counted-weight 3 \
    --playouts 48 --late-from 0.2 --late-lambda 0.44 --late-dead-at 0.4 \
    --write judge/params-playouts.json ../shared/data/games/train

The flags' defaults are the shipped judge's.
`

func tuneCommand(e *env, args []string) error {
	if len(args) > 0 && args[0] == "moves" {
		err := tuneMovesCommand(e, args[1:])
		if ue := (*usageError)(nil); errors.As(err, &ue) {
			ue.synopsis, ue.help = "goeval tune moves [flags] PATH...", "tune moves"
		}
		return err
	}
	fs := newFlags(e, "tune", tuneUsage)
	addMaxSGFFlag(fs)
	labels := fs.String("labels", "", "labels file of final ownership (JSON Lines)")
	reference := fs.String("reference", "", "learn from this reference evaluation of positions (JSON Lines, as kata-reference.jsonl) instead of final ownership")
	countedWeight := fs.Float64("counted-weight", 0, "with --reference: the weight of counted games' positions in the score and win models' fits (0: 1, as the others)")
	hardDeath := fs.Bool("hard-death", false, "with --reference: a chain is dead (1) or alive (0) by the sign of the reference's ownership of its stones, not in between")
	moves := fs.String("moves", "50,100,150,200,end-20", "move bands of the cross-validated comparison")
	stride := fs.Int("stride", tune.DefaultStride, "sample a training position every this many moves")
	folds := fs.Int("folds", tune.DefaultFolds, "cross-validation folds (1: fit only)")
	l2 := fs.Float64("l2", tune.DefaultL2, "L2 regularisation of the death model")
	def := judge.Default()
	lambda := fs.Float64("lambda", def.Lambda, "λ of the early model's estimate, and of the late one's unless --late-lambda is given")
	kappa := fs.Float64("kappa", def.Kappa, "κ of the early model's estimate, and of the late one's unless --late-kappa is given")
	deadAt := fs.Float64("dead-at", def.DeadAt, "death probability from which a chain is taken off the board")
	defPlayouts, defLate := def.Playouts, &def
	if def.Late != nil {
		defPlayouts, defLate = def.Late.Playouts, def.Late
	}
	lateLambda := fs.Float64("late-lambda", defLate.Lambda, "λ of the late model's estimate")
	lateKappa := fs.Float64("late-kappa", defLate.Kappa, "κ of the late model's estimate")
	lateDeadAt := fs.Float64("late-dead-at", defLate.DeadAt, "the late model's --dead-at (--dead-at's when only that is given)")
	playouts := fs.Int("playouts", defPlayouts, "random playouts behind the death model's playout features (0: none; slower, better late in the game)")
	lateFrom := fs.Float64("late-from", def.LateFrom, "fit a separate late model, with the playouts, on positions with at least this share of the points occupied (0: one model, playouts everywhere)")
	workers := fs.Int("workers", 0, "number of workers (default: the number of CPUs)")
	write := fs.String("write", "", "write the fitted parameters to this JSON file")
	paths, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return usagef("no game records given")
	}
	bands, err := compare.ParseBands(*moves)
	if err != nil {
		return usagef("invalid --moves %q: %v", *moves, err)
	}
	for _, c := range []struct {
		name string
		v    int
	}{{"stride", *stride}, {"folds", *folds}} {
		if c.v < 1 {
			return usagef("invalid --%s %d (want 1 or more)", c.name, c.v)
		}
	}
	if !(*l2 > 0) {
		return usagef("invalid --l2 %v (want more than 0)", *l2)
	}
	if err := checkWorkers(*workers); err != nil {
		return err
	}
	if !(*countedWeight >= 0) {
		return usagef("invalid --counted-weight %v (want 0 or more)", *countedWeight)
	}
	if *playouts < 0 || *playouts > judge.MaxPlayouts {
		return usagef("invalid --playouts %d (want 0 to %d)", *playouts, judge.MaxPlayouts)
	}
	if !(*lateFrom >= 0 && *lateFrom <= 1) {
		return usagef("invalid --late-from %v (want 0 to 1)", *lateFrom)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["lambda"] && !set["late-lambda"] {
		*lateLambda = *lambda
	}
	if set["kappa"] && !set["late-kappa"] {
		*lateKappa = *kappa
	}
	if set["dead-at"] && !set["late-dead-at"] {
		*lateDeadAt = *deadAt
	}
	for _, c := range []struct {
		name string
		v    float64
		ok   bool
		want string
	}{
		{"lambda", *lambda, *lambda >= 0 && *lambda < 1, "0 to 1, less than 1"},
		{"late-lambda", *lateLambda, *lateLambda >= 0 && *lateLambda < 1, "0 to 1, less than 1"},
		{"kappa", *kappa, *kappa >= 0 && *kappa <= 1, "0 to 1"},
		{"late-kappa", *lateKappa, *lateKappa >= 0 && *lateKappa <= 1, "0 to 1"},
		{"dead-at", *deadAt, *deadAt > 0 && *deadAt < 1, "more than 0 and less than 1"},
		{"late-dead-at", *lateDeadAt, *lateDeadAt > 0 && *lateDeadAt < 1, "more than 0 and less than 1"},
	} {
		if !c.ok {
			return usagef("invalid --%s %v (want %s)", c.name, c.v, c.want)
		}
	}
	if err := checkWrite(*write); err != nil {
		return err
	}
	files, ferrs, err := recordFiles(e, paths, "fit on")
	if err != nil {
		return err
	}
	for _, fe := range ferrs {
		printFileError(e, fe)
	}
	var lab *compare.Labels
	var ref *compare.Reference
	if *reference != "" {
		if *labels != "" {
			return usagef("--labels and --reference: give one")
		}
		if ref, err = compare.ReadReference(*reference); err != nil {
			return err
		}
	} else {
		if lab, err = findLabels(e, *labels, paths); err != nil {
			return err
		}
		if lab == nil {
			return usagef("no labels: give --labels FILE (final ownership of counted games) or --reference FILE")
		}
	}
	inputs := append([]string{*reference}, files...)
	if lab != nil {
		inputs = append(inputs, lab.Name)
	}
	if err := checkNotInput("--write", *write, inputs...); err != nil {
		return err
	}
	base := def
	base.Lambda, base.Kappa, base.DeadAt = *lambda, *kappa, *deadAt
	ctx, stop := interruptContext()
	defer stop()
	rep, err := tune.Run(ctx, tune.Config{
		Files: files, Labels: lab, Reference: ref, HardDeath: *hardDeath, CountedWeight: *countedWeight, Base: base, Stride: *stride, Folds: *folds, L2: *l2,
		Playouts: *playouts, LateFrom: *lateFrom, LateLambda: *lateLambda, LateKappa: *lateKappa, LateDeadAt: *lateDeadAt,
		Bands: bands, Workers: *workers,
		Log: func(s string) { fmt.Fprintf(e.stderr, "goeval: %s\n", s) },
	})
	if err != nil {
		if ctx.Err() != nil {
			// Nothing is finished before the last fit: nothing to show.
			return &interruptedError{"interrupted before the fit finished: no parameters written"}
		}
		return err
	}
	w := e.stdout
	if ref != nil {
		fmt.Fprintf(w, "Trained on %d positions (%d chains) of %d games evaluated by %s.\n\n", rep.Positions, rep.Chains, rep.Games, ref.Name)
	} else {
		fmt.Fprintf(w, "Trained on %d positions (%d chains) of %d labelled games; %d games measured.\n\n", rep.Positions, rep.Chains, rep.Labelled, rep.Games)
	}
	if len(rep.RefCV) > 0 {
		fmt.Fprintf(w, "Cross-validated (%d folds): every game judged by parameters fitted without it; band n holds the positions from move n-%d to n+%d.\n", *folds, tune.RefWindow, tune.RefWindow)
		writeRefCV(w, rep.RefCV)
		fmt.Fprintln(w)
		warnWorseThanTie(e, rep.RefCV, rep.Games)
	}
	if len(rep.CV) > 0 {
		fmt.Fprintf(w, "Cross-validated (%d folds): every game judged by parameters fitted without it.\n\n", *folds)
		cv := compare.Report{Bands: rep.Bands, Contenders: tune.CVContenders(), Rows: rep.CV}
		if err := cv.WriteTables(w); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, "Fitted on all labelled games.")
	if l := rep.Params.Late; l != nil {
		writeModel(w, fmt.Sprintf("Early model (positions with less than %.2f of the points occupied; λ %.2f, κ %.2f)", rep.Params.LateFrom, rep.Params.Lambda, rep.Params.Kappa), &rep.Params)
		writeModel(w, fmt.Sprintf("Late model (the others; %d playouts; λ %.2f, κ %.2f)", l.Playouts, l.Lambda, l.Kappa), l)
	} else {
		writeModel(w, "Model", &rep.Params)
	}
	if *write != "" {
		if err := outfile.Write(*write, func(w io.Writer) error { _, err := w.Write(rep.Params.JSON()); return err }); err != nil {
			return fmt.Errorf("--write: %w", err)
		}
		fmt.Fprintf(w, "Parameters written to %s\n", filepath.Clean(*write))
	}
	// The files left out were said as they were found ("not trained on").
	if n := len(ferrs) + len(rep.Skipped); n > 0 {
		return fmt.Errorf("%s could not be used (listed above): the fit is of the others", compare.Plural(n, "file"))
	}
	return nil
}

// warnWorseThanTie says on standard error in which bands the fit, judged
// on its own held-out folds, follows the reference worse than a tie.
func warnWorseThanTie(e *env, rows []tune.RefRow, games int) {
	worse := tune.WorseThanTie(rows)
	if len(worse) == 0 {
		return
	}
	var bands []string
	for _, r := range worse {
		bands = append(bands, r.Band)
	}
	r := worse[0]
	for _, w := range worse {
		if w.LeadMAE-w.TieLeadMAE > r.LeadMAE-r.TieLeadMAE {
			r = w
		}
	}
	fmt.Fprintf(e.stderr, "goeval: warning: on its own held-out folds the fit's lead is further from the reference than a tie's (score = komi) at moves %s "+
		"(lead MAE %.2f against %.2f at %s): its parameters are worse than none there (fitted on %s)\n",
		strings.Join(bands, ", "), r.LeadMAE, r.TieLeadMAE, r.Band, compare.Plural(games, "game"))
}

// checkWrite checks, before a long fit, that the --write file path (if
// any) can be written, leaving it as it is (outfile.Check).
func checkWrite(path string) error {
	if path == "" {
		return nil
	}
	if err := outfile.Check(path); err != nil {
		return fmt.Errorf("--write: %w", err)
	}
	return nil
}

// writeModel prints the weights of one model of the judge.
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

// writeRefCV prints the cross-validated rows against a reference.
func writeRefCV(w io.Writer, rows []tune.RefRow) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "band\tpositions\tlead MAE ± s.e.\t(tie)\townership MSE\tsign agreement\twinner agreement\tresigned winners\t(games)\tcounted winners\tmargin MAE\t(games)\twin Brier\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%d\t%.2f ± %.2f\t%.2f\t%.3f\t%.3f\t%.3f\t%.3f\t%d\t%.3f\t%.2f\t%d\t%.3f\t\n", r.Band, r.Positions, r.LeadMAE, r.LeadMAESE, r.TieLeadMAE,
			r.OwnershipMSE, r.SignAgreement, r.WinnerAgreement, r.Resigned, r.ResignedGames, r.Counted, r.MarginMAE, r.CountedGames, r.Brier)
	}
	tw.Flush()
}
