package play

import (
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/hybrid"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/telemetry"
	"github.com/seedgames/motorkit/trace"
	"github.com/yohamta/donburi"
)

// TickRate is the playground's simulation rate (Hz).
const TickRate = 60

// DefaultLevel is the course the playground opens.
const DefaultLevel = "playground"

// Motors are the motor kinds keys 1-4 select, in key order.
var Motors = [4]string{"arena", "rpg", "hybrid", "fps"}

// ThirdPerson reports whether a motor is played with the orbit camera
// (hybrid, rpg) rather than first person (arena, fps).
func ThirdPerson(kind string) bool { return kind == "hybrid" || kind == "rpg" }

// Prefab is the recipe a motor kind spawns from.
func Prefab(kind string) string { return kind + "_player" }

func knownMotor(kind string) bool {
	for _, m := range Motors {
		if m == kind {
			return true
		}
	}
	return false
}

// Options configure a Session.
type Options struct {
	// Level is an embedded level name or a path ending in .toml
	// (default DefaultLevel).
	Level string
	// Motor is the starting motor kind (default "arena").
	Motor string
	// Tuning, when not nil, is in force from the start (see LoadTuning).
	Tuning *Tuning
	// Record attaches a recorder (see Session.Recording).
	Record bool
	// Replay, when not nil, drives the player from a recording; live input
	// is ignored until it ends. Its level, motor and tuning replace the
	// options'.
	Replay *Recording
	// Abilities gives the player the movement abilities (AbilityTables):
	// AbilitiesOn, AbilitiesOff, or AbilitiesAuto ("" too): on when the
	// level has ladders, water or one-way platforms. A replay uses the
	// recording's setting.
	Abilities string
	// Console, when not nil, receives the debug block of a motor whose
	// configuration enables console debug (the hybrid motor's
	// enable_console_debug) every console_update_interval ticks
	// (telemetry.InstallConsole).
	Console io.Writer
}

// Session is one running playground: a donburi world with the level and
// one player entity on a fixed-step pipeline.
type Session struct {
	World    donburi.World
	Pipeline *systems.Pipeline
	Runner   *systems.Runner
	// Level is the collision world; LevelName its name or file.
	Level     *kcc.World
	LevelName string
	// Player is the player's current entity (it changes on a motor switch).
	Player donburi.Entity

	motor  string
	tuning *Tuning // in force for tuning.Kind; nil = recipes as shipped
	// abilities adds AbilityTables to the player's recipe; abKnobs are the
	// ability knobs changed since (the tuning panel's), kept in force
	// over every later spawn.
	abilities bool
	abKnobs   []AbilityKnob
	abLevel   *abilities.Level // the level's ladders, water and one-way colliders

	rec      *trace.Recorder
	verify   *trace.Checker // a replay's comparison with the recording's state hashes
	meta     Meta
	replay   []trace.Input
	replayEv []Event
	replayAt int
	// replayEnd is the tick count and state hash at the end of the
	// replay's last tick (what the recording saved), once reached.
	replayEnd struct {
		tick, hash uint64
		ok         bool
	}

	metrics []motors.Metric
	// History is the HUD's rolling speed graph and trail.
	History History

	crowd     []crowdBot
	crowdLoop []mgl64.Vec3
	pushes    bool // the player pushes the crowd (levels with one)

	// start is where Reset and a fall below the level's kill height put
	// the player back: the position and view yaw it started with.
	start struct {
		pos mgl64.Vec3
		yaw float64
	}
	killY  float64
	moving map[kcc.ColliderID]bool // Moving's cache
	// Respawns counts resets and falls out of the level.
	Respawns int
}

