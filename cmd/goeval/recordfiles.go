package main

import (
	"flag"
	"fmt"
	"strings"

	"goeval/records"
	"goeval/sgf"
)

// The game-record arguments and messages of the commands that read many
// records: compare, label, predict and tune.

// recordFiles expands PATH arguments into game records (records.Files).
// When there are none it prints why and fails, saying what it had to do.
func recordFiles(e *env, paths []string, what string) ([]string, []records.FileError, error) {
	if err := checkPaths(paths); err != nil {
		return nil, nil, err
	}
	files, ferrs := records.Files(paths)
	if len(files) == 0 {
		for _, fe := range ferrs {
			printFileError(e, fe)
		}
		return nil, nil, fmt.Errorf("no game records to %s", what)
	}
	return files, ferrs, nil
}

// uniqueFiles drops the later names of a game record given more than once
// (records.Unique), saying on standard error that it is done once
// (compared, labelled, ...).
func uniqueFiles(e *env, files []string, done string) []string {
	files, dups := records.Unique(files)
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

// printFileError prints an error about a file once with its name
// (records.FileError.Message).
func printFileError(e *env, fe records.FileError) {
	fmt.Fprintf(e.stderr, "goeval: %s\n", fe.Message())
}

// printWarning prints a warning about a file (records.FileError.Warning).
func printWarning(e *env, w records.FileError) {
	fmt.Fprintf(e.stderr, "goeval: %s\n", w.Warning())
}

// printSGFWarnings prints the warnings of package sgf about file's game.
func printSGFWarnings(e *env, file string, ws []sgf.Warning) {
	for _, w := range ws {
		printWarning(e, records.FileError{File: file, Err: w.String()})
	}
}

// findLabels reads the labels file named by the --labels flag; when the
// flag is empty it looks for final-ownership.jsonl in the folders given as
// paths (saying so on stderr); "none" means no labels. It returns nil when
// there are none.
func findLabels(e *env, flagValue string, paths []string) (*records.Labels, error) {
	switch flagValue {
	case "none":
		return nil, nil
	case "":
		found := records.LabelsIn(paths)
		if len(found) > 1 {
			return nil, usagef("several labels files (%s): choose one with --labels", strings.Join(found, ", "))
		}
		if len(found) == 0 {
			return nil, nil
		}
		fmt.Fprintf(e.stderr, "goeval: using the labels in %s (--labels chooses another, --labels none uses none)\n", found[0])
		flagValue = found[0]
	}
	return records.ReadLabels(flagValue)
}

// bandsFlag is --moves, the move bands at which games are sampled
// (records.ParseBands), records.DefaultBands by default.
type bandsFlag struct {
	s     string
	bands []records.Band
}

func addBandsFlag(fs *flag.FlagSet, usage string) *bandsFlag {
	b := &bandsFlag{}
	var def []string
	for _, band := range records.DefaultBands {
		def = append(def, band.String())
	}
	fs.StringVar(&b.s, "moves", strings.Join(def, ","), usage)
	return b
}

// Check reads the bands: invalid --moves "x": why.
func (b *bandsFlag) Check() error {
	var err error
	if b.bands, err = records.ParseBands(b.s); err != nil {
		return usagef("invalid --moves %q: %v", b.s, err)
	}
	return nil
}
