package kcc_test

import (
	"fmt"
	"sync"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/kcc"
)

// A character standing on a floor walks into a 0.3 m step and climbs it:
// the caller owns the velocity and gravity, Move returns the collision-free
// translation and the grounded state.
func ExampleController_Move() {
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{50, 0.5, 50}, mgl64.Quat{}) // floor, top at y=0
	w.AddBox(mgl64.Vec3{5, 0.15, 0}, mgl64.Vec3{3, 0.15, 5}, mgl64.Quat{})  // step from x=2, top at y=0.3

	c := kcc.NewController(kcc.DefaultConfig())
	shape := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}
	pos := mgl64.Vec3{0, 0.91, 0} // feet 1 cm (Offset) above the floor
	vel := mgl64.Vec3{}
	const dt, gravity = 1.0 / 60, 20.0
	for tick := 0; tick < 60; tick++ {
		vel[0] = 5 // walk along +X at 5 m/s
		vel[1] -= gravity * dt
		desired := vel.Mul(dt)
		res := c.Move(w, shape, pos, desired)
		pos = pos.Add(res.Translation)
		vel = c.VelocityAfter(vel, desired, res, dt) // the floor stops the fall, the step adds no speed
	}
	res := c.Move(w, shape, pos, mgl64.Vec3{})
	fmt.Printf("x=%.1f feet=%.2f grounded=%v state=%v\n", pos[0], pos[1]-0.9, res.Grounded, res.GroundState)
	// Output: x=5.0 feet=0.31 grounded=true state=ground
}

// The quick start of docs/kcc.md: a capsule on a floor, moved every tick
// with gravity, up three 0.25 m stairs; VelocityAfter keeps the velocity
// honest (the floor stops the fall, the steps add no upward speed).
func Example_quickStart() {
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{50, 0.5, 50}, mgl64.Quat{}) // floor, top at y=0
	c := kcc.NewController(kcc.DefaultConfig())
	shape := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6} // 1.8 m tall
	pos := mgl64.Vec3{0, 0.91, 0}                      // centre; feet 1 cm above the floor

	for i := 1; i <= 3; i++ { // stairs along +X from x=2: 0.25 m risers, 0.5 m treads
		x0 := 1.5 + 0.5*float64(i)
		w.AddBox(mgl64.Vec3{(x0 + 10) / 2, 0.125 * float64(i), 0}, mgl64.Vec3{(10 - x0) / 2, 0.125 * float64(i), 2}, mgl64.Quat{})
	}
	const dt = 1.0 / 60
	var vel mgl64.Vec3
	highest := 0.0
	for tick := 0; tick < 120; tick++ {
		vel[0] = 2 // walk along +X at 2 m/s
		// every tick (the caller owns velocity and gravity):
		vel[1] -= 20 * dt
		desired := vel.Mul(dt)
		res := c.Move(w, shape, pos, desired)
		pos = pos.Add(res.Translation)
		vel = c.VelocityAfter(vel, desired, res, dt) // floor, ceiling and walls take speed away
		highest = max(highest, vel[1])
	}
	fmt.Printf("x=%.2f feet=%.2f vy=%.1f highest vy=%.1f\n", pos[0], pos[1]-0.9, vel[1], highest)
	// Output: x=4.00 feet=0.76 vy=0.0 highest vy=0.0
}

// Ray casts report the first hit along a direction.
func ExampleWorld_RayCast() {
	w := kcc.NewWorld()
	heights := []float64{0, 0, 0, 1, 1, 1, 2, 2, 2} // 3x3 samples, rising along +Z
	if _, err := w.AddHeightfield(mgl64.Vec3{0, 0, 0}, 1, 3, 3, heights); err != nil {
		panic(err)
	}
	hit, ok := w.RayCast(mgl64.Vec3{0.5, 10, 1.5}, mgl64.Vec3{0, -1, 0}, 100)
	fmt.Printf("%v y=%.2f normal=(%.2f, %.2f, %.2f)\n", ok, hit.Point[1], hit.Normal[0], hit.Normal[1], hit.Normal[2])
	// Output: true y=1.50 normal=(0.00, 0.71, -0.71)
}