// New builds a session.
func New(o Options) (*Session, error) {
	if o.Replay != nil {
		o.Level, o.Motor, o.Tuning = o.Replay.Meta.Level, o.Replay.Meta.Motor, nil
		if o.Replay.Meta.Tuning != nil {
			t := *o.Replay.Meta.Tuning
			o.Tuning = &t
		}
		if a := o.Replay.Meta.Abilities; a != "" {
			o.Abilities = a
		}
	}
	if err := CheckAbilities(o.Abilities); err != nil {
		return nil, err
	}
	if o.Level == "" {
		o.Level = DefaultLevel
	}
	if o.Motor == "" {
		o.Motor = "arena"
	}
	if !knownMotor(o.Motor) {
		return nil, fmt.Errorf("play: unknown motor %q (want one of %s)", o.Motor, strings.Join(Motors[:], ", "))
	}
	// The level with its living part: platforms, lifts and doors move
	// in the pipeline's "platforms" system.
	lv, err := prefabs.LoadLiving(o.Level)
	if err != nil {
		return nil, err
	}
	lvl := lv.World
	s := &Session{World: donburi.NewWorld(), Level: lvl, LevelName: o.Level, tuning: o.Tuning,
		abilities: abilitiesFor(o.Abilities, &lv), abLevel: lv.Abilities}
	prefabs.SetLevelData(s.World, lv)
	crowd := lv.Crowd != nil && lv.Crowd.Count > 0
	s.pushes = crowd
	s.Pipeline = systems.NewPipeline(s.World, systems.Options{TickRate: TickRate, CharacterCollisions: crowd})
	s.Runner = systems.NewRunner(s.Pipeline, systems.RunnerOptions{})
	if o.Console != nil {
		if _, err := telemetry.InstallConsole(s.Pipeline, o.Console); err != nil {
			return nil, err
		}
	}
	if err := s.spawn(o.Motor, o.Tuning); err != nil {
		return nil, err
	}
	if len(lv.Spawns) > 0 && o.Replay == nil {
		// The level's first spawn point: feet there, facing its way.
		sp := lv.Spawns[0]
		e := s.entry()
		k := components.KCC.Get(e)
		p := sp.Position.Add(mgl64.Vec3{0, k.Shape.HalfHeight + k.Shape.Radius + k.Controller.Offset(), 0})
		b := components.Body.Get(e)
		b.Position, b.PrevPosition = p, p
		components.View.Get(e).Yaw = sp.Yaw
		if hm, ok := components.Motor.Get(e).Motor.(*hybrid.Motor); ok {
			hm.SetFacing(sp.Yaw)
		}
	}
	if o.Record {
		s.startRecording()
	}
	if o.Replay != nil {
		e := s.entry()
		if p, ok := spawnAt(o.Replay.Trace); ok {
			b := components.Body.Get(e)
			b.Position, b.PrevPosition = p, p
		}
		if y := o.Replay.Trace.Spawn.Yaw; y != nil {
			components.View.Get(e).Yaw = *y
		} else if yd := o.Replay.Trace.Spawn.YawDeg; yd != nil {
			components.View.Get(e).Yaw = *yd * math.Pi / 180
		}
		s.replay = o.Replay.Trace.Inputs(components.View.Get(e).Yaw, TickRate)
		if c := o.Replay.Trace.Check; c != nil && c.Kind == "entity" {
			s.verify = trace.NewChecker(c)
		}
		s.replayEv = o.Replay.Meta.Events
		s.applyEvents(0)
	}
	{
		e := s.entry()
		s.start.pos, s.start.yaw = components.Body.Get(e).Position, components.View.Get(e).Yaw
		s.killY = lv.KillY
	}
	if err := s.spawnCrowd(lv.Crowd); err != nil {
		return nil, err
	}
	s.Pipeline.AddBefore(systems.StageIntent, "playground.input", s.tickInput)
	if crowd {
		s.Pipeline.AddBefore(systems.StageIntent, "playground.crowd", s.steerCrowd)
	}
	s.Pipeline.Add(systems.StageCleanup, "playground.events", s.tickEvents)
	s.Pipeline.Add(systems.StageCleanup, "playground.fall", func(w donburi.World, t systems.Tick) {
		// Below the level's kill height the player has fallen out of the
		// level: back to the start. A function of the state, so a replay
		// does the same without an event.
		if components.Body.Get(s.entry()).Position[1] < s.killY {
			_ = s.respawn()
		}
	})
	s.Pipeline.Add(systems.StageCleanup, "playground.check", func(donburi.World, systems.Tick) {
		if s.rec != nil {
			s.rec.AfterTick()
		}
		if s.verify != nil && s.replayAt <= len(s.replay) && !s.replayEnd.ok {
			s.verify.Tick(func() uint64 { return trace.EntityHash(s.entry()) })
		}
	})
	s.Pipeline.Add(systems.StageCleanup, "playground.history", func(w donburi.World, t systems.Tick) {
		b := components.Body.Get(s.entry())
		s.History.add(t.N, b.Position, motors.Planar(b.Velocity).Len())
	})
	return s, nil
}

