package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"goeval/sgf"
)

// zeros is an endless reader of NUL bytes, as /dev/zero; it counts what
// was read.
type zeros struct{ read int64 }

func (z *zeros) Read(p []byte) (int, error) {
	clear(p)
	z.read += int64(len(p))
	return len(p), nil
}

// TestBinaryAndLargeInput checks what a person meets with input that is
// no record: binary data on standard input is refused at its first NUL,
// however much more there is (exit status 1, the place named), and a
// record over the --max-sgf-mb limit is refused with the flag named,
// from a file or standard input, by every command that reads records;
// raising the limit reads it.
func TestBinaryAndLargeInput(t *testing.T) {
	z := &zeros{}
	var out, errb bytes.Buffer
	if code := run([]string{"-"}, io.LimitReader(z, 1<<40), &out, &errb); code != 1 ||
		errb.String() != "goeval: <stdin>:1:1: sgf: not an SGF file: binary data (a NUL byte)\n" {
		t.Errorf("goeval - < /dev/zero: exit %d, %q", code, errb.String())
	}
	if z.read > 1<<20 {
		t.Errorf("goeval - < /dev/zero read %d bytes before it stopped", z.read)
	}

	// A record of 1,000,100 bytes: over 1 MB, under 2.
	rec := "(;GM[1]FF[4]SZ[9]C[" + strings.Repeat("x", 1_000_100-27) + "];B[ee])"
	if len(rec) != 1_000_100 {
		t.Fatalf("the record is %d bytes", len(rec))
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "big.sgf")
	if err := os.WriteFile(file, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	tooLarge := ": sgf: larger than 1 MB, the limit for an SGF file (--max-sgf-mb raises it)"
	for _, tt := range []struct {
		name  string
		args  []string
		stdin bool
		code  int
		want  string // in standard error
	}{
		{"eval, a file", []string{"--max-sgf-mb", "1", file}, false, 1, "goeval: " + file + tooLarge + "\n"},
		{"eval, standard input", []string{"-", "--max-sgf-mb", "1"}, true, 1, "goeval: <stdin>" + tooLarge + "\n"},
		{"rank", []string{"rank", "--max-sgf-mb", "1", file}, false, 1, "goeval: " + file + tooLarge + "\n"},
		{"values", []string{"values", "--max-sgf-mb", "1", file}, false, 1, "goeval: " + file + tooLarge + "\n"},
		{"compare", []string{"compare", "--estimators", "stones", "--max-sgf-mb", "1", file}, false, 1, file + tooLarge},
		{"predict", []string{"predict", "--max-sgf-mb", "1", file}, false, 1, file + tooLarge},
		{"miai", []string{"miai", "--max-sgf-mb", "1", file}, false, 1, "goeval: " + file + tooLarge + "\n"},
		{"the limit raised", []string{"--max-sgf-mb", "2", "--estimator", "stones", file}, false, 0, ""},
		{"no limit", []string{"--max-sgf-mb", "0", "--estimator", "stones", "-"}, true, 0, ""},
		// The default is 64 MB: a flag of an earlier run does not stay.
		{"the default", []string{"--estimator", "stones", file}, false, 0, ""},
		{"a bad limit", []string{"--max-sgf-mb", "-1", file}, false, 2, `invalid value "-1" for flag -max-sgf-mb: want a whole number of megabytes, 0 for no limit`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			in := io.Reader(strings.NewReader(""))
			if tt.stdin {
				in = strings.NewReader(rec)
			}
			code := run(tt.args, in, &out, &errb)
			if code != tt.code || !strings.Contains(errb.String(), tt.want) {
				t.Errorf("exit %d, want %d; standard error %q, want %q in it", code, tt.code, errb.String(), tt.want)
			}
		})
	}
	if sgf.MaxSize() != sgf.DefaultMaxSize {
		t.Errorf("the limit is left at %d", sgf.MaxSize())
	}
}
