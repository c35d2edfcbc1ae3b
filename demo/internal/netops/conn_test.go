//go:build !js

package netops

import (
	"bufio"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// closeServer serves websockets on 127.0.0.1 (through LimitListener, with
// ConnContext) and closes each with CloseWithin(reason, d), using the
// socket when withRaw; it reports how long each close took.
func closeServer(t *testing.T, withRaw bool, reason string, d time.Duration) (url string, took <-chan time.Duration) {
	t.Helper()
	ch := make(chan time.Duration, 1)
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw := RawConn(r.Context())
		if raw == nil {
			t.Error("RawConn: no socket in the request's context")
		}
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			t.Error(err)
			return
		}
		if !withRaw {
			raw = nil
		}
		t0 := time.Now()
		CloseWithin(c, raw, websocket.StatusPolicyViolation, reason, d)
		ch <- time.Since(t0)
	}))
	ts.Listener = LimitListener(ts.Listener, 16<<10)
	ts.Config.ConnContext = ConnContext
	ts.Start()
	t.Cleanup(ts.Close)
	return "ws://" + ts.Listener.Addr().String(), ch
}

// silentClient does the websocket handshake by hand and then sends
// nothing, not even the answer to a close frame.
func silentClient(t *testing.T, url string) net.Conn {
	t.Helper()
	host := strings.TrimPrefix(url, "ws://")
	c, err := net.DialTimeout("tcp", host, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	key := base64.StdEncoding.EncodeToString([]byte("0123456789abcdef"))
	fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n", host, key)
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("handshake: %v %v", resp, err)
	}
	return c
}

// A client that never answers the close frame holds the server's close
// for d, not for the library's own wait (5 s): then RawConn's socket is
// closed.
func TestCloseWithinBoundsAStalledHandshake(t *testing.T) {
	url, took := closeServer(t, true, "bye", 200*time.Millisecond)
	c := silentClient(t, url)
	var d time.Duration
	select {
	case d = <-took:
	case <-time.After(3 * time.Second):
		t.Fatal("the close still waits after 3 s")
	}
	// about 200 ms; the upper bound only tells d from the library's 5 s
	// (a busy machine may take longer than 200 ms).
	if d < 150*time.Millisecond || d > 4*time.Second {
		t.Errorf("the close took %v, want about 200 ms (not the library's 5 s)", d)
	}
	// the socket is closed: the client reads the close frame, then EOF
	_ = c.SetReadDeadline(time.Now().Add(2 * time.Second))
	buf := make([]byte, 256)
	var err error
	for err == nil {
		_, err = c.Read(buf)
	}
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Error("the socket is still open")
	}
}

// A client that answers gets the close frame at once, its reason cut to
// 120 bytes (a control frame's payload is at most 125).
func TestCloseWithinCutsTheReason(t *testing.T) {
	url, took := closeServer(t, true, strings.Repeat("r", 300), 10*time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	_, _, err = c.Read(ctx)
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != websocket.StatusPolicyViolation || ce.Reason != strings.Repeat("r", 120) {
		t.Fatalf("read %v, want a policy violation close with 120 bytes of reason", err)
	}
	if d := <-took; d > 5*time.Second {
		t.Errorf("an answered close took %v: it waited for its bound (10 s)", d)
	}
}

// Idle.Wait returns once Touch stops for longer than d, and not while
// inputs come; it returns false at once when either channel closes.
func TestIdle(t *testing.T) {
	const d = 80 * time.Millisecond
	var idle Idle
	stopTouching := make(chan struct{})
	go func() {
		for {
			select {
			case <-stopTouching:
				return
			case <-time.After(10 * time.Millisecond):
				idle.Touch(time.Now())
			}
		}
	}()
	t0 := time.Now()
	time.AfterFunc(300*time.Millisecond, func() { close(stopTouching) })
	got, ok := idle.Wait(d, nil, nil)
	if el := time.Since(t0); !ok || got <= d || el < 300*time.Millisecond {
		t.Fatalf("Wait: %v %v after %v; want true, more than %v, not before the inputs stopped (300 ms)", got, ok, el, d)
	}
	for _, which := range []string{"done", "stop"} {
		done, stop := make(chan struct{}), make(chan struct{})
		ch := map[string]chan struct{}{"done": done, "stop": stop}[which]
		time.AfterFunc(20*time.Millisecond, func() { close(ch) })
		t1 := time.Now()
		if _, ok := idle.Wait(time.Hour, done, stop); ok || time.Since(t1) > 10*time.Second {
			t.Errorf("closing %s: Wait %v after %v", which, ok, time.Since(t1))
		}
	}
}
