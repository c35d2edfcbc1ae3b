package netplay

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// The messages of an online match (Host and Client). The first byte of
// each is its kind. They are built for a lossy, reordering transport:
// every message stands alone (tick inputs are coded against each other within
// one message only), commands and tick inputs are sent again until acknowledged,
// and a decoder checks a message whole before its result is used.
const (
	// MsgHello (client to authority, first): the recipe to play, the
	// player's name and, to take a seat back, its token.
	MsgHello byte = 1
	// MsgWelcome (authority to client): the seat, the game's options and
	// its state, once, when a client is seated.
	MsgWelcome byte = 2
	// MsgInputs (client to authority): the client's commands for a run of
	// ticks and how many tick inputs it holds.
	MsgInputs byte = 3
	// MsgTickInputs (authority to client): a run of tick inputs and the timing of
	// the client's inputs.
	MsgTickInputs byte = 4
	// MsgSwitch (client to authority): play another recipe.
	MsgSwitch byte = 5
)

// Limits of the messages.
const (
	// MaxInputsPerMessage is the most commands an Inputs message carries.
	MaxInputsPerMessage = 8
	// MaxTicksPerMessage is the most tick inputs a MsgTickInputs carries.
	MaxTicksPerMessage = 32
	// MaxEventsPerTick is the most events a tick input carries.
	MaxEventsPerTick = 2 * MaxSeats
	// MaxStateBytes bounds a Welcome's state.
	MaxStateBytes = 1 << 20
	// wireVersion is the protocol version a Welcome carries.
	wireVersion = 1
)

// ErrMessage reports a message that is damaged, truncated, of another
// kind or version, or out of the limits.
var ErrMessage = errors.New("netplay: bad message")

func badf(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrMessage}, args...)...)
}

// reader reads a message, remembering the first error.
type reader struct {
	b   []byte
	err error
}

func (r *reader) byte() byte {
	if r.err != nil {
		return 0
	}
	if len(r.b) == 0 {
		r.err = badf("truncated")
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || len(r.b) < n {
		r.err = badf("truncated")
		return nil
	}
	s := r.b[:n]
	r.b = r.b[n:]
	return s
}

func (r *reader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = badf("bad varint")
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) varint() int64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.err = badf("bad varint")
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) u16() uint16 {
	b := r.bytes(2)
	if b == nil {
		return 0
	}
	return binary.LittleEndian.Uint16(b)
}

func (r *reader) u64() uint64 {
	b := r.bytes(8)
	if b == nil {
		return 0
	}
	return binary.LittleEndian.Uint64(b)
}

func (r *reader) str(max int) string {
	n := int(r.byte())
	if n > max {
		r.err = badf("a string of %d bytes, at most %d", n, max)
		return ""
	}
	return string(r.bytes(n))
}

// end fails when bytes are left over.
func (r *reader) end() error {
	if r.err == nil && len(r.b) != 0 {
		r.err = badf("%d bytes left over", len(r.b))
	}
	return r.err
}

// appendDelta appends c coded against ref: a mask of the bytes that
// differ, then those bytes.
func appendDelta(dst []byte, c, ref *Command) []byte {
	var mask byte
	for i := range c {
		if c[i] != ref[i] {
			mask |= 1 << i
		}
	}
	dst = append(dst, mask)
	for i := range c {
		if mask&(1<<i) != 0 {
			dst = append(dst, c[i])
		}
	}
	return dst
}

// readDelta reads a command coded against ref.
func (r *reader) readDelta(ref *Command) Command {
	c := *ref
	mask := r.byte()
	for i := range c {
		if mask&(1<<i) != 0 {
			c[i] = r.byte()
		}
	}
	return c
}

// MaxName is the longest player's name a Hello carries, in bytes.
const MaxName = 24

// Token identifies a seat across reconnects. An authority's server gives
// one to each seated client (a Host keeps none); a Hello that carries it
// asks for that seat back.
type Token [16]byte

// Hello is a client's MsgHello, its first message: the index of the
// recipe to play in the authority's GameOptions.Recipes, the player's
// name and, after a drop or a server restart, its seat's token (zero for
// a new seat). A server decodes it, seats the client (Host.Join) and
// answers with its Welcome (Host.Welcome).
type Hello struct {
	Recipe int
	Name   string
	Token  Token
}

// AppendHello appends h as a MsgHello (the name cut to MaxName bytes).
func AppendHello(dst []byte, h *Hello) []byte {
	name := h.Name[:min(len(h.Name), MaxName)]
	dst = append(dst, MsgHello, wireVersion, byte(h.Recipe), byte(len(name)))
	dst = append(dst, name...)
	return append(dst, h.Token[:]...)
}

