package compare

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"goeval/peer"
	"goeval/records"
)

// TestGTPPeer compares a GTP engine in sh that knows estimate_score alone
// (always B+1.5, so its score before komi is 1.5 + komi) on the tiny set:
// it has a score for every sampled position and no map.
func TestGTPPeer(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh for the fake engine")
	}
	script := filepath.Join(t.TempDir(), "engine.sh")
	src := `while read -r cmd arg rest; do
  case "$cmd" in
    known_command) case "$arg" in estimate_score) printf '= true\n\n' ;; *) printf '= false\n\n' ;; esac ;;
    estimate_score) printf '= B+1.5\n\n' ;;
    quit) printf '= \n\n'; exit 0 ;;
    *) printf '= \n\n' ;;
  esac
done
`
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	files, _ := records.Files([]string{"../records/testdata/tiny"})
	cfg := Config{Peers: []Peer{GTPPeer("fake", []string{"sh", script}, peer.Options{})}, Bands: []records.Band{{Move: 4}}, OmitTie: true, Workers: 1}
	r, err := Run(context.Background(), cfg, files)
	if err != nil {
		t.Fatal(err)
	}
	row := r.Rows[0]
	if row.Estimator != "fake" || row.Positions != 3 || row.Failed != 0 || row.ScoreMAE == nil || row.SignAgreement != nil {
		t.Errorf("the peer's row: %+v", row)
	}
	bad := Config{Peers: []Peer{GTPPeer("none", []string{filepath.Join(t.TempDir(), "nosuch")}, peer.Options{})}}
	if _, err := Run(context.Background(), bad, files); err == nil {
		t.Error("a peer that does not start: no error")
	}
}
