package telemetry

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/motors"
)

// Options configure a Recorder. Zero values take the defaults.
type Options struct {
	// Ticks is the ring length (default DefaultTicks = 240).
	Ticks int
	// TickRate is the pipeline's rate in Hz, used to convert
	// ThresholdSeconds (default 60).
	TickRate float64
	// ThresholdSeconds is how long the jump buffer may stay positive
	// without a consume before a dump (default DefaultThresholdSeconds).
	// ThresholdTicks, when positive, overrides it.
	ThresholdSeconds float64
	ThresholdTicks   int
	// Dir, when not empty, is the directory dumps are written to as TOML
	// files (Dump.FileName); write errors are kept in Recorder.Err.
	Dir string
	// OnDump, when set, is called with every dump.
	OnDump func(*Dump)
	// Entity labels the dumps (for example the donburi entity id).
	Entity uint64
}

// Recorder is one entity's telemetry: its ring buffer, its stuck-buffer
// detector and its dumps.
type Recorder struct {
	ring  *Ring
	det   Detector
	opts  Options
	dumps int
	last  *Dump
	err   error
}

// NewRecorder returns a recorder with o's settings.
func NewRecorder(o Options) *Recorder {
	if !(o.TickRate > 0) {
		o.TickRate = 60
	}
	if !(o.ThresholdSeconds > 0) {
		o.ThresholdSeconds = DefaultThresholdSeconds
	}
	th := o.ThresholdTicks
	if th <= 0 {
		th = ThresholdTicks(o.ThresholdSeconds, o.TickRate)
	}
	o.ThresholdTicks = th
	return &Recorder{ring: NewRing(o.Ticks), det: Detector{Threshold: th}, opts: o}
}

// Record stores one tick and runs the detector. It returns the dump when
// this tick triggered one, else nil. Only a dump allocates.
func (r *Recorder) Record(rec Record) *Dump {
	if !motors.FiniteVec(rec.Position) {
		rec.Position = mgl64.Vec3{}
	}
	if !motors.FiniteVec(rec.Velocity) {
		rec.Velocity = mgl64.Vec3{}
	}
	r.ring.Record(rec)
	if !r.det.ObserveTick(rec.BufferTicks, rec.Consumed) {
		return nil
	}
	return r.dump(KindStuckBuffer, rec)
}

// DumpNow writes a manual dump of the ring (for a debug key), with the
// reason flags of the newest record. It returns nil when nothing was
// recorded.
func (r *Recorder) DumpNow() *Dump {
	rec, ok := r.ring.Last()
	if !ok {
		return nil
	}
	return r.dump(KindManual, rec)
}

func (r *Recorder) dump(kind string, rec Record) *Dump {
	d := &Dump{
		Entity:         r.opts.Entity,
		Kind:           kind,
		TriggerTick:    rec.Tick,
		ThresholdTicks: r.det.Threshold,
		StuckTicks:     r.det.Run(),
		Flags:          ReasonOf(rec),
		Ticks:          r.ring.AppendTo(make([]Record, 0, r.ring.Len())),
	}
	d.fillFlags()
	r.dumps++
	r.last = d
	if r.opts.Dir != "" {
		if _, err := d.WriteFile(r.opts.Dir); err != nil {
			r.err = err
		}
	}
	if r.opts.OnDump != nil {
		r.opts.OnDump(d)
	}
	return d
}

// Ring returns the recorder's ring buffer.
func (r *Recorder) Ring() *Ring { return r.ring }

// Dumps counts the dumps taken; LastDump returns the newest (nil if none).
func (r *Recorder) Dumps() int { return r.dumps }

// LastDump returns the newest dump, or nil.
func (r *Recorder) LastDump() *Dump { return r.last }

// Err returns the last error writing a dump file, or nil.
func (r *Recorder) Err() error { return r.err }

// Threshold returns the stuck-buffer threshold in ticks.
func (r *Recorder) Threshold() int { return r.det.Threshold }
