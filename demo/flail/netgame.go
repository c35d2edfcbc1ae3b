package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"math"
	"time"

	flailmatch "github.com/seedgames/motorkit/flail/match"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/demo/flail/internal/match"
	"github.com/seedgames/motorkit/demo/flail/online"
	"github.com/seedgames/motorkit/demo/flail/wire"
	"github.com/seedgames/motorkit/flail"
	"github.com/yohamta/donburi"
)

// netGame plays on a server (-connect): it sends the local command as one
// input per server tick and mirrors the server's snapshots into a match
// that is never stepped, so the demo draws it with the same code. Other
// cars are interpolated about 100 ms behind; the own car is predicted from
// the inputs the server has not applied yet, with smooth correction.
type netGame struct {
	c    *online.Client
	m    *flailmatch.Match
	url  string
	opts online.DialOptions
	// redial delivers the result of a reconnect in progress (nil when
	// connected).
	redial chan redialResult
	ents   map[uint32]donburi.Entity
	ph     flail.Physics
	// spectate: no car of our own; the local car slot (match.Me) mirrors
	// the followed player (the leader), follow.
	spectate bool
	follow   uint32

	rosterV, pickV uint64
	acc            float64
	pressed        bool

	ps     []wire.PlayerState
	path   [][2]float64
	sm     online.Smoother
	pk     []wire.Pickup
	board  []wire.BoardRow
	evs    []wire.Event
	events []flail.Event
}

type redialResult struct {
	c   *online.Client
	err error
}

// connectOnline dials the server and builds the mirror match.
func connectOnline(f flags) (*flailmatch.Match, *netGame, error) {
	cfg, err := match.Config(f.config)
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	opts := online.DialOptions{Name: f.name, Spectate: f.spectate}
	if tok, ok := parseToken(f.token); ok {
		opts.Token = tok
	}
	c, err := online.Dial(ctx, f.connect, opts)
	var se *wire.Error
	if errors.As(err, &se) && se.Code == wire.CodeToken {
		// The car of the saved token is gone (the grace time is over):
		// join as a new player.
		opts.Token = wire.Token{}
		c, err = online.Dial(ctx, f.connect, opts)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("connect %s: %w", f.connect, err)
	}
	saveToken(c.Welcome.Token)
	m, err := match.NewEmpty(cfg, 0)
	if err != nil {
		return nil, nil, err
	}
	w := c.Welcome
	boxes := make([]flail.Box, len(w.Boxes))
	for i, b := range w.Boxes {
		boxes[i] = flail.Box{Center: mgl64.Vec3{b.X, 0, b.Z}, HalfX: b.HalfX, HalfZ: b.HalfZ, Yaw: b.Yaw}
	}
	m.Arena = flail.NewArena(w.Half, boxes, false, 1)
	m.Rules.Arena = m.Arena
	me, err := m.SpawnPlayer(f.name, 0)
	if err != nil {
		return nil, nil, err
	}
	m.Player = me
	ng := &netGame{c: c, m: m, url: f.connect, opts: opts, ents: map[uint32]donburi.Entity{w.You: me}, ph: m.Game.Ph,
		spectate: f.spectate}
	if f.spectate {
		delete(ng.ents, w.You)
	}
	ng.m.Events()
	return m, ng, nil
}

// update sends the inputs due after a frame of dt seconds (one per server
// tick) and refreshes the mirror; it returns how many inputs it sent.
func (n *netGame) update(dt float64, cmd flail.Input) (int, error) {
	if err := n.c.Err(); err != nil || n.redial != nil {
		return 0, n.reconnect(err)
	}
	if n.spectate {
		n.sync(dt)
		return 0, nil
	}
	n.pressed = n.pressed || cmd.PrimaryPressed
	n.acc = math.Min(n.acc+dt, 0.25)
	tickDt := 1 / float64(n.c.Welcome.TickRate)
	steps := 0
	for n.acc >= tickDt {
		n.acc -= tickDt
		var btn uint8
		if n.pressed {
			btn |= wire.ButtonPressed
		}
		if cmd.PrimaryHeld {
			btn |= wire.ButtonHeld
		}
		n.pressed = false
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_, err := n.c.SendInput(ctx, cmd.Aim, cmd.Throttle, btn)
		cancel()
		if err != nil {
			return steps, err
		}
		steps++
	}
	n.sync(dt)
	// the own car's nose follows the local aim at once.
	n.m.Flail(match.Me).Input.Aim = cmd.Aim
	return steps, nil
}

