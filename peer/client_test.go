package peer

import (
	"context"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

// startFake starts the test binary as a fake GTP engine.
func startFake(t *testing.T, lacks string, o Options) *Client {
	t.Helper()
	t.Setenv("GOEVAL_FAKE_GTP", "1")
	t.Setenv("GOEVAL_FAKE_GTP_LACKS", lacks)
	// Under -race the child would otherwise sleep a second on exit.
	t.Setenv("GORACE", "atexit_sleep_ms=0")
	c, err := Start([]string{os.Args[0]}, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestClientConversation(t *testing.T) {
	c := startFake(t, "", Options{})
	for _, tt := range []struct{ cmd, want string }{
		{"name", "fake"},
		{"  name  ", "fake"},
		{"noise", "after noise"},
		{"ids", "with id"},
		{"multi", "line one\nline two"},
		{"clear_board", ""},
	} {
		got, err := c.Send(tt.cmd)
		if err != nil || got != tt.want {
			t.Errorf("Send(%q) = %q, %v; want %q", tt.cmd, got, err, tt.want)
		}
	}
	if _, err := c.Send("frobnicate"); !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "unknown command") {
		t.Errorf("unknown command: err = %v", err)
	}
	for _, bad := range []string{"", "name\nquit"} {
		if _, err := c.Send(bad); !errors.Is(err, ErrCommand) {
			t.Errorf("Send(%q): err = %v, want ErrCommand", bad, err)
		}
	}
	if !c.Known("estimate_score") || c.Known("frobnicate") {
		t.Error("Known is wrong")
	}
	if got, err := c.Send("name"); got != "fake" || err != nil {
		t.Errorf("after errors: %q, %v", got, err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestClientTimeout(t *testing.T) {
	c := startFake(t, "", Options{Timeout: 300 * time.Millisecond})
	start := time.Now()
	_, err := c.Send("sleep")
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the timeout took %v", d)
	}
	if _, err := c.Send("name"); !errors.Is(err, ErrTimeout) {
		t.Errorf("after a timeout: err = %v", err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("Close after a timeout: %v", err)
	}
}

func TestSendContextCancelled(t *testing.T) {
	c := startFake(t, "", Options{Timeout: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	_, err := c.SendContext(ctx, "sleep")
	if !errors.Is(err, context.Canceled) || !errors.Is(err, ErrExited) {
		t.Fatalf("err = %v, want context.Canceled and ErrExited", err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("the cancellation took %v", d)
	}
	if _, err := c.Send("name"); !errors.Is(err, context.Canceled) {
		t.Errorf("after the cancellation: err = %v", err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("Close after the cancellation: %v", err)
	}
}

func TestClientCrash(t *testing.T) {
	c := startFake(t, "", Options{})
	_, err := c.Send("crash")
	if !errors.Is(err, ErrExited) || !strings.Contains(err.Error(), "crashing on purpose") || !strings.Contains(err.Error(), "exit status 3") {
		t.Errorf("err = %v, want ErrExited with the engine's last words and status", err)
	}
	if _, err := c.Send("name"); !errors.Is(err, ErrExited) {
		t.Errorf("after the crash: %v", err)
	}
	c.Close()
}

func TestStartFailures(t *testing.T) {
	if _, err := Start([]string{"goeval-no-such-engine"}, Options{}); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("missing engine: %v", err)
	}
	if _, err := Start(nil, Options{}); err == nil {
		t.Error("no command: no error")
	}
	if _, err := Start([]string{"true"}, Options{Timeout: 5 * time.Second}); !errors.Is(err, ErrExited) || !strings.Contains(err.Error(), "does not speak GTP") {
		t.Errorf("true as an engine: %v", err)
	}
}

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"gnugo --mode gtp --level 1", []string{"gnugo", "--mode", "gtp", "--level", "1"}},
		{"  a\t b  ", []string{"a", "b"}},
		{`engine "a b" 'c d' e\ f ""`, []string{"engine", "a b", "c d", "e f", ""}},
		{`x 'it\s'`, []string{"x", `it\s`}},
	}
	for _, tt := range tests {
		got, err := SplitCommand(tt.in)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "   ", `a "b`, `a \`} {
		if _, err := SplitCommand(bad); err == nil {
			t.Errorf("SplitCommand(%q): no error", bad)
		}
	}
}
