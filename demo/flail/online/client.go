package online

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/seedgames/motorkit/demo/flail/wire"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/flail"
)

// DialOptions configure Dial.
type DialOptions struct {
	// Name is the player's name.
	Name string
	// Token reconnects to an earlier car (Client.Welcome.Token).
	Token wire.Token
	// Seed asks for the reference game's wire conventions (wire.SeedFrame).
	Seed bool
	// Spectate watches a room without a car (wire.HelloSpectate): the
	// Welcome's You is 0, snapshots arrive, inputs are refused. The
	// room is the URL's ?room=N or the one with the most people.
	Spectate bool
	// Delay is the interpolation buffer (default 100 ms).
	Delay time.Duration
	// OnSnapshot, when set, is called from the reader goroutine for every
	// snapshot with its server tick and arrival time.
	OnSnapshot func(tick uint32, at time.Time)
	// HTTPClient, when set, makes the websocket's HTTP handshake (a proxy,
	// a source address, TLS settings); nil is http.DefaultClient. Browsers
	// (js/wasm) make the handshake themselves and ignore it.
	HTTPClient httpClient
	// Version overrides the protocol version sent (tests of old clients).
	Version uint16
}

// timedSnap is a snapshot and its arrival time.
type timedSnap struct {
	s  wire.Snapshot
	at time.Time
}

const snapRing = 32

// Client is a connection to a Server: it sends inputs and keeps the
// server's recent snapshots, the roster, leaderboard, pickups and events.
// Its methods are safe for concurrent use.
type Client struct {
	c *websocket.Conn
	// Welcome is the server's answer to the Hello.
	Welcome wire.Welcome
	// Frame is the wire frame in use.
	Frame wire.Frame
	opts  DialOptions
	url   string

	mu    sync.Mutex
	snaps [snapRing]timedSnap
	nsnap uint64
	// gapMax and gaps: the longest time between two snapshots, and a
	// histogram of those times in milliseconds (1 ms buckets, the last
	// one for 255 ms and more), for SnapshotGaps.
	gapMax   time.Duration
	gaps     [256]uint32
	offset   time.Duration // arrival time minus server time, smallest seen
	haveOff  bool
	roster   map[uint32]wire.RosterEntry
	rosterV  uint64
	board    wire.Board
	pickups  wire.Pickups
	pickupsV uint64
	events   []wire.Event
	err      error

	// inputs sent (history for prediction), ticks nextTick-len..nextTick-1.
	hist     []wire.Input
	nextTick uint32
	sent     atomic.Uint64
	bytesIn  atomic.Uint64
	done     chan struct{}
	buf      []byte
}

// Dial connects to a server's WebSocket URL, sends the Hello and waits for
// the Welcome (or the server's Error).
func Dial(ctx context.Context, url string, opts DialOptions) (*Client, error) {
	if opts.Delay <= 0 {
		opts.Delay = 100 * time.Millisecond
	}
	c, _, err := websocket.Dial(ctx, url, dialOptions(opts))
	if err != nil {
		return nil, err
	}
	c.SetReadLimit(wire.MaxServerMessage)
	h := wire.Hello{Version: wire.Version, Name: opts.Name, Token: opts.Token}
	if opts.Version != 0 {
		h.Version = opts.Version
	}
	if opts.Seed {
		h.Flags |= wire.HelloSeedFrame
	}
	if opts.Spectate {
		h.Flags |= wire.HelloSpectate
	}
	if err := c.Write(ctx, websocket.MessageBinary, wire.AppendHello(nil, &h)); err != nil {
		c.CloseNow()
		return nil, err
	}
	_, b, err := c.Read(ctx)
	if err != nil {
		c.CloseNow()
		return nil, err
	}
	cl := &Client{c: c, opts: opts, url: url, roster: map[uint32]wire.RosterEntry{}, nextTick: 1, done: make(chan struct{})}
	if wire.KindOf(b) == wire.KindError {
		var e wire.Error
		if derr := wire.DecodeError(b, &e); derr != nil {
			c.CloseNow()
			return nil, derr
		}
		c.CloseNow()
		return nil, &e
	}
	// the welcome's numbers do not depend on the frame's unit scale until
	// we know it: decode it in the default frame, then convert.
	if err := wire.DecodeWelcome(b, &cl.Welcome, wire.Frame{}); err != nil {
		c.CloseNow()
		return nil, err
	}
	if opts.Seed {
		cl.Frame = wire.SeedFrame(cl.Welcome.UnitsPerMeter)
		if err := wire.DecodeWelcome(b, &cl.Welcome, cl.Frame); err != nil {
			c.CloseNow()
			return nil, err
		}
	}
	go cl.readLoop()
	return cl, nil
}

