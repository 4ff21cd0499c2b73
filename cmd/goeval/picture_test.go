package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"goeval/judge"
)

// svgTexts parses an SVG document to the end and returns its texts.
func svgTexts(t *testing.T, doc string) []string {
	t.Helper()
	return svgTextsWhere(t, doc, func(xml.StartElement) bool { return true })
}

// svgLabels returns the labels drawn on points: the bold texts.
func svgLabels(t *testing.T, doc string) []string {
	t.Helper()
	return svgTextsWhere(t, doc, func(e xml.StartElement) bool {
		for _, a := range e.Attr {
			if a.Name.Local == "font-weight" && a.Value == "bold" {
				return true
			}
		}
		return false
	})
}

func svgTextsWhere(t *testing.T, doc string, keep func(xml.StartElement) bool) []string {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(doc))
	var out []string
	in := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("SVG is not XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			in = tok.Name.Local == "text" && keep(tok)
		case xml.CharData:
			if in {
				out = append(out, string(tok))
			}
		case xml.EndElement:
			in = false
		}
	}
}

func TestEvalPNG(t *testing.T) {
	out := filepath.Join(t.TempDir(), "map.png")
	code, stdout, stderr := goeval(t, "--format", "png", "--size", "300", "--move", "150", "-o", out, example)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, stdout, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Dx(); got != 300 {
		t.Errorf("width %d, want 300", got)
	}
	if h := img.Bounds().Dy(); h <= 300 {
		t.Errorf("height %d leaves no room for the caption", h)
	}
	// No temporary file is left beside it.
	if ents, _ := os.ReadDir(filepath.Dir(out)); len(ents) != 1 {
		t.Errorf("%d files in the output directory", len(ents))
	}
}

func TestEvalSVG(t *testing.T) {
	code, out, stderr := goeval(t, "--format", "svg", "--move", "150", "--palette", "redblue", example)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	texts := strings.Join(svgTexts(t, out), "\n")
	for _, want := range []string{"example.sgf, move 150 of 258, Black to move",
		fmt.Sprintf("judge (lambda 0.44, kappa 0.8, dead-at %g", judge.Default().DeadAt), "after komi 6.5", "iterations, converged", "\nT\n", "\n19\n"} {
		if !strings.Contains(texts, want) {
			t.Errorf("SVG text lacks %q", want)
		}
	}
	if strings.Contains(texts, "\nI\n") {
		t.Error("the columns have an I")
	}
}

