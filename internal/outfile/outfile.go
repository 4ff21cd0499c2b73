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
	fi, statErr := os.Stat(path) // through links
	switch {
	case statErr == nil && fi.IsDir():
		return &fs.PathError{Op: "write", Path: path, Err: errors.New("is a directory")}
	case statErr == nil && !fi.Mode().IsRegular():
		return writeThrough(path, 0, draw)
	case errors.Is(statErr, fs.ErrNotExist):
		if li, err := os.Lstat(path); err == nil && li.Mode()&fs.ModeSymlink != 0 {
			// A link to nothing yet: create its target through it.
			return writeThrough(path, os.O_CREATE, draw)
		}
	}
	target, mode := path, NewFileMode
	if statErr == nil {
		mode = fi.Mode().Perm()
		if t, err := filepath.EvalSymlinks(path); err == nil {
			target = t
		}
	}
	f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*")
	if err != nil {
		return whyNot(path, filepath.Dir(target), statErr == nil, err)
	}
	err = writeAll(f, draw)
	if err == nil {
		err = os.Chmod(f.Name(), mode)
	}
	if err == nil {
		err = os.Rename(f.Name(), target)
	}
	if err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
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
