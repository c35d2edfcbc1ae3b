//go:build !js

package online

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/seedgames/motorkit/demo/internal/fleet"
	"github.com/seedgames/motorkit/demo/internal/fleet/fleettest"
	"github.com/seedgames/motorkit/demo/internal/proctest"
	"github.com/seedgames/motorkit/netplay"
)

// joinFleet puts s in the playground's fleet on natsURL as id.
func joinFleet(t *testing.T, natsURL string, s *testServer, id string) *fleet.Member {
	t.Helper()
	nc, err := nats.Connect(natsURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	m, err := fleet.Join(s.Server, fleet.Options{Conn: nc, URL: s.url, ID: id, Bucket: "playground_fleet"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Leave)
	return m
}

// TestFleetHandoff: two playground servers in a fleet on one NATS; the
// directory lists both, and the one match with a player; draining that
// server hands its match to the other (the empty one): the player's Bye
// names the other server's URL, and dialing it with the token gets the
// seat back, in the match that went on from the drained one's tick.
func TestFleetHandoff(t *testing.T) {
	natsURL := fleettest.StartNATS(t)
	o := Options{Grace: 5 * time.Second}
	a, b := startServer(t, o), startServer(t, o)
	ma := joinFleet(t, natsURL, a, "pg-a")
	joinFleet(t, natsURL, b, "pg-b")
	c := dial(t, a.url, DialOptions{Name: "mover", Recipe: 3})
	tokened(t, c)
	play(t, 500*time.Millisecond, nil, nil, c)
	seat := c.Net().Seat()

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if !proctest.WaitFor(3*time.Second, func() bool {
		es, err := ma.Servers(ctx)
		if err != nil || len(es) != 2 {
			return false
		}
		players := 0
		for _, e := range es {
			for _, r := range e.Rooms {
				players += r.Players
			}
		}
		return players == 1
	}) {
		es, err := ma.Servers(ctx)
		t.Fatalf("the directory: %+v %v, want 2 servers and 1 player", es, err)
	}

	// the empty server lists no match: in the directory it has room for
	// the one its Capacity allows.
	if rs := b.RoomList(); len(rs) != 0 {
		t.Fatalf("the empty server lists %+v", rs)
	}
	before := match(t, a.Server).Tick
	ma.Drain(2 * time.Second)
	var err error
	if !proctest.WaitFor(2*time.Second, func() bool { err = c.Update(netplay.Command{}); return err != nil }) {
		t.Fatal("the player was not told")
	}
	be, ok := errorsAsBye(err)
	if !ok || !strings.HasPrefix(be.URL, b.url) {
		t.Fatalf("the player was told %v, want a move to %s\n%s", err, b.url, a.log)
	}
	if !a.log.Logged("fleet: room 0 handed to pg-b") {
		t.Fatalf("the handoff is not logged:\n%s", a.log)
	}
	c2 := dial(t, be.URL, DialOptions{Name: "mover", Token: c.Token()})
	if c2.Net().Seat() != seat {
		t.Fatalf("back in seat %d, was %d", c2.Net().Seat(), seat)
	}
	if r, _ := c2.Net().Game().Recipe(seat); r != 3 {
		t.Fatalf("playing recipe %d, was 3", r)
	}
	if r := match(t, b.Server); r.Players != 1 || r.Tick < before {
		t.Fatalf("the other server's match: %+v, want 1 player from tick %d on", r, before)
	}
	play(t, 200*time.Millisecond, nil, nil, c2)
}
