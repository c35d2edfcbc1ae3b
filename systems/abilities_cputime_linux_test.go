package systems_test

import (
	"syscall"
	"time"
	"unsafe"
)

// threadTime is the CPU time the calling thread has run (Linux:
// CLOCK_THREAD_CPUTIME_ID), for measurements that another process taking
// the machine's cores must not skew; the caller locks its goroutine to
// its thread. ok is false when the clock is not there.
func threadTime() (d time.Duration, ok bool) {
	var ts syscall.Timespec
	const clockThreadCPUTimeID = 3
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
