package abilities

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors"
)

// State is one character's abilities: its mode, the tick the mode began,
// and what it holds on to. It is plain data (a pipeline saves and loads
// it with the character). The zero value is walking, holding nothing.
type State struct {
	// Mode is the current movement mode and Since the tick it began
	// (systems.Tick.N), for animation.
	Mode  Mode
	Since uint64

	// Colliders are kept as ID+1, so the zero State holds none.
	anchor int32      // the ladder, ledge or wall held
	normal mgl64.Vec3 // its face's horizontal normal, away from it
	target mgl64.Vec3 // hang and mantle: the capsule centre climbed to
	vel    mgl64.Vec3 // an ability's velocity after its last move
	phase  uint8      // mantle: 0 rising, 1 over the edge
	ticks  int32      // mantle: ticks left before it gives up
	noGrab int32      // the wall, ledge or ladder let go of
	drop   int32      // the one-way platform dropped through
	dropT  int32      // ticks it is still ignored
	ladder int32      // the ladder the last move touched
	ladN   mgl64.Vec3 // its face's normal
	wall   int32      // the wall the last move touched
	wallN  mgl64.Vec3 // its normal
}

func ref(id kcc.ColliderID) int32 {
	if id < 0 {
		return 0
	}
	return int32(id) + 1
}

func idOf(r int32) kcc.ColliderID {
	if r == 0 {
		return kcc.NoCollider
	}
	return kcc.ColliderID(r - 1)
}

// Held returns the ladder, ledge or wall the character holds and its
// face's normal (away from it); ok is false in the motor's modes and in
// water.
func (s *State) Held() (id kcc.ColliderID, normal mgl64.Vec3, ok bool) {
	if s.anchor == 0 || !(s.Mode == ModeClimb || s.Mode == ModeHang || s.Mode == ModeMantle || s.Mode == ModeWallSlide) {
		return kcc.NoCollider, mgl64.Vec3{}, false
	}
	return idOf(s.anchor), s.normal, true
}

// Target returns where a hanging or mantling character climbs to: the
// centre of its capsule standing on the ledge.
func (s *State) Target() (mgl64.Vec3, bool) {
	return s.target, s.Mode == ModeHang || s.Mode == ModeMantle
}

// Dropping returns the one-way platform the character is dropping through
// (kcc.NoCollider when none): the pipeline's one-way rule ignores it.
func (s *State) Dropping() kcc.ColliderID {
	if s.dropT <= 0 {
		return kcc.NoCollider
	}
	return idOf(s.drop)
}

// Ability is a movement ability: something that takes over a character's
// move now and then (a ladder, water, a ledge, a wall; a game's grappling
// hook). The pipeline's KCC stage calls Before after a moving ground has
// carried the character and before the jump-consume point, and After once
// the move is made. The five built-in abilities are one Ability (Set); a
// game's own runs after them (components.AbilitiesData.Own).
type Ability interface {
	// Before decides what this tick's move does: the zero Plan leaves it
	// to the motor. It may change the character's Position (something held
	// moved) and Velocity (the velocity the move is made with).
	Before(x *Context) Plan
	// After sees the move's result; the Context is the character after
	// its move (its Velocity is the one it keeps).
	After(x *Context, res *kcc.MoveResult)
}

