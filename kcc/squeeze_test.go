package kcc_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/platforms"
)

// Squeezes in a living world, driven as docs/kcc.md documents a caller:
// per tick World.Step (and the movers placed), then, for a character whose
// last Move was grounded, World.Carry from its ground collider, gravity
// added to its velocity, Move with velocity·dt, VelocityAfter. The rule
// (docs/kcc.md, "Pushing and crushing"): a squeezed capsule stays between
// the colliders that squeeze it, never going through one of them, it is
// Crushed on every tick it cannot fit, and it is back to normal (not
// Crushed, grounded, overlapping nothing) within a few ticks of release.
//
// Each test measures, over the ticks where the room left is less than the
// capsule needs: how many report Crushed (all must); how far the capsule
// is outside the corridor its squeezers make, beyond the overlap the
// squeeze forces (at most the skin); how many ticks after release (room for
// the capsule and its skin again) it is normal (at most 3); and where its
// feet end (on the floor or the deck, the skin above it).

const (
	sqDt     = 1.0 / 60
	sqG      = 20.0
	sqR      = 0.3
	sqHH     = 0.6
	sqHeight = 2 * (sqR + sqHH) // 1.8 m
	sqSkin   = kcc.DefaultOffset
	sqTol    = 1e-9 // room compared with what the capsule needs
)

var sqUp = mgl64.Vec3{0, 1, 0}

// squeezeRider is the documented caller for one character.
type squeezeRider struct {
	w        *kcc.World
	c        *kcc.Controller
	shape    kcc.Capsule
	pos, vel mgl64.Vec3
	res      kcc.MoveResult
	// sweptCarry carries with Controller.CarryWith (cut short at other
	// colliders, as the pipeline does) instead of World.Carry's bare
	// displacement (which carries a rider into a ceiling).
	sweptCarry bool
}

// sqShape is the squeezed character's shape: the capsule, or its box
// (TestSqueezeScenesBox sets Box for the length of its run).
var sqShape = kcc.Capsule{Radius: sqR, HalfHeight: sqHH}

func newSqueezeRider(w *kcc.World, pos mgl64.Vec3) *squeezeRider {
	return &squeezeRider{w: w, c: kcc.NewController(kcc.DefaultConfig()),
		shape: sqShape, pos: pos}
}

// tick moves the character once, after World.Step and the movers.
func (r *squeezeRider) tick() kcc.MoveResult {
	if r.res.Grounded {
		d, _ := r.w.Carry(r.res.GroundCollider, r.pos, sqUp)
		if r.sweptCarry {
			d, _ = r.c.CarryWith(r.w, r.shape, r.pos, r.res.GroundCollider, kcc.MoveOptions{})
		}
		r.pos = r.pos.Add(d)
	}
	r.vel[1] -= sqG * sqDt
	desired := r.vel.Mul(sqDt)
	r.res = r.c.Move(r.w, r.shape, r.pos, desired)
	r.pos = r.pos.Add(r.res.Translation)
	r.vel = r.c.VelocityAfter(r.vel, desired, r.res, sqDt)
	return r.res
}

func (r *squeezeRider) feet() float64 { return r.pos[1] - sqHH - sqR }
func (r *squeezeRider) head() float64 { return r.pos[1] + sqHH + sqR }

// deepest is the capsule's deepest overlap with any collider (0 when it
// overlaps nothing).
func (r *squeezeRider) deepest() float64 {
	d := 0.0
	for _, k := range r.w.Contacts(r.shape, r.pos, sqUp, 0, nil) {
		d = math.Max(d, -k.Distance)
	}
	return d
}

// normal is a character back to normal: not Crushed, grounded, overlapping
// nothing.
func (r *squeezeRider) normal() bool {
	return !r.res.Crushed && r.res.Grounded && r.deepest() <= 1e-6
}