// Redial reconnects to the car of an earlier connection: it dials url
// with opts.Token every retry until it succeeds or within has passed (the
// server keeps a dropped car for its grace time, 10 s by default). When the
// server no longer knows the token (wire.CodeToken: the grace time is over)
// it dials once more without it, for a new car; any other refusal by the
// server (wire.Error) ends the attempts at once.
func Redial(ctx context.Context, url string, opts DialOptions, within, retry time.Duration) (*Client, error) {
	deadline := time.Now().Add(within)
	for {
		dctx, cancel := context.WithTimeout(ctx, retry)
		c, err := Dial(dctx, url, opts)
		cancel()
		if err == nil {
			return c, nil
		}
		var se *wire.Error
		if errors.As(err, &se) && se.Code == wire.CodeToken && opts.Token != (wire.Token{}) {
			opts.Token = wire.Token{}
			continue
		}
		if errors.As(err, &se) || time.Now().Add(retry).After(deadline) || ctx.Err() != nil {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(retry / 2):
		}
	}
}

// URL is the address the client dialled.
func (c *Client) URL() string { return c.url }

// Close closes the connection.
func (c *Client) Close() error {
	err := c.c.Close(websocket.StatusNormalClosure, "bye")
	<-c.done
	return err
}

// Done is closed when the connection has ended.
func (c *Client) Done() <-chan struct{} { return c.done }

// Err returns why the connection ended (nil while it runs).
func (c *Client) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

func (c *Client) readLoop() {
	defer close(c.done)
	var (
		ro wire.Roster
		ev wire.Events
	)
	for {
		_, b, err := c.c.Read(context.Background())
		if err != nil {
			c.mu.Lock()
			if c.err == nil {
				c.err = err
			}
			c.mu.Unlock()
			return
		}
		c.bytesIn.Add(uint64(len(b)))
		now := time.Now()
		c.mu.Lock()
		switch wire.KindOf(b) {
		case wire.KindSnapshot:
			slot := &c.snaps[c.nsnap%snapRing]
			err = wire.DecodeSnapshot(b, &slot.s, c.Frame)
			if err == nil {
				if c.nsnap > 0 {
					prev := c.snaps[(c.nsnap-1)%snapRing].at
					g := now.Sub(prev)
					c.gapMax = max(c.gapMax, g)
					c.gaps[min(255, int(g/time.Millisecond))]++
				}
				slot.at = now
				c.nsnap++
				off := now.Sub(c.serverTime(slot.s.Tick))
				if !c.haveOff || off < c.offset {
					c.offset, c.haveOff = off, true
				} else {
					c.offset += (off - c.offset) / 200 // follow slow drift
				}
				if c.opts.OnSnapshot != nil {
					c.opts.OnSnapshot(slot.s.Tick, now)
				}
			}
		case wire.KindRoster:
			if err = wire.DecodeRoster(b, &ro); err == nil {
				clear(c.roster)
				for _, p := range ro.Players {
					c.roster[p.ID] = p
				}
				c.rosterV++
			}
		case wire.KindBoard:
			err = wire.DecodeBoard(b, &c.board)
		case wire.KindPickups:
			if err = wire.DecodePickups(b, &c.pickups, c.Frame); err == nil {
				c.pickupsV++
			}
		case wire.KindEvents:
			if err = wire.DecodeEvents(b, &ev); err == nil && len(c.events) < 1024 {
				c.events = append(c.events, ev.Events...)
			}
		case wire.KindError:
			var e wire.Error
			if err = wire.DecodeError(b, &e); err == nil {
				err = &e
			}
		default:
			err = fmt.Errorf("online: unexpected %v message from the server", wire.KindOf(b))
		}
		if err != nil && c.err == nil {
			c.err = err
		}
		c.mu.Unlock()
		if err != nil {
			c.c.CloseNow()
		}
	}
}