// Context is what an ability sees of its character, each piece where it
// lives (as motors.Context is for a motor), and of the level. The
// pipeline fills one per character and tick.
type Context struct {
	// Position is the capsule's centre (m) and Velocity the velocity
	// (m/s): the motor's of this tick going into Before, the velocity the
	// move is made with coming out of it.
	Position, Velocity *mgl64.Vec3
	// Shape is the capsule now (crouched or not); StandHalfHeight its
	// standing half height.
	Shape           *kcc.Capsule
	StandHalfHeight float64
	// Stance is the last move's report (Grounded), GroundCollider the
	// collider under the feet (kcc.NoCollider in the air).
	Stance         *motors.Stance
	GroundCollider kcc.ColliderID
	// Command is the input the motor sees, Intent this tick's Move Intent
	// and Jump the jump timers (a buffered press is a jump waiting).
	Command *motors.Command
	Intent  *motors.Intent
	Jump    *motors.JumpState
	// Tick is the tick's number and Dt its length (s).
	Tick uint64
	Dt   float64

	// Level is the level's ladders, water and one-way colliders, World
	// its collision world, Controller the character's controller and
	// Options the options of its moves (its filter, its listener).
	Level      *Level
	World      *kcc.World
	Controller *kcc.Controller
	Options    kcc.MoveOptions
	// Water, when set, is this tick's Level.WaterBounds: a character whose
	// centre is outside is in no water and the level is not asked.
	Water *Bounds
}

// jumpWaiting reports whether a jump press waits: this tick's, or one the
// jump buffer still holds.
func (x *Context) jumpWaiting() bool {
	return x.Command.JumpPressed || (x.Jump != nil && x.Jump.BufferTicks > 0)
}

// Plan is what an ability asks of the tick's move (Ability.Before).
type Plan struct {
	// Own is true while an ability owns the velocity: the move is Move
	// (m), with no gravity, no jump and the capsule standing.
	Own  bool
	Move mgl64.Vec3
	// FallCap, when positive, caps the fall speed of this tick's move
	// (m/s): a wall slide.
	FallCap float64
	// Jumped is true when an ability used the jump press (a jump off a
	// ladder or wall, a drop through a platform, a climb out of water or
	// up a ledge): the pipeline clears the jump buffer instead of jumping.
	Jumped bool
}

// Merge is p with q, the plan of an ability that ran after p's, laid over
// it: q's move when q owns the velocity, the lower fall cap, and a jump
// used by either.
func (p Plan) Merge(q Plan) Plan {
	if q.Own {
		p.Own, p.Move = true, q.Move
	}
	if q.FallCap > 0 && (p.FallCap <= 0 || q.FallCap < p.FallCap) {
		p.FallCap = q.FallCap
	}
	p.Jumped = p.Jumped || q.Jumped
	return p
}

// Set is a character's built-in abilities, an Ability: the recipe's
// tables (Config, shared by the recipe's characters; nil: none) and the
// character's State.
type Set struct {
	Config *Config
	State
}

var _ Ability = (*Set)(nil)

// Before runs the enabled abilities of the set before the move. A set
// with none enabled (a game may switch them off at any time) lets go of
// what it held and plans nothing.
func (s *Set) Before(x *Context) Plan {
	c := s.Config
	if !c.Any() {
		if s.Mode.Ability() {
			// Switched off in an ability's mode: it lets go (walking,
			// holding nothing), and does not resume if switched on again.
			s.State = State{Since: x.Tick}
		}
		return Plan{}
	}
	if s.quiet(c, x) {
		return Plan{} // walking, with nothing to begin
	}
	b := bodyOf(x)
	w := world{Level: x.Level, KCC: x.World, Ctrl: x.Controller, Opts: x.Options, Water: x.Water}
	p := s.begin(c, &w, &b)
	if finite(b.Pos) {
		*x.Position = b.Pos
	}
	if finite(b.Vel) {
		*x.Velocity = b.Vel
	}
	if p.Own && !finite(p.Move) {
		p.Move = mgl64.Vec3{}
	}
	return p
}

// After records what the move touched (a ladder, a wall) and settles the
// motor's modes by the ground.
func (s *Set) After(x *Context, res *kcc.MoveResult) {
	if !s.Config.Any() {
		return
	}
	s.after(x.Level, res, x.Stance.Grounded, x.Velocity, x.Tick)
}

// body is what the built-in abilities read and change of a character
// during Before: the Context's values, the position and velocity written
// back when finite.
type body struct {
	Pos, Vel        mgl64.Vec3
	Shape           kcc.Capsule
	StandHalfHeight float64
	Grounded        bool
	GroundCollider  kcc.ColliderID
	// Wish is the planar move input: the Intent's PlanarDir × Mag.
	Wish                   mgl64.Vec3
	Jump, JumpHeld, Crouch bool
	Tick                   uint64
	Dt                     float64
}