// DecodeHello decodes a MsgHello.
func DecodeHello(b []byte) (Hello, error) {
	r := reader{b: b}
	var h Hello
	if r.byte() != MsgHello {
		return h, badf("not a hello")
	}
	if v := r.byte(); r.err == nil && v != wireVersion {
		return h, badf("protocol version %d, this build speaks %d", v, wireVersion)
	}
	h.Recipe = int(r.byte())
	h.Name = r.str(MaxName)
	copy(h.Token[:], r.bytes(len(h.Token)))
	return h, r.end()
}

// Welcome is the first message a seated client gets.
type Welcome struct {
	Seat    int
	Options GameOptions
	// State is the game's state at the tick the client starts from.
	State []byte
}

// AppendWelcome appends w as a MsgWelcome.
func AppendWelcome(dst []byte, w *Welcome) []byte {
	dst = append(dst, MsgWelcome, wireVersion, byte(w.Seat))
	// Rounded, not truncated: a rate decoded from n mHz is n/1000, and
	// n/1000*1000 can fall short of n (1.001 Hz gave 1000 mHz, so a
	// client could run another rate than its host).
	dst = binary.AppendUvarint(dst, uint64(math.Round(float64(w.Options.TickRate*1000))))
	dst = append(dst, byte(len(w.Options.Level)))
	dst = append(dst, w.Options.Level...)
	dst = append(dst, byte(len(w.Options.Recipes)))
	for _, r := range w.Options.Recipes {
		dst = append(dst, byte(len(r)))
		dst = append(dst, r...)
	}
	dst = binary.AppendUvarint(dst, uint64(len(w.State)))
	return append(dst, w.State...)
}

// DecodeWelcome decodes a MsgWelcome. The state is copied.
func DecodeWelcome(b []byte) (Welcome, error) {
	r := reader{b: b}
	var w Welcome
	if r.byte() != MsgWelcome {
		return w, badf("not a welcome")
	}
	if v := r.byte(); r.err == nil && v != wireVersion {
		return w, badf("protocol version %d, this build speaks %d", v, wireVersion)
	}
	w.Seat = int(r.byte())
	rate := r.uvarint()
	w.Options.TickRate = float64(rate) / 1000
	w.Options.Level = r.str(255)
	n := int(r.byte())
	for i := 0; i < n && r.err == nil; i++ {
		w.Options.Recipes = append(w.Options.Recipes, r.str(255))
	}
	size := r.uvarint()
	if r.err == nil && size > MaxStateBytes {
		return w, badf("a state of %d bytes", size)
	}
	w.State = append([]byte(nil), r.bytes(int(size))...)
	if err := r.end(); err != nil {
		return w, err
	}
	if w.Seat >= MaxSeats || rate == 0 || rate > 1000*1000 || n == 0 {
		return w, badf("welcome: seat %d, tick rate %v, %d recipes", w.Seat, w.Options.TickRate, n)
	}
	return w, nil
}

// Inputs is a client's MsgInputs: its commands for ticks First,
// First+1, ... and Ack, the number of tick inputs it holds (the first tick
// it still needs).
type Inputs struct {
	Ack      uint64
	First    uint64
	Commands []Command
}

// AppendInputs appends in as a MsgInputs (at most MaxInputsPerMessage
// commands are sent: the last ones).
func AppendInputs(dst []byte, in *Inputs) []byte {
	cmds, first := in.Commands, in.First
	if len(cmds) > MaxInputsPerMessage {
		first += uint64(len(cmds) - MaxInputsPerMessage)
		cmds = cmds[len(cmds)-MaxInputsPerMessage:]
	}
	dst = append(dst, MsgInputs)
	dst = binary.AppendUvarint(dst, in.Ack)
	dst = binary.AppendUvarint(dst, first)
	dst = append(dst, byte(len(cmds)))
	var prev Command
	for i := range cmds {
		dst = appendDelta(dst, &cmds[i], &prev)
		prev = cmds[i]
	}
	return dst
}

// DecodeInputs decodes a MsgInputs into in, reusing its slice.
func DecodeInputs(b []byte, in *Inputs) error {
	r := reader{b: b}
	if r.byte() != MsgInputs {
		return badf("not inputs")
	}
	in.Ack = r.uvarint()
	in.First = r.uvarint()
	n := int(r.byte())
	if r.err == nil && (n == 0 || n > MaxInputsPerMessage) {
		return badf("%d inputs", n)
	}
	if r.err == nil && in.First > 1<<50 {
		return badf("input tick %d", in.First)
	}
	in.Commands = in.Commands[:0]
	var prev Command
	for i := 0; i < n && r.err == nil; i++ {
		prev = r.readDelta(&prev)
		in.Commands = append(in.Commands, prev)
	}
	return r.end()
}

// TickInputs is the authority's MsgTickInputs: consecutive tick inputs
// from Ticks[0].Tick, and the timing of this client's inputs: Newest is the
// newest input tick the authority had received from it (0 when none) and
// Slack the fewest ticks any recent input of its arrived before it was
// needed (negative: late).
type TickInputs struct {
	Newest uint64
	Slack  int
	Ticks  []TickInput
}