func (c *Client) serverTime(tick uint32) time.Time {
	return time.Unix(0, 0).Add(time.Duration(tick) * time.Second / time.Duration(max(1, c.Welcome.TickRate)))
}

// SendInput sends the next tick's input (aim in radians, throttle in
// [0, 1], wire.Button* flags) and returns its tick.
func (c *Client) SendInput(ctx context.Context, aim, throttle float64, buttons uint8) (uint32, error) {
	in := wire.Input{Tick: c.nextTick, Aim: aim, Throttle: throttle, Buttons: buttons}
	c.buf = wire.AppendInput(c.buf[:0], &in, c.Frame)
	if err := c.c.Write(ctx, websocket.MessageBinary, c.buf); err != nil {
		return 0, err
	}
	// keep what the server will see (throttle in 1/255 steps).
	in.Throttle = math.Round(float64(math.Max(0, math.Min(1, throttle))*255)) / 255
	c.mu.Lock()
	c.hist = append(c.hist, in)
	if len(c.hist) > 256 {
		c.hist = c.hist[:copy(c.hist, c.hist[len(c.hist)-128:])]
	}
	c.mu.Unlock()
	c.nextTick++
	c.sent.Add(1)
	return in.Tick, nil
}

// WriteRaw sends b as one binary message (tests of hostile clients).
func (c *Client) WriteRaw(ctx context.Context, typ websocket.MessageType, b []byte) error {
	return c.c.Write(ctx, typ, b)
}

// Sent is the number of inputs sent; Snapshots the number received;
// BytesIn the bytes received.
func (c *Client) Sent() uint64    { return c.sent.Load() }
func (c *Client) BytesIn() uint64 { return c.bytesIn.Load() }
func (c *Client) Snapshots() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.nsnap
}

// Latest copies the newest snapshot into dst and reports whether there is
// one.
func (c *Client) Latest(dst *wire.Snapshot) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.nsnap == 0 {
		return false
	}
	s := &c.snaps[(c.nsnap-1)%snapRing].s
	dst.Tick, dst.Ack = s.Tick, s.Ack
	dst.Players = append(dst.Players[:0], s.Players...)
	return true
}

// Interpolated writes the players as they were Delay before the newest
// server time estimate for now: between the two snapshots around that
// moment (a player missing from the older one is taken from the newer),
// without extrapolating past the newest. It returns the interpolated
// server time in ticks, or false before the first snapshot.
func (c *Client) Interpolated(now time.Time, dst *[]wire.PlayerState) (float64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.nsnap == 0 {
		return 0, false
	}
	rate := float64(max(1, c.Welcome.TickRate))
	rt := float64((now.Sub(time.Unix(0, 0)) - c.offset - c.opts.Delay).Seconds() * rate)
	newest := &c.snaps[(c.nsnap-1)%snapRing]
	var a, b *timedSnap
	n := min(c.nsnap, snapRing)
	for k := uint64(0); k < n; k++ {
		s := &c.snaps[(c.nsnap-1-k)%snapRing]
		if float64(s.s.Tick) <= rt {
			a = s
			break
		}
		b = s
	}
	if a == nil { // older than everything kept
		a, b = b, nil
	}
	if a == nil {
		a = newest
	}
	*dst = append((*dst)[:0], a.s.Players...)
	if b == nil {
		return float64(a.s.Tick), true
	}
	t := (rt - float64(a.s.Tick)) / float64(b.s.Tick-a.s.Tick)
	*dst = (*dst)[:0]
	for i := range b.s.Players {
		pb := &b.s.Players[i]
		pa := findPlayer(a.s.Players, pb.ID, i)
		if pa == nil || pa.Flags&wire.FlagAlive != pb.Flags&wire.FlagAlive {
			*dst = append(*dst, *pb)
			continue
		}
		*dst = append(*dst, lerpPlayer(pa, pb, t))
	}
	return rt, true
}

