//go:build unix

package main

import (
	"bytes"
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

// termEngine writes a GTP engine in sh, as fakeEngine, that also passes
// at genmove, scores every game B+1.5, knows every command (a match asks
// before the first game), and records its process id in
// the file pids. Its second final_status_list or genmove starts a child
// (sleep 30), records the child's id too, creates the file hanging and
// waits for the child: an engine thinking, with a helper, when the
// command is stopped. It returns NAME=COMMAND.
func termEngine(t *testing.T, name, pids, hanging string) string {
	t.Helper()
	return strings.Replace(fakeEngineWith(t, `    final_status_list|genmove) n=$((n+1)); if [ $n -ge 2 ]; then sleep 30 & echo $! >> '`+pids+`'; : > '`+hanging+`'; wait; fi
      if [ "$cmd" = genmove ]; then printf '= pass\n\n'; else printf '= \n\n'; fi ;;
    protocol_version) echo $$ >> '`+pids+`'; printf '= 2\n\n' ;;
    final_score) printf '= B+1.5\n\n' ;;
    known_command) case "$arg" in genmove|play|final_score|final_status_list|estimate_score) printf '= true\n\n' ;; *) printf '= false\n\n' ;; esac ;;`), "fake=", name+"=", 1)
}

// running reports whether process pid runs: it exists and is not a
// zombie (an orphan that a container's first process may never reap).
func running(pid int) bool {
	if data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
		i := bytes.LastIndexByte(data, ')') // the end of the command's name
		return i < 0 || i+2 >= len(data) || data[i+2] != 'Z'
	}
	return syscall.Kill(pid, 0) == nil
}

// TestSIGTERM runs goeval (this test binary, as goeval: see TestMain)
// with fake engines and sends it SIGTERM, as kill, timeout or a job
// scheduler do, while an engine is thinking: every command that starts
// engines stops as on Ctrl-C, with exit status 143 (128 + SIGTERM's 15),
// and leaves no engine, nor an engine's child, running. label keeps the
// label of the game finished beside its -o file, as on Ctrl-C. In the
// match, a and b each pass once in the first game, and b, Black in the
// second, thinks at its second genmove: one game is played.
func TestSIGTERM(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh for the fake engine")
	}
	games := []string{filepath.Join(tiny, "a.sgf"), filepath.Join(tiny, "b.sgf"), filepath.Join(tiny, "c.sgf")}
	for _, tt := range []struct {
		name string
		args func(engine func(name string) string, dir string) []string
		want string // in standard error
	}{
		{"label", func(engine func(string) string, dir string) []string {
			return append([]string{"label", "--peer", engine("fake"), "--games", "all", "--workers", "1", "-o", filepath.Join(dir, "labels.jsonl")}, games...)
		}, "goeval: interrupted: 1 of 3 game records looked at; 1 label kept in "},
		{"compare", func(engine func(string) string, dir string) []string {
			return append([]string{"compare", "--peer", engine("fake"), "--estimators", "stones", "--moves", "4", "--workers", "1"}, games...)
		}, "goeval: interrupted while the peers ran: they measured 1 of 3 games"},
		{"predict", func(engine func(string) string, dir string) []string {
			return append([]string{"predict", "--peer", engine("fake"), "--every", "20", "--workers", "1"}, games...)
		}, "goeval: interrupted: the figures are those of the games finished"},
		{"match", func(engine func(string) string, dir string) []string {
			return []string{"match", "--size", "9", "--games", "2", "--a", engine("a"), "--b", engine("b"), "--scorer", engine("s")}
		}, "goeval: interrupted: 1 of 2 games played; the table written to standard output"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			pids, hanging := filepath.Join(dir, "pids"), filepath.Join(dir, "hanging")
			engine := func(name string) string { return termEngine(t, name, pids, hanging) }
			const old = "the labels of before\n"
			if err := os.WriteFile(filepath.Join(dir, "labels.jsonl"), []byte(old), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], tt.args(engine, dir)...)
			cmd.Env = append(os.Environ(), "GOEVAL_TEST_AS_GOEVAL=1")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			started := []int{}
			t.Cleanup(func() {
				// Whatever the test found, leave nothing behind.
				cmd.Process.Kill()
				for _, pid := range started {
					syscall.Kill(pid, syscall.SIGKILL)
				}
			})
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			deadline := time.Now().Add(10 * time.Second)
			for {
				if _, err := os.Stat(hanging); err == nil {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("no engine came to its hanging command; stderr:\n%s", stderr.String())
				}
				time.Sleep(10 * time.Millisecond)
			}
			data, _ := os.ReadFile(pids)
			for _, f := range strings.Fields(string(data)) {
				pid, err := strconv.Atoi(f)
				if err != nil {
					t.Fatalf("pids: %q", data)
				}
				started = append(started, pid)
			}
			if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			select {
			case <-exited:
			case <-time.After(10 * time.Second):
				t.Fatalf("goeval still runs 10 s after SIGTERM; stderr:\n%s", stderr.String())
			}
			if code := cmd.ProcessState.ExitCode(); code != 143 || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("exit status %d (%v), want 143; stderr (want %q in it):\n%s", code, cmd.ProcessState, tt.want, stderr.String())
			}
			// Killed processes go within moments; give them a second.
			for end := time.Now().Add(time.Second); ; time.Sleep(10 * time.Millisecond) {
				var left []int
				for _, pid := range started {
					if running(pid) {
						left = append(left, pid)
					}
				}
				if len(left) == 0 {
					break
				}
				if time.Now().After(end) {
					t.Errorf("processes %v of the %d started (engines and a child) still run after goeval exited", left, len(started))
					break
				}
			}
			if tt.name == "label" {
				if data, err := os.ReadFile(filepath.Join(dir, "labels.jsonl")); err != nil || string(data) != old {
					t.Errorf("labels.jsonl: %q (%v), want it as it was", data, err)
				}
				if kept, _ := filepath.Glob(filepath.Join(dir, "labels.jsonl.partial-*")); len(kept) != 1 {
					t.Errorf("labels kept beside labels.jsonl: %q, want one file", kept)
				}
			}
		})
	}
}
