// Package proctest holds what the game servers' tests share: a server
// command run as a process (Start: the program, or the test binary itself
// as its package's program with Self and RunMain, with its log kept line
// by line, its address read from the log; Terminate), a
// goroutine-safe log sink that finds lines (Log), and polling for a
// condition (WaitFor).
package proctest
