//go:build !js

package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/seedgames/motorkit/demo/flail/online"
	"github.com/seedgames/motorkit/demo/internal/fleet/fleettest"
	"github.com/seedgames/motorkit/demo/internal/proctest"
)

// TestFleetBinaries runs the real server twice on one NATS (embedded here):
// a player joins the second; SIGKILL of the first takes it out of the
// directory within the TTL (5 s); SIGTERM of the second hands the room to a
// third server started meanwhile, and the player, told where to go, is
// back on its car there.
func TestFleetBinaries(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the server as a process")
	}
	natsURL := fleettest.StartNATS(t)
	dir := t.TempDir()
	bin := proctest.Self(t)
	args := func(id string) []string {
		return []string{"-addr", "127.0.0.1:0", "-build-wasm=false", "-web", dir, "-room-size", "4",
			"-nats", natsURL, "-id", id, "-drain", "2s"}
	}
	pa, urlA := startFlail(t, bin, args("a")...)
	pb, urlB := startFlail(t, bin, args("b")...)
	ctx := context.Background()
	c, err := online.Dial(ctx, urlB, online.DialOptions{Name: "mover"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	httpA := strings.Replace(strings.TrimSuffix(urlA, "/ws"), "ws://", "http://", 1)
	rooms := func() (out []map[string]any) {
		resp, err := http.Get(httpA + "/rooms")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		_ = json.NewDecoder(resp.Body).Decode(&out)
		return out
	}
	if !waitUntil(3*time.Second, func() bool { rs := rooms(); return len(rs) == 1 && rs[0]["server"] == "b" }) {
		t.Fatalf("a's /rooms does not show b's room: %v", rooms())
	}

	// SIGKILL a: gone from the directory within the TTL (5 s).
	t0 := time.Now()
	_ = pa.Cmd.Process.Signal(syscall.SIGKILL)
	<-pa.Done()
	pc, urlC := startFlail(t, bin, args("c")...)
	nc, err := nats.Connect(natsURL)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	kv, err := js.KeyValue(ctx, "flail_fleet")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Get(ctx, "a"); err != nil {
		t.Fatalf("a is not in the directory right after its death: %v", err)
	}
	if !waitUntil(8*time.Second, func() bool {
		_, err := kv.Get(ctx, "a")
		return errors.Is(err, jetstream.ErrKeyNotFound)
	}) {
		t.Fatal("the killed server is still in the directory 8 s later (TTL 5 s)")
	}
	t.Logf("killed server out of the directory after %v", time.Since(t0).Round(100*time.Millisecond))

	// SIGTERM b: its room moves to c, the player follows.
	t1 := time.Now()
	_ = pb.Cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-c.Done():
	case <-time.After(5 * time.Second):
		t.Fatalf("the player was not told:\n%s", pb.Log())
	}
	to, ok := online.MovedTo(c.Err())
	if !ok || !strings.HasPrefix(to, urlC) {
		t.Fatalf("the player was told %v, want a move to %s\n%s", c.Err(), urlC, pb.Log())
	}
	c2, err := online.Dial(ctx, to, online.DialOptions{Name: "mover", Token: c.Welcome.Token})
	if err != nil {
		t.Fatalf("reconnect at %s: %v\n%s", to, err, pc.Log())
	}
	defer c2.Close()
	if c2.Welcome.You != c.Welcome.You {
		t.Fatalf("back as player %d, was %d", c2.Welcome.You, c.Welcome.You)
	}
	<-pb.Done()
	t.Logf("SIGTERM to the player back on its car on the third server: %v", time.Since(t1).Round(time.Millisecond))
}

// waitUntil polls cond every 50 ms for at most d.
func waitUntil(d time.Duration, cond func() bool) bool {
	end := time.Now().Add(d)
	for {
		if cond() {
			return true
		}
		if time.Now().After(end) {
			return false
		}
		time.Sleep(50 * time.Millisecond)
	}
}
