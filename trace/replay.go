package trace

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// Sample is the controlled entity's state after one tick.
type Sample struct {
	Tick        uint64
	Position    mgl64.Vec3
	Velocity    mgl64.Vec3
	PlanarSpeed float64
	Grounded    bool
	GroundState kcc.GroundState
	// RequestJump is the buffer stage's decision this tick; JumpConsumed is
	// true when the KCC stage applied the jump.
	RequestJump  bool
	JumpConsumed bool
	Crouched     bool
	Yaw          float64
	// Frame is the index of the frame (frame segments) or tick that ran
	// this tick; StepsThisFrame how many ticks that frame ran.
	Frame          int
	StepsThisFrame int
	// Metrics are the motor's debug values (motors.MetricsReporter).
	Metrics []motors.Metric
}

// Metric returns the named debug value and whether it was reported.
func (s *Sample) Metric(name string) (float64, bool) {
	for _, m := range s.Metrics {
		if m.Name == name {
			return m.Value, true
		}
	}
	return 0, false
}

// Result is a replay's outcome.
type Result struct {
	Trace   *Trace
	Samples []Sample
	// World, Pipeline and Entity are the replay's world after the last tick,
	// for tests that inspect more than the samples.
	World    donburi.World
	Pipeline *systems.Pipeline
	Entity   donburi.Entity
	// Checks is the number of the trace's recorded state hashes (kind
	// "entity") this replay compared; Diverged the first that differed,
	// nil when all matched. Verify returns it as an error.
	Checks   int
	Diverged *Divergence
}

// Verify returns an error naming the first tick at which the replay's state
// differs from the recording's hashes, or nil when every hash matched (or the
// trace has none).
func (r *Result) Verify() error {
	if r.Diverged != nil {
		return r.Diverged
	}
	return nil
}

// GroundedFlips counts grounded -> airborne -> grounded round trips that
// were not caused by a jump: the flicker a stable controller must not show.
// An airborne spell that starts on a jump-consume tick is a real jump; one
// that lasts more than maxAir ticks is a real fall (pass 0 to count every
// non-jump spell).
func (r *Result) GroundedFlips(maxAir int) int {
	flips := 0
	for i := 1; i < len(r.Samples); i++ {
		if !(r.Samples[i-1].Grounded && !r.Samples[i].Grounded) || r.Samples[i].JumpConsumed {
			continue
		}
		j := i
		for j < len(r.Samples) && !r.Samples[j].Grounded {
			j++
		}
		if j < len(r.Samples) && (maxAir <= 0 || j-i <= maxAir) {
			flips++
		}
		i = j
	}
	return flips
}

// FirstTick returns the index of the first sample for which pred is true,
// or -1.
func (r *Result) FirstTick(pred func(*Sample) bool) int {
	for i := range r.Samples {
		if pred(&r.Samples[i]) {
			return i
		}
	}
	return -1
}

// Option changes a replay.
type Option func(*replayOpts)

type replayOpts struct {
	override []string
	setup    []func(w donburi.World, p *systems.Pipeline) error
	rate     float64
	runner   systems.RunnerOptions
	rec      *Recorder
	submit   []func(e *donburi.Entry, in Input)
}

// WithSubmit calls f with every step, after the step's command was
// submitted with systems.Submit: a game whose entities read other input
// components feeds them there (the flail game's match.ReplayCar hands the
// step's Car to its FlailInput).
func WithSubmit(f func(e *donburi.Entry, in Input)) Option {
	return func(o *replayOpts) { o.submit = append(o.submit, f) }
}

// WithRecorder attaches rec to the traced entity, so the replay is also
// recorded (recording a replay must give back an equivalent trace).
func WithRecorder(rec *Recorder) Option { return func(o *replayOpts) { o.rec = rec } }

// WithOverride merges recipe TOML over the trace's prefab.
func WithOverride(tomlText string) Option {
	return func(o *replayOpts) { o.override = append(o.override, tomlText) }
}

// WithSetup runs f after the level and the entity are spawned, before the
// first tick: add entities or systems there.
func WithSetup(f func(w donburi.World, p *systems.Pipeline) error) Option {
	return func(o *replayOpts) { o.setup = append(o.setup, f) }
}

// WithTickRate replays at another fixed rate: tick segments are rescaled
// to the same duration in seconds (rounded to whole ticks) and yaw rates
// stay per second. Used for frame-rate independence tests.
func WithTickRate(hz float64) Option { return func(o *replayOpts) { o.rate = hz } }

// WithRunnerOptions sets the runner's clamps for frame segments.
func WithRunnerOptions(r systems.RunnerOptions) Option {
	return func(o *replayOpts) { o.runner = r }
}

