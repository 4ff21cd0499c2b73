// Package gtptest writes fake GTP engines for tests: small sh scripts
// that answer a few commands the way goeval's peers need.
package gtptest

import (
	"os"
	"path/filepath"
	"testing"
)

// Engine writes a GTP engine in sh into a temporary folder of tb and
// returns the path of its script, to run as "sh PATH". The engine knows
// final_status_list (no stone is dead) and estimate_score (always B+1.5),
// and answers every other command with success; cases, lines of sh's
// case on "$cmd" (the command) and "$arg" (its first argument), come
// before those and may answer differently.
func Engine(tb testing.TB, cases string) string {
	tb.Helper()
	script := filepath.Join(tb.TempDir(), "engine.sh")
	src := `while read -r cmd arg rest; do
  case "$cmd" in
` + cases + `
    protocol_version) printf '= 2\n\n' ;;
    known_command) case "$arg" in final_status_list|estimate_score) printf '= true\n\n' ;; *) printf '= false\n\n' ;; esac ;;
    estimate_score) printf '= B+1.5\n\n' ;;
    quit) printf '= \n\n'; exit 0 ;;
    *) printf '= \n\n' ;;
  esac
done
`
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		tb.Fatal(err)
	}
	return script
}
