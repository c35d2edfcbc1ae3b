package flail

// MaxLeaderboard bounds rules.leaderboard_size.
const MaxLeaderboard = 64

// EventKind names what happened.
type EventKind uint8

// Event kinds.
const (
	// EventKill: Killer's flail destroyed Victim's car (the victim's death).
	EventKill EventKind = iota + 1
	// EventSpawn: a player joined the match (Victim holds its ID).
	EventSpawn
	// EventRespawn: a dead player came back (Victim holds its ID).
	EventRespawn
	// EventRemoved: a player left the match (Victim holds its ID).
	EventRemoved
)

// String names the kind.
func (k EventKind) String() string {
	switch k {
	case EventKill:
		return "kill"
	case EventSpawn:
		return "spawn"
	case EventRespawn:
		return "respawn"
	case EventRemoved:
		return "removed"
	}
	return "unknown"
}

// Event is one game event. IDs are the players' IDs (the ECS uses the
// entity's id).
type Event struct {
	// Tick is the rules tick the event happened in.
	Tick uint64
	// Kind says what happened.
	Kind EventKind
	// Killer is the killing player's ID (EventKill only).
	Killer uint64
	// Victim is the player the event is about (the killed one for
	// EventKill).
	Victim uint64
	// Energy is what the killer gained (kill) or the start energy (spawn).
	Energy float64
	// Thrown is true for a kill by a thrown flail, false for a swung one
	// (EventKill only).
	Thrown bool
}

// Events collects a tick's events and dispatches them to subscribers as they
// are emitted. Tick() lists the events since the last Begin.
type Events struct {
	list []Event
	subs []func(Event)
}

// Subscribe registers fn to be called for every event, in emission order.
// It returns a handle for Unsubscribe.
func (e *Events) Subscribe(fn func(Event)) int {
	e.subs = append(e.subs, fn)
	return len(e.subs) - 1
}

// Unsubscribe removes the subscriber with handle h.
func (e *Events) Unsubscribe(h int) {
	if h >= 0 && h < len(e.subs) {
		e.subs[h] = nil
	}
}

// Begin starts a new tick: the previous tick's list is cleared.
func (e *Events) Begin() { e.list = e.list[:0] }

// Emit records ev and calls the subscribers.
func (e *Events) Emit(ev Event) {
	e.list = append(e.list, ev)
	for _, fn := range e.subs {
		if fn != nil {
			fn(ev)
		}
	}
}

// Tick returns the events emitted since the last Begin (valid until then).
func (e *Events) Tick() []Event { return e.list }

// Entry is one leaderboard row.
type Entry struct {
	// ID is the player's ID (in the ECS: uint64 of its entity).
	ID uint64
	// Energy and Kills of the player.
	Energy float64
	Kills  int
}

// Leaderboard is the top players by energy (ties: lower ID first). It is
// recomputed from scratch each tick without allocating.
type Leaderboard struct {
	rows [MaxLeaderboard]Entry
	n    int
	size int
}

// Rows returns the ranked rows (valid until the next Reset).
func (l *Leaderboard) Rows() []Entry { return l.rows[:l.n] }

// Reset empties the board and sets its size (clamped to [1, MaxLeaderboard]).
func (l *Leaderboard) Reset(size int) {
	if size < 1 {
		size = 1
	}
	if size > MaxLeaderboard {
		size = MaxLeaderboard
	}
	l.size, l.n = size, 0
}

func better(a, b Entry) bool {
	if a.Energy != b.Energy {
		return a.Energy > b.Energy
	}
	return a.ID < b.ID
}

// Offer inserts a candidate if it ranks in the top size.
func (l *Leaderboard) Offer(e Entry) {
	if l.n == l.size && !better(e, l.rows[l.n-1]) {
		return
	}
	i := l.n
	if i == l.size {
		i--
	} else {
		l.n++
	}
	for i > 0 && better(e, l.rows[i-1]) {
		l.rows[i] = l.rows[i-1]
		i--
	}
	l.rows[i] = e
}