func (s *Session) entry() *donburi.Entry { return s.World.Entry(s.Player) }

// Motor returns the current motor kind.
func (s *Session) Motor() string { return s.motor }

// Tuning returns the tuning in force (nil when none).
func (s *Session) Tuning() *Tuning { return s.tuning }

// recipe returns the recipe of kind with the tuning applied when it is
// for that kind.
func (s *Session) recipe(kind string, t *Tuning) (*prefabs.Recipe, error) {
	lib, err := prefabs.Default()
	if err != nil {
		return nil, err
	}
	var opts []prefabs.Option
	if s.pushes {
		// Among a crowd the player pushes the walkers (on push layer 1)
		// aside by its mass share, where they only block each other.
		opts = append(opts, prefabs.Override("[kcc]\npush_mask = 1\n"))
	}
	if s.abilities {
		opts = append(opts, prefabs.Override(AbilityTables))
	}
	if t != nil && t.Kind == kind {
		opts = append(opts, prefabs.Override(t.Text))
	}
	return lib.Recipe(Prefab(kind), opts...)
}

// spawn replaces the player with a fresh entity of motor kind. With a
// previous entity, the new one keeps its feet position, velocity, view
// and ground contact (and the hybrid motor's facing starts at the old
// facing or view yaw); otherwise it spawns where the recipe says.
func (s *Session) spawn(kind string, t *Tuning) error {
	r, err := s.recipe(kind, t)
	if err != nil {
		return err
	}
	var old *donburi.Entry
	if s.Player != donburi.Null && s.World.Valid(s.Player) {
		old = s.entry()
	}
	crouched := false
	hh := r.KCC.HalfHeight
	if old != nil {
		ob := components.Body.Get(old)
		ok := components.KCC.Get(old)
		// A crouched character stays crouched if the new profile can
		// crouch; else it must have room to stand.
		crouched = ok.Crouched && r.KCC.CrouchHalfHeight > 0
		if crouched {
			hh = r.KCC.CrouchHalfHeight
		}
		feet := ob.Position[1] - ok.Shape.HalfHeight - ok.Shape.Radius
		dy := feet + hh + r.KCC.Radius - ob.Position[1]
		r.Body.Position = ob.Position.Add(mgl64.Vec3{0, dy, 0})
		r.Body.PrevPosition = ob.PrevPosition.Add(mgl64.Vec3{0, dy, 0})
		r.Body.Velocity = ob.Velocity
		r.View = *components.View.Get(old)
		if ok.Crouched && !crouched && s.Level.OverlapCapsule(kcc.Capsule{Radius: r.KCC.Radius, HalfHeight: hh}, r.Body.Position, 0) {
			return fmt.Errorf("play: no room to stand up as %s here (crouched under a ceiling)", kind)
		}
	}
	ent, err := r.Spawn(s.World)
	if err != nil {
		return err
	}
	e := s.World.Entry(ent)
	s.keepAbilities(e, old)
	if old != nil {
		ok := components.KCC.Get(old)
		nk := components.KCC.Get(e)
		if crouched {
			nk.Shape.HalfHeight, nk.Crouched = hh, true
		}
		nk.Grounded, nk.GroundNormal, nk.GroundState = ok.Grounded, ok.GroundNormal, ok.GroundState
		components.JumpBuffer.Get(e).WasGrounded = ok.Grounded
		facing := components.View.Get(old).Yaw
		if hm, isH := components.Motor.Get(old).Motor.(*hybrid.Motor); isH {
			facing = hm.Facing()
		}
		if hm, isH := components.Motor.Get(e).Motor.(*hybrid.Motor); isH {
			hm.SetFacing(facing)
		}
		s.World.Remove(old.Entity())
	}
	s.Player, s.motor = ent, kind
	return nil
}

