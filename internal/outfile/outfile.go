package outfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// NewFileMode is the permission of a file Write creates where there was
// none.
const NewFileMode fs.FileMode = 0o644

// Write writes what draw writes to the file at path, as the package
// documentation says. If draw fails, a regular file at path is left as it
// was and draw's error is returned.
func Write(path string, draw func(w io.Writer) error) error {
	pl, err := planFor(path)
	if err != nil {
		return err
	}
	if pl.through {
		return writeThrough(path, pl.flag, draw)
	}
	f, err := os.CreateTemp(filepath.Dir(pl.target), "."+filepath.Base(pl.target)+".*")
	if err != nil {
		return whyNot(path, filepath.Dir(pl.target), pl.exists, err)
	}
	err = writeAll(f, draw)
	if err == nil {
		err = os.Chmod(f.Name(), pl.mode)
	}
	if err == nil {
		err = os.Rename(f.Name(), pl.target)
	}
	if err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// Check reports the error Write would meet before it runs draw, such as
// a path in a folder that does not exist or may not be written, or a
// directory, so that a command can refuse at once a path it would
// otherwise fail to write only after a long computation. It leaves the
// path as it is: it neither creates nor truncates the file (it creates and
// removes a file of Write's temporary name beside it, as Write would).
// What Write writes through, such as a named pipe or a link to nothing
// yet, is not tried.
func Check(path string) error {
	pl, err := planFor(path)
	if err != nil || pl.through {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(pl.target), "."+filepath.Base(pl.target)+".*")
	if err != nil {
		return whyNot(path, filepath.Dir(pl.target), pl.exists, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// plan is how Write writes a path: through it, opened with the extra
// flag, or by renaming a new file over target, with the permission mode.
type plan struct {
	through bool
	flag    int
	target  string
	mode    fs.FileMode
	exists  bool
}

// planFor decides how Write writes path, as the package documentation
// says.
func planFor(path string) (plan, error) {
	fi, statErr := os.Stat(path) // through links
	switch {
	case statErr == nil && fi.IsDir():
		return plan{}, &fs.PathError{Op: "write", Path: path, Err: errors.New("is a directory")}
	case statErr == nil && !fi.Mode().IsRegular():
		return plan{through: true}, nil
	case errors.Is(statErr, fs.ErrNotExist):
		if li, err := os.Lstat(path); err == nil && li.Mode()&fs.ModeSymlink != 0 {
			// A link to nothing yet: create its target through it.
			return plan{through: true, flag: os.O_CREATE}, nil
		}
	}
	pl := plan{target: path, mode: NewFileMode, exists: statErr == nil}
	if statErr == nil {
		pl.mode = fi.Mode().Perm()
		if t, err := filepath.EvalSymlinks(path); err == nil {
			pl.target = t
		}
	}
	return pl, nil
}

// WriteNew writes what draw writes to a new file beside path, named
// path+suffix+"-" and a random number, never replacing anything, and
// returns its name. On failure no file is left.
func WriteNew(path, suffix string, draw func(w io.Writer) error) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+suffix+"-*")
	if err != nil {
		return "", err
	}
	err = writeAll(f, draw)
	if err == nil {
		err = os.Chmod(f.Name(), NewFileMode)
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// writeAll runs draw on f through a buffer and closes f.
func writeAll(f *os.File, draw func(w io.Writer) error) error {
	bw := bufio.NewWriter(f)
	err := draw(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// writeThrough opens path for writing with the extra flags and writes to
// it in place.
func writeThrough(path string, flag int, draw func(w io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|flag, NewFileMode)
	if err != nil {
		return err
	}
	return writeAll(f, draw)
}

// whyNot explains why no file could be made in dir to replace path: if
// path exists and cannot be opened for writing, that is the reason (the
// probe writes nothing); else the directory's.
func whyNot(path, dir string, exists bool, err error) error {
	if exists {
		f, oerr := os.OpenFile(path, os.O_WRONLY, 0)
		if oerr != nil {
			return oerr
		}
		f.Close()
		return fmt.Errorf("%s: cannot create a file in %s to replace it whole: %w", path, dir, errors.Unwrap(err))
	}
	return &fs.PathError{Op: "create", Path: path, Err: errors.Unwrap(err)}
}

// Same reports whether paths a and b name the same file: the same cleaned
// absolute path, or, when both exist, the same file by os.SameFile (a
// link and its target, hard links). A command asked to write over one of
// its inputs uses it to refuse.
func Same(a, b string) bool {
	aa, errA := filepath.Abs(a)
	bb, errB := filepath.Abs(b)
	if errA == nil && errB == nil && aa == bb {
		return true
	}
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

// Input returns the first of inputs that out names (Same), for a command
// that refuses to write over its input, and whether there is one. Empty
// names and "-" (standard input or output) are no files: they name none.
func Input(out string, inputs ...string) (string, bool) {
	if out == "" || out == "-" {
		return "", false
	}
	for _, in := range inputs {
		if in != "" && in != "-" && Same(out, in) {
			return in, true
		}
	}
	return "", false
}
