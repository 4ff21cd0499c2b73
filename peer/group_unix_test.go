//go:build unix

package peer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
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

// gone reports whether process pid has exited (a zombie that nobody reaps
// counts as gone).
func gone(pid int) bool {
	if syscall.Kill(pid, 0) == syscall.ESRCH {
		return true
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return os.IsNotExist(err)
	}
	// pid (comm) STATE ...
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && strings.HasPrefix(s[i+1:], " Z")
}

// An engine started with OwnGroup through a shell wrapper that leaves a
// child behind: Close, and a kill on an interrupt, take the child too.
func TestOwnGroupKillsChildren(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc to tell zombies by")
	}
	t.Setenv("GOEVAL_FAKE_GTP", "1")
	t.Setenv("GORACE", "atexit_sleep_ms=0")
	for _, how := range []string{"close", "cancel"} {
		pidFile := filepath.Join(t.TempDir(), "pid")
		ctx, cancel := context.WithCancel(context.Background())
		c, err := Start([]string{sh, "-c", `sleep 100 & echo $! > "$1"; exec "$2"`, "sh", pidFile, os.Args[0]},
			Options{OwnGroup: true, Context: ctx})
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(pidFile)
		pid, perr := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || perr != nil {
			c.Close()
			t.Fatalf("the wrapper's child: %q, %v, %v", b, err, perr)
		}
		start := time.Now()
		if how == "close" {
			if err := c.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		} else {
			time.AfterFunc(100*time.Millisecond, cancel)
			if _, err := c.Send("sleep"); !errors.Is(err, context.Canceled) || !errors.Is(err, ErrExited) {
				t.Errorf("Send after cancel: %v", err)
			}
			c.Close()
		}
		cancel()
		if d := time.Since(start); d > 4*time.Second {
			t.Errorf("%s took %v", how, d)
		}
		for i := 0; i < 50 && !gone(pid); i++ {
			time.Sleep(20 * time.Millisecond)
		}
		if !gone(pid) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("%s: the wrapper's child %d outlived the engine", how, pid)
		}
	}
}