// sync writes the interpolated snapshot, the prediction, the roster,
// pickups, leaderboard and events into the mirror.
func (n *netGame) sync(dt float64) {
	m := n.m
	if v := n.c.RosterVersion(); v != n.rosterV {
		n.rosterV = v
		n.syncRoster()
	}
	n.board = n.c.Board(n.board)
	if _, ok := n.c.Interpolated(time.Now(), &n.ps); ok {
		if n.spectate {
			n.followLeader()
		}
		for i := range n.ps {
			n.apply(&n.ps[i])
		}
	}
	// the own car: predicted, and its flail and rope moved along with it.
	if n.spectate {
		// nothing to predict: the followed car is interpolated like the others.
	} else if last, ok := n.c.Predict(&n.ph, n.move, &n.path); ok && m.Flail(match.Me).Alive {
		d := n.sm.Update(n.path, last, dt)
		b := m.Body(match.Me)
		off := mgl64.Vec3{d[0] - b.Position[0], 0, d[1] - b.Position[2]}
		b.Position = b.Position.Add(off)
		b.PrevPosition = b.Position
		fd := m.Flail(match.Me)
		fd.Flail.Pos = fd.Flail.Pos.Add(off)
		fd.PrevFlail = fd.Flail.Pos
		rd := m.Rope(match.Me)
		for k := range rd.Nodes {
			rd.Nodes[k].Pos = rd.Nodes[k].Pos.Add(off)
			if k < len(rd.PrevNodes) {
				rd.PrevNodes[k] = rd.Nodes[k].Pos
			}
		}
	} else {
		n.sm.Reset()
	}
	if r, v := n.c.Pickups(&n.pk); v != n.pickV {
		n.pickV = v
		pk := m.Rules.Pickups
		for pk.Len() > 0 {
			pk.Remove(pk.Len() - 1)
		}
		pk.Radius = r
		for _, p := range n.pk {
			pk.Add(flail.Pickup{Pos: mgl64.Vec3{p.X, 0, p.Z}, Energy: p.Energy, Dropped: p.Dropped})
		}
	}
	m.Rules.Board.Reset(max(1, len(n.board)))
	for _, row := range n.board {
		if e, ok := n.ents[row.ID]; ok {
			m.Rules.Board.Offer(flail.Entry{ID: uint64(e), Energy: row.Energy, Kills: int(row.Kills)})
		}
	}
	n.evs = n.c.TakeEvents(n.evs[:0])
	m.Events() // the mirror's own spawn events are not news
	n.events = n.events[:0]
	for _, ev := range n.evs {
		ke, kok := n.ents[ev.Killer]
		ve, vok := n.ents[ev.Victim]
		if !vok || (ev.Kind == wire.EventKill && !kok) {
			continue
		}
		n.events = append(n.events, flail.Event{Tick: uint64(ev.Tick), Kind: flail.EventKind(ev.Kind),
			Killer: uint64(ke), Victim: uint64(ve), Energy: ev.Energy})
	}
}

// reconnect runs while the connection is lost: it redials with the car's
// token in the background (the server keeps the car 10 s) and swaps the new
// connection in when it is up; it returns an error when that fails.
func (n *netGame) reconnect(lost error) error {
	if n.redial == nil {
		if url, ok := online.MovedTo(lost); ok {
			// the room was handed to another server of the fleet.
			n.url = url
		}
		log.Printf("connection lost (%v): reconnecting to %s", lost, n.url)
		ch := make(chan redialResult, 1)
		n.redial = ch
		opts := n.opts
		opts.Token = n.c.Welcome.Token
		go func() {
			c, err := online.Redial(context.Background(), n.url, opts, 10*time.Second, 2*time.Second)
			ch <- redialResult{c, err}
		}()
	}
	select {
	case r := <-n.redial:
		n.redial = nil
		if r.err != nil {
			return fmt.Errorf("disconnected from %s: %w", n.url, r.err)
		}
		if old := n.c.Welcome.You; r.c.Welcome.You != old { // a new car
			delete(n.ents, old)
			n.ents[r.c.Welcome.You] = n.m.Player
		}
		n.c = r.c
		saveToken(n.c.Welcome.Token)
		n.rosterV, n.pickV = 0, 0
		n.sm.Reset()
		log.Printf("reconnected as player %d", n.c.Welcome.You)
	default:
	}
	return nil
}