func findPlayer(ps []wire.PlayerState, id uint32, hint int) *wire.PlayerState {
	if hint < len(ps) && ps[hint].ID == id {
		return &ps[hint]
	}
	for i := range ps {
		if ps[i].ID == id {
			return &ps[i]
		}
	}
	return nil
}

func lerp(a, b, t float64) float64 { return a + float64((b-a)*t) }

// LerpAngle interpolates angles the short way round.
func LerpAngle(a, b, t float64) float64 {
	return a + float64(math.Remainder(b-a, 2*math.Pi)*t)
}

func lerpPlayer(a, b *wire.PlayerState, t float64) wire.PlayerState {
	p := *b
	p.X, p.Z = lerp(a.X, b.X, t), lerp(a.Z, b.Z, t)
	p.VX, p.VZ = lerp(a.VX, b.VX, t), lerp(a.VZ, b.VZ, t)
	p.Aim = LerpAngle(a.Aim, b.Aim, t)
	p.FX, p.FZ = lerp(a.FX, b.FX, t), lerp(a.FZ, b.FZ, t)
	p.FlailAngle = LerpAngle(a.FlailAngle, b.FlailAngle, t)
	p.Radius = lerp(a.Radius, b.Radius, t)
	if a.NodeCount == b.NodeCount {
		for k := range p.Nodes[:p.NodeCount] {
			p.Nodes[k] = [2]float64{lerp(a.Nodes[k][0], b.Nodes[k][0], t), lerp(a.Nodes[k][1], b.Nodes[k][1], t)}
		}
	}
	return p
}

// TakeEvents appends the events received since the last call to dst.
func (c *Client) TakeEvents(dst []wire.Event) []wire.Event {
	c.mu.Lock()
	defer c.mu.Unlock()
	dst = append(dst, c.events...)
	c.events = c.events[:0]
	return dst
}

// Roster returns a player's roster entry.
func (c *Client) Roster(id uint32) (wire.RosterEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.roster[id]
	return e, ok
}

// RosterVersion increases with every roster received.
func (c *Client) RosterVersion() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.rosterV
}

// Board copies the leaderboard rows into dst.
func (c *Client) Board(dst []wire.BoardRow) []wire.BoardRow {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append(dst[:0], c.board.Rows...)
}

// Pickups copies the pickups into dst and returns their radius and the
// version (increasing with every Pickups message).
func (c *Client) Pickups(dst *[]wire.Pickup) (radius float64, version uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	*dst = append((*dst)[:0], c.pickups.Items...)
	return c.pickups.Radius, c.pickupsV
}

// Mover moves a predicted car by its velocity for one tick of dt seconds
// and returns the new position and velocity (a front end passes its
// collision with the arena; see the demo's use of the car's KCC). pos and
// vel are on the XZ plane.
type Mover func(pos, vel [2]float64, dt float64) (newPos, newVel [2]float64)

