package main

import (
	"fmt"
	"time"

	"goeval/control"
	"goeval/internal/cmdline"
	"goeval/internal/interrupt"
	"goeval/internal/words"
	"goeval/peer"
	"goeval/records"
)

func init() {
	register(&command{name: "label", args: "--peer NAME=COMMAND [flags] PATH...", summary: "label the final positions of game records with a GTP engine's dead stones", run: labelCommand})
}

func labelCommand(e *env, args []string) error {
	fs := newFlags(e, "label", help("label"))
	addMaxSGFFlag(fs)
	var peers peer.Specs
	fs.Var(&peers, "peer", "the GTP engine that judges, as NAME=COMMAND, e.g. gnugo=\"gnugo --mode gtp --chinese-rules --level 1\"")
	gamesFlag := fs.String("games", "counted", "which games to label: all, counted (a score or a draw) or uncounted (resigned, on time, ...)")
	workers := cmdline.AddWorkers(fs, "engines run at once (default: the number of CPUs)", cpuCount)
	timeout := cmdline.AddTimeout(fs, "timeout", 10*time.Minute, "longest wait for one answer of the engine")
	of := addOutputFlag(fs)
	paths, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(paths) == 0:
		return usagef("no game records given")
	case len(peers) != 1:
		return usagef("give one engine with --peer NAME=COMMAND")
	}
	if err := cmdline.Check(workers, timeout); err != nil {
		return err
	}
	games, err := records.ParseGames(*gamesFlag)
	if err != nil {
		return usagef("invalid --games %q (want all, counted or uncounted)", *gamesFlag)
	}
	files, ferrs, err := labelFiles(e, of, paths)
	if err != nil {
		return err
	}
	p := peers[0]
	ctx, stop := interruptContext()
	defer stop()
	lab, err := records.LabelFiles(ctx, records.LabelConfig{
		Games: games, Judge: p.Name, Workers: workers.N,
		Start: func() (records.Labeller, error) {
			// In a process group of its own, so that Ctrl-C reaches goeval
			// alone: cancelling ctx stops the engine.
			e, err := peer.StartEngine(p.Name, p.Argv, peer.Options{Timeout: timeout.D, OwnGroup: true, Context: ctx}, peer.MapNone, "final_status_list")
			if err != nil {
				return nil, err
			}
			return e, nil
		},
		Progress: func(done int, file string, r records.LabelResult, err error) {
			printSGFWarnings(e, file, r.Warnings)
			switch {
			case err != nil:
				printFileError(e, records.FileError{File: file, Err: err.Error()})
			case r.Label != nil:
				fmt.Fprintf(e.stderr, "goeval: %d/%d %s: %d dead, %s estimates %s\n", done, len(files), file, len(r.Label.Dead), p.Name, control.Margin(*r.Label.EngineResult, 1))
			}
		},
	}, files)
	if ctx.Err() != nil {
		return labelsInterrupted(e, of, lab, len(files))
	}
	if err != nil {
		return err
	}
	nskipped, why := lab.Skips()
	if nskipped > 0 {
		fmt.Fprintf(e.stderr, "goeval: %s skipped by --games %s: %s\n", words.Count(nskipped, "game record"), games, why)
	}
	if err := of.write(e, lab.WriteJSONL); err != nil {
		return err
	}
	if failed := len(ferrs) + lab.Failed; failed > 0 {
		return fmt.Errorf("%d of %d game records not labelled (%d could not be, listed above; %d skipped by --games)", failed+nskipped, len(files)+len(ferrs), failed, nskipped)
	}
	return nil
}

// labelFiles returns the records to label (recordFiles, once each) and
// those that cannot be read, which it prints; records sharing a base name,
// which is what a label is known by, are an error: they would make a
// labels file that compare and tune refuse.
func labelFiles(e *env, of *outputFlags, paths []string) ([]string, []records.FileError, error) {
	files, ferrs, err := recordFiles(e, paths, "label")
	if err != nil {
		return nil, nil, err
	}
	for _, fe := range ferrs {
		printFileError(e, fe)
	}
	if err := of.checkInputs(files...); err != nil {
		return nil, nil, err
	}
	files = uniqueFiles(e, files, "labelled")
	if clashes := records.LabelClashes(files); len(clashes) > 0 {
		for _, c := range clashes {
			fmt.Fprintf(e.stderr, "goeval: %s and %s have the same name, which is what a label is known by\n", c.Same, c.File)
		}
		return nil, nil, fmt.Errorf("game records share a name (listed above): rename them or label them apart; nothing labelled")
	}
	return files, ferrs, nil
}

// labelsInterrupted keeps the labels made before an interrupt, beside the
// -o file, never over it, and returns the interrupt's error.
func labelsInterrupted(e *env, of *outputFlags, lab *records.Labelling, files int) error {
	what := fmt.Sprintf("interrupted: %d of %d game records looked at", lab.Done, files)
	if made := lab.Made(); made > 0 {
		return of.writeInterrupted(e, what, words.Count(made, "label"), lab.WriteJSONL)
	}
	if of.toStdout() {
		return &interrupt.Error{Msg: what + ", no label made"}
	}
	return &interrupt.Error{Msg: fmt.Sprintf("%s, no label made; %s is as it was", what, of.output)}
}
