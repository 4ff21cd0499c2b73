package compare

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"

	"goeval/internal/gtptest"
	"goeval/peer"
	"goeval/records"
)

// TestGTPPeer compares a GTP engine in sh (gtptest.Engine: estimate_score
// always B+1.5, no stone dead) on the tiny set: it has a score and a map
// (the area once its dead stones, none, are removed) for every sampled
// position.
func TestGTPPeer(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh for the fake engine")
	}
	script := gtptest.Engine(t, "")
	files, _ := records.Files([]string{"../records/testdata/tiny"})
	cfg := Config{Peers: []Peer{GTPPeer("fake", []string{"sh", script}, peer.Options{})}, Bands: []records.Band{{Move: 4}}, OmitTie: true, Workers: 1}
	r, err := Run(context.Background(), cfg, files)
	if err != nil {
		t.Fatal(err)
	}
	row := r.Rows[0]
	if row.Estimator != "fake" || row.Positions != 3 || row.Failed != 0 || row.ScoreMAE == nil || row.SignAgreement == nil {
		t.Errorf("the peer's row: %+v", row)
	}
	bad := Config{Peers: []Peer{GTPPeer("none", []string{filepath.Join(t.TempDir(), "nosuch")}, peer.Options{})}}
	if _, err := Run(context.Background(), bad, files); err == nil {
		t.Error("a peer that does not start: no error")
	}
}
