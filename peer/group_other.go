//go:build !unix

package peer

import "os/exec"

// ownGroup does nothing where there are no Unix process groups
// (Options.OwnGroup).
func ownGroup(cmd *exec.Cmd) {}

// killGroup does nothing where there are no Unix process groups.
func killGroup(pid int) {}