// respawn replaces the player by a fresh entity of the current motor (with
// the tuning in force) at the start position and view yaw, at rest.
func (s *Session) respawn() error {
	r, err := s.recipe(s.motor, s.tuning)
	if err != nil {
		return err
	}
	r.Body.Position, r.Body.PrevPosition, r.Body.Velocity = s.start.pos, s.start.pos, mgl64.Vec3{}
	r.View = components.ViewData{Yaw: s.start.yaw}
	ent, err := r.Spawn(s.World)
	if err != nil {
		return err
	}
	if hm, isH := components.Motor.Get(s.World.Entry(ent)).Motor.(*hybrid.Motor); isH {
		hm.SetFacing(s.start.yaw)
	}
	s.keepAbilities(s.World.Entry(ent), nil)
	if s.World.Valid(s.Player) {
		s.World.Remove(s.Player)
	}
	s.Player = ent
	s.Respawns++
	return nil
}

// Visual returns what to draw of an imported level (glTF: its drawn
// meshes), or nil to draw the collision triangles.
func (s *Session) Visual() []components.VisualTriangle {
	if e, ok := components.Level.First(s.World); ok {
		return components.Level.Get(e).Visual
	}
	return nil
}

// Moving reports whether collider id is one of the level's platforms, lifts
// or doors (for drawing them apart from the static level).
func (s *Session) Moving(id kcc.ColliderID) bool {
	if s.moving == nil {
		s.moving = MovingColliders(s.World)
	}
	return s.moving[id]
}

// MovingColliders returns the colliders of w's level that move: its
// platforms, lifts and doors (drawn apart from the static level).
func MovingColliders(w donburi.World) map[kcc.ColliderID]bool {
	moving := map[kcc.ColliderID]bool{}
	if e, ok := components.Level.First(w); ok {
		if set := components.Level.Get(e).Movers; set != nil {
			for _, m := range set.Movers {
				moving[m.Collider] = true
			}
			for _, d := range set.Doors {
				moving[d.Collider] = true
			}
		}
	}
	return moving
}

// Reset puts the player back where the session started (position, view
// yaw), at rest, with the current motor and tuning. While recording, the
// reset is recorded; a replay makes it where the recording did.
func (s *Session) Reset() error {
	if s.Replaying() {
		return errors.New("play: resets are replayed from the recording")
	}
	if err := s.respawn(); err != nil {
		return err
	}
	s.recordEvent(Event{Motor: s.motor, Reset: true})
	return nil
}

// SwitchMotor replaces the player's motor by kind, built from its prefab
// (with the tuning when it is for kind), keeping the position of the feet,
// the velocity and the view. Call it between frames, not during a tick.
// While recording, the switch is recorded.
func (s *Session) SwitchMotor(kind string) error {
	if !knownMotor(kind) {
		return fmt.Errorf("play: unknown motor %q", kind)
	}
	if s.Replaying() {
		return errors.New("play: motor switches are replayed from the recording")
	}
	if err := s.spawn(kind, s.tuning); err != nil {
		return err
	}
	s.recordEvent(Event{Motor: kind})
	return nil
}

// ApplyTuning puts t in force: the motor of t.Kind is rebuilt with it
// (and becomes the current motor), keeping position and velocity. On error
// nothing changes.
func (s *Session) ApplyTuning(t *Tuning) error {
	if t == nil || !knownMotor(t.Kind) {
		return errors.New("play: tuning for an unknown motor")
	}
	if s.Replaying() {
		return errors.New("play: tuning changes are replayed from the recording")
	}
	if err := s.spawn(t.Kind, t); err != nil {
		return err
	}
	s.tuning = t
	tc := *t
	s.recordEvent(Event{Motor: t.Kind, Tuning: &tc})
	return nil
}