// OverlapCapsule answers "is there room to stand up?" for a crouching
// character.
func ExampleWorld_OverlapCapsule() {
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, 2.5, 0}, mgl64.Vec3{2, 0.5, 2}, mgl64.Quat{}) // ceiling at y=2
	standing := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}                // 1.8 m tall
	feet := 0.6
	fmt.Println(w.OverlapCapsule(standing, mgl64.Vec3{0, feet + 0.9, 0}, 0.01))
	feet = 0
	fmt.Println(w.OverlapCapsule(standing, mgl64.Vec3{0, feet + 0.9, 0}, 0.01))
	// Output:
	// true
	// false
}

// AddTriMesh rejects malformed meshes with an error instead of panicking.
func ExampleWorld_AddTriMesh() {
	w := kcc.NewWorld()
	verts := []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}}
	_, err := w.AddTriMesh(verts, []uint32{0, 1, 7})
	fmt.Println(err)
	id, err := w.AddTriMesh(verts, []uint32{0, 2, 1})
	fmt.Println(id, err)
	// Output:
	// kcc: mesh index out of range: triangle 0 index 7 >= 3 vertices
	// 0 <nil>
}

// A door is opened by removing its collider: the next query no longer sees
// it.
func ExampleWorld_RemoveCollider() {
	w := kcc.NewWorld()
	door := w.AddBox(mgl64.Vec3{2, 1.5, 0}, mgl64.Vec3{0.1, 1.5, 1}, mgl64.Quat{})
	_, blocked := w.RayCast(mgl64.Vec3{0, 1, 0}, mgl64.Vec3{1, 0, 0}, 10)
	if err := w.RemoveCollider(door); err != nil {
		fmt.Println(err)
	}
	_, stillBlocked := w.RayCast(mgl64.Vec3{0, 1, 0}, mgl64.Vec3{1, 0, 0}, 10)
	fmt.Println(blocked, stillBlocked, w.RemoveCollider(door))
	// Output: true false kcc: collider already removed: 0
}

// oneWayPlatform is a ContactListener for a platform that can be jumped
// through from below and stood on from above.
type oneWayPlatform struct{ id kcc.ColliderID }

func (o oneWayPlatform) OnContact(ev kcc.ContactEvent) kcc.ContactAction {
	// Met from below (the normal from the platform toward the character
	// points down) or from inside: pass through it for this Move.
	if ev.Collider == o.id && (ev.Normal[1] < 0.5 || ev.Distance < 0) {
		return kcc.ContactIgnore
	}
	return kcc.ContactAccept
}

// A one-way platform: a contact listener lets the character jump up
// through it, and it lands on top.
func ExampleContactListener() {
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{})        // floor
	plat := w.AddBox(mgl64.Vec3{0, 2.05, 0}, mgl64.Vec3{2, 0.05, 2}, mgl64.Quat{}) // top at 2.1
	c := kcc.NewController(kcc.DefaultConfig())
	opts := kcc.MoveOptions{Listener: oneWayPlatform{plat}}
	shape := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}
	pos := mgl64.Vec3{0, 0.91, 0} // standing on the floor
	vy, dt := 11.0, 1.0/60        // a jump at 11 m/s, gravity 20 m/s²
	for i := 0; i < 120; i++ {
		vy -= 20 * dt
		res := c.MoveWith(w, shape, pos, mgl64.Vec3{0, vy * dt, 0}, opts)
		pos = pos.Add(res.Translation)
		if res.Grounded && vy < 0 {
			vy = 0
		}
	}
	fmt.Printf("feet at %.2f m\n", pos[1]-0.9)
	// Output: feet at 2.11 m
}

// redDoor is a ContactListener that lets one character through a door:
// it answers by the character moving (ContactEvent.Character).
type redDoor struct {
	door kcc.ColliderID
	red  uint64
}

func (d *redDoor) OnContact(ev kcc.ContactEvent) kcc.ContactAction {
	if ev.Collider == d.door && ev.Character == d.red {
		return kcc.ContactIgnore
	}
	return kcc.ContactAccept
}