// squeezeStats is what a squeeze test measures.
type squeezeStats struct {
	squeezed, crushed int // ticks it cannot fit; of those, reported Crushed
	falseCrush        int // ticks with room for the capsule and its skin, yet Crushed
	ticksOut          int // ticks more than the skin outside the corridor
	// outside is the largest overlap with the corridor's sides beyond what
	// the squeeze forces.
	outside  float64
	released int // the tick of release, -1 before
	recovery int // ticks from release to normal, -1 never
	// jump is the largest distance a tick moved the capsule beyond its own
	// move, its squeezers' travel and the skin (the lift scenes), at
	// jumpTick.
	jump     float64
	jumpTick int
	inSlab   float64 // how far the head went into the lift scenes' slab
}

func newSqueezeStats() squeezeStats { return squeezeStats{released: -1, recovery: -1} }

// tick records one tick: whether the capsule cannot fit, whether it has
// room with its skin, and how far outside the corridor it is.
func (s *squeezeStats) tick(n int, r *squeezeRider, cannotFit, roomy bool, outside float64) {
	if cannotFit {
		s.squeezed++
		if r.res.Crushed {
			s.crushed++
		}
	} else if roomy && r.res.Crushed {
		s.falseCrush++
	}
	s.outside = math.Max(s.outside, outside)
	if outside > sqSkin+1e-9 {
		s.ticksOut++
	}
	if s.squeezed > 0 && s.released < 0 && roomy {
		s.released = n
	}
	if s.released >= 0 && s.recovery < 0 && r.normal() {
		s.recovery = n - s.released
	}
}

func (s *squeezeStats) check(t *testing.T, r *squeezeRider, wantSqueezed int, feet float64) {
	t.Helper()
	t.Logf("Crushed on %d of %d squeezed ticks (%d with room), %d ticks outside the corridor (at most %.4f m), normal %d ticks after release, feet at y %.4f",
		s.crushed, s.squeezed, s.falseCrush, s.ticksOut, s.outside, s.recovery, r.feet())
	if s.squeezed != wantSqueezed {
		t.Errorf("%d squeezed ticks, the scene makes %d", s.squeezed, wantSqueezed)
	}
	if s.crushed != s.squeezed {
		t.Errorf("Crushed on %d of the %d ticks it could not fit", s.crushed, s.squeezed)
	}
	if s.falseCrush != 0 {
		t.Errorf("Crushed on %d ticks with room to spare", s.falseCrush)
	}
	if s.outside > sqSkin+1e-9 {
		t.Errorf("%.4f m outside the corridor on %d ticks (at most the %.2f m skin)", s.outside, s.ticksOut, sqSkin)
	}
	if s.recovery < 0 || s.recovery > 3 {
		t.Errorf("back to normal %d ticks after release (want 0..3)", s.recovery)
	}
	if d := math.Abs(r.feet() - feet); d > 1e-3 {
		t.Errorf("feet end at y %.4f, want %.4f (the floor, the skin above it)", r.feet(), feet)
	}
}

// Scene 1. A floor (top y = 0) and a 1 m ceiling slab (bottom y = 2.3),
// 40 x 40 m; a static wall whose face is at x = 1; a pusher 2.2 m tall
// (y 0.05..2.25), 10 m long, whose face starts at x = -1.5 and moves +x at
// 1 m/s until it is gap m from the wall, is held there 1 s, then goes back
// at 1 m/s for 1 s, and rests 1 s. The capsule (r 0.3, 1.8 m) stands at
// x = 0. Driven by SetVelocity with Step, or by SetTransform each tick.
//
// Expected counts: the face is at -1.5 + n/60 after tick n, so the room,
// 1 - face, is below the 0.6 m diameter for n > 114. Gap 0.4 (in at tick
// 126): ticks 115..126 (12), the 60 held ticks, and 11 going back (room
// 0.4 + k/60 < 0.6 for k < 12): 83. Gap 0.5 (in at tick 120): 6 + 60 + 5
// = 71. The squeeze forces an overlap of 0.6 - room with the pusher and the
// wall together, and none with the floor or the ceiling (2.3 m of room for
// 1.8 m): the capsule must be no more than the skin beyond that. Released
// when the room is 0.62 m (the diameter and the skin on both sides), it is
// normal within 3 ticks and ends on the floor, feet at Offset.
func TestSqueezeScenePusherAndWall(t *testing.T) {
	for _, c := range []struct {
		gap  float64
		want int
	}{{0.4, 83}, {0.5, 71}} {
		for _, drive := range []string{"SetVelocity", "SetTransform"} {
			t.Run(fmt.Sprintf("%s/gap%.1f", drive, c.gap), func(t *testing.T) {
				r, st := runPusherScene(c.gap, drive)
				st.check(t, r, c.want, sqSkin)
			})
		}
	}
}

