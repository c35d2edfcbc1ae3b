// Package proctest holds what the game servers' tests share: a server
// command run as a process (Build, Start: the binary with its log kept
// line by line, its address read from the log; Terminate), a
// goroutine-safe log sink that finds lines (Log), and polling for a
// condition (WaitFor).
package proctest
