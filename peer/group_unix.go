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

// killGroup kills the process group led by pid (Options.OwnGroup); a
// group already gone is no error.
func killGroup(pid int) {
	syscall.Kill(-pid, syscall.SIGKILL)
}