func runPusherScene(gap float64, drive string) (*squeezeRider, squeezeStats) {
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{})    // floor, top 0
	w.AddBox(mgl64.Vec3{0, 2.8, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{})     // ceiling slab, y 2.3..3.3
	w.AddBox(mgl64.Vec3{1.5, 1.15, 0}, mgl64.Vec3{0.5, 1.15, 5}, mgl64.Quat{}) // wall, face x = 1
	start := mgl64.Vec3{-2, 1.15, 0}
	pusher := w.AddBox(start, mgl64.Vec3{0.5, 1.1, 5}, mgl64.Quat{}) // face x = -1.5
	r := newSqueezeRider(w, mgl64.Vec3{0, sqSkin + sqR + sqHH, 0})
	travel := 2.5 - gap // the face from -1.5 to 1 - gap
	in := int(math.Round(travel / sqDt))
	const hold, back, rest = 60, 60, 60
	st := newSqueezeStats()
	for n := 1; n <= in+hold+back+rest; n++ {
		v := 0.0
		switch {
		case n <= in:
			v = 1
		case n > in+hold && n <= in+hold+back:
			v = -1
		}
		if drive == "SetVelocity" {
			w.SetVelocity(pusher, mgl64.Vec3{v, 0, 0}, mgl64.Vec3{})
			w.Step(sqDt)
		} else {
			x := start[0] + float64(min(n, in))*sqDt
			if n > in+hold {
				x -= float64(min(n-in-hold, back)) * sqDt
			}
			w.Step(sqDt)
			w.SetTransform(pusher, mgl64.Vec3{x, start[1], start[2]}, mgl64.Quat{})
		}
		r.tick()
		p, _, _ := w.Transform(pusher)
		face := p[0] + 0.5
		room := 1 - face
		forced := math.Max(0, 2*sqR-room)
		x := r.pos[0]
		overX := math.Max(0, face-(x-sqR)) + math.Max(0, x+sqR-1) - forced
		overY := math.Max(0, -r.feet()) + math.Max(0, r.head()-2.3)
		st.tick(n, r, room < 2*sqR-sqTol, room >= 2*(sqR+sqSkin)-sqTol, math.Max(overX, overY))
	}
	return r, st
}

// Scene 2. A 3 x 0.5 x 3 m lift (deck at y = 0.5 on a floor at 0) under a
// 1 m ceiling slab (bottom y = 3, 40 x 40 m), moved by platforms.Path at
// 2 m/s: 0.5 s at the bottom, up 1.5 - room m (room m under the slab),
// 1 s there, down again, 0.5 s at the bottom, and 0.5 s more. The capsule
// stands on the deck.
//
// Expected counts: Set.Apply places the lift for t = (n+1)/60 at tick n
// (from 0). Room 1.5 (deck up to 1.5): the capsule cannot fit (deck above
// 3 - 1.8 = 1.2) for t in (0.85, 1] rising, (1, 2] held and [2, 2.15) going
// down: 9 + 60 + 8 = 77 ticks. Room 1.7 (deck up to 1.3): t in (0.85, 0.9],
// (0.9, 1.9], [1.9, 1.95): 3 + 60 + 2 = 65. The squeeze forces an overlap
// of 1.8 - room with the deck and the slab together, and the capsule stays
// over the lift (1.5 m each way from its axis). Released at room 1.82 it is
// normal within 3 ticks; it ends on the deck back at the bottom, feet at
// 0.5 + Offset.
func TestSqueezeSceneLiftAndCeiling(t *testing.T) {
	for _, c := range []struct {
		room float64
		want int
	}{{1.5, 77}, {1.7, 65}} {
		t.Run(fmt.Sprintf("room%.1f", c.room), func(t *testing.T) {
			r, st, err := runLiftScene(liftScene{room: c.room})
			if err != nil {
				t.Fatal(err)
			}
			st.check(t, r, c.want, 0.5+sqSkin)
		})
	}
}