// Two characters moved by one Controller, each with its own options: a
// filter leaving its own capsule out of its Moves, its ContactCache, and
// its id for the listener they share, which lets character 1 through the
// door and holds character 2. Nothing is set on the Controller between
// them.
func ExampleController_MoveWith() {
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{50, 0.5, 50}, mgl64.Quat{}) // floor
	door := w.AddBox(mgl64.Vec3{2, 1, 0}, mgl64.Vec3{0.1, 1, 5}, mgl64.Quat{})
	c := kcc.NewController(kcc.DefaultConfig())
	shape := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}
	type character struct {
		id    uint64
		pos   mgl64.Vec3
		body  kcc.ColliderID   // its capsule, an obstacle to the others
		self  kcc.QueryFilter  // leaves body out of its own Moves
		cache kcc.ContactCache // one per character, kept with it
	}
	chars := []*character{{id: 1, pos: mgl64.Vec3{0, 0.91, -1}}, {id: 2, pos: mgl64.Vec3{0, 0.91, 1}}}
	for _, ch := range chars {
		ch.body = w.AddCapsule(shape, ch.pos)
		ch.self.Exclude = []kcc.ColliderID{ch.body}
	}
	listener := &redDoor{door: door, red: 1}
	for tick := 0; tick < 60; tick++ {
		for _, ch := range chars {
			desired := mgl64.Vec3{4.0 / 60, -0.01, 0}
			opts := kcc.MoveOptions{Filter: &ch.self, Cache: &ch.cache, Listener: listener, Character: ch.id}
			res := c.MoveWith(w, shape, ch.pos, desired, opts)
			ch.pos = ch.pos.Add(res.Translation)
			_ = w.SetTransform(ch.body, ch.pos, mgl64.Quat{})
		}
	}
	for _, ch := range chars {
		fmt.Printf("character %d at x = %.2f m\n", ch.id, ch.pos[0])
	}
	// Output:
	// character 1 at x = 4.00 m
	// character 2 at x = 1.59 m
}

// A crouched character (0.9 m tall) under a beam 1.2 m up may stand up
// (1.8 m) only where the standing capsule fits.
func ExampleController_OverlapsWith() {
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{}) // floor
	w.AddBox(mgl64.Vec3{0, 1.35, 0}, mgl64.Vec3{1, 0.15, 1}, mgl64.Quat{})  // beam, 1.2 to 1.5 m up
	c := kcc.NewController(kcc.DefaultConfig())
	standing := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}
	for _, x := range []float64{0, 2} {
		feet := mgl64.Vec3{x, 0.01, 0}
		// The character's own MoveOptions: its filter and listener apply.
		room := !c.OverlapsWith(w, standing, feet.Add(mgl64.Vec3{0, 0.9, 0}), kcc.MoveOptions{})
		fmt.Printf("x = %v m: room to stand %v\n", x, room)
	}
	// Output:
	// x = 0 m: room to stand false
	// x = 2 m: room to stand true
}

// Two characters walk the same stairs, one with a ContactCache (each Move
// reuses the contacts the last one found where it ended) and one without:
// the same bits.
func ExampleContactCache() {
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{50, 0.5, 50}, mgl64.Quat{}) // floor, top at y=0
	for i := 0; i < 3; i++ {
		x := 2 + 0.4*float64(i)
		h := 0.1 * float64(i+1) // treads at y = 0.2, 0.4, 0.6
		w.AddBox(mgl64.Vec3{x + 5, h, 0}, mgl64.Vec3{5, h, 3}, mgl64.Quat{})
	}
	c := kcc.NewController(kcc.DefaultConfig())
	shape := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}
	desired := mgl64.Vec3{4.0 / 60, -0.01, 0}
	plain := mgl64.Vec3{0, 0.91, 0}
	pos := plain
	var cache kcc.ContactCache // one per character, kept with it
	for tick := 0; tick < 90; tick++ {
		res := c.MoveWith(w, shape, pos, desired, kcc.MoveOptions{Cache: &cache})
		pos = pos.Add(res.Translation)
		plain = plain.Add(c.Move(w, shape, plain, desired).Translation)
	}
	fmt.Printf("x=%.2f feet=%.2f same=%v\n", pos[0], pos[1]-0.9, pos == plain)
	// Output: x=6.00 feet=0.61 same=true
}