func bodyOf(x *Context) body {
	it := x.Intent
	return body{
		Pos: *x.Position, Vel: *x.Velocity,
		Shape: *x.Shape, StandHalfHeight: x.StandHalfHeight,
		Grounded: x.Stance.Grounded, GroundCollider: x.GroundCollider,
		Wish: mgl64.Vec3{float64(it.PlanarDir[0] * it.Mag), 0, float64(it.PlanarDir[2] * it.Mag)},
		Jump: x.jumpWaiting(), JumpHeld: x.Command.JumpHeld, Crouch: x.Command.Crouch,
		Tick: x.Tick, Dt: x.Dt,
	}
}

// world is what the built-in abilities ask of the level.
type world struct {
	Level *Level
	KCC   *kcc.World
	Ctrl  *kcc.Controller
	Opts  kcc.MoveOptions
	Water *Bounds
}

// mayBeInWater reports whether p may be in the level's water: not when it
// is outside this tick's water bounds, or the level has none.
func (w *world) mayBeInWater(p mgl64.Vec3) bool {
	if w.Water != nil {
		return w.Water.Contains(p)
	}
	return w.Level.Water() > 0
}

// mantleClear is how far (m) above the ledge's top (and the skin) a
// mantle carries the feet over the edge.
const mantleClear = 0.02

// stick is the speed (m/s) a wall slide presses into the wall, so each
// move touches it.
const stick = 1.0

// horizontal returns n with its vertical part removed, normalized (zero
// when n is vertical).
func horizontal(n mgl64.Vec3) mgl64.Vec3 {
	n[1] = 0
	l := detmath.Len(n)
	if !(l > 1e-9) {
		return mgl64.Vec3{}
	}
	return mgl64.Vec3{n[0] / l, 0, n[2] / l}
}

func (s *State) setMode(m Mode, tick uint64) {
	if s.Mode != m {
		s.Mode, s.Since = m, tick
	}
}

// leave ends an ability's mode: walking or in the air, by the ground.
func (s *State) leave(b *body) {
	m := ModeAir
	if b.Grounded {
		m = ModeWalk
	}
	s.setMode(m, b.Tick)
	s.anchor = 0
}

// quiet reports whether begin would leave this tick as it is (return
// the zero Plan and change neither the State nor the character): the
// character walks on the ground, touched no ladder, holds nothing back (no
// ledge or wall let go of, no drop under way), does not press crouch and
// jump together and its centre is outside water (the bounds of this
// tick's water; not known: not quiet). Most characters of a level walk
// most of the time: Before skips them at the cost of these reads.
func (s *State) quiet(c *Config, x *Context) bool {
	return s.Mode == ModeWalk && x.Stance.Grounded && s.ladder == 0 && s.noGrab == 0 && s.dropT == 0 &&
		!(x.Command.Crouch && x.jumpWaiting() && c.DropThrough.Enabled) &&
		!(c.Swim.Enabled && (x.Water == nil || x.Water.Contains(*x.Position)))
}

// begin runs the character's abilities before its move: it decides the
// mode of this tick and returns what the move must do; b.Pos may move (a
// held ladder or ledge on a moving platform carries the character) and
// b.Vel is the velocity the move is made with.
func (s *State) begin(c *Config, w *world, b *body) Plan {
	if s.dropT > 0 {
		if s.dropT--; s.dropT == 0 {
			s.drop = 0
		}
	}
	if b.Grounded {
		s.noGrab = 0
	}
	if s.Mode == ModeClimb || s.Mode == ModeHang || s.Mode == ModeMantle || s.Mode == ModeSwim {
		// What the character holds (or swims in) carries it when it moves.
		s.carry(w, b)
	}
	var p Plan
	stay := false
	switch s.Mode {
	case ModeClimb:
		p, stay = s.climb(c, w, b)
	case ModeSwim:
		p, stay = s.swim(c, w, b)
	case ModeHang:
		p, stay = s.hang(c, w, b)
	case ModeMantle:
		p, stay = s.mantle(c, w, b)
	case ModeWallSlide:
		p, stay = s.wallSlide(c, w, b)
	}
	if stay || p.Jumped {
		return p
	}
	if s.Mode.Ability() {
		s.leave(b)
	}
	return s.enter(c, w, b)
}

