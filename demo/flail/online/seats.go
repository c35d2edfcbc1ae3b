package online

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/seedgames/motorkit/demo/flail/wire"
)

// Seats: where a connection plays (its old car within the grace time, a
// new car in a room with space, a spectator's seat), and rooms retired.

// join puts the connection on its old car (valid token within the grace
// time) or a new car in the first room with space.
func (s *Server) join(cl *conn, name string, tok wire.Token, pref int) (*player, *Room, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, nil, errors.New("server closing")
	}
	if tok != (wire.Token{}) {
		// A token gets its car back and is replaced by a new one (a token
		// seen on the wire cannot be used twice); a token of no car is
		// refused rather than turned into a new car.
		p, ok := s.tokens[tok]
		if ok {
			delete(s.tokens, tok)
			next := newToken()
			if p.room.reattach(p, cl, next) {
				s.tokens[next] = p
				s.logf("reconnect %s to player %d in room %d", cl.addr, p.id, p.room.num)
				return p, p.room, nil
			}
		}
		return nil, nil, errUnknownToken
	}
	if n := s.carsFrom(cl.addr); n >= s.opts.MaxPerAddress {
		return nil, nil, fmt.Errorf("%d cars from your address already (at most %d)", n, s.opts.MaxPerAddress)
	}
	// the room the player asked for (?room=N: a friend's room, or the
	// one a fleet's /join picked) first, then the first with space.
	rooms := s.rooms
	if i := slices.IndexFunc(rooms, func(r *Room) bool { return r.num == pref }); i > 0 {
		rooms = append([]*Room{rooms[i]}, slices.Delete(slices.Clone(rooms), i, i+1)...)
	}
	for _, r := range rooms {
		if p, err := r.add(cl, name); err == nil {
			s.tokens[p.token] = p
			return p, r, nil
		}
	}
	if len(s.rooms) >= s.opts.MaxRooms {
		// Full of people, but some may be dropped cars waiting for a
		// reconnect: the newcomer takes the seat of the one gone longest,
		// so seats nobody is using do not lock people out.
		if p, r, ok := s.takeGraceSeat(cl, name); ok {
			return p, r, nil
		}
		return nil, nil, fmt.Errorf("server full (%d rooms of %d)", len(s.rooms), s.opts.RoomSize)
	}
	r, err := newRoom(s, s.nextRoom)
	if err != nil {
		return nil, nil, err
	}
	s.nextRoom++
	s.openRoom(r)
	p, err := r.add(cl, name)
	if err != nil {
		return nil, nil, err
	}
	s.tokens[p.token] = p
	return p, r, nil
}

// openRoom lists r and starts its loop. Callers hold s.mu.
func (s *Server) openRoom(r *Room) {
	s.rooms = append(s.rooms, r)
	s.wg.Add(1)
	go func() { defer s.wg.Done(); r.run(s.ctx) }()
}

// spectate puts a spectator in room pref, or in the room with the most
// people.
func (s *Server) spectate(cl *conn, pref int) (*player, *Room, error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, nil, errors.New("server closing")
	}
	var best *Room
	for _, r := range s.rooms {
		if r.num == pref {
			best = r
			break
		}
		if best == nil || r.People() > best.People() {
			best = r
		}
	}
	s.mu.Unlock()
	if best == nil {
		return nil, nil, errors.New("no room to watch")
	}
	p, err := best.watch(cl)
	return p, best, err
}

// addPending counts a connection waiting for its Hello (+1) or done waiting
// (-1); it refuses (false) a +1 beyond MaxPending.
func (s *Server) addPending(d int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d > 0 && s.pending >= s.opts.MaxPending {
		return false
	}
	s.pending += d
	return true
}

// takeGraceSeat gives the newcomer the seat of the dropped car that has
// waited longest for its reconnect. Callers hold s.mu.
func (s *Server) takeGraceSeat(cl *conn, name string) (*player, *Room, bool) {
	var old *player
	var since time.Time
	for _, p := range s.tokens {
		if t, ok := p.room.graceSince(p); ok && (old == nil || t.Before(since) || (t.Equal(since) && p.id < old.id)) {
			old, since = p, t
		}
	}
	if old == nil || !old.room.evict(old) {
		return nil, nil, false
	}
	delete(s.tokens, old.token)
	p, err := old.room.add(cl, name)
	if err != nil {
		return nil, nil, false
	}
	s.tokens[p.token] = p
	return p, old.room, true
}

// errUnknownToken refuses a Hello whose token names no car.
var errUnknownToken = errors.New("unknown or expired token: join without one")

// retire closes room r if it is still empty: it leaves the list at once,
// under the lock joins take, so no newcomer can land in it.
func (s *Server) retire(r *Room) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.People() != 0 {
		return false
	}
	i := slices.Index(s.rooms, r)
	if i < 0 {
		return false
	}
	s.rooms = slices.Delete(s.rooms, i, i+1)
	s.logf("room %d closed: empty for %v", r.num, s.opts.EmptyRoomTimeout)
	return true
}

func (s *Server) forget(tok wire.Token) {
	s.mu.Lock()
	delete(s.tokens, tok)
	s.mu.Unlock()
}
