package telemetry

import "github.com/go-gl/mathgl/mgl64"

// DefaultTicks is the default ring length: 240 ticks, 4 s at 60 Hz (docs/motors/fps.md
// suggests 120-240).
const DefaultTicks = 240

// Record is one fixed tick of one entity, as the design's overlay lists it.
type Record struct {
	// Tick is the pipeline's tick number.
	Tick uint64 `toml:"tick"`
	// Frame counts render frames when the game reports them (Hook.Advance
	// or Hook.BeginFrame); 0 when unknown.
	Frame uint64 `toml:"frame"`
	// Dt is the fixed tick length the timers advanced by (s).
	Dt float64 `toml:"dt"`
	// FrameDt is the render frame's dt as given to the runner, before the
	// runner's clamp (s); 0 when unknown.
	FrameDt float64 `toml:"frame_dt"`
	// Steps is the number of fixed ticks the frame of this tick ran
	// ("stepsThisFrame"); 0 when unknown.
	Steps int `toml:"steps"`
	// JumpDown and JumpPressed are the command's jump level and edge seen
	// by this tick ("spaceDown", "spacePressed").
	JumpDown    bool `toml:"jump_down"`
	JumpPressed bool `toml:"jump_pressed"`
	// UICaptured is the command's UI capture flag.
	UICaptured bool `toml:"ui_captured"`
	// BufferTicks and CoyoteTicks are the jump timers after this tick
	// (ticks left).
	BufferTicks int `toml:"buffer_ticks"`
	CoyoteTicks int `toml:"coyote_ticks"`
	// Grounded is the KCC's grounded state after this tick's move.
	Grounded bool `toml:"grounded"`
	// RequestJump is the buffer stage's decision; Consumed is true when the
	// KCC stage consumed a jump on this tick ("jumpConsumedThisFrame").
	RequestJump bool `toml:"request_jump"`
	Consumed    bool `toml:"consumed"`
	// Position and Velocity of the body after the tick (m, m/s).
	Position mgl64.Vec3 `toml:"position"`
	Velocity mgl64.Vec3 `toml:"velocity"`
}

// Ring holds the last Cap() records. Record is O(1) and allocation-free.
type Ring struct {
	buf  []Record
	next int
	n    int
}

// NewRing returns a ring of n records (n <= 0 means DefaultTicks).
func NewRing(n int) *Ring {
	if n <= 0 {
		n = DefaultTicks
	}
	return &Ring{buf: make([]Record, n)}
}

// Record stores r, overwriting the oldest record when full.
func (r *Ring) Record(rec Record) {
	r.buf[r.next] = rec
	r.next++
	if r.next == len(r.buf) {
		r.next = 0
	}
	if r.n < len(r.buf) {
		r.n++
	}
}

// Len is the number of records held; Cap the ring's size.
func (r *Ring) Len() int { return r.n }

// Cap is the ring's size.
func (r *Ring) Cap() int { return len(r.buf) }

// At returns the i-th held record, 0 being the oldest; the zero Record when
// i is outside [0, Len()).
func (r *Ring) At(i int) Record {
	if i < 0 || i >= r.n {
		return Record{}
	}
	j := r.next - r.n + i
	if j < 0 {
		j += len(r.buf)
	}
	return r.buf[j]
}

// Last returns the newest record and true, or false when empty.
func (r *Ring) Last() (Record, bool) {
	if r.n == 0 {
		return Record{}, false
	}
	return r.At(r.n - 1), true
}

// AppendTo appends the held records, oldest first, to dst.
func (r *Ring) AppendTo(dst []Record) []Record {
	for i := 0; i < r.n; i++ {
		dst = append(dst, r.At(i))
	}
	return dst
}

// Reset forgets every record.
func (r *Ring) Reset() { r.next, r.n = 0, 0 }
