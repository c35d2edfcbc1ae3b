//go:build !js

package netops

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// A server writing to a client that leaves (closes its socket, or resets
// it) ends the connection as closed, "closed: the client left (…)"; one
// writing to a client that stays but reads nothing ends it as a slow
// reader. The words decide the log line and the metric's label.
func TestWriteFailedTellsLeftFromSlow(t *testing.T) {
	for _, tc := range []struct {
		name  string
		leave func(c net.Conn) // what the client does after the handshake
		label string
		words string
	}{
		{"reset", func(c net.Conn) { _ = c.(*net.TCPConn).SetLinger(0); c.Close() }, "closed", "closed: the client left ("},
		{"closed", func(c net.Conn) { c.Close() }, "closed", "closed: the client left ("},
		{"not reading", func(net.Conn) {}, "slow_reader", "slow reader: a write took over 300ms"},
	} {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			const timeout = 300 * time.Millisecond
			reason := make(chan string, 1)
			ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				c, err := websocket.Accept(w, r, nil)
				if err != nil {
					t.Error(err)
					return
				}
				defer c.CloseNow()
				msg := make([]byte, 64<<10)
				for i := 0; ; i++ {
					ctx, cancel := context.WithTimeout(context.Background(), timeout)
					err := c.Write(ctx, websocket.MessageBinary, msg)
					cancel()
					if err != nil {
						reason <- WriteFailed(err, timeout)
						return
					}
					if i > 100000 {
						reason <- "every write went through"
						return
					}
				}
			}))
			defer ts.Close()
			c := silentClient(t, "ws://"+ts.Listener.Addr().String())
			tc.leave(c)
			var got string
			select {
			case got = <-reason:
			case <-time.After(20 * time.Second):
				t.Fatal("the server's writes did not fail in 20 s")
			}
			if !strings.HasPrefix(got, tc.words) || ReasonLabel(got) != tc.label {
				t.Fatalf("reason %q (label %s), want %q… (label %s)", got, ReasonLabel(got), tc.words, tc.label)
			}
			t.Logf("%s: %q", tc.name, got)
		})
	}
}

// What a reader sees of a client that leaves is PeerLeft too; a timeout is
// not.
func TestPeerLeft(t *testing.T) {
	if PeerLeft(nil) || PeerLeft(context.DeadlineExceeded) {
		t.Fatal("nil or a timeout is not a client that left")
	}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			t.Error(err)
			return
		}
		c.Close(websocket.StatusGoingAway, "tab closed")
	}))
	defer ts.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws://"+ts.Listener.Addr().String(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	_, _, err = c.Read(ctx)
	if !PeerLeft(err) || LeftReason(err) != "closed: the client left (close frame StatusGoingAway)" {
		t.Fatalf("read %v: PeerLeft %v, %q", err, PeerLeft(err), LeftReason(err))
	}
}