// carry moves a character holding a moving collider with it.
func (s *State) carry(w *world, b *body) {
	a := idOf(s.anchor)
	if a == kcc.NoCollider || w.KCC == nil || w.Ctrl == nil || !w.KCC.Carries(a) {
		return
	}
	d, _ := w.Ctrl.CarryWith(w.KCC, b.Shape, b.Pos, a, w.Opts)
	if !finite(d) {
		return
	}
	b.Pos = b.Pos.Add(d)
	s.target = s.target.Add(d)
}

// enter tries the abilities that start from walking or the air, in order:
// a drop through a one-way platform, water, a ladder, a ledge, a wall.
func (s *State) enter(c *Config, w *world, b *body) Plan {
	lv := w.Level
	if c.DropThrough.Enabled && b.Grounded && b.Crouch && b.Jump && lv.Kind(b.GroundCollider) == SurfaceOneWay {
		s.drop = ref(b.GroundCollider)
		s.dropT = max(1, int32(math.Ceil(c.DropThrough.Time/b.Dt)))
		return Plan{Jumped: true}
	}
	if c.Swim.Enabled && w.mayBeInWater(b.Pos) {
		if surface, water, ok := lv.WaterAt(w.KCC, b.Pos); ok {
			depth := surface - b.Pos[1]
			if (!b.Grounded && depth > 0) || (b.Grounded && depth >= floatDepth(c, b)) {
				s.setMode(ModeSwim, b.Tick)
				s.vel = b.Vel
				s.anchor = ref(water)
				p, _ := s.swim(c, w, b)
				return p
			}
		}
	}
	// A jump pressed at a ladder is a jump: the ladder is grabbed in the
	// air, forward still held.
	if c.Climb.Enabled && s.ladder != 0 && s.ladder != s.noGrab && !b.Crouch && !b.Jump &&
		-detmath.Dot(b.Wish, s.ladN) >= max(c.Climb.Attach, 1e-9) {
		s.setMode(ModeClimb, b.Tick)
		s.anchor, s.normal = s.ladder, s.ladN
		p, stay := s.climb(c, w, b)
		if stay || p.Jumped {
			return p
		}
		s.leave(b)
		return Plan{}
	}
	if s.wall == 0 && !b.Grounded && (c.Ledge.Enabled || c.Wall.Enabled) {
		s.probeWall(c, w, b)
	}
	if c.Ledge.Enabled && !b.Grounded && !b.Crouch && s.wall != 0 && s.wall != s.noGrab {
		if p, ok := s.tryHang(c, w, b, s.wallN); ok {
			return p
		}
	}
	if c.Wall.Enabled && !b.Grounded && b.Vel[1] < 0 && s.wall != 0 && s.wall != s.noGrab &&
		-detmath.Dot(b.Wish, s.wallN) >= c.Wall.Press {
		s.setMode(ModeWallSlide, b.Tick)
		s.anchor, s.normal = s.wall, s.wallN
		p, _ := s.wallSlide(c, w, b)
		return p
	}
	if (c.Ledge.Enabled || c.Wall.Enabled) && !b.Grounded && s.wall != 0 && s.wall != s.noGrab {
		// In the air, pressing into the wall the last move met: keep
		// pressing, so this move meets it too. A motor that does not
		// steer in the air (rpg's air_policy "none") is left no velocity
		// into the wall by the move that met it: without this its next
		// move would miss the wall and the ledge and the wall would let
		// go of it.
		press := DefaultWall().Press
		if c.Wall.Enabled {
			press = c.Wall.Press
		}
		if -detmath.Dot(b.Wish, s.wallN) >= max(press, 1e-9) {
			if in := -detmath.Dot(b.Vel, s.wallN); in >= 0 && in < stick {
				b.Vel = b.Vel.Sub(detmath.Scale(s.wallN, stick-in))
			}
		}
	}
	return Plan{}
}

