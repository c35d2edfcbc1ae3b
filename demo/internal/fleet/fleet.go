//go:build !js

package fleet

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/seedgames/motorkit/demo/internal/netops"
)

// Server is a game server as the fleet drives it; the flail server
// (demo/flail/online.Server) is one.
type Server interface {
	// Logf writes a line to the server's log.
	Logf(format string, args ...any)
	// OnChange sets fn to be called whenever a player joins or leaves or
	// a room opens or closes (fn must not block), so that the directory
	// shows the change before the next heartbeat.
	OnChange(fn func())
	// Capacity is the number of players a room holds and the most rooms
	// the server opens.
	Capacity() (roomSize, maxRooms int)
	// RoomList describes the open rooms.
	RoomList() []netops.RoomInfo
	// AdoptRoom resumes a room another server handed over (its state as
	// that server's handoff gave it) and returns its number here; it
	// refuses state that is damaged or not a room of this game.
	AdoptRoom(state []byte) (room int, err error)
	// DrainTo stops taking players, hands every room to handoff, tells
	// their players where to reconnect, waits up to timeout for the
	// connections to end and closes the server.
	DrainTo(timeout time.Duration, handoff netops.Handoff)
}

// DefaultBucket is the directory of Options.Bucket by default: the flail
// game's. Another game's servers pass a bucket of their own.
const DefaultBucket = "flail_fleet"

// Options configure Join. Zero fields take the defaults.
type Options struct {
	// Conn is the NATS connection (its URL, credentials and TLS are the
	// caller's: nats.Connect with nats.UserCredentials, nats.Secure ...).
	Conn *nats.Conn
	// URL is the websocket address players reach this server at, e.g.
	// ws://game3.example.com:8040/ws. Required.
	URL string
	// ID names the server in the directory (default "s-" and 8 random
	// hex digits); letters, digits, '-' and '_'.
	ID string
	// Bucket is the JetStream key-value bucket of the directory (default
	// DefaultBucket, "flail_fleet"): one per game, e.g. "playground_fleet"
	// (letters, digits, '-' and '_'). It names the handoff subjects too:
	// a server takes rooms on <Bucket with '_' as '.'>.handoff.<ID>
	// ("flail.fleet.handoff.s-1a2b3c4d"), so two games' fleets on one NATS
	// neither list nor hand rooms to each other.
	Bucket string
	// Heartbeat is how often the entry is refreshed (default 1 s) and TTL
	// how long an entry lives without one (default 5 s): a server that
	// dies leaves the directory within TTL.
	Heartbeat, TTL time.Duration
	// HandoffTimeout bounds one room's handoff (default 5 s).
	HandoffTimeout time.Duration
}

// Entry is one server in the directory.
type Entry struct {
	ID       string            `json:"id"`
	URL      string            `json:"url"`
	RoomSize int               `json:"room_size"`
	MaxRooms int               `json:"max_rooms"`
	Draining bool              `json:"draining"`
	Rooms    []netops.RoomInfo `json:"rooms"`
}

// Room is a room of the fleet as /rooms lists it.
type Room struct {
	Server string `json:"server"`
	URL    string `json:"url"`
	netops.RoomInfo
}

// JoinAnswer is what /join answers: the websocket URL of the server and
// the room number there (-1: a new room on that server). Connect to
// URL with "?room=N" to land in that room.
type JoinAnswer struct {
	URL  string `json:"url"`
	Room int    `json:"room"`
}

// Member is a server's membership of the fleet.
type Member struct {
	srv     Server
	o       Options
	subject string // handoffSubjects(o.Bucket)
	kv      jetstream.KeyValue
	sub     *nats.Subscription
	stop    chan struct{}
	done    chan struct{}
	kick    chan struct{} // a change to publish before the next heartbeat

	mu       sync.Mutex
	draining bool
	left     bool
}

// ErrNoRoom is returned by Pick when no server of the fleet has space.
var ErrNoRoom = errors.New("fleet: no server has space")

