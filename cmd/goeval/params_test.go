package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestParams: --params FILE, a file goeval tune --write wrote, makes its
// parameters the judge's in every command that evaluates positions (before,
// nothing could load such a file: the parameters were compiled in); a
// missing or malformed file is bad input naming it; the next run without
// --params has the shipped parameters again. judge/params-playouts.json
// serves as the file: its late model has 48 playouts where the shipped
// judge's has 8.
func TestParams(t *testing.T) {
	file := filepath.Join("..", "..", "judge", "params-playouts.json")
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte("[1, 2]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"goeval FILE", []string{"--params", file, example}, 0, "late-playouts 48), parameters from " + file},
		{"shipped again", []string{example}, 0, "late-playouts 8)\n"},
		{"rank", []string{"rank", "--estimator", "judge", "--by", "eval", "--top", "1", "--params", file, example}, 0, "late-playouts 48)"},
		{"values", []string{"values", "--estimator", "judge", "--top", "1", "--params", file, example}, 0, "late-playouts 48)"},
		{"missing", []string{"--params", "nowhere.json", example}, 1, "goeval: --params: open nowhere.json: no such file or directory"},
		{"not parameters", []string{"--params", bad, example}, 1, "goeval: --params: " + bad + ": judge: parameters:"},
		{"empty", []string{"--params", "", example}, 2, "goeval: --params is empty"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, stderr := goeval(t, tt.args...)
			if code != tt.code || !strings.Contains(out+stderr, tt.want) {
				t.Errorf("exit %d, want %d with %q:\n%s%s", code, tt.code, tt.want, out, stderr)
			}
		})
	}
	// compare's judge is the one --params gives: its JSON rows change.
	rows := func(args ...string) string {
		t.Helper()
		code, out, stderr := goeval(t, append([]string{"compare", "--estimators", "judge", "--moves", "200", "--format", "json", "--no-timings", "--workers", "1"}, args...)...)
		if code != 0 {
			t.Fatalf("compare: exit %d: %s", code, stderr)
		}
		return out
	}
	if rows(example) == rows("--params", file, example) {
		t.Error("compare --params: the same rows as the shipped judge's")
	}
}