// tryHang hangs the character from the top of the wall with normal n when
// its walkable edge is within reach of the hands.
func (s *State) tryHang(c *Config, w *world, b *body, n mgl64.Vec3) (Plan, bool) {
	top := b.Pos[1] + b.Shape.HalfHeight + b.Shape.Radius
	e, ok := findEdge(w, b, n, top-c.Ledge.Below, top+c.Ledge.Reach)
	if !ok || ref(e.id) == s.noGrab {
		return Plan{}, false
	}
	s.setMode(ModeHang, b.Tick)
	s.anchor, s.normal = ref(e.id), n
	s.target = e.stand
	hangY := e.y - (b.Shape.HalfHeight + b.Shape.Radius)
	b.Vel = mgl64.Vec3{}
	s.vel = mgl64.Vec3{}
	return Plan{Own: true, Move: mgl64.Vec3{0, hangY - b.Pos[1], 0}}, true
}

// probeWall looks for a steep wall the input presses into when the last
// move touched none: a motor without air steering stops pressing into a
// wall as soon as the wall stopped it, so its moves touch the wall once. A
// ray from the capsule's centre along the input, as long as the radius and
// the skin and 5 cm, finds it.
func (s *State) probeWall(c *Config, w *world, b *body) {
	wish := mgl64.Vec3{b.Wish[0], 0, b.Wish[2]}
	m := detmath.Len(wish)
	if !(m >= max(c.Wall.Press, 0.3)) || w.KCC == nil || w.Ctrl == nil {
		return
	}
	dir := mgl64.Vec3{wish[0] / m, 0, wish[2] / m}
	hit, ok := w.KCC.RayCast(b.Pos, dir, b.Shape.Radius+w.Ctrl.Offset()+0.05)
	if !ok || math.Abs(hit.Normal[1]) >= 0.3 || w.Level.Kind(hit.Collider) != SurfaceSolid && w.Level.Kind(hit.Collider) != SurfaceLadder {
		return
	}
	if n := horizontal(hit.Normal); n != (mgl64.Vec3{}) {
		s.wall, s.wallN = ref(hit.Collider), n
	}
}

// climb is a tick on a ladder.
func (s *State) climb(c *Config, w *world, b *body) (Plan, bool) {
	id := idOf(s.anchor)
	up, topAbove, length, ok := w.Level.ladderFrame(w.KCC, id, b.Pos)
	if !ok || !c.Climb.Enabled {
		return Plan{}, false
	}
	if topAbove-length > b.Shape.HalfHeight+b.Shape.Radius {
		// The hands are below the ladder's foot (a ladder that ends
		// above the ground, climbed down past its end): they let go.
		return Plan{}, false
	}
	n := s.normal
	if b.Jump {
		b.Vel = detmath.Scale(n, c.Climb.JumpOffSpeed).Add(detmath.Scale(up, c.Climb.JumpOffUp))
		s.noGrab = s.anchor
		s.leave(b)
		return Plan{Jumped: true}, false
	}
	axis := -detmath.Dot(b.Wish, n)
	axis = max(-1, min(1, axis))
	if axis < 0 && b.Grounded {
		return Plan{}, false
	}
	if axis > 0 && topAbove <= b.Shape.HalfHeight+b.Shape.Radius {
		// The hands are at the ladder's top: climb off it onto what is
		// there, if there is room, else wait at the top.
		top := b.Pos[1] + topAbove
		if e, ok := findEdge(w, b, n, top-0.3, top+max(c.Ledge.Reach, 0.5)); ok && s.startMantle(c, w, b, e) {
			return s.mantle(c, w, b)
		}
		axis = 0
	}
	b.Vel = detmath.Scale(up, float64(c.Climb.Speed*axis))
	s.vel = b.Vel
	return Plan{Own: true, Move: detmath.Scale(b.Vel, b.Dt)}, true
}

