package netplay

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/rollback"
	"github.com/seedgames/motorkit/systems"
)

// ClientOptions configure a Client. Zero fields take their defaults, the
// values of DefaultClientOptions (docs/netplay.md has the table).
type ClientOptions struct {
	// TargetSlack is how many ticks before it is needed the client aims
	// to have its least timely recent input arrive at the host: the
	// client runs its clock a little faster or slower until the host's
	// reported slack is this. The report is the least of the last
	// second's inputs, so one more tick than that covers what the second
	// did not show (at 200 ms RTT, 2 ticks let 200 inputs of 7,200 come
	// late in netsim, 3 none).
	TargetSlack int
	// Redundancy is how many of its latest inputs each MsgInputs carries
	// (at most MaxInputsPerMessage): an input is lost only when that many
	// messages in a row are.
	Redundancy int
	// MaxPrediction is the most ticks the client runs ahead of the last
	// tick input it has from the host; beyond it the clock waits.
	MaxPrediction int
	// MaxCorrectionStep is the most a drawn character moves per frame to
	// absorb a correction (m): a rollback that moves a character leaves
	// it drawn where it was and the difference is taken up at this pace.
	MaxCorrectionStep float64
	// CorrectionRate is the share of the remaining correction taken up
	// per frame when that is less than MaxCorrectionStep.
	CorrectionRate float64
	// SnapDistance is a correction too large to smooth (m): a respawn or
	// a teleport is drawn at once.
	SnapDistance float64
	// InterpolationDelay is how far in the past the other players'
	// characters are drawn (Source's default): where the host's tick
	// inputs put them, interpolated between ticks, so they are never corrected.
	InterpolationDelay time.Duration
	// PredictOthers draws the other players' characters in the predicted
	// present instead, corrected and smoothed like the player's own
	// character (a mispredicted dash moves them metres).
	PredictOthers bool
}

// DefaultClientOptions returns the options a zero field of ClientOptions
// takes.
func DefaultClientOptions() ClientOptions {
	return ClientOptions{
		TargetSlack:        3,
		Redundancy:         4,
		MaxPrediction:      60, // 1 s at 60 Hz
		MaxCorrectionStep:  0.045,
		CorrectionRate:     0.2,
		SnapDistance:       2,
		InterpolationDelay: 100 * time.Millisecond,
	}
}

func (o *ClientOptions) defaults() error {
	d := DefaultClientOptions()
	if o.TargetSlack == 0 { // a negative one is kept
		o.TargetSlack = d.TargetSlack
	}
	orDefault(&o.Redundancy, d.Redundancy)
	orDefault(&o.MaxPrediction, d.MaxPrediction)
	orDefault(&o.MaxCorrectionStep, d.MaxCorrectionStep)
	orDefault(&o.SnapDistance, d.SnapDistance)
	orDefault(&o.InterpolationDelay, d.InterpolationDelay)
	if o.CorrectionRate <= 0 || o.CorrectionRate > 1 {
		o.CorrectionRate = d.CorrectionRate
	}
	if o.Redundancy > MaxInputsPerMessage {
		return fmt.Errorf("netplay: Redundancy %d, at most %d", o.Redundancy, MaxInputsPerMessage)
	}
	if o.MaxPrediction > ring-MaxTicksPerMessage-2 {
		return fmt.Errorf("netplay: MaxPrediction %d, at most %d", o.MaxPrediction, ring-MaxTicksPerMessage-2)
	}
	return nil
}

// orDefault gives an option left out (zero or negative) its default.
func orDefault[T int | float64 | time.Duration](v *T, d T) {
	if *v <= 0 {
		*v = d
	}
}

// ring is how many ticks of tick inputs, states and commands a client
// holds.
const ring = 256

