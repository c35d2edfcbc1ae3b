package sample

import "time"

// Options is RenderTable's sample.
type Options struct {
	// Seats is the most players.
	Seats int
	// Wait is how long to wait.
	Wait time.Duration
	// Names are the names, in order.
	Names []string
	// On switches it on.
	On bool
	// Log, when set, logs.
	Log    func()
	hidden int
}

// BadOptions states a default in a doc comment.
type BadOptions struct {
	// Seats is the most players (default 8).
	Seats int
}
