//go:build !js

package fleet

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/seedgames/motorkit/demo/flail/online"
	"github.com/seedgames/motorkit/demo/flail/wire"
	"github.com/seedgames/motorkit/demo/internal/fleet/fleettest"
	"github.com/seedgames/motorkit/demo/internal/netops"
	"github.com/seedgames/motorkit/demo/internal/proctest"
)

// The flail server is a Server of the fleet.
var _ Server = (*online.Server)(nil)

// gameServer is one flail server of the fleet on 127.0.0.1.
type gameServer struct {
	srv  *online.Server
	m    *Member
	nc   *nats.Conn
	hs   *http.Server
	base string // http://addr
	ws   string // ws://addr/ws
	logs *strings.Builder
	mu   sync.Mutex
}

func (g *gameServer) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.logs.Write(p)
}

func (g *gameServer) log() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.logs.String()
}

func startGame(t *testing.T, natsURL, id string, roomSize, rooms int) *gameServer {
	t.Helper()
	return startGameIn(t, natsURL, "", id, roomSize, rooms)
}

// startGameIn starts a game server in the fleet of bucket ("": the
// default).
func startGameIn(t *testing.T, natsURL, bucket, id string, roomSize, rooms int) *gameServer {
	t.Helper()
	g := &gameServer{logs: &strings.Builder{}}
	srv, err := online.NewServer(online.ServerOptions{RoomSize: roomSize, MaxRooms: rooms, Seed: 5,
		Grace: 20 * time.Second, MaxPerAddress: 1 << 20, Log: log.New(g, id+" ", 0)})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g.srv, g.base, g.ws = srv, "http://"+ln.Addr().String(), "ws://"+ln.Addr().String()+"/ws"
	g.nc, err = nats.Connect(natsURL)
	if err != nil {
		t.Fatal(err)
	}
	g.m, err = Join(srv, Options{Conn: g.nc, URL: g.ws, ID: id, Bucket: bucket, Heartbeat: 200 * time.Millisecond, TTL: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/ws", srv)
	fh := g.m.Handler()
	mux.Handle("/rooms", fh)
	mux.Handle("/join", fh)
	g.hs = &http.Server{Handler: mux, ConnContext: online.ConnContext}
	go g.hs.Serve(online.LimitListener(ln, 1<<14))
	t.Cleanup(func() {
		g.m.Leave()
		g.srv.Close()
		g.hs.Close()
		g.nc.Close()
	})
	return g
}

// kill stops a server the way SIGKILL does: no drain, no goodbye to the
// directory; its entry is left to expire.
func (g *gameServer) kill() {
	g.m.mu.Lock()
	g.m.left = true
	g.m.mu.Unlock()
	close(g.m.stop)
	<-g.m.done
	g.nc.Close()
	g.hs.Close()
	g.srv.Close()
}

func getJSON(t *testing.T, url string, v any) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatalf("%s: %v: %s", url, err, b)
		}
	}
	return resp.StatusCode
}