// The same lift 10 m up (the floor at y = 0), under slabs 40, 4 and 2 m
// wide, the capsule anywhere on the deck and wholly under the slab, carried by World.Carry (into the
// slab: the Move takes it out) or Controller.CarryWith. Off the deck's
// middle (x = 0.2) the way sideways off the lift is shorter than the
// capsule's height (1.5 - 0.2 + 0.3 = 1.6 m), and on the tick the lift
// stopped a squeezed capsule used to take it: 1.8 m sideways in one tick,
// off the lift, and a 10 m fall. A squeeze never teleports: on every tick
// the capsule moves at most its own move (velocity·dt, gravity in it),
// plus the lift's travel that tick, plus the skin; with no exit as short
// as that it stays, Crushed. The counts are Scene 2's (77 ticks for room
// 1.5), the capsule is on the lift from start to end and never in the
// slab: its head at most at the slab's bottom.
func TestSqueezeLiftNeverTeleports(t *testing.T) { liftNeverTeleports(t) }

// liftNeverTeleports runs TestSqueezeLiftNeverTeleports' scenes with
// sqShape, the capsule or its box.
func liftNeverTeleports(t *testing.T) {
	for _, swept := range []bool{false, true} {
		for _, slab := range []float64{20, 2, 1} {
			for _, x := range []float64{0, 0.2, 0.6, 1.1} {
				if x+sqR > slab {
					continue // not wholly under the slab: squeezed out sideways, a little each tick
				}
				name := fmt.Sprintf("WorldCarry/slab%.0f/x%.1f", 2*slab, x)
				if swept {
					name = fmt.Sprintf("CarryWith/slab%.0f/x%.1f", 2*slab, x)
				}
				t.Run(name, func(t *testing.T) {
					r, st, err := runLiftScene(liftScene{room: 1.5, x: x, base: 10, slab: slab, sweptCarry: swept})
					if err != nil {
						t.Fatal(err)
					}
					t.Logf("largest move beyond the bound: %.4f m (tick %d); deepest in the slab %.4f m", st.jump, st.jumpTick, st.inSlab)
					if st.jump > 1e-9 {
						t.Errorf("tick %d: the capsule moved %.4f m more than its own move, the lift's travel and the skin", st.jumpTick, st.jump)
					}
					if st.inSlab > 1e-9 {
						t.Errorf("the capsule went %.4f m into the slab", st.inSlab)
					}
					st.check(t, r, 77, 10.5+sqSkin)
					if math.Abs(r.pos[0]-x) > sqSkin {
						t.Errorf("the capsule ends at x %.4f, it stood at %.1f", r.pos[0], x)
					}
				})
			}
		}
	}
}

// liftScene places Scene 2: room under the slab at the top, the capsule's
// x on the deck, and base, the height of the whole scene above Scene 2's.
type liftScene struct {
	room, x, base float64
	slab          float64 // the slab's half width (0: 20)
	sweptCarry    bool    // squeezeRider.sweptCarry
}

