package netplay

import (
	"errors"
	"fmt"
	"slices"
)

// HostOptions configure a Host. Zero fields take their defaults, the
// values of DefaultHostOptions (docs/netplay.md has the table).
type HostOptions struct {
	// Game are the game's options, sent to every client in its Welcome.
	Game GameOptions
	// Seats is the most characters at once (at most MaxSeats).
	Seats int
	// ChecksumEvery is how often, in ticks, a tick input carries the state's
	// checksum for clients to compare.
	ChecksumEvery int
	// History is how many tick inputs the host keeps for clients that fall
	// behind: a client further behind needs a new Welcome (ErrResync).
	History int
	// MaxLead is how many ticks ahead of the host a client's input may
	// be; one further is refused.
	MaxLead int
}

// DefaultHostOptions returns the options a zero field of HostOptions
// takes.
func DefaultHostOptions() HostOptions {
	return HostOptions{
		Game:          DefaultGameOptions(),
		Seats:         8,
		ChecksumEvery: 30,
		History:       256,
		MaxLead:       240, // 4 s at 60 Hz
	}
}

func (o *HostOptions) defaults() error {
	d := DefaultHostOptions()
	orDefault(&o.Seats, d.Seats)
	orDefault(&o.ChecksumEvery, d.ChecksumEvery)
	orDefault(&o.History, d.History)
	orDefault(&o.MaxLead, d.MaxLead)
	if o.Seats > MaxSeats {
		return fmt.Errorf("netplay: %d seats, at most %d", o.Seats, MaxSeats)
	}
	if o.MaxLead >= inputRing-MaxInputsPerMessage {
		return fmt.Errorf("netplay: MaxLead %d, at most %d", o.MaxLead, inputRing-MaxInputsPerMessage-1)
	}
	return nil
}

// inputRing is how many ticks of a seat's inputs the host holds: more
// than MaxLead and a message's reach.
const inputRing = 512

// slackWindow is how many received inputs the reported slack is the
// minimum of (one second at 60 Hz).
const slackWindow = 60

// ErrResync reports a client too far behind the host's history: it needs
// a new Welcome.
var ErrResync = errors.New("netplay: the client is too far behind: send it a new welcome")

// ErrNoSeat reports a Join when every seat is taken.
var ErrNoSeat = errors.New("netplay: every seat is taken")

// HostSeatStats are one seat's counters.
type HostSeatStats struct {
	// Late counts ticks the seat's input had not arrived in time: the
	// host repeated its previous command.
	Late uint64
	// Inputs counts the inputs received in time.
	Inputs uint64
}

type hostSeat struct {
	used, pending bool // seated, or a Join is pending
	leaving       bool // a Leave is pending
	ack           uint64
	tags          [inputRing]uint64 // tick+1 of the input held in each slot
	inputs        [inputRing]Command
	last          Command
	newest        uint64
	slack         [slackWindow]int32
	nslack        int
	stats         HostSeatStats
}

// Host is the authority of an online match: it runs the Game at its
// tick, one TickInput per tick from the inputs its clients sent in time (a
// seat whose input is missing repeats its last command), and tells each
// client the tick inputs it lacks (TickInputsMessage). It does no I/O and is not
// safe for concurrent use: a server calls it from one goroutine.
type Host struct {
	game    *Game
	opts    HostOptions
	ticks   []TickInput
	seats   [MaxSeats]hostSeat
	pending []Event
	inputs  Inputs
	out     TickInputs
}

// NewHost builds a host with no one seated.
func NewHost(o HostOptions) (*Host, error) {
	if err := o.defaults(); err != nil {
		return nil, err
	}
	g, err := NewGame(o.Game)
	if err != nil {
		return nil, err
	}
	o.Game = g.Options()
	return &Host{game: g, opts: o, ticks: make([]TickInput, o.History)}, nil
}

// Game returns the host's game (read it between Steps only).
func (h *Host) Game() *Game { return h.game }

// Options returns the host's options with their defaults.
func (h *Host) Options() HostOptions { return h.opts }

// Tick is the tick of the next Step.
func (h *Host) Tick() uint64 { return h.game.Ticks() }

