package online

import (
	"context"
	"errors"
	"fmt"
	flailmatch "github.com/seedgames/motorkit/flail/match"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/demo/flail/internal/match"
	"github.com/seedgames/motorkit/demo/flail/wire"
	"github.com/seedgames/motorkit/demo/internal/netops"
	"github.com/seedgames/motorkit/flail"
	"github.com/yohamta/donburi"
)

// Counters are a player's input statistics since it joined.
type Counters struct {
	// Received inputs (in order, each tick once); Applied of them were used
	// by a tick (Received - Applied are still queued).
	Received, Applied uint64
	// Duplicates are inputs with a tick at or below the last one received
	// (dropped); Gaps counts ticks skipped by the client.
	Duplicates, Gaps uint64
	// Clamped inputs had a NaN or infinite aim.
	Clamped uint64
	// LastApplied is the tick of the last applied input.
	LastApplied uint32
}

// player is a person's car in a room.
type player struct {
	room   *Room
	id     uint32
	ent    donburi.Entity
	name   string
	addr   string // the remote address the car counts against
	token  wire.Token
	cl     *conn // nil while disconnected
	goneAt time.Time
	// inputs waiting for a tick, in order.
	queue  []wire.Input
	lastIn uint32
	// inputs of this connection and when the first arrived (see
	// Room.queue).
	inCount uint64
	inAt    time.Time
	aim     float64
	cnt     Counters
	// watcher: a spectator's connection (no car, no token, id 0).
	watcher bool
}

// Room is one match: a donburi world on the systems pipeline at 40 Hz.
type Room struct {
	s    *Server
	num  int
	seed uint64 // the match seed (a room moved from another server keeps its own)
	m    *flailmatch.Match
	// halt stops the room's loop without closing its players' connections
	// (a room handed to another server); halted closes when it has.
	halt, halted chan struct{}

	mu     sync.Mutex
	people []*player
	// watchers are spectators: they get the snapshots and have no car.
	watchers []*player
	ids      map[donburi.Entity]uint32
	nextID   uint32
	roster   bool // changed since last sent
	stats    TickStats
	lastAt   time.Time
	players  []wire.PlayerState
	events   wire.Events
	// body holds the encoded players of the tick per frame (default,
	// seed); each person's snapshot copies it after its own header.
	body [2][]byte
}

// worldMu serializes all work on the rooms' donburi worlds (ticks, spawns,
// removals). donburi keeps its query caches in package-level objects
// shared by every world (ComponentType.First, queries built at package
// level), so two worlds must not be stepped at the same time. A room tick
// takes ~0.1-0.2 ms, so a core runs dozens of rooms at 40 Hz in turn. The
// lock order is Room.mu, then worldMu.
var worldMu sync.Mutex

func newRoom(s *Server, num int) (*Room, error) {
	worldMu.Lock()
	defer worldMu.Unlock()
	seed := s.opts.Seed + uint64(num)
	m, err := match.NewEmpty(*s.opts.Config, seed)
	if err != nil {
		return nil, err
	}
	r := &Room{s: s, num: num, seed: seed, m: m, ids: map[donburi.Entity]uint32{}, nextID: 1,
		halt: make(chan struct{}), halted: make(chan struct{})}
	for i := 1; i <= s.opts.RoomSize; i++ {
		if err := r.addBot(); err != nil {
			return nil, err
		}
	}
	m.Events()
	return r, nil
}

func (r *Room) addBot() error {
	n := r.m.Bots() + 1
	e, err := r.m.SpawnPlayer(match.BotName(int(r.nextID)), flail.Skill(1+(n-1)%3))
	if err != nil {
		return err
	}
	r.ids[e] = r.nextID
	r.nextID++
	r.roster = true
	return nil
}

// removeBot removes the most recently added bot.
func (r *Room) removeBot() {
	for i := len(r.m.Cars) - 1; i >= 0; i-- {
		if r.m.Bot(i) != nil {
			e := r.m.Cars[i]
			r.m.RemovePlayer(e)
			delete(r.ids, e)
			r.roster = true
			return
		}
	}
}