// Replay runs tr through the real pipeline in a fresh world and returns
// one sample per tick.
func Replay(tr *Trace, opts ...Option) (*Result, error) {
	var o replayOpts
	for _, f := range opts {
		f(&o)
	}
	rate := tr.TickRate
	if o.rate > 0 {
		rate = o.rate
	}
	w, ent, err := spawnTraced(tr, o.override)
	if err != nil {
		return nil, err
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: rate})
	runner := systems.NewRunner(p, o.runner)
	if o.rec != nil {
		o.rec.tr.Prefab, o.rec.tr.Level, o.rec.tr.Override, o.rec.tr.Spawn = tr.Prefab, tr.Level, tr.Override, tr.Spawn
		o.rec.Attach(p, ent)
	}
	for _, f := range o.setup {
		if err := f(w, p); err != nil {
			return nil, err
		}
	}
	res := &Result{Trace: tr, World: w, Pipeline: p, Entity: ent}
	if c := tr.Check; c != nil && c.Kind == "entity" && rate == tr.TickRate {
		res.verify(NewChecker(c))
	}
	res.Samples = make([]Sample, 0, int(float64(tr.Ticks())*rate/tr.TickRate)+8)
	frame, stepsThisFrame := 0, 0
	p.Add(systems.StageCleanup, "trace.sample", func(w donburi.World, t systems.Tick) {
		if !w.Valid(ent) {
			return
		}
		res.Samples = append(res.Samples, sampleOf(w.Entry(ent), t, frame, stepsThisFrame))
	})
	e := w.Entry(ent)
	for _, in := range tr.Inputs(components.View.Get(e).Yaw, rate) {
		if !w.Valid(ent) {
			return nil, fmt.Errorf("trace: segment %d: the traced entity was removed", in.Segment)
		}
		components.View.Get(e).Yaw = in.Yaw
		systems.Submit(e, in.Command)
		for _, f := range o.submit {
			f(e, in)
		}
		if in.FrameDt > 0 {
			stepsThisFrame = runner.StepsFor(in.FrameDt) // reported by samples taken during the frame
			runner.Advance(in.FrameDt)
		} else {
			stepsThisFrame = 1
			runner.Step()
		}
		frame++
	}
	return res, nil
}

// spawnTraced makes the trace's world: its level and the traced entity,
// spawned from its prefab with the trace's and the replay's overrides at
// the trace's spawn place and facing.
func spawnTraced(tr *Trace, overrides []string) (donburi.World, donburi.Entity, error) {
	w := donburi.NewWorld()
	if tr.Level != "none" {
		if _, err := prefabs.SpawnLevel(w, tr.Level); err != nil {
			return nil, donburi.Null, err
		}
	}
	var popts []prefabs.Option
	if tr.Override != "" {
		popts = append(popts, prefabs.Override(tr.Override))
	}
	for _, ov := range overrides {
		popts = append(popts, prefabs.Override(ov))
	}
	if p := tr.Spawn.Position; p != nil {
		popts = append(popts, prefabs.At(mgl64.Vec3(*p)))
	}
	switch {
	case tr.Spawn.Yaw != nil:
		popts = append(popts, prefabs.Facing(*tr.Spawn.Yaw))
	case tr.Spawn.YawDeg != nil:
		popts = append(popts, prefabs.Facing(deg(*tr.Spawn.YawDeg)))
	}
	ent, err := prefabs.Spawn(w, tr.Prefab, popts...)
	return w, ent, err
}

// verify compares the replay's entity with the trace's recorded hashes
// every tick (a system in the cleanup stage), into the result's Checks
// and Diverged.
func (res *Result) verify(chk *Checker) {
	ent := res.Entity
	res.Pipeline.Add(systems.StageCleanup, "trace.verify", func(w donburi.World, t systems.Tick) {
		chk.Tick(func() uint64 {
			if !w.Valid(ent) {
				return 0
			}
			return EntityHash(w.Entry(ent))
		})
		res.Checks, res.Diverged = chk.Checks(), chk.Divergence()
	})
}

func sampleOf(e *donburi.Entry, t systems.Tick, frame, steps int) Sample {
	b := components.Body.Get(e)
	k := components.KCC.Get(e)
	s := Sample{
		Tick: t.N, Position: b.Position, Velocity: b.Velocity,
		PlanarSpeed: detmath.Len(motors.Planar(b.Velocity)),
		Grounded:    k.Grounded, GroundState: k.GroundState, Crouched: k.Crouched,
		Yaw:   components.View.Get(e).Yaw,
		Frame: frame, StepsThisFrame: steps,
	}
	if e.HasComponent(components.Motor) {
		md := components.Motor.Get(e)
		if mr, ok := md.Motor.(motors.MetricsReporter); ok {
			s.Metrics = mr.AppendMetrics(nil)
		}
	}
	if e.HasComponent(components.JumpBuffer) {
		jb := components.JumpBuffer.Get(e)
		s.JumpConsumed, s.RequestJump = jb.ConsumedThisTick, jb.RequestJump
	}
	return s
}