// A lift rises until 1.5 m is left under a ceiling slab for a 1.8 m
// capsule: the character is squeezed. The Move never resolves that by
// sending it elsewhere; it stays on the lift and reports Crushed on every
// tick, and the game decides. Two ways a game does: a kill (respawn after
// half a second of crush), or a push-out (after 5 ticks of crush, to the
// nearest free spot beside the lift, checked with OverlapCapsule).
func ExampleMoveResult_crushed() {
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, 3.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{}) // slab, bottom at y = 3
	lift := w.AddBox(mgl64.Vec3{0, 0.25, 0}, mgl64.Vec3{1.5, 0.25, 1.5}, mgl64.Quat{})
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{}) // floor, top at y = 0

	c := kcc.NewController(kcc.DefaultConfig())
	shape := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}
	spawn := mgl64.Vec3{0.2, 0.5 + 0.01 + 0.9, 0} // on the deck
	for _, game := range []string{"kill", "push out"} {
		w.SetTransform(lift, mgl64.Vec3{0, 0.25, 0}, mgl64.Quat{})
		w.Step(1.0 / 60)
		pos, vel := spawn, mgl64.Vec3{}
		var res kcc.MoveResult
		crushed := 0
		for tick := 1; tick <= 120; tick++ {
			// The lift rises at 2 m/s until its deck is at 1.5 m.
			w.Step(1.0 / 60)
			w.SetTransform(lift, mgl64.Vec3{0, 0.25 + min(float64(tick)/30, 1.0), 0}, mgl64.Quat{})
			if res.Grounded {
				d, _ := c.CarryWith(w, shape, pos, res.GroundCollider, kcc.MoveOptions{})
				pos = pos.Add(d)
			}
			vel[1] -= 20.0 / 60
			desired := vel.Mul(1.0 / 60)
			res = c.Move(w, shape, pos, desired)
			pos = pos.Add(res.Translation)
			vel = c.VelocityAfter(vel, desired, res, 1.0/60)
			if !res.Crushed {
				crushed = 0
				continue
			}
			crushed++
			switch {
			case game == "kill" && crushed == 30:
				fmt.Printf("kill: crushed for 0.5 s at tick %d, respawn\n", tick)
				pos, vel, res = mgl64.Vec3{5, 0.91, 0}, mgl64.Vec3{}, kcc.MoveResult{}
			case game == "push out" && crushed == 5:
				// The nearest spot off the lift where the capsule fits.
				for _, x := range []float64{1.81, -1.81} {
					if to := (mgl64.Vec3{x, pos[1], pos[2]}); !w.OverlapCapsule(shape, to, 0) {
						fmt.Printf("push out: at tick %d from x %.1f to x %.2f\n", tick, pos[0], x)
						pos, res = to, kcc.MoveResult{}
						break
					}
				}
			}
		}
		fmt.Printf("%s: ends at x %.2f, y %.2f\n", game, pos[0], pos[1])
	}
	// Output:
	// kill: crushed for 0.5 s at tick 50, respawn
	// kill: ends at x 5.00, y 0.91
	// push out: at tick 25 from x 0.2 to x 1.81
	// push out: ends at x 1.81, y 0.91
}

// A box character (Capsule.Box) and a capsule of the same size start on
// the last 5 cm of a ledge: after two seconds of gravity the box still
// stands there, the capsule has rolled off its rounded bottom and fallen
// to the floor 3 m below.
func ExampleCapsule_box() {
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{2, 0.5, 2}, mgl64.Quat{})   // ledge, top at y=0, edge at x=2
	w.AddBox(mgl64.Vec3{0, -3.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{}) // floor 3 m below
	c := kcc.NewController(kcc.DefaultConfig())
	for _, shape := range []kcc.Capsule{
		{Radius: 0.3, HalfHeight: 0.6, Box: true},
		{Radius: 0.3, HalfHeight: 0.6},
	} {
		pos := mgl64.Vec3{2.25, 0.91, 0} // the footprint reaches 5 cm over the ledge
		var vel mgl64.Vec3
		var res kcc.MoveResult
		for i := 0; i < 120; i++ {
			vel[1] -= 20.0 / 60
			desired := vel.Mul(1.0 / 60)
			res = c.Move(w, shape, pos, desired)
			pos = pos.Add(res.Translation)
			vel = c.VelocityAfter(vel, desired, res, 1.0/60)
		}
		fmt.Printf("box %v: feet at y %.2f, grounded %v\n", shape.Box, pos[1]-0.9, res.Grounded)
	}
	// Output:
	// box true: feet at y 0.01, grounded true
	// box false: feet at y -2.99, grounded true
}

