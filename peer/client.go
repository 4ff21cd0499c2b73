package peer

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Errors of a GTP conversation; match them with errors.Is.
var (
	// ErrRefused reports an engine's failure answer ("? message").
	ErrRefused = errors.New("peer: the engine refused")
	// ErrTimeout reports an engine that did not answer in time; it has
	// been killed.
	ErrTimeout = errors.New("peer: the engine did not answer in time")
	// ErrExited reports an engine that is no longer running.
	ErrExited = errors.New("peer: the engine is not running")
	// ErrCommand reports a command that cannot be sent (empty, or with a
	// line break).
	ErrCommand = errors.New("peer: bad GTP command")
)

// DefaultTimeout is how long Send waits for an answer when
// Options.Timeout is 0.
const DefaultTimeout = 30 * time.Second

// Options tune a Client. The zero value means the defaults.
type Options struct {
	// Timeout bounds the wait for each answer; 0 means DefaultTimeout.
	Timeout time.Duration
	// Stderr receives the engine's standard error as well as the client's
	// record of its last lines; nil keeps only the record.
	Stderr io.Writer
	// OwnGroup starts the engine in a process group of its own (on Unix;
	// elsewhere it does nothing), so that an interrupt typed at the
	// terminal (Ctrl-C) reaches only this program, which can then stop
	// the engine when it chooses (SendContext, Close) instead of finding
	// it killed in the middle of a command. Killing the engine then
	// kills its whole group: the children of a wrapper script too.
	OwnGroup bool
	// Context, when not nil, is the context of every command Send sends
	// (Send is then SendContext with it, for a caller that cannot pass a
	// context down, such as an Evaluator's): once it is cancelled, a
	// command waiting for its answer kills the engine. Close still asks
	// the engine to quit.
	Context context.Context
}

// Client is a conversation with one GTP engine running as a child process.
// It is not safe for concurrent use.
type Client struct {
	name    string
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	answers chan answer
	timeout time.Duration
	stderr  *tail
	done    chan struct{}   // closed when the process has been waited for
	stop    chan struct{}   // closed when nobody will read answers any more
	ctx     context.Context // Send's context
	group   bool            // the engine leads a process group of its own
	waitErr error
	closed  bool
	dead    error // why the engine is gone, once it is
}

type answer struct {
	ok   bool
	text string
	err  error
}

// Start runs the engine argv[0] with arguments argv[1:] and checks that it
// speaks GTP (it must answer "protocol_version"). A program name without a
// slash is looked for in PATH and then in /usr/games, where Debian installs
// GnuGo.
func Start(argv []string, o Options) (*Client, error) {
	if len(argv) == 0 {
		return nil, fmt.Errorf("peer: no engine command given")
	}
	path, err := lookPath(argv[0])
	if err != nil {
		return nil, err
	}
	c := &Client{name: filepath.Base(argv[0]), timeout: o.Timeout, answers: make(chan answer, 1),
		stderr: &tail{w: o.Stderr}, done: make(chan struct{}), stop: make(chan struct{}),
		ctx: o.Context, group: o.OwnGroup}
	if c.ctx == nil {
		c.ctx = context.Background()
	}
	if c.timeout <= 0 {
		c.timeout = DefaultTimeout
	}
	c.cmd = exec.Command(path, argv[1:]...)
	c.cmd.Stderr = c.stderr
	// A child of the engine (a wrapper script's) may hold its standard
	// error open after the engine has exited: Wait does not wait for it
	// long.
	c.cmd.WaitDelay = time.Second
	if o.OwnGroup {
		ownGroup(c.cmd)
	}
	if c.stdin, err = c.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := c.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := c.cmd.Start(); err != nil {
		return nil, fmt.Errorf("peer: %w", err)
	}
	go c.read(stdout)
	go func() {
		c.waitErr = c.cmd.Wait()
		close(c.done)
	}()
	if _, err := c.Send("protocol_version"); err != nil {
		c.Close()
		return nil, fmt.Errorf("peer: %s does not speak GTP: %w", strings.Join(argv, " "), err)
	}
	return c, nil
}

func lookPath(name string) (string, error) {
	path, err := exec.LookPath(name)
	if err == nil || strings.ContainsRune(name, '/') {
		if err != nil {
			return "", fmt.Errorf("peer: %w", err)
		}
		return path, nil
	}
	if p, err2 := exec.LookPath(filepath.Join("/usr/games", name)); err2 == nil {
		return p, nil
	}
	return "", fmt.Errorf("peer: %w (nor in /usr/games)", err)
}

// read turns the engine's output into answers: lines before an answer's
// "=" or "?" are skipped, and an answer ends at an empty line.
func (c *Client) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	var lines []string
	in := false
	ok := false
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		line = strings.ReplaceAll(line, "\t", " ")
		if !in {
			if line == "" || (line[0] != '=' && line[0] != '?') {
				continue // noise between answers
			}
			in, ok = true, line[0] == '='
			// Drop the status character and any id digits.
			rest := strings.TrimLeft(line[1:], "0123456789")
			lines = append(lines[:0], strings.TrimPrefix(rest, " "))
			continue
		}
		if strings.TrimSpace(line) == "" {
			select {
			case c.answers <- answer{ok: ok, text: strings.Join(lines, "\n")}:
			case <-c.stop:
				return
			}
			in = false
			continue
		}
		lines = append(lines, line)
	}
	err := sc.Err()
	if err == nil {
		err = io.EOF
	}
	select {
	case c.answers <- answer{err: err}:
		close(c.answers)
	case <-c.stop:
	}
}