// joinVia asks a server's /join where to play and connects there; when
// the directory was a heartbeat behind and the room or server has filled
// meanwhile, it asks again, as a client would.
func joinVia(t *testing.T, base, name string) (*online.Client, JoinAnswer) {
	t.Helper()
	for try := 0; ; try++ {
		var a JoinAnswer
		if code := getJSON(t, base+"/join", &a); code != http.StatusOK {
			t.Fatalf("/join: %d", code)
		}
		url := a.URL
		if a.Room >= 0 {
			url += fmt.Sprintf("?room=%d", a.Room)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		c, err := online.Dial(ctx, url, online.DialOptions{Name: name})
		cancel()
		if err == nil {
			return c, a
		}
		var se *wire.Error
		if !errors.As(err, &se) || se.Code != wire.CodeFull || try == 20 {
			t.Fatalf("dial %s: %v", url, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestFleet: three servers on one NATS. Clients asking any server's /join
// fill rooms one after another across the fleet; /rooms on any server
// lists them all. A killed server (no goodbye) leaves the directory within
// the TTL and no one is sent there; a drained server hands its rooms to
// the others, and its players, told where to go, get their own cars back
// there in matches that went on from where they were.
func TestFleet(t *testing.T) {
	clients, roomSize, rooms := 30, 4, 6
	if os.Getenv("FLEET300") == "1" {
		clients, roomSize, rooms = 300, 12, 20
	}
	natsURL := fleettest.StartNATS(t)
	gs := []*gameServer{
		startGame(t, natsURL, "s-a", roomSize, rooms),
		startGame(t, natsURL, "s-b", roomSize, rooms),
		startGame(t, natsURL, "s-c", roomSize, rooms),
	}
	var cs []*online.Client
	defer func() {
		for _, c := range cs {
			c.Close()
		}
	}()
	perServer := map[string]int{}
	landed := 0 // clients that landed in the room /join named
	for i := 0; i < clients; i++ {
		c, a := joinVia(t, gs[i%3].base, fmt.Sprintf("p%d", i))
		cs = append(cs, c)
		// players arrive one by one, as people do (a burst would outrun
		// the directory by a heartbeat; joinVia copes with that too).
		time.Sleep(30 * time.Millisecond)
		perServer[a.URL]++
		if a.Room >= 0 && int(c.Welcome.Room) == a.Room {
			landed++
		}
	}
	// every server's entry is refreshed within a heartbeat; then /rooms
	// on any server shows every room with its people.
	time.Sleep(400 * time.Millisecond)
	var all []Room
	getJSON(t, gs[2].base+"/rooms", &all)
	people := 0
	for _, r := range all {
		people += r.Players
		if r.Players > roomSize {
			t.Fatalf("room %s/%d has %d people", r.Server, r.Room, r.Players)
		}
	}
	if people != clients {
		t.Fatalf("/rooms counts %d people, %d joined: %+v", people, clients, all)
	}
	full := 0
	for _, r := range all {
		if r.Players == roomSize {
			full++
		}
	}
	if full < clients/roomSize {
		t.Fatalf("rooms do not fill: %d full rooms for %d people in rooms of %d: %+v", full, clients, roomSize, all)
	}
	t.Logf("%d clients over %d rooms (%d full) on %d servers, %d in the very room /join named: %v",
		clients, len(all), full, len(perServer), landed, perServer)

	// SIGKILL-like death of s-c: its entry expires within the TTL.
	t0 := time.Now()
	gs[2].kill()
	for {
		es, err := gs[0].m.Servers(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		gone := true
		for _, e := range es {
			gone = gone && e.ID != "s-c"
		}
		if gone {
			break
		}
		if time.Since(t0) > 3*time.Second {
			t.Fatalf("s-c still in the directory %v after its death", time.Since(t0))
		}
		time.Sleep(50 * time.Millisecond)
	}
	expired := time.Since(t0)
	for i := 0; i < 10; i++ {
		var a JoinAnswer
		if getJSON(t, gs[0].base+"/join", &a) == http.StatusOK && a.URL == gs[2].ws {
			t.Fatal("/join sends players to the dead server")
		}
	}

	// SIGTERM-like drain of s-b: its rooms move to s-a, its players follow.
	var moved []*online.Client
	for _, c := range cs {
		if strings.HasPrefix(c.URL(), gs[1].ws) {
			moved = append(moved, c)
		}
	}
	before := gs[1].srv.RoomList()
	t1 := time.Now()
	gs[1].m.Drain(3 * time.Second)
	drained := time.Since(t1)
	if len(gs[1].srv.Rooms()) != 0 {
		t.Fatalf("s-b kept %d rooms after its drain:\n%s", len(gs[1].srv.Rooms()), gs[1].log())
	}
	back := 0
	for _, c := range moved {
		<-c.Done()
		url, ok := online.MovedTo(c.Err())
		if !ok {
			t.Fatalf("a player of s-b was not told where to go: %v", c.Err())
		}
		if !strings.HasPrefix(url, gs[0].ws) {
			t.Fatalf("sent to %s, want s-a (%s)", url, gs[0].ws)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		c2, err := online.Dial(ctx, url, online.DialOptions{Name: "again", Token: c.Welcome.Token})
		cancel()
		if err != nil {
			t.Fatalf("reconnect at %s: %v\n%s", url, err, gs[0].log())
		}
		if c2.Welcome.You != c.Welcome.You {
			t.Fatalf("back as player %d, was %d", c2.Welcome.You, c.Welcome.You)
		}
		cs = append(cs, c2)
		back++
	}
	after := gs[0].srv.RoomList()
	for _, b := range before {
		if b.Players == 0 {
			continue
		}
		found := false
		for _, a := range after {
			found = found || (a.Players >= b.Players && a.Tick >= b.Tick && a.Bots == b.Bots)
		}
		if !found {
			t.Fatalf("s-b's room %+v did not go on on s-a: %+v", b, after)
		}
	}
	out, in := metric(t, gs[1].srv, `flail_room_moves_total{way="out"}`), metric(t, gs[0].srv, `flail_room_moves_total{way="in"}`)
	if out != float64(len(before)) || in != out {
		t.Fatalf("metrics: %v rooms handed out by s-b, %v adopted by s-a; s-b had %d", out, in, len(before))
	}
	t.Logf("killed s-c left the directory after %v (TTL 1 s); s-b drained in %v, %d players back on their cars on s-a",
		expired.Round(10*time.Millisecond), drained.Round(time.Millisecond), back)
}

// TestAdoptRefusesBadRooms: a handed-over room that was cut, one whose
// header checksum does not hold and data that is not a room are refused
// with an answer that says which, and nothing opens (online's
// TestAdoptRefusesEveryCorruption changes every byte of a real room).
func TestAdoptRefusesBadRooms(t *testing.T) {
	natsURL := fleettest.StartNATS(t)
	g := startGame(t, natsURL, "s-x", 4, 4)
	for name, c := range map[string]struct {
		data []byte
		says string
	}{
		"truncated":         {[]byte("MKFLRO"), "truncated"},
		"bad checksum":      {append([]byte("MKFLROOM\x01"), make([]byte, 40)...), "checksum mismatch"},
		"a state file":      {[]byte("MKFLSRV\x00garbage"), "foreign data"},
		"not a room at all": {[]byte("hello"), "foreign data"},
	} {
		msg, err := g.nc.Request(g.m.handoffSubject("s-x"), c.data, 2*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		var rep handoffReply
		if err := json.Unmarshal(msg.Data, &rep); err != nil || !strings.Contains(rep.Error, c.says) {
			t.Errorf("%s: answered %+v (%v), want an error saying %q", name, rep, err, c.says)
		}
	}
	if n := len(g.srv.Rooms()); n != 0 {
		t.Fatalf("%d rooms opened from bad handoffs", n)
	}
}

// TestTwoGamesOneNATS: two games' fleets (two buckets) on one NATS, each
// with a server named s-1, neither list nor take each other's rooms: a
// draining server of one finds no server to hand its room to and keeps
// it, the other game's server opens none.
func TestTwoGamesOneNATS(t *testing.T) {
	natsURL := fleettest.StartNATS(t)
	a := startGameIn(t, natsURL, "", "s-1", 4, 2)
	b := startGameIn(t, natsURL, "other_fleet", "s-1", 4, 2)
	if got := a.m.handoffSubject("s-1"); got != "flail.fleet.handoff.s-1" {
		t.Errorf("the default bucket's handoff subject is %q", got)
	}
	if got := b.m.handoffSubject("s-1"); got != "other.fleet.handoff.s-1" {
		t.Errorf("bucket other_fleet's handoff subject is %q", got)
	}
	for _, g := range []*gameServer{a, b} {
		es, err := g.m.Servers(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(es) != 1 || es[0].URL != g.ws {
			t.Fatalf("%s's directory: %+v, want itself only", g.ws, es)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	c, err := online.Dial(ctx, a.ws, online.DialOptions{Name: "Ann"})
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	a.m.Drain(time.Second)
	<-c.Done()
	if url, ok := online.MovedTo(c.Err()); ok {
		t.Fatalf("the room was handed to %s", url)
	}
	if n, m := len(a.srv.Rooms()), len(b.srv.Rooms()); n != 1 || m != 0 {
		t.Fatalf("after the drain: %d rooms kept, %d opened by the other game's server; want 1 and 0:\n%s", n, m, a.log())
	}
	if !strings.Contains(a.log(), "no other server has a free room place") {
		t.Errorf("the failed handoff is not logged as such:\n%s", a.log())
	}
}

// TestPick: the fullest room with space first, draining servers never,
// a new room on the emptiest server when every room is full.
func TestPick(t *testing.T) {
	es := []Entry{
		{ID: "a", URL: "ws://a/ws", RoomSize: 4, MaxRooms: 2, Rooms: []netops.RoomInfo{{Room: 0, Players: 4}, {Room: 1, Players: 2}}},
		{ID: "b", URL: "ws://b/ws", RoomSize: 4, MaxRooms: 3, Rooms: []netops.RoomInfo{{Room: 0, Players: 3}}},
		{ID: "c", URL: "ws://c/ws", RoomSize: 4, MaxRooms: 9, Draining: true, Rooms: []netops.RoomInfo{{Room: 5, Players: 3}}},
	}
	if a, err := Pick(es); err != nil || a != (JoinAnswer{URL: "ws://b/ws", Room: 0}) {
		t.Fatalf("fullest room with space: %+v %v", a, err)
	}
	es[1].Rooms[0].Players = 4
	es[0].Rooms[1].Players = 4
	if a, err := Pick(es); err != nil || a != (JoinAnswer{URL: "ws://b/ws", Room: -1}) {
		t.Fatalf("all full: a new room on b: %+v %v", a, err)
	}
	es[1].MaxRooms = 1
	if _, err := Pick(es); !errors.Is(err, ErrNoRoom) {
		t.Fatalf("a full fleet: %v", err)
	}
}

// metric reads one sample of the server's /metrics.
func metric(t *testing.T, srv *online.Server, name string) float64 {
	t.Helper()
	for _, line := range strings.Split(proctest.Scrape(srv.MetricsHandler()), "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(err)
			}
			return f
		}
	}
	t.Fatalf("no %s in the metrics", name)
	return 0
}
