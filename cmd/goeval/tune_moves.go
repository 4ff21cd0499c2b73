package main

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"goeval/compare"
	"goeval/eval"
	"goeval/internal/outfile"
	"goeval/movemodel"
	"goeval/tune"
)

const tuneMovesUsage = `goeval tune moves fits the move model (package movemodel) to game
records: the gammas of a generalized Bradley-Terry model of move choice,
by minorization-maximization (Coulom, "Computing Elo Ratings of Move
Patterns in the Game of Go", 2007). See docs/moves.md.

Usage:
  goeval tune moves [flags] PATH...

PATH is an SGF file (a collection of games is read whole) or a folder,
searched recursively for *.sgf files. One game in --validate-every is held
out: after each sweep of the fit, the log-likelihood of its moves and the
share the model ranks first are shown. Games with setup stones (handicap
games, problems) are skipped by design, since the move features need every
stone to have been played: their count and the first few are said, and
they do not change the exit status. Records that cannot be read or
replayed (an illegal move leaves out the whole game) are left out and
listed; the model is fitted on the others and the exit status is then 1.
--write FILE saves the model; the shipped one, movemodel/moves.params,
was written so (about 40 minutes on 2 cores, most of them the one-ply
evaluations of the gain feature, and 18 GB of memory; 10 minutes and 14 GB
without --gain):

  goeval tune moves --gain lambda-kappa --write movemodel/moves.params ../shared/data/games/train

An interrupt (Ctrl-C, or SIGTERM) during the fit stops it. The model of
the sweeps finished, not converged, is never written over --write FILE:
FILE is left as it was and the model goes to a new file beside it,
FILE.partial-NUMBER, which the message names; before the first sweep ends
nothing is written. The exit status is then 130 (143 for SIGTERM).

Never fit on the games you measure on (goeval predict): the dev set is for
measuring.
`