// standHalf is the capsule's standing half height (its current one when
// the Body gives none).
func standHalf(b *body) float64 {
	if b.StandHalfHeight > 0 {
		return b.StandHalfHeight
	}
	return b.Shape.HalfHeight
}

// floatDepth is how deep the capsule's centre floats below the surface.
func floatDepth(c *Config, b *body) float64 {
	return standHalf(b) + b.Shape.Radius - c.Swim.HeadAbove
}

// swim is a tick in water.
func (s *State) swim(c *Config, w *world, b *body) (Plan, bool) {
	if !c.Swim.Enabled {
		return Plan{}, false
	}
	surface, water, ok := w.Level.WaterAt(w.KCC, b.Pos)
	if !ok {
		return Plan{}, false
	}
	s.anchor = ref(water)
	depth := surface - b.Pos[1]
	fd := floatDepth(c, b)
	if (b.Grounded && depth < fd-0.1) || depth < -0.05 {
		return Plan{}, false
	}
	if b.Jump && depth <= fd+0.15 && s.wall != 0 {
		if e, ok := findEdge(w, b, s.wallN, surface, surface+c.Swim.ClimbOut); ok {
			s.normal = s.wallN
			if s.startMantle(c, w, b, e) {
				p, _ := s.mantle(c, w, b)
				p.Jumped = true
				return p, true
			}
		}
	}
	a := 1 - detmath.Exp(-float64(c.Swim.DragRate*b.Dt))
	v := s.vel
	tx, tz := float64(b.Wish[0]*c.Swim.Speed), float64(b.Wish[2]*c.Swim.Speed)
	var ty float64
	switch {
	case b.Crouch:
		ty = -c.Swim.DiveSpeed
	case b.JumpHeld:
		ty = c.Swim.DiveSpeed
	default:
		ty = max(-c.Swim.DiveSpeed, min(c.Swim.DiveSpeed, float64((depth-fd)*c.Swim.BuoyancyRate)))
	}
	v[0] += float64((tx - v[0]) * a)
	v[1] += float64((ty - v[1]) * a)
	v[2] += float64((tz - v[2]) * a)
	b.Vel, s.vel = v, v
	return Plan{Own: true, Move: detmath.Scale(v, b.Dt), Jumped: b.Jump}, true
}

// hang is a tick hanging from a ledge.
func (s *State) hang(c *Config, w *world, b *body) (Plan, bool) {
	if !c.Ledge.Enabled {
		return Plan{}, false
	}
	along := -detmath.Dot(b.Wish, s.normal)
	b.Vel, s.vel = mgl64.Vec3{}, mgl64.Vec3{}
	switch {
	case b.Crouch || along <= -0.5:
		s.noGrab = s.anchor
		return Plan{}, false
	case b.Jump || along >= 0.5:
		if s.mantleTo(c, w, b, s.anchor, s.target) {
			p, stay := s.mantle(c, w, b)
			p.Jumped = b.Jump
			return p, stay
		}
	}
	return Plan{Own: true, Jumped: b.Jump}, true
}

// edge is a ledge found by findEdge: the height of its top, its collider
// and where the capsule's centre stands on it.
type edge struct {
	y     float64
	id    kcc.ColliderID
	stand mgl64.Vec3
}