// ClientStats are a client's counters since it was welcomed.
type ClientStats struct {
	// Rollbacks counts the times a tick input from the host differed from the
	// one the client had predicted, and it ran again from there;
	// MaxRollback is the longest (ticks) and Resimulated the ticks run
	// again in all; LastRollback is the latest's length.
	Rollbacks    uint64
	MaxRollback  int
	LastRollback int
	Resimulated  uint64
	// Corrections counts the rollbacks that moved the client's own
	// character (by more than a micrometre); MaxCorrection is the largest
	// move (m), before smoothing.
	Corrections   uint64
	MaxCorrection float64
	// MaxVisualStep is the most the client's own drawn character moved in
	// one frame to absorb corrections (m); Snaps counts its corrections
	// drawn at once (beyond SnapDistance).
	MaxVisualStep float64
	Snaps         uint64
	// ChecksumsCompared counts the host's checksums compared with the
	// client's state; Desyncs those that differed (the first at
	// DesyncTick).
	ChecksumsCompared uint64
	Desyncs           uint64
	DesyncTick        uint64
	// Waits counts frames the clock did not advance: MaxPrediction ticks
	// ahead of the host's tick inputs.
	Waits uint64
	// Ticks counts the ticks run forward (not counting resimulation).
	Ticks uint64
}

// ErrDesync reports a client whose state differs from the host's: it
// needs a new Welcome.
var ErrDesync = errors.New("netplay: the client's state differs from the host's")

// Client is a player's side of an online match: it runs the Game ahead of
// the host by its inputs' travel time, predicting the others (each
// repeats its last command the host confirmed), and when a tick input from the
// host differs from its prediction it loads the state of that tick and
// runs the ticks since again (a rollback). Characters a rollback moves
// are drawn where they were and brought back smoothly (Display). Its
// clock runs a little faster or slower so its inputs reach the host just
// in time. It does no I/O and is not safe for concurrent use.
type Client struct {
	game *Game
	seat int
	opts ClientOptions

	confirmed uint64 // tick inputs below it are the host's
	welcomed  uint64 // the tick of the welcome's state
	verified  uint64 // the host's checksums are compared up to this tick
	ticks     [ring]TickInput
	states    *rollback.Ring // the state at the start of each tick
	own       [ring]Command
	ownTag    [ring]uint64 // tick+1 of the command in each slot
	lastOwn   Command

	// clock
	acc      float64
	extra    int64       // ticks run minus frames: the clock's drift so far
	extraAt  [ring]int64 // extra when each tick's input was made
	slack    int         // the host's last report
	newest   uint64      // ... and the newest input it had
	reported bool        // a report arrived
	synced   bool

	offsets [MaxSeats]mgl64.Vec3       // drawn minus simulated position
	pos     [ring][MaxSeats]mgl64.Vec3 // each seat's position in the state of each tick
	present [ring]uint16               // ... and which seats it had
	view    float64                    // the tick the others are drawn at
	viewOK  bool
	pre     [MaxSeats]mgl64.Vec3
	preOK   [MaxSeats]bool
	in      TickInputs
	out     Inputs
	stats   ClientStats
}

// NewClient starts a client from the host's MsgWelcome.
func NewClient(welcome []byte, o ClientOptions) (*Client, error) {
	if err := o.defaults(); err != nil {
		return nil, err
	}
	w, err := DecodeWelcome(welcome)
	if err != nil {
		return nil, err
	}
	g, err := NewGame(w.Options)
	if err != nil {
		return nil, err
	}
	if err := g.LoadState(w.State); err != nil {
		return nil, fmt.Errorf("netplay: the welcome's state: %w", err)
	}
	c := &Client{game: g, seat: w.Seat, opts: o, states: rollback.NewRing(g, ring, 0)}
	c.confirmed, c.verified, c.welcomed = g.Ticks(), g.Ticks(), g.Ticks()
	c.record(g.Ticks())
	if err := c.states.Save(g.Ticks()); err != nil {
		return nil, err
	}
	return c, nil
}

// Game returns the client's game: its predicted present (read it between
// calls).
func (c *Client) Game() *Game { return c.game }