// Predict replays the inputs the server has not applied yet (ticks after
// the newest snapshot's Ack) on the own car of that snapshot with the
// car's drive and drag (ph.CarVelocity) and moves it with move (nil: a free
// move kept inside the arena square). It writes the car position after
// each of them to path (path[0] is the snapshot's) and returns the tick of
// path's last entry; ok is false before the first snapshot or when the own
// car is not in it or dead. What it leaves to the server (the rope's pull,
// other cars) the caller smooths (see Smoother).
func (c *Client) Predict(ph *flail.Physics, move Mover, path *[][2]float64) (last uint32, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.nsnap == 0 {
		return 0, false
	}
	s := &c.snaps[(c.nsnap-1)%snapRing].s
	me := findPlayer(s.Players, c.Welcome.You, 0)
	if me == nil || me.Flags&wire.FlagAlive == 0 {
		return 0, false
	}
	pos := [2]float64{me.X, me.Z}
	v := [3]float64{me.VX, 0, me.VZ}
	*path = append((*path)[:0], pos)
	lim := c.Welcome.Half - c.Welcome.CarRadius
	last = s.Ack
	for _, in := range c.hist {
		if in.Tick <= s.Ack {
			continue
		}
		fi := flail.Input{Aim: in.Aim, Throttle: in.Throttle}.Sanitized()
		nv := ph.CarVelocity(v, fi)
		if move != nil {
			var vel [2]float64
			pos, vel = move(pos, [2]float64{nv[0], nv[2]}, ph.Dt)
			v = [3]float64{vel[0], 0, vel[1]}
		} else {
			v = [3]float64{nv[0], 0, nv[2]}
			pos[0] = math.Max(-lim, math.Min(lim, pos[0]+float64(v[0]*ph.Dt)))
			pos[1] = math.Max(-lim, math.Min(lim, pos[1]+float64(v[2]*ph.Dt)))
		}
		*path = append(*path, pos)
		last = in.Tick
	}
	return last, true
}

// Smoother turns predictions into a continuous display position: when a
// new snapshot moves the prediction of an input tick, the jump becomes an
// offset that decays with time constant Tau.
type Smoother struct {
	// Tau is the correction time constant (default 0.1 s).
	Tau float64

	tick   uint32
	pos    [2]float64
	corr   [2]float64
	primed bool
}

// Update takes the prediction path ending at tick last (from Predict) and
// the frame time dt, and returns the position to show.
func (s *Smoother) Update(path [][2]float64, last uint32, dt float64) [2]float64 {
	tau := s.Tau
	if tau <= 0 {
		tau = 0.1
	}
	if len(path) == 0 {
		return s.pos
	}
	cur := path[len(path)-1]
	if s.primed {
		// where does the new path put the tick we showed last time?
		k := len(path) - 1 - int(last-s.tick)
		if last >= s.tick && k >= 0 {
			old := s.pos
			now := path[k]
			s.corr[0] += old[0] - now[0]
			s.corr[1] += old[1] - now[1]
		} else if last < s.tick {
			s.corr = [2]float64{}
		}
		// a respawn or teleport: no smoothing over meters.
		if detmath.Hypot(s.corr[0], s.corr[1]) > 3 {
			s.corr = [2]float64{}
		}
	}
	f := detmath.Exp(-math.Max(0, dt) / tau)
	s.corr[0], s.corr[1] = float64(s.corr[0]*f), float64(s.corr[1]*f)
	s.tick, s.pos, s.primed = last, cur, true
	return [2]float64{cur[0] + s.corr[0], cur[1] + s.corr[1]}
}

// Reset forgets the correction (after a respawn).
func (s *Smoother) Reset() { *s = Smoother{Tau: s.Tau} }

// SnapshotGaps returns the q-quantile (0..1) of the times between two
// snapshots received so far, to the millisecond (255 ms means that or
// more), and the longest one.
func (c *Client) SnapshotGaps(q float64) (quantile, longest time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var n uint64
	for _, k := range c.gaps {
		n += uint64(k)
	}
	if n == 0 {
		return 0, 0
	}
	want := uint64(math.Ceil(float64(q * float64(n))))
	var seen uint64
	for ms, k := range c.gaps {
		seen += uint64(k)
		if seen >= want {
			return time.Duration(ms) * time.Millisecond, c.gapMax
		}
	}
	return 255 * time.Millisecond, c.gapMax
}
