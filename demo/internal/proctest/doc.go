// Package proctest runs a server command in a test: it builds the
// command's package, starts the binary with its log kept line by line and
// waits for the line that names its address (the flail and playground
// servers' restart and fleet tests).
package proctest