// TestMoyoViewSVG checks that the pairs view draws the cutoff numbers of
// the JSON on the board, and the other views draw something.
func TestMoyoViewSVG(t *testing.T) {
	args := []string{"--estimator", "moyo", "--move", "40", example}
	code, out, stderr := goeval(t, append([]string{"--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var j struct {
		Pairs []*[2]int `json:"pairs"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{}
	for _, p := range j.Pairs {
		if p != nil {
			want[fmt.Sprintf("%d%d", p[0], p[1])]++
		}
	}
	code, out, stderr = goeval(t, append([]string{"--format", "svg", "--show", "pairs"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got := map[string]int{}
	for _, s := range svgLabels(t, out) {
		if len(s) == 2 && s[0] >= '0' && s[0] <= '4' && s[1] >= '0' && s[1] <= '4' {
			got[s]++
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("pairs drawn %v, in JSON %v", got, want)
	}
	for _, view := range []string{"objects", "d", "size", "regions"} {
		code, out, stderr = goeval(t, append([]string{"--format", "svg", "--show", view}, args...)...)
		if code != 0 || !strings.Contains(strings.Join(svgTexts(t, out), "\n"), "view "+view+": ") {
			t.Errorf("view %s: exit %d: %s", view, code, stderr)
		}
	}
}

// TestRankSVG checks the seed's Figure 10: the letters a..z without o and
// x (dead stones on goeval's boards) and 26 crosses.
func TestRankSVG(t *testing.T) {
	code, out, stderr := goeval(t, "rank", "--by", "eval", "--format", "svg", "--estimator", "propagate", "--move", "150", example)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	letters := map[string]bool{}
	labels := svgLabels(t, out)
	if len(labels) != 24 {
		t.Errorf("%d labels besides the crosses, want 24", len(labels))
	}
	for _, s := range labels {
		if len(s) == 1 && s[0] >= 'a' && s[0] <= 'z' {
			letters[s] = true
		}
	}
	if len(letters) != 24 || letters["o"] || letters["x"] {
		t.Errorf("%d letters drawn, want a..z without o and x", len(letters))
	}
	// The lines are the grid's, 19 each way, and the crosses': two strokes
	// over two wider strokes of their halo.
	if n := strings.Count(out, "<line "); n != 2*19+4*26 {
		t.Errorf("%d lines, want 38 of the grid and 104 for 26 crosses", n)
	}
	code, out, stderr = goeval(t, "values", "--format", "svg", "--estimator", "propagate", "--move", "150", example)
	if code != 0 || !strings.Contains(strings.Join(svgTexts(t, out), "\n"), "miai value of a play") {
		t.Errorf("values: exit %d: %s", code, stderr)
	}
}

func TestPictureErrors(t *testing.T) {
	// A PNG is not written to a terminal.
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, stdoutTTY: true}
	err := evalCommand(e, []string{"--format", "png", example})
	if _, ok := err.(*usageError); !ok || !strings.Contains(err.Error(), "terminal") || out.Len() != 0 {
		t.Errorf("PNG to a terminal: %v, %d bytes written", err, out.Len())
	}
	err = rankCommand(e, []string{"--format", "png", example})
	if _, ok := err.(*usageError); !ok || out.Len() != 0 {
		t.Errorf("rank PNG to a terminal: %v", err)
	}
	// An SVG is text: it may go to a terminal.
	if err := evalCommand(e, []string{"--format", "svg", "--estimator", "stones", example}); err != nil || out.Len() == 0 {
		t.Errorf("SVG to a terminal: %v", err)
	}

	dir := t.TempDir()
	tests := []exitCase{
		{"bad palette", []string{"--format", "svg", "--palette", "rainbow", example}, 2, `invalid --palette "rainbow" (want grey, redblue)`},
		{"small size", []string{"--format", "png", "--size", "10", example}, 2, "invalid --size 10 (want 100..8000 pixels)"},
		{"rank bad size", []string{"rank", "--format", "svg", "--size", "0", example}, 2, "invalid --size 0"},
		{"no views", []string{"--format", "svg", "--show", "pairs", example}, 2, "no views of its own"},
		{"bad view", []string{"--estimator", "moyo", "--format", "svg", "--show", "x", example}, 2, `invalid --show "x"`},
		{"no such directory", []string{"--format", "svg", "-o", filepath.Join(dir, "none", "x.svg"), example}, 1, "none/x.svg: no such file or directory"},
	}
	checkExits(t, tests)
}

func TestOutputFlag(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.json")
	code, stdout, stderr := goeval(t, "--format", "json", "--estimator", "stones", "--output", out, example)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q: %s", code, stdout, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil || !json.Valid(data) {
		t.Errorf("--output: %v %q", err, data)
	}
}

// TestOutputThroughLink checks -o on a symbolic link: the link stays and
// its target gets the output, with its mode kept; an -o that cannot be
// written says why (package outfile tests pipes and the rest).
func TestOutputThroughLink(t *testing.T) {
	dir := t.TempDir()
	target, link := filepath.Join(dir, "map.json"), filepath.Join(dir, "latest.json")
	if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("map.json", link); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := goeval(t, "--estimator", "stones", "--format", "json", "-o", link, example); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	li, _ := os.Lstat(link)
	ti, _ := os.Stat(target)
	b, _ := os.ReadFile(target)
	if li.Mode()&os.ModeSymlink == 0 || ti.Mode().Perm() != 0o600 || !json.Valid(b) {
		t.Errorf("link %v, target %v holding %.40q: want the link kept, the target written with mode 0600", li.Mode(), ti.Mode(), b)
	}
	missing := filepath.Join(dir, "none", "map.json")
	code, _, stderr := goeval(t, "--estimator", "stones", "--format", "json", "-o", missing, example)
	if want := "goeval: -o " + missing + ": create " + missing + ": no such file or directory\n"; code != 1 || stderr != want {
		t.Errorf("exit %d, stderr %q, want 1 and %q", code, stderr, want)
	}
}

// TestPNGToDevNull: /dev/null is a character device but not a terminal
// (cmdline.IsTerminal), so a PNG may go there (and colours are off). The
// device is only written to, as a shell's "> /dev/null" does.
func TestPNGToDevNull(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer null.Close()
	var errb bytes.Buffer
	if code := run([]string{"--format", "png", "--estimator", "stones", example}, strings.NewReader(""), null, &errb); code != 0 {
		t.Errorf("PNG to %s: exit %d: %s", os.DevNull, code, errb.String())
	}
}
