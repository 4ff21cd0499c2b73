// Package interrupt lets a long command stop cleanly when it is
// interrupted: a context that the usual signals cancel, the error of a
// command that stopped so (ErrInterrupted, or Error in its own words), and
// the exit status a shell gives a command that such a signal killed.
package interrupt

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
)

// Context returns the context of a long command, which an interrupt
// cancels: Ctrl-C (SIGINT), SIGTERM (kill, timeout, a job scheduler) or
// SIGHUP (the terminal closed), each unless the process started with it
// ignored (nohup). The command then stops its work and keeps what it
// finished. The CancelFunc stops listening for the signals.
func Context() (context.Context, context.CancelFunc) {
	var sigs []os.Signal
	for _, s := range []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP} {
		if !signal.Ignored(s) {
			sigs = append(sigs, s)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sigs...)
	go func() {
		select {
		case s := <-ch:
			if n, ok := s.(syscall.Signal); ok {
				caught.Store(int32(n))
			}
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		cancel()
	}
}

// caught is the number of the signal that interrupted a command, or 0.
var caught atomic.Int32

// Status is the exit status of an interrupted command: 128 and
// the signal's number, as a shell gives a command the signal killed (130
// for SIGINT, 143 for SIGTERM, 129 for SIGHUP).
func Status() int {
	if n := caught.Load(); n > 0 {
		return 128 + int(n)
	}
	return 130
}

// ErrInterrupted is the error of a command that an interrupt stopped after
// it kept what it had finished; its exit status is Status's.
var ErrInterrupted = errors.New("interrupted: the output holds what was finished")

// Error is ErrInterrupted in a command's own words, which say what it kept
// and where.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

// Unwrap returns ErrInterrupted.
func (e *Error) Unwrap() error { return ErrInterrupted }