// Join registers srv in the fleet's directory, keeps its entry fresh every
// Heartbeat, and takes rooms other servers hand over (AdoptRoom).
func Join(srv Server, o Options) (*Member, error) {
	if o.Conn == nil || o.URL == "" {
		return nil, errors.New("fleet: Options.Conn and Options.URL are required")
	}
	if o.ID == "" {
		var b [4]byte
		_, _ = rand.Read(b[:])
		o.ID = "s-" + hex.EncodeToString(b[:])
	}
	for _, c := range o.ID {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return nil, fmt.Errorf("fleet: server id %q: only letters, digits, '-' and '_'", o.ID)
		}
	}
	o.Bucket = cmp.Or(o.Bucket, DefaultBucket)
	o.Heartbeat = cmp.Or(o.Heartbeat, time.Second)
	o.TTL = cmp.Or(o.TTL, 5*time.Second)
	o.HandoffTimeout = cmp.Or(o.HandoffTimeout, 5*time.Second)
	if o.TTL < 2*o.Heartbeat {
		return nil, fmt.Errorf("fleet: TTL %v must be at least two heartbeats (%v)", o.TTL, o.Heartbeat)
	}
	js, err := jetstream.New(o.Conn)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: o.Bucket, TTL: o.TTL, History: 1,
		Description: strings.TrimSuffix(o.Bucket, "_fleet") + " servers: rooms, players and capacity, refreshed by each server's heartbeat"})
	if err != nil {
		return nil, fmt.Errorf("fleet: directory bucket %s: %w", o.Bucket, err)
	}
	m := &Member{srv: srv, o: o, subject: handoffSubjects(o.Bucket), kv: kv,
		stop: make(chan struct{}), done: make(chan struct{}), kick: make(chan struct{}, 1)}
	m.sub, err = o.Conn.Subscribe(m.handoffSubject(o.ID), m.adopt)
	if err != nil {
		return nil, err
	}
	if err := m.beat(); err != nil {
		_ = m.sub.Unsubscribe()
		return nil, err
	}
	srv.OnChange(func() {
		select {
		case m.kick <- struct{}{}:
		default:
		}
	})
	go m.loop()
	return m, nil
}

// ID is the server's name in the directory.
func (m *Member) ID() string { return m.o.ID }

// handoffSubjects is the prefix of a fleet's handoff subjects: the bucket
// with '_' as '.' (a bucket name has no '.', so two buckets never share
// it) and ".handoff.": "flail.fleet.handoff." for "flail_fleet".
func handoffSubjects(bucket string) string { return strings.ReplaceAll(bucket, "_", ".") + ".handoff." }

// handoffSubject is the subject the server id takes rooms on.
func (m *Member) handoffSubject(id string) string { return m.subject + id }

func (m *Member) loop() {
	defer close(m.done)
	t := time.NewTicker(m.o.Heartbeat)
	defer t.Stop()
	for {
		select {
		case <-m.stop:
			return
		case <-t.C:
		case <-m.kick:
			// players came or went: publish now, at most every 20 ms.
			time.Sleep(20 * time.Millisecond)
		}
		if err := m.beat(); err != nil {
			m.srv.Logf("fleet: heartbeat: %v", err)
		}
	}
}

// beat writes this server's entry.
func (m *Member) beat() error {
	m.mu.Lock()
	draining, left := m.draining, m.left
	m.mu.Unlock()
	if left {
		return nil
	}
	roomSize, maxRooms := m.srv.Capacity()
	e := Entry{ID: m.o.ID, URL: m.o.URL, RoomSize: roomSize, MaxRooms: maxRooms, Draining: draining,
		Rooms: m.srv.RoomList()}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, err = m.kv.Put(ctx, m.o.ID, b)
	return err
}