func runLiftScene(sc liftScene) (*squeezeRider, squeezeStats, error) {
	b := sc.base
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{}) // floor, top 0 (b below the lift)
	slab := 20.0
	if sc.slab > 0 {
		slab = sc.slab
	}
	ceiling := w.AddBox(mgl64.Vec3{0, b + 3.5, 0}, mgl64.Vec3{slab, 0.5, slab}, mgl64.Quat{}) // y 3..4
	lift := w.AddBox(mgl64.Vec3{0, b + 0.25, 0}, mgl64.Vec3{1.5, 0.25, 1.5}, mgl64.Quat{})
	set := &platforms.Set{Movers: []platforms.Mover{{Collider: lift, Path: platforms.Path{
		Waypoints: []mgl64.Vec3{{0, b + 0.25, 0}, {0, b + 3 - sc.room - 0.25, 0}},
		Wait:      []float64{0.5, 1},
		Speed:     2,
	}}}}
	st := newSqueezeStats()
	if err := set.Validate(); err != nil {
		return nil, st, err
	}
	r := newSqueezeRider(w, mgl64.Vec3{sc.x, b + 0.5 + sqSkin + sqR + sqHH, 0})
	r.sweptCarry = sc.sweptCarry
	total := int(math.Round(set.Movers[0].Path.Period()/sqDt)) + 30
	prevLift, _, _ := w.Transform(lift)
	for n := 0; n < total; n++ {
		if err := set.Apply(w, uint64(n), sqDt, nil); err != nil {
			return nil, st, err
		}
		from := r.pos
		own := r.vel.Len()*sqDt + sqG*sqDt*sqDt // the move tick makes: gravity first
		r.tick()
		p, _, _ := w.Transform(lift)
		travel := p.Sub(prevLift).Len()
		prevLift = p
		if d := r.pos.Sub(from).Len() - (own + travel + sqSkin); d > st.jump {
			st.jump, st.jumpTick = d, n
		}
		deck := p[1] + 0.25
		space := b + 3 - deck
		forced := math.Max(0, sqHeight-space)
		overY := math.Max(0, deck-r.feet()) + math.Max(0, r.head()-(b+3)) - forced
		for _, k := range w.Contacts(r.shape, r.pos, sqUp, 0, nil) {
			if k.Collider == ceiling {
				st.inSlab = math.Max(st.inSlab, -k.Distance)
			}
		}
		overX := math.Max(0, math.Abs(r.pos[0])-1.5) + math.Max(0, math.Abs(r.pos[2])-1.5)
		st.tick(n, r, space < sqHeight-sqTol, space >= sqHeight+2*sqSkin-sqTol, math.Max(overX, overY))
	}
	return r, st, nil
}

// A door closing on a character. A wall 0.2 m thick (x -0.1..0.1, 3 m
// tall) with a 1 m doorway (z -0.5..0.5) under a lintel at 2.2 m; a door
// 0.1 m thick (x -0.05..0.05, y 0.02..2.18) slides in it along -z at 1 m/s
// by SetVelocity from open (its leading edge at z = 0.5) to closed (the
// edge on the jamb at z = -0.5), is held shut 1 s (or not at all), opens
// again at 1 m/s and stays open 1 s. The capsule stands in the doorway at
// x = 0.03, z = 0: across the door's way, a little on the +x side of its
// middle.
//
// Expected: the edge is at 0.5 - n/60 after tick n, so the room between it
// and the jamb is below the 0.6 m diameter for n > 24: ticks 25..60 (36)
// while the door closes, pressing the capsule on the jamb and then passing
// over it (the door moves into it: it is pushed along the door's way,
// which the jamb blocks, and stays). On tick 61 the door, held shut or
// opening, no longer pushes it: the capsule leaves it by the short way,
// sideways to its own side (+x, 0.05 + 0.3 - 0.03 + skin = 0.33 m), and
// fits there: 36 squeezed ticks either way. It never goes into the jamb
// more than the skin, never to the door's far side (-x of its middle),
// never ahead of the door's edge more than the squeeze forces, is normal
// within 3 ticks of release, and ends on the floor.
func TestSqueezeDoorClosing(t *testing.T) {
	for _, hold := range []int{60, 0} {
		t.Run(fmt.Sprintf("hold%d", hold), func(t *testing.T) { runDoorScene(t, hold, 36) })
	}
}