// add spawns a person's car, taking a bot's place.
func (r *Room) add(cl *conn, name string) (*player, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.people) >= r.s.opts.RoomSize {
		return nil, errors.New("room full")
	}
	worldMu.Lock()
	defer worldMu.Unlock()
	if r.m.Bots() > 0 && r.m.Players() >= r.s.opts.RoomSize {
		r.removeBot()
	}
	e, err := r.m.SpawnPlayer(name, 0)
	if err != nil {
		return nil, err
	}
	p := &player{room: r, id: r.nextID, ent: e, name: name, token: newToken(), cl: cl, addr: cl.addr}
	r.nextID++
	r.ids[e] = p.id
	r.people = append(r.people, p)
	r.roster = true
	r.welcome(p)
	return p, nil
}

// reattach gives a reconnecting client its car back (it reports false when
// the car is gone).
func (r *Room) reattach(p *player, cl *conn, token wire.Token) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !slices.Contains(r.people, p) {
		return false
	}
	p.token = token
	if p.cl != nil {
		p.cl.close("replaced by a reconnect")
	}
	p.cl = cl
	p.queue = p.queue[:0]
	p.lastIn = 0
	p.inAt = time.Time{}
	p.cnt.LastApplied = 0 // acks count the new connection's ticks
	r.roster = true
	r.welcome(p)
	return true
}

// welcome queues the Welcome and the full state (roster, board, pickups).
func (r *Room) welcome(p *player) {
	a := r.m.Arena
	w := wire.Welcome{You: p.id, Token: p.token, Room: uint16(r.num), TickRate: match.TickRate,
		Tick: uint32(r.m.Ticks()), UnitsPerMeter: r.m.Config.UnitsPerMeter, Half: a.Half, CarRadius: r.m.Game.Ph.CarRadius}
	for _, b := range a.Boxes {
		w.Boxes = append(w.Boxes, wire.Box{X: b.Center[0], Z: b.Center[2], HalfX: b.HalfX, HalfZ: b.HalfZ, Yaw: b.Yaw})
	}
	p.cl.send(wire.AppendWelcome(nil, &w, p.cl.frame))
	p.cl.send(r.rosterMsg())
	p.cl.send(r.pickupsMsg(p.cl.frame))
}

// MaxWatchers bounds the spectators of a room.
const MaxWatchers = 32

// watch adds a spectator's connection to the room.
func (r *Room) watch(cl *conn) (*player, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.watchers) >= MaxWatchers {
		return nil, fmt.Errorf("room %d has %d spectators already", r.num, MaxWatchers)
	}
	p := &player{room: r, cl: cl, addr: cl.addr, name: "spectator", watcher: true}
	r.watchers = append(r.watchers, p)
	r.welcome(p)
	return p, nil
}

// leave marks p disconnected (its car waits Grace for a reconnect); a
// spectator just leaves.
func (r *Room) leave(p *player, cl *conn) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if p.watcher {
		if i := slices.Index(r.watchers, p); i >= 0 {
			r.watchers = slices.Delete(r.watchers, i, i+1)
		}
		return
	}
	if p.cl == cl {
		p.cl = nil
		p.goneAt = time.Now()
		p.queue = p.queue[:0]
		r.s.logf("gone player %d (%q) in room %d: car kept %v for a reconnect", p.id, p.name, r.num, r.s.opts.Grace)
	}
}

// graceSince reports when p's connection dropped, if p is waiting for a
// reconnect.
func (r *Room) graceSince(p *player) (time.Time, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if p.cl != nil || !slices.Contains(r.people, p) {
		return time.Time{}, false
	}
	return p.goneAt, true
}

