//go:build linux

package nnkernel

import (
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// threadCPU returns the CPU time the calling thread has used, in ns.
func threadCPU() int64 {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return ts.Nano()
}

// cpuTimer measures the CPU time of a benchmark's loop on its own thread:
// on the shared machine the wall time also counts the time other processes
// hold the core, the CPU time does not (cache contention remains).
type cpuTimer struct{ t0 int64 }

// startCPU locks the goroutine to its thread and starts the timer.
func startCPU() *cpuTimer {
	runtime.LockOSThread()
	return &cpuTimer{threadCPU()}
}

// report stops the timer and reports the CPU time per operation.
func (c *cpuTimer) report(b *testing.B) {
	d := threadCPU() - c.t0
	runtime.UnlockOSThread()
	if d > 0 {
		b.ReportMetric(float64(d)/float64(b.N), "cpu-ns/op")
	}
}