// Send sends one command and returns the engine's answer without the
// leading "= " (several lines for some commands, joined with "\n"). A
// failure answer is an error wrapping ErrRefused with the engine's
// message; no answer within the timeout kills the engine and returns an
// error wrapping ErrTimeout. Its context is Options.Context (see
// SendContext).
func (c *Client) Send(command string) (string, error) {
	return c.SendContext(c.ctx, command)
}

// SendContext is Send, but a cancelled ctx ends the wait: the engine,
// left in the middle of the command, is killed, and the error wraps
// ctx's error (context.Canceled, say) as well as ErrExited.
func (c *Client) SendContext(ctx context.Context, command string) (string, error) {
	command = strings.TrimSpace(command)
	if command == "" || strings.ContainsAny(command, "\r\n") {
		return "", fmt.Errorf("%w %q", ErrCommand, command)
	}
	if c.dead != nil {
		return "", c.dead
	}
	if _, err := io.WriteString(c.stdin, command+"\n"); err != nil {
		return "", c.died(command, err)
	}
	timer := time.NewTimer(c.timeout)
	defer timer.Stop()
	select {
	case a, open := <-c.answers:
		switch {
		case !open || a.err != nil:
			return "", c.died(command, a.err)
		case !a.ok:
			return "", fmt.Errorf("%w %q: %s", ErrRefused, command, a.text)
		}
		return a.text, nil
	case <-timer.C:
		c.kill()
		c.dead = fmt.Errorf("%w: %s gave no answer to %q in %v%s", ErrTimeout, c.name, command, c.timeout, c.stderr.note())
		return "", c.dead
	case <-ctx.Done():
		c.kill()
		c.dead = fmt.Errorf("%w: %s stopped during %q: %w", ErrExited, c.name, command, ctx.Err())
		return "", c.dead
	}
}

// died records that the engine stopped answering during command.
func (c *Client) died(command string, err error) error {
	select {
	case <-c.done:
	case <-time.After(time.Second):
	}
	status := ""
	if c.cmd.ProcessState != nil {
		status = " (" + c.cmd.ProcessState.String() + ")"
	}
	c.dead = fmt.Errorf("%w: %s stopped%s during %q%s", ErrExited, c.name, status, command, c.stderr.note())
	return c.dead
}

func (c *Client) kill() {
	c.stopReading()
	if c.cmd.Process != nil {
		c.cmd.Process.Kill()
		c.killGroup()
	}
	<-c.done
}

// killGroup kills what is left of the engine's process group, with
// Options.OwnGroup: the children a wrapper script started, which would
// otherwise outlive it (and hold its output open).
func (c *Client) killGroup() {
	if c.group && c.cmd.Process != nil {
		killGroup(c.cmd.Process.Pid)
	}
}

func (c *Client) stopReading() {
	select {
	case <-c.stop:
	default:
		close(c.stop)
	}
}

// Close asks the engine to quit, closes its input and waits for it to
// exit, killing it if it has not within a few seconds. It returns nil
// unless the engine could not be stopped cleanly. Close may be called more
// than once.
func (c *Client) Close() error {
	if c.closed {
		return nil
	}
	c.closed = true
	if c.dead == nil {
		c.timeout = min(c.timeout, 5*time.Second)
		c.SendContext(context.Background(), "quit")
	}
	c.stdin.Close()
	defer c.stopReading()
	select {
	case <-c.done:
		c.killGroup()
		return nil
	case <-time.After(5 * time.Second):
		c.kill()
		return fmt.Errorf("peer: %s did not exit after quit: killed", c.name)
	}
}

// Known reports whether the engine knows a command ("known_command").
func (c *Client) Known(command string) bool {
	a, err := c.Send("known_command " + command)
	return err == nil && strings.TrimSpace(a) == "true"
}

// tail keeps the last few lines written to it, passing everything on.
type tail struct {
	mu  sync.Mutex
	w   io.Writer
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.w != nil {
		t.w.Write(p)
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > 4096 {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-2048:]...)
	}
	return len(p), nil
}

// note returns the last lines of the engine's standard error, for an
// error message, or "".
func (t *tail) note() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.TrimSpace(string(t.buf))
	if s == "" {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > 3 {
		lines = lines[len(lines)-3:]
	}
	return "; its last words: " + strings.Join(lines, " / ")
}

// SplitCommand splits a command line into words at spaces, as a shell
// would for simple cases: single or double quotes group words, and a
// backslash escapes the next character outside single quotes.
func SplitCommand(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	inWord := false
	var quote rune
	escaped := false
	for _, r := range s {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped = false
		case r == '\\' && quote != '\'':
			escaped, inWord = true, true
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t' || r == '\n':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 || escaped {
		return nil, fmt.Errorf("peer: unterminated quote or escape in %q", s)
	}
	if inWord {
		out = append(out, cur.String())
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("peer: empty command")
	}
	return out, nil
}
