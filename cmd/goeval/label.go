package main

import (
	"fmt"
	"time"

	"goeval/internal/words"
	"goeval/peer"
	"goeval/records"
)

func init() {
	register(&command{name: "label", args: "--peer NAME=COMMAND [flags] PATH...", summary: "label the final positions of game records with a GTP engine's dead stones", run: labelCommand})
}

const labelUsage = `goeval label asks a GTP engine which stones are dead in the final position of
each game record (its answer to "final_status_list dead") and writes the lines
of a labels file, the final ownership that 'goeval compare' and 'goeval tune'
take as the truth (--labels; the format of final-ownership.jsonl, see 'go doc
goeval/records.Label'): the dead stones, the ownership once they are removed
(each empty region the colour that alone borders it), the area score, and the
engine's own estimate of the result after komi ("engine_result", from
estimate_score or final_score).

Usage:
  goeval label --peer NAME=COMMAND [flags] PATH...

PATH is an SGF file or a folder, searched recursively for *.sgf files; the
first game of each file is labelled, at the end of its main line (a file
given twice, or in a folder given too, once). A label is known by its
file's name alone, so two files of one name in different folders are an
error, before anything is labelled. The dev
set's labels were made this way, by GnuGo 3.8 with Chinese rules, from the
counted games' final positions:

  goeval label --peer gnugo="gnugo --mode gtp --chinese-rules" --games counted -o final-ownership.jsonl games/

A resigned game's final position is not finished: its label is the engine's
verdict on the fights still open, not a count, so label only counted games
for compare and tune (--games counted).

A line per game is written to standard error as it is labelled, and one
that counts the games --games left out, by reason. Games that cannot be read
or replayed, whose record is cut short (the file ends before its game tree
is closed: the last position need not be the game's end), or that the
engine fails on, are listed there too, and the exit status is then 1. The
SGF reader's warnings are printed there as well.

The labels file (-o) is replaced only when every game has been looked at. An
interrupt (Ctrl-C, or SIGTERM) stops the engines, leaves the file as it was
and writes the labels made so far to a new file beside it,
FILE.partial-NUMBER, which the message names; the exit status is then 130
(143 for SIGTERM). Without -o they go to standard output.
`

func labelCommand(e *env, args []string) error {
	fs := newFlags(e, "label", labelUsage)
	addMaxSGFFlag(fs)
	var peers peerFlag
	fs.Var(&peers, "peer", "the GTP engine that judges, as NAME=COMMAND, e.g. gnugo=\"gnugo --mode gtp --chinese-rules --level 1\"")
	gamesFlag := fs.String("games", "counted", "which games to label: all, counted (a score or a draw) or uncounted (resigned, on time, ...)")
	workers := addWorkersFlag(fs, "engines run at once (default: the number of CPUs)", cpuCount)
	timeout := addTimeoutFlag(fs, "timeout", 10*time.Minute, "longest wait for one answer of the engine")
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
	if err := checkFlags(workers, timeout); err != nil {
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
		Games: games, Judge: p.name, Workers: workers.n,
		Start: func() (records.Labeller, error) {
			return startAs[records.Labeller](ctx, p, peer.Options{Timeout: timeout.d}, peer.MapNone, "final_status_list")
		},
		Progress: func(done int, file string, r records.LabelResult, err error) {
			printSGFWarnings(e, file, r.Warnings)
			switch {
			case err != nil:
				printFileError(e, records.FileError{File: file, Err: err.Error()})
			case r.Label != nil:
				fmt.Fprintf(e.stderr, "goeval: %d/%d %s: %d dead, %s estimates %s\n", done, len(files), file, len(r.Label.Dead), p.name, margin(*r.Label.EngineResult))
			}
		},
	}, files)
	if ctx.Err() != nil {
		// The games labelled so far are kept, beside the file, never
		// over it.
		what := fmt.Sprintf("interrupted: %d of %d game records looked at", lab.Done, len(files))
		if made := lab.Made(); made > 0 {
			return of.writeInterrupted(e, what, words.Count(made, "label"), lab.WriteJSONL)
		}
		if of.toStdout() {
			return &interruptedError{what + ", no label made"}
		}
		return &interruptedError{fmt.Sprintf("%s, no label made; %s is as it was", what, of.output)}
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
