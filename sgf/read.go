package sgf

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
)

// DefaultMaxSize is the largest input, in bytes, that ReadFile, Load and
// Read read unless SetMaxSize says otherwise: 64 MB, eight times the
// largest collection of the training set (8 MB, 1,500 games), which takes
// about 200 MB to read.
const DefaultMaxSize = 64_000_000

// ErrTooLarge reports input larger than the limit (SetMaxSize).
var ErrTooLarge = errors.New("sgf: input too large")

// limit is the size limit of ReadFile, Load and Read, and how a person
// may raise it.
var limit = struct {
	sync.Mutex
	bytes int64
	how   string
}{bytes: DefaultMaxSize}

// SetMaxSize sets the largest input, in bytes, that ReadFile, Load and
// Read read (0 or less: no limit); how says how a person may raise it,
// for the error ("--max-sgf-mb raises it"), or is empty. It holds for the
// whole program: set it before reading.
func SetMaxSize(bytes int64, how string) {
	limit.Lock()
	defer limit.Unlock()
	limit.bytes, limit.how = bytes, how
}

// MaxSize returns the largest input that ReadFile, Load and Read read, in
// bytes; 0 means no limit.
func MaxSize() int64 {
	limit.Lock()
	defer limit.Unlock()
	return max(limit.bytes, 0)
}

// TooLargeError is input larger than the limit: it matches ErrTooLarge.
type TooLargeError struct {
	File  string
	Limit int64  // bytes
	How   string // how to raise the limit, or ""
}

func (e *TooLargeError) Error() string {
	size := fmt.Sprintf("%d bytes", e.Limit)
	if e.Limit%1_000_000 == 0 {
		size = fmt.Sprintf("%d MB", e.Limit/1_000_000)
	}
	msg := fmt.Sprintf("%s: sgf: larger than %s, the limit for an SGF file", e.File, size)
	if e.How != "" {
		msg += " (" + e.How + ")"
	}
	return msg
}

// Unwrap returns ErrTooLarge.
func (e *TooLargeError) Unwrap() error { return ErrTooLarge }

func tooLarge(name string) error {
	limit.Lock()
	defer limit.Unlock()
	return &TooLargeError{File: name, Limit: limit.bytes, How: limit.how}
}

// ReadFile reads and parses the SGF file at path, as Read does; a regular
// file larger than the limit is refused before it is read.
func ReadFile(path string) (*Collection, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// readFile is ReadData of the file at path.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return nil, &os.PathError{Op: "read", Path: path, Err: errors.New("is a directory")}
	}
	if n := MaxSize(); n > 0 && fi.Mode().IsRegular() && fi.Size() > n {
		return nil, tooLarge(path)
	}
	return ReadData(path, f)
}

// Read reads SGF input from r to its end and parses it; name is used in
// messages. Input larger than the limit (SetMaxSize) is an error matching
// ErrTooLarge, and binary input (a NUL byte in input that is not UTF-16)
// one matching ErrNotSGF that names the line and column of the NUL: in
// both cases reading stops there, so that neither /dev/zero nor a stream
// of gigabytes is read whole.
func Read(name string, r io.Reader) (*Collection, error) {
	data, err := ReadData(name, r)
	if err != nil {
		return nil, err
	}
	return Parse(name, data)
}

// ReadData reads r to its end as Read does, without parsing: for input
// that may be SGF or something else (goeval miai's notation).
func ReadData(name string, r io.Reader) ([]byte, error) {
	n := MaxSize()
	if n > 0 {
		r = io.LimitReader(r, n+1)
	}
	data := make([]byte, 0, 512)
	checked := 0         // bytes looked at for a NUL
	binaryCheck := false // whether the input is known not to be UTF-16
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // let append grow it
		}
		k, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+k]
		if !binaryCheck && (len(data) >= 4 || err != nil) {
			binaryCheck = utf16Encoding(data) == nil
		}
		if binaryCheck {
			if i := bytes.IndexByte(data[checked:], 0); i >= 0 {
				// Parse names where the NUL is.
				if _, perr := Parse(name, data[:checked+i+1]); perr != nil {
					return nil, perr
				}
				return nil, fmt.Errorf("%s: %w: binary data (a NUL byte)", name, ErrNotSGF)
			}
			checked = len(data)
		}
		if n > 0 && int64(len(data)) > n {
			return nil, tooLarge(name)
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
