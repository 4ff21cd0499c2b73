package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"goeval/compare"
	"goeval/eval"
	"goeval/peer"
	"goeval/report"
	"goeval/sgf"
)

func init() {
	register(&command{name: "compare", args: "[flags] PATH...", summary: "compare estimators (and GTP engines) on game records", run: compareCommand})
}

const compareUsage = `goeval compare measures estimators on game records against the truth: the
final ownership of counted games and the winner of every game.

Usage:
  goeval compare [flags] PATH...

PATH is an SGF file or a folder, searched recursively for *.sgf files (a
file given twice, or in a folder given too, is compared once). Every
game is sampled at each move band (--moves), every estimator evaluates each
position, and the table shows per band: sign agreement and ownership MSE
against the final ownership, score MAE against the final area score (counted
games), winner accuracy (every game with a known winner), the Brier score of
the probability that Black wins for estimators that give one (the judge;
JSON and CSV add the log loss), and time per position. The "tie" row predicts
a tie (score = komi, control 0, a win probability of 1/2).

Final ownership comes from the labels file (--labels; a folder given as PATH
that holds final-ownership.jsonl supplies it when --labels is not given),
else from TB[]/TW[] markup in the last node, else from goeval's own
judgement (Benson's algorithm and the --judge estimator on the final
position; see 'go doc goeval/compare').

--reference FILE also measures every estimator and peer against a stronger
program's evaluation of the same positions (JSON Lines as in
../shared/data/games/dev/kata-reference.jsonl: file, game, move, komi, lead,
winrate, ownership): lead MAE (the score minus komi against the reference's
lead, with its standard error), ownership MSE and sign agreement on the
points where the reference is surer than 0.5, and winner agreement with the
sign of its lead. The reference itself is a row ("reference"), measured
against the truth like the others. Sampled positions the file lacks are
listed on standard error (and in JSON, "reference_missing").

Files that cannot be read or replayed are listed on standard error and the
run goes on; the exit status is then 1.

An interrupt (Ctrl-C, or SIGTERM) stops the run and the peers' engines:
the tables of the work finished are written, marked as interrupted. With
-o FILE, FILE is left as it was and they go to a new file beside it,
FILE.partial-NUMBER, which the message names. The exit status is then 130
(143 for SIGTERM).

--format html -o report.html writes one self-contained page: the summary,
a chart of each metric against the move band with a line per estimator and
peer (drawn with gonum/plot, as inline SVG), and the tables.
`

// peerFlag collects --peer NAME=COMMAND flags.
type peerFlag []peerSpec

type peerSpec struct {
	name string
	argv []string
}

func (p *peerFlag) String() string { return "" }

