package records

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"goeval/board"
	"goeval/movemodel"
)

// FileError is an error (or warning) about one input file or game.
type FileError struct {
	File string `json:"file"`
	Err  string `json:"error"`
}

// Message returns the error for people, naming the file once. fe.File names
// a game of a collection as "FILE (game K)"; a message that already
// starts with FILE and its location ("FILE:2:38: ...", as package sgf's
// do) keeps them in front and names the game after them: "FILE:2:38:
// game K: ...".
func (fe FileError) Message() string { return fe.message(false) }

// Warning returns fe as Message does, as a warning: one that does not say
// so itself is marked "warning:".
func (fe FileError) Warning() string { return fe.message(true) }

// Messages returns for people the warnings (Warning) and then the
// errors (Message), one line each.
func Messages(warnings, errs []FileError) []string {
	var out []string
	for _, w := range warnings {
		out = append(out, w.Warning())
	}
	for _, fe := range errs {
		out = append(out, fe.Message())
	}
	return out
}

func (fe FileError) message(warning bool) string {
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

// Position is one sampled position of a game record, as an engine or a
// move ranker sees it.
type Position struct {
	// File is the game record's path and Game the game's place in it
	// (from 1).
	File string
	Game int
	// Serial tells games apart: positions of one game share it.
	Serial int
	// Size and Komi are the game's.
	Size int
	Komi float64
	// Move is the number of moves played.
	Move int
	// Board is the position.
	Board *board.Board
	// Moves holds the first Move moves of the main line, or is nil when
	// the game has setup stones (AB, AW, AE): then only Board tells the
	// position.
	Moves []board.Move
	// Last and Last2 are the previous move's point and the one before
	// (movemodel.LastMoves): board.Pass for a pass, NoMove where there
	// was none. Next is the move the record plays next, the answer a
	// move ranker is measured by. Package predict fills the three;
	// package compare, whose engines do not look at them, sets them to
	// NoMove.
	Last, Last2, Next board.Point
}

// NoMove stands for a move that does not exist, in Position.Last, Last2
// and Next (movemodel.NoMove).
const NoMove = movemodel.NoMove

// Files expands paths into game records: a file is taken as it is, a
// folder is walked recursively for files ending in .sgf (in any case), in
// lexical order. Paths that cannot be read are returned as errors.
func Files(paths []string) ([]string, []FileError) {
	var out []string
	var errs []FileError
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			errs = append(errs, FileError{p, err.Error()})
			continue
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		found := 0
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				errs = append(errs, FileError{path, err.Error()})
				return nil
			}
			if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".sgf") {
				out = append(out, path)
				found++
			}
			return nil
		})
		if err != nil {
			errs = append(errs, FileError{p, err.Error()})
		} else if found == 0 {
			errs = append(errs, FileError{p, "no .sgf files in this folder"})
		}
	}
	return out, errs
}

// Duplicate is a game record given more than once: File is the later
// name, dropped, and Same the one kept.
type Duplicate struct {
	File, Same string
}

// Unique returns files without the later names of a file already in it
// (the same cleaned absolute path: "good.sgf" and "./good.sgf", or a
// folder's file given again by itself), and the names dropped.
func Unique(files []string) ([]string, []Duplicate) {
	var out []string
	var dups []Duplicate
	seen := map[string]string{}
	for _, f := range files {
		key, err := filepath.Abs(f)
		if err != nil {
			key = filepath.Clean(f)
		}
		if first, ok := seen[key]; ok {
			dups = append(dups, Duplicate{File: f, Same: first})
			continue
		}
		seen[key] = f
		out = append(out, f)
	}
	return out, dups
}

// LabelsIn returns the labels files (LabelsFile) in the folders among
// paths, in their order: those a data set keeps beside its records.
func LabelsIn(paths []string) []string {
	var found []string
	for _, p := range paths {
		l := filepath.Join(p, LabelsFile)
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			if _, err := os.Stat(l); err == nil {
				found = append(found, l)
			}
		}
	}
	return found
}
