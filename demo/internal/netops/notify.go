package netops

import "sync/atomic"

// Notifier calls a function set with OnChange whenever a server says its
// players or rooms changed (Changed), for a fleet's directory to publish
// the new counts at once. A server embeds it; the zero Notifier is ready.
type Notifier struct {
	fn atomic.Value // func()
}

// OnChange sets fn to be called (on the goroutine of the change, with no
// lock held) whenever a player joins or leaves or a room opens or closes.
// fn must not block.
func (n *Notifier) OnChange(fn func()) { n.fn.Store(fn) }

// Changed calls the function set with OnChange, if any.
func (n *Notifier) Changed() {
	if fn, ok := n.fn.Load().(func()); ok && fn != nil {
		fn()
	}
}