// Submit hands a frame's command and view to the player (the persistent
// command buffer of docs/architecture.md#fixed-step-and-the-command-buffer). Ignored while a replay lasts.
func (s *Session) Submit(cmd components.CommandData, view components.ViewData) {
	if s.Replaying() {
		return
	}
	e := s.entry()
	*components.View.Get(e) = view
	systems.Submit(e, cmd)
}

// Advance runs the ticks due after a frame of frameDt seconds and returns
// how many ran.
func (s *Session) Advance(frameDt float64) int { return s.Runner.Advance(frameDt) }

// Replaying reports whether recorded input still drives the player.
func (s *Session) Replaying() bool { return s.replayAt < len(s.replay) }

// ReplayEnd returns the tick count and state hash at the end of the
// replay's last tick — the figures the recording was saved with — once a
// tick has run past the replay (a live replay goes on after it). ok is
// false before that.
func (s *Session) ReplayEnd() (tick, hash uint64, ok bool) {
	return s.replayEnd.tick, s.replayEnd.hash, s.replayEnd.ok
}

// ReplayCheck returns the replay's comparison with the recording's state
// hashes (nil when not replaying a recording that has them).
func (s *Session) ReplayCheck() *trace.Checker { return s.verify }

// tickInput runs before the intent stage of every tick: it feeds the
// recorded command while replaying, then records the command the tick
// sees.
func (s *Session) tickInput(w donburi.World, _ systems.Tick) {
	if n := len(s.replay); n > 0 && s.replayAt == n && !s.replayEnd.ok {
		// The tick after the replay's last one: nothing has changed yet,
		// so this is the state the recording ended with.
		s.replayEnd.tick, s.replayEnd.hash, s.replayEnd.ok = s.Pipeline.Ticks(), s.StateHash(), true
	}
	e := s.entry()
	if s.replayAt < len(s.replay) {
		in := s.replay[s.replayAt]
		s.replayAt++
		components.View.Get(e).Yaw = in.Yaw
		*components.Command.Get(e) = in.Command
	}
	if s.rec != nil {
		s.rec.Record(*components.Command.Get(e), trace.Car{}, components.View.Get(e).Yaw)
	}
}

// tickEvents runs at the end of every tick, after the built-in cleanup:
// recorded switches and tunings made after this tick are applied here,
// outside any entity iteration, exactly where the live session made them
// (between this tick and the next).
func (s *Session) tickEvents(w donburi.World, t systems.Tick) {
	if len(s.replayEv) > 0 {
		s.applyEvents(t.N + 1)
	}
}

func (s *Session) applyEvents(tick uint64) {
	for len(s.replayEv) > 0 && s.replayEv[0].Tick <= tick {
		ev := s.replayEv[0]
		s.replayEv = s.replayEv[1:]
		if ev.Ability != nil {
			if s.applyAbilityKnob(*ev.Ability) == nil {
				s.recordEventAt(tick, ev)
			}
			continue
		}
		if ev.Reset {
			if s.respawn() == nil {
				s.recordEventAt(tick, ev)
			}
			continue
		}
		if ev.Tuning != nil {
			t := *ev.Tuning
			s.tuning = &t
		}
		if err := s.spawn(ev.Motor, s.tuning); err != nil {
			// The recording was made with a valid tuning; a failure here
			// means the prefabs changed since. Keep the current motor.
			continue
		}
		s.recordEventAt(tick, ev) // re-recording a replay keeps its events
	}
}

// State is the player's state the HUD shows.
type State struct {
	Motor string
	Body  components.BodyData
	View  components.ViewData
	KCC   components.KCCData
	Jump  components.JumpBufferData
	// JumpRules are the motor's jump windows at the tick rate.
	JumpRules    motors.JumpRules
	PlanarSpeed  float64
	Tick         uint64
	Metrics      []motors.Metric
	HybridFacing float64
	WalkableCos  float64
	// Intent is the tick's Move Intent (the wish direction).
	Intent motors.Intent
	// HybridDebug is the hybrid motor's debug data (zero for the others)
	// and HybridVectors its enable_debug_vectors knob.
	HybridDebug   hybrid.Debug
	HybridVectors bool
	// HasAbilities is set when the player has movement abilities (the
	// Abilities component with a configuration); Abilities is then its
	// mode, since when, and what it holds.
	HasAbilities bool
	Abilities    components.AbilitiesData
}