// runDoorScene runs the door scene holding the door shut hold ticks; want
// is the number of squeezed ticks the scene makes for the character.
func runDoorScene(t *testing.T, hold, want int) {
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{})   // floor
	w.AddBox(mgl64.Vec3{0, 1.5, -3}, mgl64.Vec3{0.1, 1.5, 2.5}, mgl64.Quat{}) // wall, jamb face z = -0.5
	w.AddBox(mgl64.Vec3{0, 1.5, 3}, mgl64.Vec3{0.1, 1.5, 2.5}, mgl64.Quat{})  // wall and the door's pocket, z >= 0.5
	w.AddBox(mgl64.Vec3{0, 2.6, 0}, mgl64.Vec3{0.1, 0.4, 0.5}, mgl64.Quat{})  // lintel, y 2.2..3
	door := w.AddBox(mgl64.Vec3{0, 1.1, 1}, mgl64.Vec3{0.05, 1.08, 0.5}, mgl64.Quat{})
	start := mgl64.Vec3{0.03, sqSkin + sqR + sqHH, 0}
	r := newSqueezeRider(w, start)
	const closing, open, rest = 60, 60, 60
	st := newSqueezeStats()
	farSide := 0.0 // how far the axis went to the door's -x side
	for n := 1; n <= closing+hold+open+rest; n++ {
		v := 0.0
		switch {
		case n <= closing:
			v = -1
		case n > closing+hold && n <= closing+hold+open:
			v = 1
		}
		w.SetVelocity(door, mgl64.Vec3{0, 0, v}, mgl64.Vec3{})
		w.Step(sqDt)
		r.tick()
		p, _, _ := w.Transform(door)
		edge := p[2] - 0.5
		room := edge + 0.5
		x, z := r.pos[0], r.pos[2]
		across := math.Abs(x) < 0.05+sqR // in the door's way
		forced := 0.0
		if across {
			forced = math.Max(0, 2*sqR-room)
		}
		// Into the jamb (z < -0.5 where the wall is, |x| < 0.1 + r) and
		// ahead of the door's edge, beyond what the squeeze forces.
		var over float64
		if math.Abs(x) < 0.1+sqR {
			over += math.Max(0, -0.5-(z-sqR))
		}
		if across {
			over += math.Max(0, (z+sqR)-edge)
		}
		over -= forced
		farSide = math.Max(farSide, -x)
		st.tick(n, r, across && room < 2*sqR-sqTol, !across || room >= 2*(sqR+sqSkin)-sqTol, over)
	}
	if farSide > 0 {
		t.Errorf("the capsule went %.4f m to the far side of the door's middle", farSide)
	}
	st.check(t, r, want, sqSkin)
}

// The squeeze scenes with a box character (Capsule.Box): in each the box
// is as wide along the squeeze as the capsule (0.6 m across, 1.8 m tall),
// so the counts and bounds are the capsule's for the pusher and the wall
// (83 and 71 squeezed ticks) and the lift under the ceiling (77 and 65);
// deepest reads the box's own contacts (World.Contacts takes Box).
//
// The door closing takes the box out of its way sooner than the capsule
// (36 ticks): pressed on the jamb, the box spans z from -0.49 to 0.11,
// and the door's edge (at 0.5 - n/60 after tick n) goes into it until the
// way out sideways to its own side, +x (0.05 + 0.3 - 0.03 = 0.32 m), is
// shorter than the way back along z, 0.11 - edge: past edge -0.21, tick
// 43. From there the box is pushed out along +x at most its own move
// (gravity's 20/3600 m), the door's travel (1/60 m) and the skin (0.01
// m), 0.0322 m a tick (boxPushCap: a squeeze never teleports), and it is
// out of the door's way (|x| >= 0.35) after 10 ticks: squeezed from tick
// 25 (room below 0.6 m) to 51, 27 ticks.
func TestSqueezeScenesBox(t *testing.T) {
	sqShape.Box = true
	defer func() { sqShape.Box = false }()
	for _, c := range []struct {
		gap  float64
		want int
	}{{0.4, 83}, {0.5, 71}} {
		t.Run(fmt.Sprintf("pusher/gap%.1f", c.gap), func(t *testing.T) {
			r, st := runPusherScene(c.gap, "SetVelocity")
			st.check(t, r, c.want, sqSkin)
		})
	}
	for _, c := range []struct {
		room float64
		want int
	}{{1.5, 77}, {1.7, 65}} {
		t.Run(fmt.Sprintf("lift/room%.1f", c.room), func(t *testing.T) {
			r, st, err := runLiftScene(liftScene{room: c.room})
			if err != nil {
				t.Fatal(err)
			}
			st.check(t, r, c.want, 0.5+sqSkin)
		})
	}
	t.Run("door", func(t *testing.T) { runDoorScene(t, 60, 27) })
	// The lift under slabs of every width, the box anywhere on the deck:
	// it never moves more than its own move, the lift's travel and the
	// skin in a tick, never enters the slab, and ends where it stood.
	t.Run("never-teleports", liftNeverTeleports)
}