func tuneMovesCommand(e *env, args []string) error {
	fs := newFlags(e, "tune moves", tuneMovesUsage)
	addMaxSGFFlag(fs)
	games := addIntFlag(fs, "games", 0, 0, "fit on this many games only, spread over the records (0: all)")
	every := addIntFlag(fs, "every", tune.DefaultEvery, 1, "sample a training position every this many moves")
	validate := addIntFlag(fs, "validate-every", tune.DefaultValidateEvery, 2, "hold out one game in this many for validation")
	minPattern := addIntFlag(fs, "min-pattern", tune.DefaultMinPattern, 1, "keep the spatial patterns played at least this often")
	minShape := addIntFlag(fs, "min-shape", tune.DefaultMinShape, 1, "keep the 3x3 shapes seen at least this often among the candidates")
	gain := fs.String("gain", "", "estimator of the one-ply gain feature (\"\": none)")
	owner := fs.String("owner", "judge", "estimator of the owner feature (\"\": none)")
	sweeps := addIntFlag(fs, "sweeps", movemodel.DefaultIterations, 1, "most sweeps of the fit")
	tol := fs.Float64("tolerance", movemodel.DefaultTolerance, "stop when a sweep raises the mean log-likelihood by less than this")
	prior := fs.Float64("prior", movemodel.DefaultPrior, "virtual wins and losses of every feature value against a gamma of 1")
	without := fs.String("without", "", "comma-separated feature groups to leave out, to measure what they buy: "+groupNames())
	workers := addWorkersFlag(fs, "number of workers (default: the number of CPUs)", cpuCount)
	write := fs.String("write", "", "write the model to this parameter file")
	paths, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return usagef("no SGF file or folder given")
	}
	if err := checkFlags(games, every, validate, minPattern, minShape, sweeps, workers); err != nil {
		return err
	}
	if !(*prior > 0) {
		return usagef("invalid --prior %v (want more than 0)", *prior)
	}
	if !(*tol > 0) {
		// Fit would take 0 for its default.
		return usagef("invalid --tolerance %v (want more than 0)", *tol)
	}
	for flag, name := range map[string]string{"gain": *gain, "owner": *owner} {
		if name == "" {
			continue
		}
		if _, err := eval.Lookup(name); err != nil {
			return usagef("invalid --%s %q (want \"\" or one of %s)", flag, name, strings.Join(eval.Names(), ", "))
		}
	}
	var drop []movemodel.Group
	for _, name := range strings.Split(*without, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		g, ok := movemodel.ParseGroup(name)
		if !ok {
			return usagef("invalid --without %q (want some of %s)", name, groupNames())
		}
		drop = append(drop, g)
	}
	if err := checkWrite(*write); err != nil {
		return err
	}
	files, ferrs, err := recordFiles(e, paths, "fit on")
	if err != nil {
		return err
	}
	if err := checkNotInput("--write", *write, files...); err != nil {
		return err
	}
	for _, fe := range ferrs {
		printFileError(e, fe)
	}
	ctx, stop := interruptContext()
	defer stop()
	rep, err := tune.MovesRun(ctx, tune.MovesConfig{
		Files: files, Games: games.n, Every: every.n, ValidateEvery: validate.n, MinPattern: minPattern.n, MinShape: minShape.n,
		Gain: *gain, Owner: *owner, Workers: workers.n, Without: drop,
		Fit: movemodel.FitSettings{Iterations: sweeps.n, Tolerance: *tol, Prior: *prior},
		Log: func(s string) { fmt.Fprintf(e.stderr, "goeval: %s\n", s) },
	})
	if rep != nil {
		for _, u := range rep.Unreadable {
			fmt.Fprintf(e.stderr, "goeval: left out: %s\n", u)
		}
		if len(rep.Setup) > 0 {
			fmt.Fprintf(e.stderr, "goeval: skipped by design: %s with setup stones (the move model needs games played from an empty board): %s\n",
				compare.Plural(len(rep.Setup), "game"), firstFew(rep.Setup, 3))
		}
	}
	if err != nil {
		if ctx.Err() != nil {
			return &interruptedError{"interrupted before the fit finished a sweep: no model written"}
		}
		return err
	}
	w := e.stdout
	fmt.Fprintf(w, "%s.\n\n", strings.ToUpper(rep.Model.Notes[:1])+rep.Model.Notes[1:])
	writeGammas(w, rep.Model)
	var buf bytes.Buffer
	if err := rep.Model.Write(&buf); err != nil {
		return err
	}
	draw := func(w io.Writer) error { _, err := w.Write(buf.Bytes()); return err }
	if rep.Interrupted {
		// The model of the sweeps finished, beside the file, never over it.
		what := fmt.Sprintf("interrupted after %s: the model holds the gammas reached, not converged", compare.Plural(len(rep.Sweeps), "sweep"))
		if *write == "" {
			return &interruptedError{what}
		}
		name, err := outfile.WriteNew(*write, ".partial", draw)
		if err != nil {
			return fmt.Errorf("%s; it could not be kept: %w; %s is as it was", what, err, *write)
		}
		return &interruptedError{fmt.Sprintf("%s; it is kept in %s; %s is as it was", what, name, *write)}
	}
	if *write != "" {
		if err := outfile.Write(*write, draw); err != nil {
			return fmt.Errorf("--write: %w", err)
		}
		fmt.Fprintf(w, "\nModel written to %s (%d bytes).\n", filepath.Clean(*write), buf.Len())
	}
	if n := len(ferrs) + len(rep.Unreadable); n > 0 {
		return fmt.Errorf("%s could not be used (listed above): the model is fitted on the others", compare.Plural(n, "record"))
	}
	return nil
}

// writeGammas prints the gammas of the small groups, and a summary of the
// table groups'.
func writeGammas(w interface{ Write([]byte) (int, error) }, m *movemodel.Model) {
	fmt.Fprintln(w, "Gammas (a move's strength is the product of its features' gammas):")
	for g := range movemodel.NumGroups {
		gs := m.Gamma[g]
		switch {
		case len(gs) == 0:
			fmt.Fprintf(w, "  %-30s not used\n", g)
		case len(gs) > 20:
			s := append([]float64(nil), gs...)
			sort.Float64s(s)
			fmt.Fprintf(w, "  %-30s %d values: least %.3g, median %.3g, greatest %.3g\n", g, len(s), s[0], s[len(s)/2], s[len(s)-1])
		default:
			var parts []string
			for _, v := range gs {
				parts = append(parts, fmt.Sprintf("%.3g", v))
			}
			fmt.Fprintf(w, "  %-30s %s\n", g, strings.Join(parts, " "))
		}
	}
}

// firstFew joins the first n names, saying how many more there are.
func firstFew(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}

// groupNames lists the feature groups' short names.
func groupNames() string {
	var out []string
	for g := range movemodel.NumGroups {
		out = append(out, g.Short())
	}
	return strings.Join(out, ", ")
}