// move is the prediction's car move: online.KCCMove with the own car's
// controller, shape and height against the arena level.
func (n *netGame) move(pos, vel [2]float64, dt float64) ([2]float64, [2]float64) {
	e := n.m.World.Entry(n.m.Player)
	k := components.KCC.Get(e)
	return online.KCCMove(k.Controller, components.LevelOf(n.m.World), k.Shape, components.Body.Get(e).Position[1], pos, vel, dt)
}

// own is the player the local car slot (match.Me) shows: ours, or the
// followed one when spectating.
func (n *netGame) own() uint32 {
	if n.spectate {
		return n.follow
	}
	return n.c.Welcome.You
}

// followLeader points the local car slot at the leaderboard's first player
// (or the first car of the snapshot): that player's mirror entity gives its
// place to the slot, and the one followed before gets an entity of its own
// on the next apply.
func (n *netGame) followLeader() {
	id := uint32(0)
	if len(n.board) > 0 {
		id = n.board[0].ID
	} else if len(n.ps) > 0 {
		id = n.ps[0].ID
	}
	if id == 0 || id == n.follow {
		return
	}
	if _, known := n.c.Roster(id); !known {
		return
	}
	if n.follow != 0 {
		delete(n.ents, n.follow)
	}
	if e, ok := n.ents[id]; ok && e != n.m.Player {
		n.m.DropPlayer(e)
	}
	n.ents[id] = n.m.Player
	n.follow = id
	if re, ok := n.c.Roster(id); ok {
		n.m.Flail(match.Me).Name = re.Name
	}
}

func (n *netGame) syncRoster() {
	m := n.m
	for id, e := range n.ents {
		if id == n.own() {
			continue
		}
		if _, ok := n.c.Roster(id); !ok {
			m.DropPlayer(e)
			delete(n.ents, id)
		}
	}
	if me, ok := n.c.Roster(n.own()); ok {
		m.Flail(match.Me).Name = me.Name
	}
}

// apply writes one player's state into its mirror entity (spawning it when
// the roster names it).
func (n *netGame) apply(p *wire.PlayerState) {
	m := n.m
	e, ok := n.ents[p.ID]
	if !ok {
		re, known := n.c.Roster(p.ID)
		if !known {
			return
		}
		var err error
		if e, err = m.SpawnPlayer(re.Name, flail.Skill(re.Skill)); err != nil {
			return
		}
		n.ents[p.ID] = e
	}
	i := m.Index(uint64(e))
	if i < 0 {
		return
	}
	b := m.Body(i)
	pos := mgl64.Vec3{p.X, b.Position[1], p.Z}
	b.Position, b.PrevPosition = pos, pos
	b.Velocity = mgl64.Vec3{p.VX, 0, p.VZ}
	fd := m.Flail(i)
	fd.Alive = p.Flags&wire.FlagAlive != 0
	fd.Flail.Pos = mgl64.Vec3{p.FX, pos[1], p.FZ}
	fd.PrevFlail = fd.Flail.Pos
	fd.Flail.Angle, fd.Flail.Radius = p.FlailAngle, p.Radius
	fd.Flail.Thrown = p.Flags&wire.FlagThrown != 0
	fd.Flail.Attracting = p.Flags&wire.FlagAttracting != 0
	fd.Protected = 0
	if p.Flags&wire.FlagProtected != 0 {
		fd.Protected = 1
	}
	fd.Energy, fd.Kills, fd.Deaths, fd.RespawnIn = p.Energy, int(p.Kills), int(p.Deaths), p.RespawnIn
	fd.Input.Aim = p.Aim
	rd := m.Rope(i)
	for k := range rd.Nodes {
		q := fd.Flail.Pos
		if k < int(p.NodeCount) {
			q = mgl64.Vec3{p.Nodes[k][0], pos[1], p.Nodes[k][1]}
		}
		rd.Nodes[k].Pos = q
		if k < len(rd.PrevNodes) {
			rd.PrevNodes[k] = q
		}
	}
}
