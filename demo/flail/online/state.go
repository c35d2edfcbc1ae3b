package online

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/seedgames/motorkit/demo/flail/internal/match"
	"github.com/seedgames/motorkit/demo/flail/wire"
	flailmatch "github.com/seedgames/motorkit/flail/match"
	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/yohamta/donburi"
)

// A server state file keeps every room across a restart: its match (the
// whole simulation, flail/match.Match.MarshalBinary), the room's player
// numbering, and each person's car, name, address and reconnect token. A
// restored room resumes at its saved tick; its people are cars waiting for
// a reconnect, which their clients make with their tokens (the drain's
// close code 1012 tells them to).
//
// The file and each room in it (the state a fleet hands to another server
// too) are in binstate envelopes: length and CRC-32C checked before anything is
// decoded, so a cut or damaged file is refused as such and opens no room.
// The match inside a room has its own envelope.

var (
	// stateEnvelope is the envelope of a state file: a room count and the
	// rooms. Version 1 had no length or checksum; it is refused as
	// "version 1, want 2".
	stateEnvelope = binstate.Envelope{Magic: "MKFLSRV\x00", Version: 2}
	// roomEnvelope is the envelope of one room's state (appendState).
	roomEnvelope = binstate.Envelope{Magic: "MKFLROOM", Version: 1}
)

// maxStateRooms bounds the rooms a state file may hold.
const maxStateRooms = 4096

// ErrState is wrapped by every error of RestoreState.
var ErrState = errors.New("server state")

// SaveState writes every room's state to w. Call it once the rooms have
// stopped (after Drain or Close). A room whose last tick left a removal
// pending is stepped once more first, so its snapshot is complete.
func (s *Server) SaveState(w io.Writer) error {
	rooms := s.Rooms()
	out := binstate.Writer{Buf: stateEnvelope.Begin(nil)}
	out.U32(uint32(len(rooms)))
	for _, r := range rooms {
		blob, err := r.appendState(nil)
		if err != nil {
			return fmt.Errorf("room %d: %w", r.num, err)
		}
		out.Bytes(blob)
	}
	if err := stateEnvelope.Seal(out.Buf); err != nil {
		return err
	}
	_, err := w.Write(out.Buf)
	return err
}

func (r *Room) appendState(b []byte) ([]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	worldMu.Lock()
	defer worldMu.Unlock()
	if r.m.Pipeline.DeferredPending() > 0 {
		r.m.Pipeline.Step()
	}
	snap, err := r.m.MarshalBinary()
	if err != nil {
		return b, err
	}
	start := len(b)
	w := binstate.Writer{Buf: roomEnvelope.Begin(b)}
	w.U32(uint32(r.num))
	w.U64(r.seed)
	w.U32(r.nextID)
	w.U32(uint32(len(r.people)))
	for _, p := range r.people {
		w.U32(p.id)
		w.U64(uint64(p.ent))
		w.String(p.name)
		w.String(p.addr)
		w.Buf = append(w.Buf, p.token[:]...)
		w.F64(p.aim)
		for _, c := range [...]uint64{p.cnt.Received, p.cnt.Applied, p.cnt.Duplicates, p.cnt.Gaps, p.cnt.Clamped} {
			w.U64(c)
		}
	}
	ents := make([]donburi.Entity, 0, len(r.ids))
	for e := range r.ids {
		ents = append(ents, e)
	}
	slices.Sort(ents)
	w.U32(uint32(len(ents)))
	for _, e := range ents {
		w.U64(uint64(e))
		w.U32(r.ids[e])
	}
	w.Bytes(snap)
	if err := roomEnvelope.Seal(w.Buf[start:]); err != nil {
		return b, err
	}
	return w.Buf, nil
}

