package outfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func text(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// entries lists the names in dir, to show that nothing is left behind.
func entries(t *testing.T, dir string) string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return strings.Join(names, " ")
}

func TestRegularFiles(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	if err := Write(p, text("new")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(p); read(t, p) != "new" || fi.Mode() != NewFileMode {
		t.Errorf("new file: %q, mode %v", read(t, p), fi.Mode())
	}
	// An existing file keeps its mode.
	if err := os.Chmod(p, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(p, text("again")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(p); read(t, p) != "again" || fi.Mode() != 0o600 {
		t.Errorf("rewritten file: %q, mode %v, want 0600", read(t, p), fi.Mode())
	}
	// A failed draw leaves the file as it was, and nothing beside it.
	boom := errors.New("boom")
	err := Write(p, func(w io.Writer) error { io.WriteString(w, "part"); return boom })
	if !errors.Is(err, boom) || read(t, p) != "again" || entries(t, dir) != "out.txt" {
		t.Errorf("failed draw: %v, file %q, dir %q", err, read(t, p), entries(t, dir))
	}
}

func TestSymlinks(t *testing.T) {
	dir := t.TempDir()
	target, link := filepath.Join(dir, "target.txt"), filepath.Join(dir, "link.txt")
	if err := os.WriteFile(target, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("target.txt", link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, text("through")); err != nil {
		t.Fatal(err)
	}
	li, _ := os.Lstat(link)
	ti, _ := os.Stat(target)
	if li.Mode()&fs.ModeSymlink == 0 || read(t, target) != "through" || ti.Mode() != 0o640 {
		t.Errorf("link mode %v, target %q mode %v: want the link kept and the target written, mode 0640", li.Mode(), read(t, target), ti.Mode())
	}
	// A link to nothing yet creates its target.
	dangling := filepath.Join(dir, "dangling.txt")
	if err := os.Symlink("made.txt", dangling); err != nil {
		t.Fatal(err)
	}
	if err := Write(dangling, text("made")); err != nil {
		t.Fatal(err)
	}
	if li, _ := os.Lstat(dangling); li.Mode()&fs.ModeSymlink == 0 || read(t, filepath.Join(dir, "made.txt")) != "made" {
		t.Errorf("dangling link: mode %v, entries %q", li.Mode(), entries(t, dir))
	}
}

// TestFIFO writes to a named pipe: the output goes through it to the
// reader, and the pipe stays a pipe.
func TestFIFO(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(p)
		if err != nil {
			got <- err.Error()
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- string(b)
	}()
	if err := Write(p, text("through the pipe")); err != nil {
		t.Fatal(err)
	}
	// Had the pipe been replaced, its reader would wait for ever: look
	// before waiting for it.
	if fi, err := os.Lstat(p); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 || entries(t, dir) != "pipe" {
		t.Fatalf("after writing: %v %v, dir %q: want the pipe alone", fi.Mode(), err, entries(t, dir))
	}
	if s := <-got; s != "through the pipe" {
		t.Errorf("the reader got %q", s)
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path string
		want       string
	}{
		{"a directory", dir, dir + ": is a directory"},
		{"no such directory", filepath.Join(dir, "none", "out.txt"), "create " + filepath.Join(dir, "none", "out.txt") + ": no such file or directory"},
		{"a file for a directory", filepath.Join(file, "out.txt"), "create " + filepath.Join(file, "out.txt") + ": not a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Write(tt.path, text("x"))
			if err == nil || err.Error() != tt.want && !strings.HasSuffix(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
	// A file that may not be written, in a folder where nothing may be
	// created: the reason is the file's, not the folder's.
	if os.Geteuid() == 0 {
		t.Skip("root may write anything: the permission case needs another user")
	}
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o755); err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(ro, "locked")
	if err := os.WriteFile(locked, []byte("keep"), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(ro, 0o755)
	if err := Write(locked, text("x")); !errors.Is(err, fs.ErrPermission) || !strings.Contains(err.Error(), "open "+locked) || read(t, locked) != "keep" {
		t.Errorf("err = %v, want open %s: permission denied", err, locked)
	}
}

func TestWriteNew(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "labels.jsonl")
	if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	name, err := WriteNew(p, ".partial", text("some"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(name, p+".partial-") || read(t, name) != "some" || read(t, p) != "old" {
		t.Errorf("WriteNew made %s holding %q; %s holds %q", name, read(t, name), p, read(t, p))
	}
}

// TestCheck: Check finds the errors Write would meet, in the same words,
// and leaves a good path as it was: an existing file keeps its content,
// and no file is made where there was none.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{file, filepath.Join(dir, "new")} {
		if err := Check(path); err != nil {
			t.Errorf("Check(%s) = %v", path, err)
		}
	}
	if got := entries(t, dir); got != "file" || read(t, file) != "keep" {
		t.Errorf("after Check the folder holds %q, the file %q; want file, keep", got, read(t, file))
	}
	for _, path := range []string{dir, filepath.Join(dir, "none", "out.txt"), filepath.Join(file, "out.txt")} {
		werr := Write(path, text("x"))
		if err := Check(path); err == nil || werr == nil || err.Error() != werr.Error() {
			t.Errorf("Check(%s) = %v, Write's error %v", path, err, werr)
		}
	}
}

// TestSame: two names of one file are the same, by path or, when both
// exist, by the file they lead to; two files are not, nor a file and a
// name of nothing.
func TestSame(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link, hard := filepath.Join(dir, "link"), filepath.Join(dir, "hard")
	if err := os.Symlink(a, link); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(a, hard); err != nil {
		t.Fatal(err)
	}
	none := filepath.Join(dir, "none")
	for _, c := range []struct {
		x, y string
		want bool
	}{
		{a, a, true}, {a, dir + "/./x/../a", true}, {a, link, true}, {hard, a, true},
		{none, filepath.Join(dir, "none"), true},
		{a, b, false}, {a, none, false}, {link, b, false},
	} {
		if got := Same(c.x, c.y); got != c.want {
			t.Errorf("Same(%s, %s) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
}

func TestInput(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if err := os.WriteFile(a, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(a, link); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		out    string
		inputs []string
		want   string
		ok     bool
	}{
		{a, []string{b, "", "-", link}, link, true},
		{a, []string{a, link}, a, true},
		{b, []string{a, link, ""}, "", false},
		{"-", []string{"-"}, "", false},
		{"", []string{""}, "", false},
		{a, nil, "", false},
	} {
		if got, ok := Input(c.out, c.inputs...); got != c.want || ok != c.ok {
			t.Errorf("Input(%s, %q) = %q, %v; want %q, %v", c.out, c.inputs, got, ok, c.want, c.ok)
		}
	}
}