func (p *peerFlag) Set(v string) error {
	name, cmd, ok := strings.Cut(v, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.TrimSpace(cmd) == "" {
		return fmt.Errorf("want NAME=COMMAND, as in gnugo=\"gnugo --mode gtp --level 1\"")
	}
	argv, err := peer.SplitCommand(cmd)
	if err != nil {
		return err
	}
	*p = append(*p, peerSpec{name, argv})
	return nil
}

func compareCommand(e *env, args []string) error {
	fs := newFlags(e, "compare", compareUsage)
	addMaxSGFFlag(fs)
	estimators := fs.String("estimators", "", "comma-separated estimators to compare (default: all: "+strings.Join(eval.Names(), ",")+"; net only with a network)")
	nf := addNetFlags(fs)
	moves := fs.String("moves", "50,100,150,200,end-20", "move bands: move numbers and end-K (K moves before the end)")
	labels := fs.String("labels", "", "labels file of final ownership (JSON Lines; \"none\" to use none)")
	reference := fs.String("reference", "", "reference evaluations of the positions (JSON Lines, as kata-reference.jsonl) to measure against as well")
	var peers peerFlag
	fs.Var(&peers, "peer", "a GTP engine to compare, as NAME=COMMAND (repeatable), e.g. gnugo=\"gnugo --mode gtp --chinese-rules --level 1\"")
	workers := addWorkersFlag(fs, "number of workers, and of engines per peer (default: the number of CPUs)", cpuCount)
	format := addFormatFlag(fs, "output format: text, csv, json or html (a page with the tables and charts of every metric against the move band; see -o)", "csv", "json", "html")
	of := addOutputFlag(fs)
	judge := fs.String("judge", defaultJudge(), "estimator of the final-position judgement for counted games without labels or markup (\"none\": Benson's algorithm alone)")
	check := fs.Bool("check-judgement", false, "also judge every labelled game's final position as if it had no label, and report the agreement with the labels")
	noTimings := fs.Bool("no-timings", false, "leave the time per position out (\"-\" in text, empty in CSV, null in JSON), so that the output of two runs can be compared with diff")
	paths, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return usagef("no SGF file or folder given")
	}
	if err := format.check(); err != nil {
		return err
	}
	if err := workers.check(); err != nil {
		return err
	}
	bands, err := compare.ParseBands(*moves)
	if err != nil {
		return usagef("invalid --moves %q: %v", *moves, err)
	}
	cfg := compare.Config{Bands: bands, Workers: workers.n, CheckJudgement: *check}

	if _, err := nf.load(); err != nil {
		return err
	}
	names := usableNames()
	if *estimators != "" {
		names = nil
		for _, n := range strings.Split(*estimators, ",") {
			n = strings.TrimSpace(n)
			if _, err := eval.Lookup(n); err != nil {
				return usagef("invalid --estimators: %q (want some of %s)", n, strings.Join(eval.Names(), ", "))
			}
			names = append(names, n)
		}
	}
	for _, n := range names {
		f, err := factoryOf(n, nil)
		if err != nil {
			return err
		}
		cfg.Estimators = append(cfg.Estimators, compare.Estimator{Name: n, New: f})
	}
	taken := map[string]bool{compare.TieName: true}
	for _, n := range names {
		if taken[n] {
			return usagef("invalid --estimators: %s given twice", n)
		}
		taken[n] = true
	}
	if *reference != "" {
		if taken[compare.ReferenceName] {
			return usagef("invalid --estimators: %q is the reference's row with --reference", compare.ReferenceName)
		}
		taken[compare.ReferenceName] = true
	}
	ctx, stop := interruptContext()
	defer stop()
	for _, p := range peers {
		if taken[p.name] {
			return usagef("invalid --peer %s: the name is taken (estimators and the tie baseline have names too)", p.name)
		}
		taken[p.name] = true
		cfg.Peers = append(cfg.Peers, gtpPeer(ctx, p.name, p.argv, e.stderr))
	}

	switch *judge {
	case "none":
	default:
		f, err := eval.Factory(*judge, nil)
		if err != nil {
			return usagef("invalid --judge %q (want none, %s)", *judge, strings.Join(eval.Names(), ", "))
		}
		cfg.Judge = f
	}

	if cfg.Labels, err = findLabels(e, *labels, paths); err != nil {
		return err
	}
	if *reference != "" {
		if cfg.Reference, err = compare.ReadReference(*reference); err != nil {
			return err
		}
	}

	files, ferrs, err := recordFiles(e, paths, "compare")
	if err != nil {
		return err
	}
	inputs := append([]string{*reference}, files...)
	if *labels != "none" {
		inputs = append(inputs, *labels)
	}
	if err := of.checkInputs(inputs...); err != nil {
		return err
	}
	files = uniqueFiles(e, files, "compared")
	bar := newProgressBar(e)
	cfg.Progress = bar.progress()
	rep, err := compare.Run(ctx, cfg, files)
	bar.clear()
	if err != nil && rep == nil && ctx.Err() != nil {
		// Interrupted before any work, while the peers were started.
		return &interruptedError{"interrupted before the comparison began: nothing written"}
	}
	if err != nil && (rep == nil || ctx.Err() == nil) {
		return err
	}
	if *noTimings {
		for i := range rep.Rows {
			rep.Rows[i].MicrosPerPosition = nil
		}
	}
	rep.Errors = append(ferrs, rep.Errors...)
	if format.v != "json" {
		for _, w := range rep.Warnings {
			printWarning(e, w)
		}
	}
	for _, fe := range rep.Errors {
		printFileError(e, fe)
	}
	for _, m := range rep.RefMissing {
		fmt.Fprintf(e.stderr, "goeval: %s: no reference evaluation of move %d in %s\n", m.Game, m.Move, rep.Reference)
	}
	if rep.Truth.Judgement > 0 && format.v == "text" {
		by := "Benson's algorithm alone"
		if cfg.Judge != nil {
			by = "Benson's algorithm and " + *judge
		}
		fmt.Fprintf(e.stderr, "goeval: %d counted games had no labels or markup: their final ownership was judged by %s\n", rep.Truth.Judgement, by)
	}
	if rep.Interrupted == "" && rep.GamesRead == 0 {
		// A table of no game would say nothing, and replace what -o
		// names.
		return fmt.Errorf("no game could be read from %s (listed above): nothing to compare, no output written", compare.Plural(len(files)+len(ferrs), "file"))
	}
	draw := func(w io.Writer) error {
		switch format.v {
		case "json":
			return rep.WriteJSON(w)
		case "csv":
			return rep.WriteCSV(w)
		case "html":
			return report.WriteHTML(w, rep, report.Options{Command: commandLine("goeval compare", args)})
		}
		return rep.WriteText(w)
	}
	if rep.Interrupted != "" {
		// The tables of what was finished are written, marked, never
		// over the -o file; the exit status says that the run did not end
		// by itself.
		return of.writeInterrupted(e, rep.Interrupted, "the output, which covers only the work finished,", draw)
	}
	if err := of.write(e, draw); err != nil {
		return err
	}
	if n := len(rep.Errors); n > 0 {
		return fmt.Errorf("%s (listed above): some input could not be used or evaluated", compare.Plural(n, "error"))
	}
	return nil
}