// tick input flags
const (
	tickEvents   = 1
	tickChecksum = 2
	tickSeats    = 4
)

// AppendTickInputs appends f as a MsgTickInputs. The ticks must be consecutive.
func AppendTickInputs(dst []byte, f *TickInputs) []byte {
	dst = append(dst, MsgTickInputs)
	dst = binary.AppendUvarint(dst, f.Newest)
	dst = binary.AppendVarint(dst, int64(f.Slack))
	var first uint64
	if len(f.Ticks) > 0 {
		first = f.Ticks[0].Tick
	}
	dst = binary.AppendUvarint(dst, first)
	dst = append(dst, byte(len(f.Ticks)))
	var prev *TickInput
	var zero Command
	for i := range f.Ticks {
		fr := &f.Ticks[i]
		var flags byte
		if len(fr.Events) > 0 {
			flags |= tickEvents
		}
		if fr.HasChecksum {
			flags |= tickChecksum
		}
		if prev == nil || prev.Seats != fr.Seats {
			flags |= tickSeats
		}
		dst = append(dst, flags)
		if flags&tickSeats != 0 {
			dst = binary.LittleEndian.AppendUint16(dst, fr.Seats)
		}
		if flags&tickEvents != 0 {
			dst = append(dst, byte(len(fr.Events)))
			for _, ev := range fr.Events {
				dst = append(dst, byte(ev.Kind), ev.Seat, ev.Recipe)
			}
		}
		for s := 0; s < MaxSeats; s++ {
			if fr.Seats&(1<<s) == 0 {
				continue
			}
			ref := &zero
			if prev != nil && prev.Seats&(1<<s) != 0 {
				ref = &prev.Inputs[s]
			}
			dst = appendDelta(dst, &fr.Inputs[s], ref)
		}
		if fr.HasChecksum {
			dst = binary.LittleEndian.AppendUint64(dst, fr.Checksum)
		}
		prev = fr
	}
	return dst
}

// DecodeTickInputs decodes a MsgTickInputs into f, reusing its tick inputs and their
// event slices.
func DecodeTickInputs(b []byte, f *TickInputs) error {
	r := reader{b: b}
	if r.byte() != MsgTickInputs {
		return badf("not tick inputs")
	}
	f.Newest = r.uvarint()
	slack := r.varint()
	first := r.uvarint()
	n := int(r.byte())
	if r.err != nil {
		return r.err
	}
	if n > MaxTicksPerMessage || first > 1<<50 || slack < -1<<20 || slack > 1<<20 {
		return badf("%d tick inputs from tick %d, slack %d", n, first, slack)
	}
	f.Slack = int(slack)
	if cap(f.Ticks) < n {
		f.Ticks = append(f.Ticks[:cap(f.Ticks)], make([]TickInput, n-cap(f.Ticks))...)
	}
	f.Ticks = f.Ticks[:n]
	var zero Command
	for i := 0; i < n && r.err == nil; i++ {
		fr := &f.Ticks[i]
		ev := fr.Events[:0]
		*fr = TickInput{Tick: first + uint64(i), Events: ev}
		flags := r.byte()
		if flags&^(tickEvents|tickChecksum|tickSeats) != 0 || (i == 0 && flags&tickSeats == 0) {
			return badf("tick input flags %#x", flags)
		}
		if flags&tickSeats != 0 {
			fr.Seats = r.u16()
		} else {
			fr.Seats = f.Ticks[i-1].Seats
		}
		if flags&tickEvents != 0 {
			ne := int(r.byte())
			if ne == 0 || ne > MaxEventsPerTick {
				return badf("%d events", ne)
			}
			for j := 0; j < ne && r.err == nil; j++ {
				e := Event{Kind: EventKind(r.byte()), Seat: r.byte(), Recipe: r.byte()}
				if e.Kind < Join || e.Kind > Switch || e.Seat >= MaxSeats {
					return badf("event %+v", e)
				}
				fr.Events = append(fr.Events, e)
			}
		}
		for s := 0; s < MaxSeats; s++ {
			if fr.Seats&(1<<s) == 0 {
				continue
			}
			ref := &zero
			if i > 0 && f.Ticks[i-1].Seats&(1<<s) != 0 {
				ref = &f.Ticks[i-1].Inputs[s]
			}
			fr.Inputs[s] = r.readDelta(ref)
		}
		if flags&tickChecksum != 0 {
			fr.Checksum, fr.HasChecksum = r.u64(), true
		}
	}
	return r.end()
}

// AppendSwitch appends a MsgSwitch asking for recipe index recipe.
func AppendSwitch(dst []byte, recipe int) []byte { return append(dst, MsgSwitch, byte(recipe)) }

// DecodeSwitch decodes a MsgSwitch.
func DecodeSwitch(b []byte) (recipe int, err error) {
	if len(b) != 2 || b[0] != MsgSwitch {
		return 0, badf("not a switch")
	}
	return int(b[1]), nil
}
