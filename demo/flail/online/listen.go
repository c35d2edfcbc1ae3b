package online

import (
	"net"
)

// LimitListener wraps l so that every accepted TCP connection gets a send
// buffer of sndbuf bytes: a client that stops reading then fills it soon,
// the server's writes time out and the client is dropped as a slow reader
// instead of the kernel queueing megabytes for it.
func LimitListener(l net.Listener, sndbuf int) net.Listener { return limitListener{l, sndbuf} }

type limitListener struct {
	net.Listener
	sndbuf int
}

func (l limitListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	if tc, ok := c.(*net.TCPConn); ok && l.sndbuf > 0 {
		_ = tc.SetWriteBuffer(l.sndbuf)
	}
	return c, nil
}