// findEdge looks for the walkable top of the wall with normal n (away from
// the wall) in front of the character, between the heights lo and hi:
// a ray down just behind the wall's face, and the space above the edge
// open (a ray along the character's way just over it hits nothing).
func findEdge(w *world, b *body, n mgl64.Vec3, lo, hi float64) (edge, bool) {
	if w.KCC == nil || w.Ctrl == nil || !(hi > lo) {
		return edge{}, false
	}
	d := mgl64.Vec3{-n[0], 0, -n[2]}
	r, off := b.Shape.Radius, w.Ctrl.Offset()
	in := r + off + 0.1
	origin := mgl64.Vec3{b.Pos[0] + float64(d[0]*in), hi, b.Pos[2] + float64(d[2]*in)}
	hit, ok := w.KCC.RayCast(origin, mgl64.Vec3{0, -1, 0}, hi-lo)
	if !ok || hit.Normal[1] < 0.7 {
		return edge{}, false
	}
	y := hit.Point[1]
	over := mgl64.Vec3{b.Pos[0], y + 0.05, b.Pos[2]}
	if _, blocked := w.KCC.RayCast(over, d, in+0.1); blocked {
		return edge{}, false
	}
	h := standHalf(b)
	across := float64(2*r) + off + 0.05
	stand := mgl64.Vec3{b.Pos[0] + float64(d[0]*across), y + off + mantleClear + h + r, b.Pos[2] + float64(d[2]*across)}
	return edge{y: y, id: hit.Collider, stand: stand}, true
}

// roomAt reports whether the standing capsule fits at centre p.
func (s *State) roomAt(w *world, b *body, p mgl64.Vec3) bool {
	return !w.Ctrl.OverlapsWith(w.KCC, kcc.Capsule{Radius: b.Shape.Radius, HalfHeight: standHalf(b)}, p, w.Opts)
}

// startMantle begins climbing onto edge e when the character fits there.
func (s *State) startMantle(c *Config, w *world, b *body, e edge) bool {
	return s.mantleTo(c, w, b, ref(e.id), e.stand)
}

// mantleTo begins climbing, holding collider ref anchor, to the standing
// centre target when the character fits there.
func (s *State) mantleTo(c *Config, w *world, b *body, anchor int32, target mgl64.Vec3) bool {
	if !s.roomAt(w, b, target) {
		return false
	}
	s.anchor, s.target = anchor, target
	s.phase, s.ticks = 0, mantleTicks(c, b, target)
	s.setMode(ModeMantle, b.Tick)
	return true
}

// mantleTicks is how long a mantle to t may take before it gives up: twice
// the path's length at the mantle speed, and a second.
func mantleTicks(c *Config, b *body, t mgl64.Vec3) int32 {
	d := t.Sub(b.Pos)
	l := math.Abs(d[1]) + math.Sqrt(float64(d[0]*d[0])+float64(d[2]*d[2]))
	return int32(math.Ceil(float64(2*l)/float64(mantleSpeed(c)*b.Dt))) + int32(math.Ceil(1/b.Dt))
}

// mantleSpeed is [ledge] mantle_speed, its default when the recipe has no
// [ledge] table (a ladder's top and a climb out of water mantle too).
func mantleSpeed(c *Config) float64 {
	if c.Ledge.MantleSpeed > 0 {
		return c.Ledge.MantleSpeed
	}
	return DefaultLedge().MantleSpeed
}

// mantle is a tick climbing onto a ledge: up the wall to the height of the
// standing capsule, then over the edge.
func (s *State) mantle(c *Config, w *world, b *body) (Plan, bool) {
	if s.ticks--; s.ticks < 0 {
		return Plan{}, false
	}
	step := float64(mantleSpeed(c) * b.Dt)
	var m mgl64.Vec3
	if s.phase == 0 {
		if dy := s.target[1] - b.Pos[1]; dy > 1e-9 {
			m[1] = min(dy, step)
		} else {
			s.phase = 1
		}
	}
	if s.phase == 1 {
		dx, dz := s.target[0]-b.Pos[0], s.target[2]-b.Pos[2]
		l := math.Sqrt(float64(dx*dx) + float64(dz*dz))
		if l <= 1e-6 {
			// Over the ledge: down onto it (the move stops on it), at rest.
			b.Vel, s.vel = mgl64.Vec3{}, mgl64.Vec3{}
			s.anchor = 0
			s.setMode(ModeWalk, b.Tick)
			return Plan{Own: true, Move: mgl64.Vec3{0, -mantleClear - 0.02, 0}}, true
		}
		f := min(1, step/l)
		m[0], m[2] = float64(dx*f), float64(dz*f)
	}
	b.Vel = detmath.Scale(m, 1/b.Dt)
	s.vel = b.Vel
	return Plan{Own: true, Move: m}, true
}