// Join seats a new player with recipe index recipe at the next Step and
// returns its seat.
func (h *Host) Join(recipe int) (int, error) {
	if recipe < 0 || recipe >= len(h.opts.Game.Recipes) {
		return 0, fmt.Errorf("netplay: recipe %d of %d", recipe, len(h.opts.Game.Recipes))
	}
	for s := 0; s < h.opts.Seats; s++ {
		st := &h.seats[s]
		if st.used || st.pending {
			continue
		}
		*st = hostSeat{pending: true, ack: h.Tick()}
		h.pending = append(h.pending, Event{Kind: Join, Seat: uint8(s), Recipe: uint8(recipe)})
		return s, nil
	}
	return 0, ErrNoSeat
}

// Leave removes seat's player at the next Step.
func (h *Host) Leave(seat int) {
	if !h.Seated(seat) {
		return
	}
	// The seat's pending events go: a Join still pending (the seat is
	// freed with no event at all), a Switch (it would seat a character
	// again after the Leave), an earlier Leave (one is enough).
	h.pending = slices.DeleteFunc(h.pending, func(ev Event) bool { return int(ev.Seat) == seat })
	if !h.seats[seat].used {
		h.seats[seat] = hostSeat{}
		return
	}
	h.pending = append(h.pending, Event{Kind: Leave, Seat: uint8(seat)})
	h.seats[seat].pending, h.seats[seat].leaving = false, true
}

// Seated reports whether seat is taken (or will be at the next Step).
func (h *Host) Seated(seat int) bool {
	if seat < 0 || seat >= MaxSeats {
		return false
	}
	st := &h.seats[seat]
	return (st.used && !st.leaving) || st.pending
}

// Stats returns seat's counters.
func (h *Host) Stats(seat int) HostSeatStats {
	if seat < 0 || seat >= MaxSeats {
		return HostSeatStats{}
	}
	return h.seats[seat].stats
}

// Welcome appends seat's MsgWelcome: the game's options and its state
// now. The client holds no tick input yet: the host sends it every one from
// this tick on.
func (h *Host) Welcome(dst []byte, seat int) ([]byte, error) {
	if !h.Seated(seat) {
		return dst, fmt.Errorf("netplay: seat %d is empty", seat)
	}
	state, err := h.game.SaveState(nil)
	if err != nil {
		return dst, err
	}
	h.seats[seat].ack = h.Tick()
	return AppendWelcome(dst, &Welcome{Seat: seat, Options: h.opts.Game, State: state}), nil
}

// Receive handles a message from seat's client: MsgInputs (commands kept
// for their ticks; those for ticks already run are dropped) or MsgSwitch
// (the seat plays another recipe from the next Step). A damaged message,
// an input further ahead than MaxLead or an unknown recipe is an error
// and changes nothing; a server ends such a connection.
func (h *Host) Receive(seat int, msg []byte) error {
	if seat >= 0 && seat < MaxSeats && h.seats[seat].leaving {
		return nil // its last messages, after the server let it go
	}
	if !h.Seated(seat) {
		return fmt.Errorf("netplay: seat %d is empty", seat)
	}
	st := &h.seats[seat]
	if len(msg) > 0 && msg[0] == MsgSwitch {
		r, err := DecodeSwitch(msg)
		if err != nil {
			return err
		}
		if r >= len(h.opts.Game.Recipes) {
			return fmt.Errorf("%w: recipe %d of %d", ErrMessage, r, len(h.opts.Game.Recipes))
		}
		// One Switch per seat and tick, the last asked: a flood of
		// switches must not overflow a tick's MaxEventsPerTick (every
		// client would refuse its tick inputs). A leaving seat never gets
		// here (the Switch would seat it again).
		for i, ev := range h.pending {
			if int(ev.Seat) == seat && ev.Kind == Switch {
				h.pending[i].Recipe = uint8(r)
				return nil
			}
		}
		h.pending = append(h.pending, Event{Kind: Switch, Seat: uint8(seat), Recipe: uint8(r)})
		return nil
	}
	in := &h.inputs
	if err := DecodeInputs(msg, in); err != nil {
		return err
	}
	now := h.Tick()
	last := in.First + uint64(len(in.Commands)) - 1
	if last > now+uint64(h.opts.MaxLead) {
		return fmt.Errorf("%w: input for tick %d, the host is at %d", ErrMessage, last, now)
	}
	if in.Ack > now {
		return fmt.Errorf("%w: acknowledges %d ticks, the host has run %d", ErrMessage, in.Ack, now)
	}
	st.ack = max(st.ack, in.Ack)
	for i := range in.Commands {
		t := in.First + uint64(i)
		slot := t % inputRing
		if st.tags[slot] == t+1 || (t < now && t <= st.newest) {
			continue // had it, or a late one already counted
		}
		st.slack[st.nslack%slackWindow] = int32(int64(t) - int64(now))
		st.nslack++
		st.newest = max(st.newest, t)
		if t >= now {
			st.tags[slot], st.inputs[slot] = t+1, in.Commands[i]
		}
	}
	return nil
}

