//go:build !js

package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/seedgames/motorkit/demo/flail/online"
	"github.com/seedgames/motorkit/demo/flail/wire"
	"github.com/seedgames/motorkit/demo/internal/proctest"
)

// TestSIGTERMKeepsMatches runs the real server: a player joins and plays,
// SIGTERM drains the server (the player is told it restarts) and saves the
// room to -state within the drain bound; a second server started on that
// file restores the room, and the player, redialing with its token, is back
// on its own car, in a match that went on from the saved tick.
func TestSIGTERMKeepsMatches(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the server as a process")
	}
	dir := t.TempDir()
	bin := proctest.Self(t)
	state := filepath.Join(dir, "rooms.state")
	args := []string{"-addr", "127.0.0.1:0", "-build-wasm=false", "-web", dir, "-state", state, "-room-size", "4", "-drain", "2s"}
	p1, url1 := startFlail(t, bin, args...)
	ctx := context.Background()
	c, err := online.Dial(ctx, url1, online.DialOptions{Name: "stays"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for i := 0; i < 40; i++ {
		if _, err := c.SendInput(ctx, 2, 1, 0); err != nil {
			t.Fatal(err)
		}
		time.Sleep(25 * time.Millisecond)
	}
	t0 := time.Now()
	stop := p1.Terminate(t, 10*time.Second)
	if !strings.Contains(p1.Log(), "saved 1 rooms to "+state) {
		t.Fatalf("no save in the log:\n%s", p1.Log())
	}
	select {
	case <-c.Done():
	case <-time.After(time.Second):
		t.Fatal("the client's connection is still open")
	}
	var se *wire.Error
	if err := c.Err(); !errors.As(err, &se) || se.Code != wire.CodeRestart {
		if err == nil || !strings.Contains(err.Error(), "1012") {
			t.Fatalf("the client saw %v, want the restart notice", err)
		}
	}

	p2, url2 := startFlail(t, bin, args...)
	if !strings.Contains(p2.Log(), "restored 1 rooms from "+state) {
		t.Fatalf("no restore in the log:\n%s", p2.Log())
	}
	if _, err := os.Stat(state + ".restored"); err != nil {
		t.Fatalf("the state file was not set aside: %v", err)
	}
	c2, err := online.Redial(ctx, url2, online.DialOptions{Name: "stays", Token: c.Welcome.Token}, 5*time.Second, 200*time.Millisecond)
	if err != nil {
		t.Fatalf("redial: %v\n%s", err, p2.Log())
	}
	defer c2.Close()
	if c2.Welcome.You != c.Welcome.You {
		t.Fatalf("back as player %d, was %d", c2.Welcome.You, c.Welcome.You)
	}
	if c2.Welcome.Tick < 40 {
		t.Fatalf("the room restarted from tick %d", c2.Welcome.Tick)
	}
	t.Logf("SIGTERM to exit %v; back on the car after %v, at tick %d", stop.Round(time.Millisecond),
		time.Since(t0).Round(time.Millisecond), c2.Welcome.Tick)

	// the same file with one byte changed: the server says it is
	// corrupted and starts with no rooms.
	saved, err := os.ReadFile(state + ".restored")
	if err != nil {
		t.Fatal(err)
	}
	saved[len(saved)/2] ^= 0x08
	if err := os.WriteFile(state, saved, 0o644); err != nil {
		t.Fatal(err)
	}
	p3, _ := startFlail(t, bin, args...)
	if !strings.Contains(p3.Log(), "checksum mismatch") || !strings.Contains(p3.Log(), "starting with no rooms") {
		t.Fatalf("a corrupted state file was not reported as such:\n%s", p3.Log())
	}
}

// startFlail runs the server binary and returns it with its websocket URL.
func startFlail(t *testing.T, bin string, args ...string) (*proctest.Proc, string) {
	t.Helper()
	p, addr := proctest.Start(t, bin, regexp.MustCompile(`flail server on (\S+):`), args...)
	return p, "ws://" + addr + "/ws"
}