// wallSlide is a tick sliding down a wall.
func (s *State) wallSlide(c *Config, w *world, b *body) (Plan, bool) {
	if !c.Wall.Enabled || b.Grounded {
		return Plan{}, false
	}
	if s.wall != s.anchor {
		// The last move did not touch it (it ended within the skin): is
		// it still there?
		s.wall = 0
		s.probeWall(c, w, b)
	}
	if s.wall != s.anchor {
		s.noGrab = s.anchor
		return Plan{}, false
	}
	n := s.normal
	// A jump off the wall whatever the stick: pushing away from the wall
	// as the jump is pressed is how a wall jump is made, not a letting go.
	if b.Jump {
		a := config.Deg2Rad(c.Wall.JumpAngleDeg)
		v := b.Vel
		v[1] = 0
		v = v.Sub(detmath.Scale(n, detmath.Dot(v, n)))
		v = v.Add(detmath.Scale(n, float64(c.Wall.JumpSpeed*detmath.Cos(a))))
		v[1] = float64(c.Wall.JumpSpeed * detmath.Sin(a))
		b.Vel = v
		s.noGrab = s.anchor
		s.leave(b)
		return Plan{Jumped: true}, false
	}
	if -detmath.Dot(b.Wish, n) < c.Wall.Press {
		s.noGrab = s.anchor
		return Plan{}, false
	}
	if c.Ledge.Enabled && !b.Crouch {
		// The top of the wall slid down to within reach: hang on it.
		if p, ok := s.tryHang(c, w, b, n); ok {
			return p, true
		}
	}
	if in := -detmath.Dot(b.Vel, n); in < stick {
		b.Vel = b.Vel.Sub(detmath.Scale(n, stick-in))
	}
	return Plan{FallCap: c.Wall.SlideSpeed}, true
}

// after records what the move touched (a ladder, a wall) and settles the
// motor's modes by the ground: the character after its move is grounded
// or not, with velocity vel, at tick.
func (s *State) after(lv *Level, res *kcc.MoveResult, grounded bool, vel *mgl64.Vec3, tick uint64) {
	s.ladder, s.wall = 0, 0
	if res != nil {
		for i := range res.Collisions {
			h := &res.Collisions[i]
			if lv.Kind(h.Collider) == SurfaceLadder && math.Abs(h.Normal[1]) < 0.3 {
				if n := horizontal(h.Normal); n != (mgl64.Vec3{}) {
					s.ladder, s.ladN = ref(h.Collider), n
					break
				}
			}
		}
		if res.OnWall && math.Abs(res.WallNormal[1]) < 0.3 {
			for i := range res.Collisions {
				h := &res.Collisions[i]
				if h.Normal == res.WallNormal {
					if n := horizontal(h.Normal); n != (mgl64.Vec3{}) {
						s.wall, s.wallN = ref(h.Collider), n
					}
					break
				}
			}
		}
	}
	if s.wall != 0 && s.noGrab != 0 && s.wall != s.noGrab && lv.Kind(idOf(s.wall)) != SurfaceLadder {
		s.noGrab = 0 // another wall
	}
	switch s.Mode {
	case ModeWalk, ModeAir:
		m := ModeAir
		if grounded {
			m = ModeWalk
		}
		s.setMode(m, tick)
	case ModeSwim, ModeClimb, ModeMantle:
		s.vel = *vel
	}
}

func finite(v mgl64.Vec3) bool {
	return !math.IsNaN(v[0]) && !math.IsInf(v[0], 0) && !math.IsNaN(v[1]) && !math.IsInf(v[1], 0) && !math.IsNaN(v[2]) && !math.IsInf(v[2], 0)
}