// evict takes p's car out of the room now (a newcomer takes its seat); it
// reports false when p is no longer a disconnected person of this room.
func (r *Room) evict(p *player) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	i := slices.Index(r.people, p)
	if i < 0 || p.cl != nil {
		return false
	}
	worldMu.Lock()
	defer worldMu.Unlock()
	r.s.logf("leave player %d (%q) in room %d: a newcomer takes the seat of the dropped car", p.id, p.name, r.num)
	r.m.RemovePlayer(p.ent)
	delete(r.ids, p.ent)
	r.people = slices.Delete(r.people, i, i+1)
	r.roster = true
	return true
}

// queue stores an input for the coming ticks; it returns a reason to
// disconnect, or "".
func (r *Room) queue(p *player, cl *conn, in wire.Input) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if p.cl != cl {
		return "closed"
	}
	if in.Tick <= p.lastIn {
		p.cnt.Duplicates++
		r.s.met.Input("dropped")
		if p.cnt.Duplicates == 1 {
			r.s.logf("clamp %s: input tick %d after %d dropped (duplicate or out of order)", cl.who, in.Tick, p.lastIn)
		}
		return ""
	}
	if in.Tick > p.lastIn+1 {
		p.cnt.Gaps += uint64(in.Tick - p.lastIn - 1)
	}
	p.lastIn = in.Tick
	if math.IsNaN(in.Aim) || math.IsInf(in.Aim, 0) {
		p.cnt.Clamped++
		if p.cnt.Clamped == 1 {
			r.s.logf("clamp %s: aim %v replaced by the last valid aim", cl.who, in.Aim)
		}
		in.Aim = p.aim
	}
	in.Aim = math.Remainder(in.Aim, 2*math.Pi)
	p.aim = in.Aim
	// the input rate: since the connection started a client may have sent
	// InputRate inputs per second plus one second's worth. The budget is
	// not capped, so inputs that arrive in a burst after the server (or
	// the network) stalled are fine; a client that runs faster than real
	// time is not.
	now := time.Now()
	if p.inAt.IsZero() {
		p.inAt, p.inCount = cl.start, 0
	}
	rate := float64(r.s.opts.InputRate)
	p.inCount++
	if float64(p.inCount) > float64((now.Sub(p.inAt).Seconds()+1)*rate) {
		return fmt.Sprintf("input flood: more than %d inputs per second", r.s.opts.InputRate)
	}
	if len(p.queue) >= r.s.opts.InputQueue {
		return fmt.Sprintf("server overloaded: %d inputs waiting", len(p.queue))
	}
	p.queue = append(p.queue, in)
	p.cnt.Received++
	return ""
}

// TickStats are a room's tick durations (the simulation step plus
// encoding and queueing the messages).
type TickStats struct {
	// Durations of the ticks (seconds), in order; bounded to the last
	// 1<<16 ticks.
	Durations []float64
	// Intervals between the starts of consecutive ticks (seconds; 0.025
	// when the room keeps its 40 Hz), bounded like Durations.
	Intervals []float64
	// Ticks run.
	Ticks uint64
	// Bytes queued for clients, and messages dropped for slow readers.
	Bytes, Dropped uint64
}

// Stats returns a copy of the room's tick statistics.
func (r *Room) Stats() TickStats {
	r.mu.Lock()
	defer r.mu.Unlock()
	st := r.stats
	st.Durations = slices.Clone(st.Durations)
	st.Intervals = slices.Clone(st.Intervals)
	return st
}

// Counters returns the input counters of the person with player ID id.
func (r *Room) Counters(id uint32) (Counters, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, p := range r.people {
		if p.id == id {
			return p.cnt, true
		}
	}
	return Counters{}, false
}

// People returns the number of people (connected or within grace).
func (r *Room) People() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.people)
}

// Players returns the number of cars (people and bots).
func (r *Room) Players() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.m.Players()
}