// Seat is the client's seat.
func (c *Client) Seat() int { return c.seat }

// Tick is the tick of the client's next forward step.
func (c *Client) Tick() uint64 { return c.game.Ticks() }

// Confirmed is the number of tick inputs the client has from the host.
func (c *Client) Confirmed() uint64 { return c.confirmed }

// Stats returns the client's counters.
func (c *Client) Stats() ClientStats { return c.stats }

// Synced reports whether the client's clock has settled: its inputs
// reach the host in time. Until then its own commands are sent as zero
// commands (the host would get them late and the client would predict
// itself wrong).
func (c *Client) Synced() bool { return c.synced }

// Slack is the client's estimate of how early its inputs now reach the
// host (ticks): the host's last report plus the ticks the clock has
// gained since the input it was about.
func (c *Client) Slack() int {
	if !c.reported {
		return 0
	}
	return c.slack + int(c.extra-c.extraAt[c.newest%ring])
}

// Frame advances the client by one display frame (1/TickRate s) with the
// player's command cmd: zero, one or two ticks as the clock runs, each
// predicted and kept for rollback. It returns how many ticks ran.
func (c *Client) Frame(cmd Command) (int, error) {
	rate := 1.0
	if c.reported {
		// Weighed before this frame is counted: one tick this frame
		// keeps the slack as it is. (Counted first, the estimate was one
		// tick short and the host's reported slack settled at
		// TargetSlack+1.)
		err := c.Slack() - c.opts.TargetSlack
		rate -= max(-0.5, min(0.5, float64(0.05*float64(err))))
		if !c.synced && err >= -1 && err <= 2 {
			c.synced = true
		}
	}
	c.extra--
	if !c.synced {
		cmd = Command{}
	}
	c.acc += rate
	n := 0
	for c.acc >= 1 {
		t := c.game.Ticks()
		if t-c.confirmed >= uint64(c.opts.MaxPrediction) {
			c.stats.Waits++
			c.acc = min(c.acc, 1)
			break
		}
		c.acc--
		c.own[t%ring], c.ownTag[t%ring] = cmd, t+1
		c.lastOwn = cmd
		c.extra++
		c.extraAt[t%ring] = c.extra
		if err := c.step(t); err != nil {
			return n, err
		}
		c.stats.Ticks++
		n++
	}
	c.smooth()
	c.advanceView()
	return n, nil
}

// advanceView moves the tick the others are drawn at by one frame, kept
// InterpolationDelay behind the newest tick input from the host: a little
// faster or slower when it drifts, at once when it is far off, never
// past the tick inputs the client has.
func (c *Client) advanceView() {
	delay := float64(c.opts.InterpolationDelay.Seconds() * c.game.Options().TickRate)
	target := float64(c.confirmed) - delay
	switch {
	case !c.viewOK || math.Abs(c.view-target) > 30:
		c.view, c.viewOK = target, true
	default:
		c.view += 1 + max(-0.2, min(0.2, float64(0.05*(target-c.view))))
	}
	c.view = max(float64(c.welcomed), float64(c.game.Ticks())-ring/2, min(c.view, float64(c.confirmed)))
}

// step runs tick t (the game is at t) and keeps the state it leaves.
func (c *Client) step(t uint64) error {
	if err := c.run(t); err != nil {
		return err
	}
	return c.states.Save(t + 1)
}

// run runs tick t: the host's tick input when the client has it, else a
// prediction.
func (c *Client) run(t uint64) error {
	f := &c.ticks[t%ring]
	if t >= c.confirmed {
		c.predict(f, t)
	}
	if err := c.game.Step(f); err != nil {
		return err
	}
	c.record(t + 1)
	return nil
}

// record keeps the seats' positions in the state of tick k.
func (c *Client) record(k uint64) {
	var mask uint16
	for s := range MaxSeats {
		if e, ok := c.game.Character(s); ok {
			mask |= 1 << s
			c.pos[k%ring][s] = components.Body.Get(e).Position
		}
	}
	c.present[k%ring] = mask
}

