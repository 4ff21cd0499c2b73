package sgf

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"goeval/board"
	"goeval/internal/shared"
)

// located matches an error message that says where: "file:line:col: ".
var located = regexp.MustCompile(`^[^:]+:\d+:\d+: sgf: `)

// TestCorpus loads every file under the shared data, replays every game's
// main line and counts the outcomes. Every file must load, or fail with an
// error that is one of the documented kinds and, for malformed input,
// says where.
func TestCorpus(t *testing.T) {
	root := shared.Data(t)
	counts := map[string]int{}
	var examples = map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		ext := filepath.Ext(path)
		if ext != ".sgf" && ext != ".gib" && ext != ".ngf" {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		outcome, msg := loadAll(t, path)
		if ext != ".sgf" && outcome != "not SGF" {
			t.Errorf("%s: outcome %q (%s), want not SGF", rel, outcome, msg)
		}
		counts[outcome]++
		if _, ok := examples[outcome]; !ok && msg != "" {
			examples[outcome] = msg
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	total := 0
	for _, k := range keys {
		total += counts[k]
		t.Logf("%-28s %5d  e.g. %s", k, counts[k], examples[k])
	}
	t.Logf("%-28s %5d", "files", total)
	if total < 1900 {
		t.Errorf("only %d files walked; is the shared data complete?", total)
	}
}

// loadAll parses a file, replays every game and classifies the outcome.
func loadAll(t *testing.T, path string) (outcome, msg string) {
	c, err := ReadFile(path)
	switch {
	case errors.Is(err, ErrNotSGF):
		return "not SGF", err.Error()
	case errors.Is(err, ErrSyntax):
		if !located.MatchString(err.Error()) {
			t.Errorf("%s: syntax error does not say where: %v", path, err)
		}
		return "malformed", err.Error()
	case err != nil:
		t.Errorf("%s: unexpected error kind: %v", path, err)
		return "unexpected", err.Error()
	}
	outcome = "loaded"
	for k := 1; k <= c.Games(); k++ {
		g, err := c.Game(k)
		if err != nil {
			if !errors.Is(err, ErrUnsupported) && !errors.Is(err, ErrSyntax) {
				t.Errorf("%s game %d: unexpected error kind: %v", path, k, err)
			}
			if !located.MatchString(err.Error()) {
				t.Errorf("%s: error does not say where: %v", path, err)
			}
			return "game unsupported/malformed", err.Error()
		}
		sum, err := g.Replay(nil)
		if err != nil {
			var me *MoveError
			if errors.As(err, &me) {
				if me.Move < 1 || !located.MatchString(err.Error()) {
					t.Errorf("%s: move error without a move number or place: %v", path, err)
				}
				return "illegal move reported", err.Error()
			}
			if !errors.Is(err, ErrSyntax) {
				t.Errorf("%s game %d: unexpected replay error kind: %v", path, k, err)
			}
			return "malformed move", err.Error()
		}
		for _, w := range sum.Warnings {
			if strings.Contains(w.Msg, "suicide") {
				outcome, msg = "loaded, suicide reported", w.String()
			}
		}
	}
	if outcome == "loaded" && len(c.Warnings) > 0 {
		return "loaded with warnings", c.Warnings[0].String()
	}
	return outcome, msg
}

// TestDevGames checks the dev set against its manifest: every game loads,
// replays without error, and has the manifest's komi, result and length.
func TestDevGames(t *testing.T) {
	dir := shared.Data(t, "games", "dev")
	f, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	n := 0
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 8 {
			continue
		}
		n++
		g, err := Load(filepath.Join(dir, cols[0]), 1)
		if err != nil {
			t.Errorf("%s: %v", cols[0], err)
			continue
		}
		sum, err := g.Replay(nil)
		if err != nil {
			t.Errorf("%s: %v", cols[0], err)
			continue
		}
		komi, _ := strconv.ParseFloat(cols[5], 64)
		moves, _ := strconv.Atoi(cols[7])
		if g.Info.Komi != komi || g.Info.Result != cols[6] || sum.Moves != moves || g.Info.Size != 19 {
			t.Errorf("%s: komi %v result %q moves %d size %d; manifest says %v %q %d",
				cols[0], g.Info.Komi, g.Info.Result, sum.Moves, g.Info.Size, komi, cols[6], moves)
		}
	}
	if n != 300 {
		t.Errorf("manifest lists %d games, want 300", n)
	}
}

var _ = board.Black
