package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// foreignSeed finds "seed" in every form (seed, seeds, seed's, "the seed",
// "seed 003", "seed §5.3"): the project's earliest notes named its sources
// so, documents a reader of the repository does not have. A random
// generator's seed is no citation: "a seed", "a fixed seed", "a random
// seed", "the generators' seeds", when no §, number or 's follows.
func foreignSeed(line string) string {
	for _, m := range seedWord.FindAllStringIndex(line, -1) {
		before, after := line[:m[0]], line[m[1]:]
		if !rngSeed.MatchString(before) || citedAfter.MatchString(after) {
			return line[m[0]:m[1]]
		}
	}
	return ""
}

var (
	seedWord   = regexp.MustCompile(`(?i)\bseeds?\b`)
	rngSeed    = regexp.MustCompile(`(?:\ba|\bfixed|\brandom|\bgenerators') $`)
	citedAfter = regexp.MustCompile(`^(?:'s|\s*§|\s*[0-9])`)
)

func TestForeignSeed(t *testing.T) {
	for line, want := range map[string]string{
		"(seed §5.3)":                          "seed",
		"the seed's ranking":                   "seed",
		"the hand method of seed":              "seed",
		"Seed 003 says":                        "Seed",
		"the seeds and estimators":             "seeds",
		"MiaiCount (seed":                      "seed",
		"a seed 003":                           "seed",
		"a seed's ko":                          "seed",
		"from a seed.":                         "",
		"from a fixed seed, so":                "",
		"mix scrambles a seed (the finaliser":  "",
		"so the generators' seeds, and with":   "",
		"testdata/miai/seedko.sgf, seeded, by": "",
	} {
		if got := foreignSeed(line); got != want {
			t.Errorf("foreignSeed(%q) = %q, want %q", line, got, want)
		}
	}
}

// TestCitationsPointIntoTheRepository checks that the README, the docs, the
// doc comments and the help texts cite what the repository holds: no
// "SPEC section N" or "seed 003", "the seed" in any form (documents a
// reader of the repository does not have; see foreignSeed), and every
// "docs/estimators.md §N" names a section that exists there. The Sources
// section of docs/estimators.md names each seed once.
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
	spec := regexp.MustCompile(`\bSPEC\b`)
	cite := regexp.MustCompile(`docs/estimators\.md\)? §([0-9]+)`)
	check := func(name, text string) {
		for i, line := range strings.Split(text, "\n") {
			m := spec.FindString(line)
			if m == "" {
				m = foreignSeed(line)
			}
			if m != "" {
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
		case d.IsDir(), strings.HasSuffix(path, "_test.go") && !strings.HasSuffix(path, "example_test.go"):
			// Examples are part of the package's documentation.
			return nil
		case rel == filepath.Join("docs", "estimators.md"):
			body, sources, ok := strings.Cut(string(doc), "\n## Sources\n")
			if !ok {
				t.Errorf("%s has no Sources section", rel)
			}
			check(rel, body)
			names := map[string]int{}
			for _, m := range regexp.MustCompile(`"seed (00[0-9])"`).FindAllStringSubmatch(sources, -1) {
				names[m[1]]++
			}
			if len(names) == 0 {
				t.Errorf("%s: its Sources section names no seed", rel)
			}
			for n, k := range names {
				if k > 1 {
					t.Errorf("%s: its Sources section names seed %s %d times", rel, n, k)
				}
			}
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
	// The help texts, as people read them: every command's.
	helps := [][]string{{"-h"}, {"tune", "moves", "-h"}}
	for name := range commands {
		helps = append(helps, []string{name, "-h"})
	}
	for _, args := range helps {
		_, out, errs := goeval(t, args...)
		if len(out) < 100 {
			t.Errorf("goeval %s printed %q: no help text", strings.Join(args, " "), out)
		}
		check("goeval "+strings.Join(args, " "), out+errs)
	}
}
