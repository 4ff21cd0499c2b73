//go:build unix

package peer

import (
	"os/exec"
	"syscall"
)

// ownGroup makes cmd start in a new process group (Options.OwnGroup).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}