// A crowd planned with its neighbour search on several goroutines
// (CrowdPlan.Run), then moved island by island: each member's queries go
// through a filter with the plan's view of it.
func ExampleWorld_PlanCrowd() {
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{50, 0.5, 50}, mgl64.Quat{})
	shape := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}
	var members []kcc.CrowdMember
	var pos []mgl64.Vec3
	for i := 0; i < 400; i++ {
		p := mgl64.Vec3{float64(i%20) * 0.8, 0.91, float64(i/20) * 1.5} // rows 1.5 m apart
		members = append(members, kcc.CrowdMember{Collider: w.AddCapsule(shape, p), Reach: mgl64.Vec3{0.15, 0.15, 0.15}})
		pos = append(pos, p)
	}
	var plan kcc.CrowdPlan
	plan.Run = func(n int, part func(int)) {
		var wg sync.WaitGroup
		for g := 0; g < 2; g++ {
			wg.Add(1)
			go func(g int) {
				defer wg.Done()
				for i := g; i < n; i += 2 {
					part(i)
				}
			}(g)
		}
		wg.Wait()
	}
	if err := w.PlanCrowd(members, &plan); err != nil {
		panic(err)
	}
	ctrl := kcc.NewController(kcc.DefaultConfig())
	for k := 0; k < plan.Islands(); k++ {
		for _, m := range plan.Island(k) {
			id := members[m].Collider
			f := kcc.QueryFilter{Exclude: []kcc.ColliderID{id}, Crowd: plan.ViewOf(id)}
			res := ctrl.MoveWith(w, shape, pos[m], mgl64.Vec3{0.08, -0.01, 0}, kcc.MoveOptions{Filter: &f})
			pos[m] = pos[m].Add(res.Translation)
			if err := w.SetTransform(id, pos[m], mgl64.Quat{}); err != nil {
				panic(err)
			}
		}
	}
	fmt.Printf("%d islands, escapes %d\n", plan.Islands(), plan.Escapes(w))
	// Output: 20 islands, escapes 0
}

// crate is a Pusher that moves the character met along the motion by the
// part of it left after the contact, as a push between equal masses would
// move it by half of that.
type crate struct {
	w  *kcc.World
	at mgl64.Vec3
}

func (c *crate) Push(hit kcc.CastHit, motion mgl64.Vec3) bool {
	c.at = c.at.Add(motion.Mul((1 - hit.Fraction) / 2))
	return c.w.SetTransform(hit.Collider, c.at, mgl64.QuatIdent()) == nil
}

// A character walks 1 m into another 1 m ahead: with a Pusher the other
// gives way by half of what is left after they meet (0.61 m of 1 m is
// left: the other moves 0.305 m), and the walker stops at it where it now
// stands.
func ExampleMoveOptions_pusher() {
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.QuatIdent()) // floor
	shape := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}
	pos := mgl64.Vec3{0, 0.91, 0}
	self := w.AddCapsule(shape, pos)
	other := &crate{w: w, at: mgl64.Vec3{1, 0.91, 0}}
	w.AddCapsule(shape, other.at)
	opts := kcc.MoveOptions{Filter: &kcc.QueryFilter{Exclude: []kcc.ColliderID{self}}, Pusher: other}
	res := kcc.NewController(kcc.DefaultConfig()).MoveWith(w, shape, pos, mgl64.Vec3{1, 0, 0}, opts)
	fmt.Printf("the other at x = %.3f, the walker moved %.3f m\n", other.at[0], res.Translation[0])
	// Output: the other at x = 1.305, the walker moved 0.695 m
}
