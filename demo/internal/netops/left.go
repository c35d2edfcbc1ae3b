package netops

import (
	"context"
	"errors"
	"io"
	"net"
	"syscall"
	"time"

	"github.com/coder/websocket"
)

// PeerLeft reports whether err, from a read or a write on a client's
// connection, means that the client left: it closed the connection (a
// close frame, the end of the stream) or reset it (connection reset,
// broken pipe), as a browser closing its tab does. A write that timed out
// is not: that client is still there but does not keep up (a slow
// reader, WriteFailed).
func PeerLeft(err error) bool {
	if err == nil || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	if websocket.CloseStatus(err) != -1 {
		return true
	}
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNABORTED)
}

// WriteFailed words why a connection ends when a write to it failed after
// at most timeout, as a reason for the log, the client and ReasonLabel:
//   - "slow reader: a write took over TIMEOUT" when the write timed out:
//     the client does not read what it is sent (label slow_reader);
//   - "closed: the client left (WHAT)" when the client closed or reset
//     the connection (PeerLeft; label closed), WHAT the socket's own word
//     for it, such as "connection reset by peer";
//   - "write: ERR" otherwise (label other).
func WriteFailed(err error, timeout time.Duration) string {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "slow reader: a write took over " + timeout.String()
	case PeerLeft(err):
		return LeftReason(err)
	}
	return "write: " + err.Error()
}

// LeftReason is the reason of a connection whose client left (PeerLeft):
// "closed: the client left (WHAT)", WHAT the socket's own word for it
// (such as "connection reset by peer", "broken pipe", "EOF") or the close
// frame's status.
func LeftReason(err error) string {
	what := "closed"
	var errno syscall.Errno
	switch {
	case websocket.CloseStatus(err) != -1:
		what = "close frame " + websocket.CloseStatus(err).String()
	case errors.As(err, &errno):
		what = errno.Error()
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		what = "end of stream"
	case errors.Is(err, net.ErrClosed):
		what = "connection closed"
	}
	return "closed: the client left (" + what + ")"
}
