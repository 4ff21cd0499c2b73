//go:build unix

package peer

import (
	"syscall"
	"testing"
)

// An engine started with OwnGroup is not in goeval's process group, so
// that a Ctrl-C at the terminal does not reach it.
func TestOwnGroup(t *testing.T) {
	for _, own := range []bool{false, true} {
		c := startFake(t, "", Options{OwnGroup: own})
		pgid, err := syscall.Getpgid(c.cmd.Process.Pid)
		if err != nil {
			t.Fatal(err)
		}
		if got := pgid != syscall.Getpgrp(); got != own {
			t.Errorf("OwnGroup %v: engine's group %d, ours %d", own, pgid, syscall.Getpgrp())
		}
	}
}
