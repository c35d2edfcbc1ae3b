package online

import (
	"fmt"
	"sync"
	"time"

	"github.com/seedgames/motorkit/demo/flail/wire"
	"github.com/seedgames/motorkit/flail"
	"github.com/yohamta/donburi"
)

// send encodes the tick's messages and queues them for every connected
// person (never blocking on a client).
func (r *Room) send(start time.Time) {
	m := r.m
	tick := uint32(m.Ticks())
	r.players = r.players[:0]
	for i, ent := range m.Cars {
		fd := m.Flail(i)
		b := m.Body(i)
		ps := wire.PlayerState{ID: r.ids[ent], X: b.Position[0], Z: b.Position[2], VX: b.Velocity[0], VZ: b.Velocity[2],
			Aim: fd.Input.Aim, FX: fd.Flail.Pos[0], FZ: fd.Flail.Pos[2], FlailAngle: fd.Flail.Angle, Radius: fd.Flail.Radius,
			Energy: fd.Energy, Kills: clamp16(fd.Kills), Deaths: clamp16(fd.Deaths), RespawnIn: fd.RespawnIn}
		if fd.Alive {
			ps.Flags |= wire.FlagAlive
		}
		if fd.Flail.Thrown {
			ps.Flags |= wire.FlagThrown
		}
		if fd.Flail.Attracting {
			ps.Flags |= wire.FlagAttracting
		}
		if fd.Protected > 0 {
			ps.Flags |= wire.FlagProtected
		}
		if m.Bot(i) != nil {
			ps.Flags |= wire.FlagBot
		}
		rd := m.Rope(i)
		for k := range rd.Nodes {
			if k >= wire.MaxNodes {
				break
			}
			ps.Nodes[k] = [2]float64{rd.Nodes[k].Pos[0], rd.Nodes[k].Pos[2]}
			ps.NodeCount++
		}
		r.players = append(r.players, ps)
	}
	r.events.Events = r.events.Events[:0]
	for _, ev := range m.Events() {
		if ev.Kind != flail.EventKill && ev.Kind != flail.EventRespawn {
			continue
		}
		r.events.Events = append(r.events.Events, wire.Event{Kind: uint8(ev.Kind), Tick: uint32(ev.Tick),
			Killer: r.ids[donburi.Entity(ev.Killer)], Victim: r.ids[donburi.Entity(ev.Victim)], Energy: ev.Energy})
	}
	var bodies [2][]byte // per frame: default, seed (r.body's storage)
	var extra [2][][]byte
	for k := range len(r.people) + len(r.watchers) {
		p := r.watcherOr(k)
		cl := p.cl
		if cl == nil {
			continue
		}
		fi := 0
		if cl.frame.Seed {
			fi = 1
		}
		if bodies[fi] == nil {
			r.body[fi] = wire.AppendPlayers(r.body[fi][:0], r.players, cl.frame)
			bodies[fi] = r.body[fi]
			if r.roster {
				extra[fi] = append(extra[fi], r.rosterMsg())
			}
			if len(r.events.Events) > 0 {
				extra[fi] = append(extra[fi], wire.AppendEvents(nil, &r.events))
			}
			if tick%20 == 0 {
				extra[fi] = append(extra[fi], r.boardMsg())
			}
			if tick%10 == 0 {
				extra[fi] = append(extra[fi], r.pickupsMsg(cl.frame))
			}
		}
		for _, b := range extra[fi] {
			r.queueMsg(p, b)
		}
		msg := getSnapBuf()
		msg = wire.AppendSnapshotHeader(msg, tick, p.cnt.LastApplied)
		msg = append(msg, bodies[fi]...)
		if !r.queueMsg(p, msg) {
			putSnapBuf(msg)
		}
	}
	r.roster = false
	st := &r.stats
	st.Ticks++
	d := time.Since(start).Seconds()
	st.Durations = appendBounded(st.Durations, d)
	r.s.met.ObserveTick(d)
	if !r.lastAt.IsZero() {
		st.Intervals = appendBounded(st.Intervals, start.Sub(r.lastAt).Seconds())
	}
	r.lastAt = start
}

// watcherOr returns person k, or spectator k-len(people) past the people.
func (r *Room) watcherOr(k int) *player {
	if k < len(r.people) {
		return r.people[k]
	}
	return r.watchers[k-len(r.people)]
}

// appendBounded appends x, keeping the newest half when 1<<16 values are
// stored.
func appendBounded(xs []float64, x float64) []float64 {
	if len(xs) >= 1<<16 {
		xs = xs[:copy(xs, xs[len(xs)/2:])]
	}
	return append(xs, x)
}

// queueMsg queues b for p without blocking and reports whether it was
// queued.
func (r *Room) queueMsg(p *player, b []byte) bool {
	cl := p.cl
	if cl.send(b) {
		cl.drops = 0
		r.stats.Bytes += uint64(len(b))
		return true
	}
	r.stats.Dropped++
	cl.drops++
	if cl.drops == r.s.opts.SlowDrops {
		cl.close(fmt.Sprintf("slow reader: %d messages dropped in a row", cl.drops))
	}
	return false
}

// Snapshot messages are the only per-client ones (each has its own ack);
// their buffers are recycled after the write so a tick allocates little.
// Shared messages (roster, events, board, pickups) are never recycled.
var snapBufs = sync.Pool{New: func() any { b := make([]byte, 0, 2048); return &b }}

func getSnapBuf() []byte { return (*snapBufs.Get().(*[]byte))[:0] }

func putSnapBuf(b []byte) {
	b = b[:0]
	snapBufs.Put(&b)
}

func clamp16(n int) uint16 {
	if n < 0 {
		return 0
	}
	if n > 0xffff {
		return 0xffff
	}
	return uint16(n)
}

func (r *Room) rosterMsg() []byte {
	var ro wire.Roster
	for i, ent := range r.m.Cars {
		ro.Players = append(ro.Players, wire.RosterEntry{ID: r.ids[ent], Skill: uint8(r.m.Skill(i)), Name: r.m.Flail(i).Name})
	}
	return wire.AppendRoster(nil, &ro)
}

func (r *Room) boardMsg() []byte {
	var bo wire.Board
	for _, row := range r.m.Rules.Board.Rows() {
		bo.Rows = append(bo.Rows, wire.BoardRow{ID: r.ids[donburi.Entity(row.ID)], Energy: row.Energy, Kills: clamp16(row.Kills)})
	}
	return wire.AppendBoard(nil, &bo)
}

func (r *Room) pickupsMsg(f wire.Frame) []byte {
	pk := r.m.Rules.Pickups
	ps := wire.Pickups{Radius: pk.Radius, Items: make([]wire.Pickup, 0, pk.Len())}
	for _, p := range pk.All() {
		ps.Items = append(ps.Items, wire.Pickup{X: p.Pos[0], Z: p.Pos[2], Energy: p.Energy, Dropped: p.Dropped})
	}
	return wire.AppendPickups(nil, &ps, f)
}