// commandLine quotes a command line for people, with arguments that hold
// spaces or quotes in double quotes.
func commandLine(name string, args []string) string {
	parts := []string{name}
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\"'\\$") {
			a = strconv.Quote(a)
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}

// recordFiles expands PATH arguments into game records (compare.Files).
// When there are none it prints why and fails, saying what it had to do.
func recordFiles(e *env, paths []string, what string) ([]string, []compare.FileError, error) {
	if err := checkPaths(paths); err != nil {
		return nil, nil, err
	}
	files, ferrs := compare.Files(paths)
	if len(files) == 0 {
		for _, fe := range ferrs {
			printFileError(e, fe)
		}
		return nil, nil, fmt.Errorf("no game records to %s", what)
	}
	return files, ferrs, nil
}

// uniqueFiles drops the later names of a game record given more than once
// (compare.Unique), saying on standard error that it is done once
// (compared, labelled, ...).
func uniqueFiles(e *env, files []string, done string) []string {
	files, dups := compare.Unique(files)
	for _, d := range dups {
		if d.File == d.Same {
			fmt.Fprintf(e.stderr, "goeval: %s given more than once: %s once\n", d.File, done)
		} else {
			fmt.Fprintf(e.stderr, "goeval: %s is %s, given before: %s once\n", d.File, d.Same, done)
		}
	}
	return files
}

// checkPaths refuses, as a usage error, the PATH arguments that name no
// file or folder: an empty one, and "-", standard input, which the commands
// that read many records (by path, in parallel) do not read.
func checkPaths(paths []string) error {
	for i, p := range paths {
		switch p {
		case "":
			return usagef("PATH argument %d is empty (want an SGF file or folder)", i+1)
		case "-":
			return usagef("PATH -: reading game records from standard input is not supported (give SGF files or folders)")
		}
	}
	return nil
}

// printFileError prints an error about a file once with its name (most
// errors from the sgf package already start with it).
func printFileError(e *env, fe compare.FileError) {
	fmt.Fprintf(e.stderr, "goeval: %s\n", fileMessage(fe, false))
}

// printWarning prints a warning about a file (most warnings, those of
// package sgf, already start with its name and say "warning") as
// printFileError prints an error.
func printWarning(e *env, w compare.FileError) {
	fmt.Fprintf(e.stderr, "goeval: %s\n", fileMessage(w, true))
}

// fileMessage is fe as printFileError and printWarning print it, naming
// the file once. fe.File names a game of a collection as "FILE (game K)";
// a message that already starts with FILE and its location
// ("FILE:2:38: ...", as package sgf's do) keeps them in front and names
// the game after them: "FILE:2:38: game K: ...". A warning that does not
// say so itself is marked "warning:".
func fileMessage(fe compare.FileError, warning bool) string {
	file, game := fe.File, ""
	if i := strings.LastIndex(file, " (game "); i >= 0 && strings.HasSuffix(file, ")") {
		file, game = file[:i], file[i+len(" (game "):len(file)-1]
	}
	rest, ok := strings.CutPrefix(fe.Err, file+":")
	if !ok {
		if warning {
			return fmt.Sprintf("%s: warning: %s", fe.File, fe.Err)
		}
		return fmt.Sprintf("%s: %s", fe.File, fe.Err)
	}
	if game == "" {
		return fe.Err
	}
	// The location: line and column, each followed by a colon.
	loc := len(rest) - len(strings.TrimLeft(rest, "0123456789:"))
	return fmt.Sprintf("%s:%s game %s:%s", file, rest[:loc], game, rest[loc:])
}

// printSGFWarnings prints the warnings of package sgf about file's game.
func printSGFWarnings(e *env, file string, ws []sgf.Warning) {
	for _, w := range ws {
		printWarning(e, compare.FileError{File: file, Err: w.String()})
	}
}

// defaultJudge is the estimator of the final-position judgement: the
// default estimator where it is registered, else none.
func defaultJudge() string {
	if _, err := eval.Lookup(defaultEstimator); err == nil {
		return defaultEstimator
	}
	return "none"
}

// findLabels reads the labels file named by the --labels flag; when the
// flag is empty it looks for final-ownership.jsonl in the folders given as
// paths (saying so on stderr); "none" means no labels. It returns nil when
// there are none.
func findLabels(e *env, flagValue string, paths []string) (*compare.Labels, error) {
	switch flagValue {
	case "none":
		return nil, nil
	case "":
		var found []string
		for _, p := range paths {
			l := filepath.Join(p, compare.LabelsFile)
			if st, err := os.Stat(p); err == nil && st.IsDir() {
				if _, err := os.Stat(l); err == nil {
					found = append(found, l)
				}
			}
		}
		if len(found) > 1 {
			return nil, usagef("several labels files (%s): choose one with --labels", strings.Join(found, ", "))
		}
		if len(found) == 0 {
			return nil, nil
		}
		fmt.Fprintf(e.stderr, "goeval: using the labels in %s (--labels chooses another, --labels none uses none)\n", found[0])
		flagValue = found[0]
	}
	return compare.ReadLabels(flagValue)
}