// State returns the player's current state; Metrics is valid until the
// next call.
func (s *Session) State() State {
	e := s.entry()
	st := State{Motor: s.motor, Body: *components.Body.Get(e), View: *components.View.Get(e),
		KCC: *components.KCC.Get(e), Jump: *components.JumpBuffer.Get(e), Tick: s.Pipeline.Ticks()}
	st.PlanarSpeed = motors.Planar(st.Body.Velocity).Len()
	st.HybridFacing = st.View.Yaw
	md := components.Motor.Get(e)
	st.JumpRules = md.Motor.JumpRules(s.Pipeline.TickRate())
	if mr, ok := md.Motor.(motors.MetricsReporter); ok {
		s.metrics = mr.AppendMetrics(s.metrics[:0])
		st.Metrics = s.metrics
	}
	if hm, ok := md.Motor.(*hybrid.Motor); ok {
		st.HybridFacing = hm.Facing()
		st.HybridDebug, st.HybridVectors = hm.Debug(), hm.Config().EnableDebugVectors
	}
	if e.HasComponent(components.Intent) {
		st.Intent = components.Intent.Get(e).Intent
	}
	if e.HasComponent(components.Abilities) {
		if ab := components.Abilities.Get(e); ab.Config != nil {
			st.HasAbilities, st.Abilities = true, *ab
		}
	}
	st.WalkableCos = math.Cos(st.KCC.Controller.Config().MaxSlopeClimbAngle)
	return st
}

// StateHash is an FNV-64a hash of the bits of the player's simulated state
// (tick, motor, position, velocity, ground state, crouch, jump timers,
// view yaw, the motor's metrics and, with abilities, the mode and since
// when): equal hashes after a replay mean a bit-identical run.
func (s *Session) StateHash() uint64 {
	st := s.State()
	h := fnv.New64a()
	var buf [8]byte
	u := func(x uint64) {
		for i := range buf {
			buf[i] = byte(x >> (8 * i))
		}
		h.Write(buf[:])
	}
	f := func(x float64) { u(math.Float64bits(x)) }
	b := func(x bool) {
		if x {
			u(1)
		} else {
			u(0)
		}
	}
	u(st.Tick)
	h.Write([]byte(st.Motor))
	for i := 0; i < 3; i++ {
		f(st.Body.Position[i])
		f(st.Body.Velocity[i])
		f(st.KCC.GroundNormal[i])
	}
	f(st.View.Yaw)
	b(st.KCC.Grounded)
	b(st.KCC.Crouched)
	u(uint64(st.KCC.GroundState))
	u(uint64(st.Jump.BufferTicks))
	u(uint64(st.Jump.CoyoteTicks))
	u(uint64(st.Jump.LandingGraceTicks))
	u(st.Jump.Consumes)
	for _, m := range st.Metrics {
		h.Write([]byte(m.Name))
		f(m.Value)
	}
	if st.HasAbilities {
		u(uint64(st.Abilities.Mode))
		u(st.Abilities.Since)
	}
	// The crowd's walkers (a level with a [crowd]).
	for _, c := range s.CrowdBodies(nil) {
		for i := 0; i < 3; i++ {
			f(c.Pos[i])
		}
	}
	return h.Sum64()
}

// ReloadTuning reads the tuning file at path and puts it in force (see
// ParseTuning and ApplyTuning); a bare motor file is for the motor being
// played. On any error (unreadable file, syntax, unknown key, value out of
// range) the previous tuning and motor stay in force and the error names
// the file and the key.
func (s *Session) ReloadTuning(path string) error {
	t, err := LoadTuning(path, s.motor)
	if err != nil {
		return err
	}
	return s.ApplyTuning(t)
}