// Servers lists the directory's live servers, sorted by ID.
func (m *Member) Servers(ctx context.Context) ([]Entry, error) {
	lister, err := m.kv.ListKeys(ctx)
	if err != nil {
		if errors.Is(err, jetstream.ErrNoKeysFound) {
			return nil, nil
		}
		return nil, err
	}
	defer func() { _ = lister.Stop() }()
	var out []Entry
	for k := range lister.Keys() {
		v, err := m.kv.Get(ctx, k)
		if err != nil {
			continue // expired or deleted meanwhile
		}
		var e Entry
		if json.Unmarshal(v.Value(), &e) == nil && e.ID == k {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b Entry) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}

// Rooms lists every room of the fleet, server by server.
func (m *Member) Rooms(ctx context.Context) ([]Room, error) {
	es, err := m.Servers(ctx)
	if err != nil {
		return nil, err
	}
	out := []Room{}
	for _, e := range es {
		for _, r := range e.Rooms {
			out = append(out, Room{Server: e.ID, URL: e.URL, RoomInfo: r})
		}
	}
	return out, nil
}

// Pick chooses where a new player goes: the fullest room with space on a
// server that is not draining (so rooms fill), else a new room on the
// server with the most free room places. Ties go to the lower server ID
// and room number.
func Pick(servers []Entry) (JoinAnswer, error) {
	best, bestPeople := JoinAnswer{}, -1
	for _, e := range servers {
		if e.Draining {
			continue
		}
		for _, r := range e.Rooms {
			if r.Players < e.RoomSize && r.Players > bestPeople {
				best, bestPeople = JoinAnswer{URL: e.URL, Room: r.Room}, r.Players
			}
		}
	}
	if bestPeople >= 0 {
		return best, nil
	}
	free := 0
	for _, e := range servers {
		if n := e.MaxRooms - len(e.Rooms); !e.Draining && n > free {
			best, free = JoinAnswer{URL: e.URL, Room: -1}, n
		}
	}
	if free == 0 {
		return JoinAnswer{}, ErrNoRoom
	}
	return best, nil
}

// Handler serves /rooms (every room of the fleet: server, url, room,
// players, bots, tick) and /join (a JoinAnswer; 503 when the fleet is
// full) as JSON.
func (m *Member) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/rooms", func(w http.ResponseWriter, r *http.Request) {
		rooms, err := m.Rooms(r.Context())
		if err != nil {
			http.Error(w, "fleet directory: "+err.Error(), http.StatusBadGateway)
			return
		}
		netops.WriteJSON(w, rooms)
	})
	mux.HandleFunc("/join", func(w http.ResponseWriter, r *http.Request) {
		es, err := m.Servers(r.Context())
		if err != nil {
			http.Error(w, "fleet directory: "+err.Error(), http.StatusBadGateway)
			return
		}
		a, err := Pick(es)
		if err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		netops.WriteJSON(w, a)
	})
	return mux
}

// handoffReply is a target server's answer to a room handoff.
type handoffReply struct {
	Room  int    `json:"room"`
	URL   string `json:"url"`
	Error string `json:"error,omitempty"`
}

// adopt takes a room another server hands over.
func (m *Member) adopt(msg *nats.Msg) {
	var rep handoffReply
	// the state is framed with its length and CRC-32C, which AdoptRoom
	// checks first: a room whose bytes changed on the way is refused.
	n, err := m.srv.AdoptRoom(msg.Data)
	if err != nil {
		rep.Error = err.Error()
	} else {
		rep.Room, rep.URL = n, m.o.URL
		_ = m.beat() // the directory shows the room at once
	}
	b, _ := json.Marshal(rep)
	_ = msg.Respond(b)
}

// handoff sends one room's state to the live server with the most free
// room places and returns the URL its players go to.
func (m *Member) handoff(room int, state []byte) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), m.o.HandoffTimeout)
	defer cancel()
	es, err := m.Servers(ctx)
	if err != nil {
		return "", err
	}
	slices.SortStableFunc(es, func(a, b Entry) int {
		return cmp.Compare(b.MaxRooms-len(b.Rooms), a.MaxRooms-len(a.Rooms))
	})
	var errs []error
	for _, e := range es {
		if e.ID == m.o.ID || e.Draining || len(e.Rooms) >= e.MaxRooms {
			continue
		}
		msg, err := m.o.Conn.Request(m.handoffSubject(e.ID), state, m.o.HandoffTimeout)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", e.ID, err))
			continue
		}
		var rep handoffReply
		if err := json.Unmarshal(msg.Data, &rep); err != nil || rep.Error != "" {
			errs = append(errs, fmt.Errorf("%s refused room %d: %s%v", e.ID, room, rep.Error, err))
			continue
		}
		m.srv.Logf("fleet: room %d handed to %s as its room %d", room, e.ID, rep.Room)
		return rep.URL + "?room=" + fmt.Sprint(rep.Room), nil
	}
	if len(errs) == 0 {
		return "", errors.New("fleet: no other server has a free room place")
	}
	return "", errors.Join(errs...)
}

// Drain takes the server out of the fleet gracefully: its entry says
// draining at once (no player is sent here any more), every room is handed
// to another server (Server.DrainTo) whose players reconnect there
// with their tokens, then the entry is removed and the server closed.
// Rooms nobody could take stay in the server for SaveState.
func (m *Member) Drain(timeout time.Duration) {
	m.mu.Lock()
	m.draining = true
	m.mu.Unlock()
	_ = m.beat()
	_ = m.sub.Unsubscribe()
	m.srv.DrainTo(timeout, m.handoff)
	m.Leave()
}

// Leave removes the server's entry and stops the heartbeat.
func (m *Member) Leave() {
	m.mu.Lock()
	if m.left {
		m.mu.Unlock()
		return
	}
	m.left = true
	m.mu.Unlock()
	close(m.stop)
	<-m.done
	_ = m.sub.Unsubscribe()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = m.kv.Delete(ctx, m.o.ID)
}