// Step runs one tick: the pending joins, leaves and switches, then every
// seat's input for the tick (or its last one, counted Late), and records
// the tick input, with the state's checksum every ChecksumEvery ticks.
func (h *Host) Step() error {
	t := h.Tick()
	f := &h.ticks[t%uint64(len(h.ticks))]
	n := min(len(h.pending), MaxEventsPerTick) // the rest wait for the next tick
	ev := append(f.Events[:0], h.pending[:n]...)
	*f = TickInput{Tick: t, Events: ev}
	h.pending = append(h.pending[:0], h.pending[n:]...)
	for _, e := range f.Events {
		st := &h.seats[e.Seat]
		switch e.Kind {
		case Join:
			st.used, st.pending = true, false
		case Leave:
			st.used, st.leaving = false, false
		}
	}
	for s := 0; s < h.opts.Seats; s++ {
		st := &h.seats[s]
		if !st.used {
			continue
		}
		f.Seats |= 1 << s
		if slot := t % inputRing; st.tags[slot] == t+1 {
			st.last = st.inputs[slot]
			st.stats.Inputs++
		} else {
			st.stats.Late++
		}
		f.Inputs[s] = st.last
	}
	if err := h.game.Step(f); err != nil {
		return err
	}
	if (t+1)%uint64(h.opts.ChecksumEvery) == 0 {
		f.Checksum, f.HasChecksum = h.game.Checksum(), true
	}
	return nil
}

// TickInputsMessage appends seat's MsgTickInputs: the tick inputs from the first one
// its client lacks (at most MaxTicksPerMessage) and its inputs' timing.
// Send one every tick or two; over a lossy transport they are sent
// again until the client acknowledges them. ErrResync means the client
// lacks tick inputs the host no longer has.
func (h *Host) TickInputsMessage(dst []byte, seat int) ([]byte, error) {
	if !h.Seated(seat) {
		return dst, fmt.Errorf("netplay: seat %d is empty", seat)
	}
	st := &h.seats[seat]
	now := h.Tick()
	if now-st.ack > uint64(len(h.ticks)) {
		return dst, ErrResync
	}
	end := min(now, st.ack+MaxTicksPerMessage)
	out := &h.out
	// Resliced, not appended to: each tick input keeps its event slice for
	// copyFrom to reuse (an appended TickInput{} dropped it, and every one
	// with events sent allocated).
	out.Ticks = slices.Grow(out.Ticks[:0], int(end-st.ack))[:end-st.ack]
	for i := range out.Ticks {
		out.Ticks[i].copyFrom(&h.ticks[(st.ack+uint64(i))%uint64(len(h.ticks))])
	}
	out.Newest, out.Slack = st.newest, h.slack(st)
	return AppendTickInputs(dst, out), nil
}

// slack is the fewest ticks any of the seat's last slackWindow inputs
// arrived before it was needed (0 before any arrived).
func (h *Host) slack(st *hostSeat) int {
	n := min(st.nslack, slackWindow)
	if n == 0 {
		return 0
	}
	m := st.slack[0]
	for _, s := range st.slack[1:n] {
		m = min(m, s)
	}
	return int(m)
}

// SaveState appends the host's game state (for a drain: a new host with
// the same options loads it with LoadState).
func (h *Host) SaveState(dst []byte) ([]byte, error) { return h.game.SaveState(dst) }

// LoadState puts the host in a saved state: the game's, its seats taken
// by the characters in it (without clients until Welcome; a seat no
// client takes back can be freed with Leave).
func (h *Host) LoadState(b []byte) error {
	if err := h.game.LoadState(b); err != nil {
		return err
	}
	h.pending = h.pending[:0]
	mask := h.game.Seats()
	for s := range h.seats {
		h.seats[s] = hostSeat{used: mask&(1<<s) != 0, ack: h.Tick()}
	}
	return nil
}
