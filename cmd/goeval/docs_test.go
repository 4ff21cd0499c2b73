package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCitationsPointIntoTheRepository checks that the README, the docs, the
// doc comments and the help texts cite what the repository holds: no
// "SPEC section N" or "seed 003" (documents a reader of the repository does
// not have), and every "docs/estimators.md §N" names a section that exists
// there. docs/estimators.md itself names the seeds once, in its sources.
func TestCitationsPointIntoTheRepository(t *testing.T) {
	root := filepath.Join("..", "..")
	doc, err := os.ReadFile(filepath.Join(root, "docs", "estimators.md"))
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^## ([0-9]+)\. `).FindAllStringSubmatch(string(doc), -1) {
		sections[m[1]] = true
	}
	foreign := regexp.MustCompile(`\bSPEC\b|[Ss]eed 00[0-9]|seeds?'s? (?:[Ff]igure|section|formula|style|cross|grayscale|variation|sums|S and)|the seeds? (?:and|estimators)`)
	cite := regexp.MustCompile(`docs/estimators\.md\)? §([0-9]+)`)
	check := func(name, text string) {
		for i, line := range strings.Split(text, "\n") {
			if m := foreign.FindString(line); m != "" {
				t.Errorf("%s:%d: cites %q, which is not in the repository: %s", name, i+1, m, strings.TrimSpace(line))
			}
			for _, c := range cite.FindAllStringSubmatch(line, -1) {
				if !sections[c[1]] {
					t.Errorf("%s:%d: cites docs/estimators.md §%s, which it does not have", name, i+1, c[1])
				}
			}
		}
	}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != root {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(root, path)
		switch {
		case d.IsDir(), rel == filepath.Join("docs", "estimators.md"), strings.HasSuffix(path, "_test.go"):
			return nil
		case strings.HasSuffix(path, ".go"), strings.HasSuffix(path, ".md"):
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			check(rel, string(b))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The help texts, as people read them.
	for _, args := range [][]string{{"-h"}, {"rank", "-h"}, {"values", "-h"}, {"miai", "-h"}, {"compare", "-h"}, {"gtp", "-h"}, {"label", "-h"}, {"tune", "-h"}} {
		_, out, _ := goeval(t, args...)
		check("goeval "+strings.Join(args, " "), out)
	}
}