// predict writes the client's guess of tick t's input: the last
// confirmed one's seats and commands, no events, and its own command.
func (c *Client) predict(f *TickInput, t uint64) {
	ev := f.Events[:0]
	if c.confirmed > c.welcomed {
		f.copyFrom(&c.ticks[(c.confirmed-1)%ring])
	} else {
		*f = TickInput{Seats: c.game.Seats()}
	}
	f.Tick, f.Events, f.HasChecksum, f.Checksum = t, ev, false, 0
	if c.ownTag[t%ring] == t+1 {
		f.Inputs[c.seat] = c.own[t%ring]
	} else {
		f.Inputs[c.seat] = c.lastOwn
	}
}

// InputsMessage appends the client's MsgInputs: its latest commands (the
// Redundancy last, those the host has not reported) and the tick inputs
// it holds.
func (c *Client) InputsMessage(dst []byte) []byte {
	end := c.game.Ticks()
	first := end - min(end, uint64(c.opts.Redundancy))
	if c.reported && c.newest+1 > first {
		first = min(c.newest+1, end-min(end, 1))
	}
	out := &c.out
	out.Ack, out.First, out.Commands = c.confirmed, first, out.Commands[:0]
	for t := first; t < end; t++ {
		if c.ownTag[t%ring] == t+1 {
			out.Commands = append(out.Commands, c.own[t%ring])
		} else {
			out.Commands = append(out.Commands, Command{})
		}
	}
	if len(out.Commands) == 0 {
		return dst
	}
	return AppendInputs(dst, out)
}

// Receive handles a message from the host: MsgTickInputs. New tick inputs
// are kept; one that differs from what the client predicted for its tick
// makes it load that tick's state and run again to its present. A damaged
// message is an error and changes nothing; ErrDesync means the host's
// checksum differs from the client's state (it needs a new Welcome).
func (c *Client) Receive(msg []byte) error {
	in := &c.in
	if err := DecodeTickInputs(msg, in); err != nil {
		return err
	}
	if !c.reported || in.Newest >= c.newest {
		// Refused before the report is kept: a damaged report changes
		// nothing (kept, it set the clock's slack and held off every
		// later, true report as older).
		if in.Newest >= c.game.Ticks()+ring/2 {
			return fmt.Errorf("%w: the host reports input %d, the client is at %d", ErrMessage, in.Newest, c.game.Ticks())
		}
		c.slack, c.newest, c.reported = in.Slack, in.Newest, true
	}
	now := c.game.Ticks()
	roll := uint64(math.MaxUint64)
	for i := range in.Ticks {
		fr := &in.Ticks[i]
		t := fr.Tick
		if t < c.confirmed {
			continue
		}
		if t > c.confirmed {
			break // a gap: the ticks before it come again
		}
		slot := &c.ticks[t%ring]
		if t < now && roll == math.MaxUint64 && !slot.sameInputs(fr) {
			roll = t
		}
		slot.copyFrom(fr)
		c.confirmed = t + 1
	}
	if roll != math.MaxUint64 {
		if err := c.rollback(roll, now); err != nil {
			return err
		}
	}
	for c.game.Ticks() < c.confirmed { // behind the host: catch up
		if err := c.step(c.game.Ticks()); err != nil {
			return err
		}
	}
	return c.verify()
}

