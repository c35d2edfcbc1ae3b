package proctest

import (
	"bytes"
	"strings"
	"sync"
	"time"
)

// Log is a goroutine-safe log sink for a server under test
// (log.New(&Log{}, "", 0)); the zero Log is ready.
type Log struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (l *Log) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String is everything written so far.
func (l *Log) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Logged reports whether a line of the log contains all of parts.
func (l *Log) Logged(parts ...string) bool {
	for _, line := range strings.Split(l.String(), "\n") {
		all := true
		for _, p := range parts {
			all = all && strings.Contains(line, p)
		}
		if all {
			return true
		}
	}
	return false
}

// WaitFor polls cond every 10 ms for at most d and reports whether it
// held.
func WaitFor(d time.Duration, cond func() bool) bool {
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		if cond() {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return cond()
}