// RestoreState opens the rooms of a state file written by SaveState, with
// this server's config (a file of another config is refused; each room
// keeps its own match seed). Each
// room resumes at its saved tick; its people wait Grace, from now, for a
// reconnect with their tokens. Call it before serving. The file's length
// and checksum are checked first: a cut file, one with any byte changed,
// one of another format version or not a state file is refused with an
// error saying which ("truncated", "checksum mismatch", "unsupported
// format version 1, want 2", "foreign data"). On an error nothing is
// opened and the error wraps ErrState: the server starts empty.
func (s *Server) RestoreState(data []byte) (rooms int, err error) {
	payload, err := stateEnvelope.Open(data)
	if err != nil {
		return 0, fmt.Errorf("%w: %w", ErrState, err)
	}
	rd := binstate.NewReader(payload)
	n := rd.Count("rooms", 4+binstate.HeaderSize, maxStateRooms)
	var restored []*Room
	for i := 0; i < n && rd.Err() == nil; i++ {
		r, err := s.restoreRoom(rd.Bytes())
		if err != nil {
			return 0, fmt.Errorf("%w: room %d of %d: %w", ErrState, i+1, n, err)
		}
		restored = append(restored, r)
	}
	rd.End()
	if err := rd.Err(); err != nil {
		return 0, fmt.Errorf("%w: %v", ErrState, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || len(s.rooms) > 0 {
		return 0, fmt.Errorf("%w: restore into a server that is closed or already has rooms", ErrState)
	}
	if len(restored) > s.opts.MaxRooms {
		return 0, fmt.Errorf("%w: %d rooms saved, this server opens at most %d", ErrState, len(restored), s.opts.MaxRooms)
	}
	for _, r := range restored {
		if !s.claimTokens(r) {
			clear(s.tokens)
			return 0, fmt.Errorf("%w: a reconnect token saved twice", ErrState)
		}
	}
	for _, r := range restored {
		s.openRoom(r)
		s.nextRoom = max(s.nextRoom, r.num+1)
		s.met.RoomMove("restored")
		s.logf("room %d restored at tick %d: %d people waiting %v for a reconnect, %d bots",
			r.num, r.m.Ticks(), len(r.people), s.opts.Grace, r.m.Bots())
	}
	return len(restored), nil
}

// restoreRoom decodes a room's state (appendState) after checking its
// envelope; the errors of the envelope wrap binstate's.
func (s *Server) restoreRoom(sealed []byte) (*Room, error) {
	blob, err := roomEnvelope.Open(sealed)
	if err != nil {
		return nil, fmt.Errorf("room state: %w", err)
	}
	rd := binstate.NewReader(blob)
	num := int(rd.U32())
	seed := rd.U64()
	nextID := rd.U32()
	np := rd.Count("people", 40, MaxRoomSize)
	now := time.Now()
	r := &Room{s: s, num: num, seed: seed, nextID: nextID, ids: map[donburi.Entity]uint32{}, roster: true,
		halt: make(chan struct{}), halted: make(chan struct{})}
	for i := 0; i < np && rd.Err() == nil; i++ {
		p := &player{room: r, id: rd.U32(), ent: donburi.Entity(rd.U64()), name: rd.String(), addr: rd.String(), goneAt: now}
		copy(p.token[:], rd.Fixed(wire.TokenSize))
		p.aim = rd.F64()
		p.cnt.Received, p.cnt.Applied, p.cnt.Duplicates, p.cnt.Gaps, p.cnt.Clamped = rd.U64(), rd.U64(), rd.U64(), rd.U64(), rd.U64()
		if len(p.name) > wire.MaxName {
			rd.Fail("name of %d bytes", len(p.name))
		}
		r.people = append(r.people, p)
	}
	nids := rd.Count("player numbers", 12, maxStateRooms*MaxRoomSize)
	for i := 0; i < nids; i++ {
		e := donburi.Entity(rd.U64())
		r.ids[e] = rd.U32()
	}
	snap := rd.Bytes()
	rd.End()
	if err := rd.Err(); err != nil {
		return nil, err
	}
	if num < 0 || num >= maxStateRooms {
		return nil, fmt.Errorf("room number %d", num)
	}
	m, err := func() (*flailmatch.Match, error) {
		worldMu.Lock()
		defer worldMu.Unlock()
		m, err := match.RestoreEmpty(*s.opts.Config, seed, snap)
		if err == nil {
			m.Events()
		}
		return m, err
	}()
	if err != nil {
		return nil, err
	}
	r.m = m
	for _, e := range m.Cars {
		if _, ok := r.ids[e]; !ok {
			return nil, fmt.Errorf("car %v has no player number", e)
		}
	}
	if len(r.ids) != len(m.Cars) {
		return nil, fmt.Errorf("%d player numbers for %d cars", len(r.ids), len(m.Cars))
	}
	for _, p := range r.people {
		if i := m.Index(uint64(p.ent)); i < 0 || r.ids[p.ent] != p.id || m.Skill(i) != 0 {
			return nil, fmt.Errorf("person %d (%q) has no car of theirs", p.id, p.name)
		}
	}
	return r, nil
}

// claimTokens registers the reconnect tokens of r's people, or none of
// them when one is already in use (it reports false). Callers hold s.mu.
func (s *Server) claimTokens(r *Room) bool {
	for i, p := range r.people {
		if _, dup := s.tokens[p.token]; dup {
			for _, q := range r.people[:i] {
				delete(s.tokens, q.token)
			}
			return false
		}
		s.tokens[p.token] = p
	}
	return true
}

// haltRoom stops r's loop (its players stay connected) and returns its
// state, for AdoptRoom on another server.
func (s *Server) haltRoom(r *Room) ([]byte, error) {
	select {
	case <-r.halt:
	default:
		close(r.halt)
	}
	select {
	case <-r.halted:
	case <-time.After(2 * time.Second):
		return nil, fmt.Errorf("room %d did not stop", r.num)
	}
	return r.appendState(nil)
}

// AdoptRoom opens a room handed over by another server (its state from
// the other server's DrainTo): the match resumes at its tick with its own
// seed, under the next free room number here, and its people have Grace,
// from now, to reconnect with their tokens. It refuses a state that was
// cut or changed on the way (its length and checksum are checked before
// anything is decoded), one of another config or format, and a room when
// this server is closing or full.
func (s *Server) AdoptRoom(state []byte) (room int, err error) {
	r, err := s.restoreRoom(state)
	if err != nil {
		return 0, fmt.Errorf("%w: %w", ErrState, err)
	}
	defer func() {
		if err == nil {
			s.Changed() // after the lock below is released
		}
	}()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return 0, errors.New("online: server closing")
	}
	if len(s.rooms) >= s.opts.MaxRooms {
		return 0, fmt.Errorf("online: server full (%d rooms)", len(s.rooms))
	}
	if !s.claimTokens(r) {
		return 0, fmt.Errorf("%w: a token of the room is already in use here", ErrState)
	}
	from := r.num
	r.num = s.nextRoom
	s.nextRoom++
	s.openRoom(r)
	s.met.RoomMove("in")
	s.logf("room %d adopted (room %d of its old server) at tick %d: %d people waiting %v for a reconnect",
		r.num, from, r.m.Ticks(), len(r.people), s.opts.Grace)
	return r.num, nil
}