// run ticks the room on a fixed schedule: tick k starts at start + k/40 s.
// A late tick is followed at once by the next (so the room keeps 40 ticks
// per second on average); more than a quarter second behind, the schedule
// restarts from now instead.
func (r *Room) run(ctx context.Context) {
	dt := time.Second / match.TickRate
	timer := time.NewTimer(dt)
	defer timer.Stop()
	next := time.Now()
	var emptySince time.Time
	for {
		next = next.Add(dt)
		wait := time.Until(next)
		if wait < -250*time.Millisecond {
			next = time.Now()
			wait = 0
		}
		if wait > 0 {
			timer.Reset(wait)
			select {
			case <-ctx.Done():
				r.closeAll()
				return
			case <-r.halt:
				close(r.halted)
				return
			case <-timer.C:
			}
		} else if ctx.Err() != nil {
			r.closeAll()
			return
		}
		r.tick()
		if r.People() > 0 {
			emptySince = time.Time{}
		} else if now := time.Now(); emptySince.IsZero() {
			emptySince = now
		} else if now.Sub(emptySince) > r.s.opts.EmptyRoomTimeout && r.s.retire(r) {
			r.closeAll()
			r.s.Changed()
			return
		}
	}
}

func (r *Room) closeAll() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, p := range r.people {
		if p.cl != nil {
			p.cl.close("server closing")
		}
	}
	for _, p := range r.watchers {
		p.cl.close("server closing")
	}
}

// tick applies one queued input per person (two when a client runs ahead),
// steps the match and sends the results.
func (r *Room) tick() {
	// tokens of cars that left are forgotten after the room's lock is
	// released: Server.join takes the server's lock, then a room's.
	for _, tok := range r.step() {
		r.s.forget(tok)
	}
}

func (r *Room) step() (gone []wire.Token) {
	r.mu.Lock()
	defer r.mu.Unlock()
	start := time.Now()
	worldMu.Lock()
	defer worldMu.Unlock()
	m := r.m
	// people gone longer than the grace time leave; bots take their place.
	for i := 0; i < len(r.people); i++ {
		p := r.people[i]
		if p.cl == nil && start.Sub(p.goneAt) > r.s.opts.Grace {
			r.s.logf("leave player %d (%q) in room %d: no reconnect within %v", p.id, p.name, r.num, r.s.opts.Grace)
			m.RemovePlayer(p.ent)
			delete(r.ids, p.ent)
			r.people = append(r.people[:i], r.people[i+1:]...)
			gone = append(gone, p.token)
			i--
			r.roster = true
			if m.Players() < r.s.opts.RoomSize {
				if err := r.addBot(); err != nil {
					r.s.logf("room %d: add bot: %v", r.num, err)
				}
			}
		}
	}
	for _, p := range r.people {
		r.applyInput(p)
	}
	m.Pipeline.Step()
	r.send(start)
	return gone
}

func (r *Room) applyInput(p *player) {
	e := r.m.World.Entry(p.ent)
	if len(p.queue) == 0 {
		// no input this tick: keep the last one's steering, no click.
		c := flailmatch.FlailInput.Get(e)
		c.PrimaryPressed = false
		if p.cl == nil {
			*c = flailmatch.FlailInputData{Input: flail.Input{Aim: p.aim}}
		}
		return
	}
	// one input per tick; when more than 3 wait (the client's clock runs
	// ahead or the server fell behind), catch up by merging a few.
	n := 1
	if k := len(p.queue); k > 3 {
		n = min(k, 2+(k-3)/8)
	}
	var cmd flail.Input
	for _, in := range p.queue[:n] {
		cmd.Aim = in.Aim
		cmd.Throttle = in.Throttle
		cmd.PrimaryHeld = in.Buttons&wire.ButtonHeld != 0
		cmd.PrimaryPressed = cmd.PrimaryPressed || in.Buttons&wire.ButtonPressed != 0
		p.cnt.Applied++
		p.cnt.LastApplied = in.Tick
		r.s.met.Input("applied")
	}
	p.queue = append(p.queue[:0], p.queue[n:]...)
	components.View.Get(e).Yaw = cmd.Aim
	flailmatch.SubmitInput(e, cmd)
}

// Percentile returns the q-quantile (0..1) of xs (0 for none); see
// netops.Percentile.
func Percentile(xs []float64, q float64) float64 { return netops.Percentile(xs, q) }
