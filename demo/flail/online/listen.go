package online

import (
	"net"

	"github.com/seedgames/motorkit/demo/internal/netops"
)

// LimitListener wraps l so that every accepted TCP connection gets a send
// buffer of sndbuf bytes: a client that stops reading then fills it soon,
// the server's writes time out and the client is dropped as a slow reader
// instead of the kernel queueing megabytes for it. It is
// netops.LimitListener.
func LimitListener(l net.Listener, sndbuf int) net.Listener { return netops.LimitListener(l, sndbuf) }