// rollback loads the state at the start of tick from and runs the ticks
// to now again, then leaves every moved character drawn where it was.
func (c *Client) rollback(from, now uint64) error {
	for s := range c.pre {
		e, ok := c.game.Character(s)
		c.preOK[s] = ok
		if ok {
			c.pre[s] = components.Body.Get(e).Position
		}
	}
	if err := c.states.Rollback(from, now, c.run); err != nil {
		return fmt.Errorf("netplay: rollback to tick %d: %w", from, err)
	}
	if err := c.states.Save(now); err != nil {
		return err
	}
	n := int(now - from)
	c.stats.Rollbacks++
	c.stats.Resimulated += uint64(n)
	c.stats.MaxRollback = max(c.stats.MaxRollback, n)
	c.stats.LastRollback = n
	for s := range c.pre {
		e, ok := c.game.Character(s)
		if !ok || !c.preOK[s] {
			c.offsets[s] = mgl64.Vec3{}
			continue
		}
		d := c.pre[s].Sub(components.Body.Get(e).Position)
		dl := detmath.Len(d)
		if s == c.seat && dl > 1e-6 {
			c.stats.Corrections++
			c.stats.MaxCorrection = max(c.stats.MaxCorrection, dl)
		}
		c.offsets[s] = c.offsets[s].Add(d)
		if detmath.Len(c.offsets[s]) > c.opts.SnapDistance {
			c.offsets[s] = mgl64.Vec3{}
			if s == c.seat {
				c.stats.Snaps++
			}
		}
	}
	return nil
}

// smooth takes up a share of each drawn character's correction.
func (c *Client) smooth() {
	for s := range c.offsets {
		o := c.offsets[s]
		l := detmath.Len(o)
		if l == 0 {
			continue
		}
		step := min(l, max(float64(l*c.opts.CorrectionRate), 0.001), c.opts.MaxCorrectionStep)
		if step >= l {
			c.offsets[s] = mgl64.Vec3{}
		} else {
			c.offsets[s] = detmath.Scale(o, 1-step/l)
		}
		if s == c.seat {
			c.stats.MaxVisualStep = max(c.stats.MaxVisualStep, step)
		}
	}
}

// Display returns where to draw seat's character. The client's own (and
// with PredictOthers every one): its predicted position plus what is left
// of its corrections. The others: where the host's tick inputs put them
// InterpolationDelay ago, interpolated between ticks. false when the
// seat is empty.
func (c *Client) Display(seat int) (mgl64.Vec3, bool) {
	if seat < 0 || seat >= MaxSeats {
		return mgl64.Vec3{}, false
	}
	if seat == c.seat || c.opts.PredictOthers {
		e, ok := c.game.Character(seat)
		if !ok {
			return mgl64.Vec3{}, false
		}
		return components.Body.Get(e).Position.Add(c.offsets[seat]), true
	}
	k := uint64(c.view)
	a, b := k%ring, (k+1)%ring
	bit := uint16(1) << seat
	inA, inB := c.present[a]&bit != 0, c.present[b]&bit != 0 && k+1 <= c.game.Ticks()
	switch {
	case inA && inB:
		f := c.view - float64(k)
		pa, pb := c.pos[a][seat], c.pos[b][seat]
		if detmath.Len(pa.Sub(pb)) > c.opts.SnapDistance {
			return pb, true // a respawn: no sweep across the level
		}
		return pa.Add(detmath.Scale(pb.Sub(pa), f)), true
	case inA:
		return c.pos[a][seat], true
	case inB:
		return c.pos[b][seat], true
	}
	return mgl64.Vec3{}, false
}

// verify compares the host's checksums of the ticks the client has run
// with the states it kept.
func (c *Client) verify() error {
	end := min(c.confirmed, c.game.Ticks())
	var err error
	for ; c.verified < end; c.verified++ {
		f := &c.ticks[c.verified%ring]
		if !f.HasChecksum {
			continue
		}
		c.stats.ChecksumsCompared++
		if st, ok := c.states.State(c.verified + 1); !ok || systems.StateChecksum(st) != f.Checksum {
			if c.stats.Desyncs == 0 {
				c.stats.DesyncTick = c.verified + 1
			}
			c.stats.Desyncs++
			err = fmt.Errorf("%w at tick %d", ErrDesync, c.verified+1)
		}
	}
	return err
}
