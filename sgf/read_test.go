package sgf

import (
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// endless is a reader that never ends: its bytes are next(i) for the
// i-th byte; it counts what was read.
type endless struct {
	next func(i int64) byte
	read int64
}

func (r *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.next(r.read)
		r.read++
	}
	return len(p), nil
}

// prefixed is an endless reader whose first bytes are head.
func prefixed(head string, rest func(i int64) byte) *endless {
	return &endless{next: func(i int64) byte {
		if i < int64(len(head)) {
			return head[i]
		}
		return rest(i)
	}}
}

// TestReadStopsEarly checks that Read stops at the first NUL of input
// that is not UTF-16 and at the size limit, however much more the reader
// would yield: /dev/zero, /dev/urandom and endless text are refused after
// a bounded read, with an error naming the file and, for a NUL, where it
// is.
func TestReadStopsEarly(t *testing.T) {
	SetMaxSize(1_000_000, "--max-sgf-mb raises it")
	defer SetMaxSize(DefaultMaxSize, "")
	rng := rand.New(rand.NewPCG(1, 2))
	tests := []struct {
		name string
		r    *endless
		is   error
		want string
		// most is the most the reader may have been read: the bytes up to
		// the NUL or the limit, and one buffer more (which may have grown
		// to the size of what was read).
		most int64
	}{
		{"zeros", &endless{next: func(int64) byte { return 0 }}, ErrNotSGF,
			"x.sgf:1:1: sgf: not an SGF file: binary data (a NUL byte)", 1024},
		{"random bytes", &endless{next: func(int64) byte { return byte(rng.IntN(255)) + 1 }}, ErrTooLarge,
			"x.sgf: sgf: larger than 1 MB, the limit for an SGF file (--max-sgf-mb raises it)", 1_000_001},
		// A NUL after 100,000 bytes of a comment on its second line:
		// column 100,000 - 8 + 1 of line 2 ("(;GM[1]\n" is 8 bytes).
		{"NUL in a long comment", prefixed("(;GM[1]\nC[", func(i int64) byte {
			if i == 100_000 {
				return 0
			}
			return 'a'
		}), ErrNotSGF, "x.sgf:2:99993: sgf: not an SGF file: binary data (a NUL byte)", 300_000},
		{"endless comment", prefixed("(;GM[1]C[", func(int64) byte { return 'a' }), ErrTooLarge,
			"x.sgf: sgf: larger than 1 MB, the limit for an SGF file (--max-sgf-mb raises it)", 1_000_001},
		// UTF-16 has NULs; it is read to the limit.
		{"endless UTF-16", prefixed("\xff\xfe(\x00;\x00C\x00[\x00", func(i int64) byte { return "a\x00"[i%2] }), ErrTooLarge,
			"x.sgf: sgf: larger than 1 MB", 1_000_001},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read("x.sgf", tt.r)
			if !errors.Is(err, tt.is) || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("err = %v, want %v starting %q", err, tt.is, tt.want)
			}
			if tt.r.read > tt.most {
				t.Errorf("read %d bytes, want at most %d", tt.r.read, tt.most)
			}
		})
	}
}

// TestReadRandom checks that random bytes, as from /dev/urandom, are
// refused at their first NUL: in 64 KB of them there is one with
// near certainty (the chance of none is (255/256)^65536, about 1e-112).
func TestReadRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	r := &endless{next: func(int64) byte { return byte(rng.Uint32()) }}
	_, err := Read("random", r)
	if !errors.Is(err, ErrNotSGF) || !strings.Contains(err.Error(), "binary data (a NUL byte)") {
		t.Errorf("err = %v, want a NUL's ErrNotSGF", err)
	}
	if r.read > 1<<20 {
		t.Errorf("read %d bytes of random data", r.read)
	}
}

// TestReadLimit checks the limit on records that are whole: one just
// within it loads, one byte more does not, through ReadFile (which
// refuses a regular file by its size) and Read; with no limit both load.
func TestReadLimit(t *testing.T) {
	rec := "(;GM[1]FF[4]SZ[9]C[" + strings.Repeat("x", 981) + "];B[ee])"
	if len(rec) != 1008 {
		t.Fatalf("the record is %d bytes", len(rec))
	}
	file := filepath.Join(t.TempDir(), "r.sgf")
	if err := os.WriteFile(file, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	defer SetMaxSize(DefaultMaxSize, "")
	for _, tt := range []struct {
		name  string
		limit int64
		ok    bool
	}{
		{"at the limit", 1008, true},
		{"a byte over", 1007, false},
		{"no limit", 0, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			SetMaxSize(tt.limit, "")
			for how, read := range map[string]func() (*Collection, error){
				"ReadFile": func() (*Collection, error) { return ReadFile(file) },
				"Read":     func() (*Collection, error) { return Read(file, strings.NewReader(rec)) },
				"Read, a byte at a time": func() (*Collection, error) {
					return Read(file, io.LimitReader(oneByte{strings.NewReader(rec)}, 1<<20))
				},
			} {
				c, err := read()
				switch {
				case tt.ok && (err != nil || c.Games() != 1):
					t.Errorf("%s: %v", how, err)
				case !tt.ok && (!errors.Is(err, ErrTooLarge) || err.Error() != file+": sgf: larger than 1007 bytes, the limit for an SGF file"):
					t.Errorf("%s: err = %v, want ErrTooLarge", how, err)
				}
			}
		})
	}
}

// oneByte reads one byte at a time, as a slow pipe may.
type oneByte struct{ r io.Reader }

func (o oneByte) Read(p []byte) (int, error) { return o.r.Read(p[:min(len(p), 1)]) }
