// Command kcc uses the character controller on its own, without the ECS: a
// capsule walks up stairs, along a plateau and off its ledge, climbs a 20°
// ramp, then rides a moving platform. The game owns the position, the
// velocity and gravity; each tick it asks the controller to move and keeps
// the velocity the controller's VelocityAfter leaves it (so a step climbed
// adds no upward speed and a landing stops the fall).
//
//	go run ./examples/kcc
package main

import (
	"fmt"
	"io"
	"log"
	"math"
	"os"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/kcc"
)

const (
	dt      = 1.0 / 60
	gravity = 20.0
)

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// level builds the world: a floor (top y=0); three 0.25 m stairs from x=2
// up to a plateau at 0.75 m that ends in a ledge at x=6; a 20° ramp along
// +Z from z=-4 at x=10; and a 2x2 m platform at x=20 moving along +Z at
// 2 m/s.
func level() (w *kcc.World, platform kcc.ColliderID) {
	w = kcc.NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{50, 0.5, 50}, mgl64.Quat{})
	for i := 1; i <= 3; i++ {
		x0, top := 1.5+0.5*float64(i), 0.25*float64(i)
		w.AddBox(mgl64.Vec3{(x0 + 6) / 2, top / 2, 0}, mgl64.Vec3{(6 - x0) / 2, top / 2, 2}, mgl64.Quat{})
	}
	// The ramp: a 1 m thick slab turned by -20° about X so its top face
	// rises toward +Z, its lower top edge on the floor at z=-4.
	slope := 20 * math.Pi / 180
	w.AddBox(mgl64.Vec3{10, 4*math.Sin(slope) - 0.5*math.Cos(slope), -4 + 4*math.Cos(slope) + 0.5*math.Sin(slope)},
		mgl64.Vec3{2, 0.5, 4}, mgl64.QuatRotate(-slope, mgl64.Vec3{1, 0, 0}))
	platform = w.AddBox(mgl64.Vec3{20, 0.25, 0}, mgl64.Vec3{1, 0.25, 1}, mgl64.Quat{})
	if err := w.SetVelocity(platform, mgl64.Vec3{0, 0, 2}, mgl64.Vec3{}); err != nil {
		panic(err)
	}
	return w, platform
}

// character is what a game keeps for its character.
type character struct {
	pos, vel mgl64.Vec3
	ground   kcc.ColliderID
	grounded bool
}

// tick moves the character one fixed tick with the planar velocity walk.
func tick(w *kcc.World, c *kcc.Controller, ch *character, walk mgl64.Vec3) kcc.MoveResult {
	shape := kcc.Capsule{Radius: 0.3, HalfHeight: 0.6}
	if ch.grounded && ch.ground != kcc.NoCollider {
		// Ride what we stand on: the platform moved in w.Step.
		feet := ch.pos.Sub(mgl64.Vec3{0, 0.9, 0})
		d, _ := w.Carry(ch.ground, feet, mgl64.Vec3{0, 1, 0})
		ch.pos = ch.pos.Add(d)
	}
	ch.vel[0], ch.vel[2] = walk[0], walk[2]
	ch.vel[1] -= gravity * dt
	desired := ch.vel.Mul(dt)
	res := c.Move(w, shape, ch.pos, desired)
	ch.pos = ch.pos.Add(res.Translation)
	ch.vel = c.VelocityAfter(ch.vel, desired, res, dt)
	ch.grounded, ch.ground = res.Grounded, res.GroundCollider
	return res
}

func run(out io.Writer) error {
	w, platform := level()
	c := kcc.NewController(kcc.DefaultConfig())

	// 1. Stairs, plateau and ledge: walk +X at 3 m/s for 2.5 s from x=0.
	ch := &character{pos: mgl64.Vec3{0, 0.91, 0}, ground: kcc.NoCollider}
	topFeet, maxVy, landed := 0.0, 0.0, -1
	for i := 0; i < 150; i++ {
		w.Step(dt)
		wasGrounded := ch.grounded
		tick(w, c, ch, mgl64.Vec3{3, 0, 0})
		topFeet, maxVy = math.Max(topFeet, ch.pos[1]-0.9), math.Max(maxVy, ch.vel[1])
		if !wasGrounded && ch.grounded && ch.pos[0] > 6 && landed < 0 {
			landed = i
		}
	}
	fmt.Fprintf(out, "stairs: highest feet %.2f m (plateau 0.75 + 0.01 skin), highest vy %.2f m/s, landed below the ledge at tick %d, x=%.2f\n",
		topFeet, maxVy, landed, ch.pos[0])

	// 2. Up the 20° ramp: walk +Z at 4 m/s for 1.5 s from its foot.
	ch = &character{pos: mgl64.Vec3{10, 0.91, -5}, ground: kcc.NoCollider}
	for i := 0; i < 90; i++ {
		w.Step(dt)
		tick(w, c, ch, mgl64.Vec3{0, 0, 4})
	}
	fmt.Fprintf(out, "ramp: feet at %.2f m, z=%.2f, grounded %v\n", ch.pos[1]-0.9, ch.pos[2], ch.grounded)

	// 3. Stand still on the moving platform for 1 s.
	pp, _, err := w.Transform(platform)
	if err != nil {
		return err
	}
	ch = &character{pos: pp.Add(mgl64.Vec3{0, 0.25 + 0.91, 0}), ground: kcc.NoCollider}
	start := ch.pos
	for i := 0; i < 60; i++ {
		w.Step(dt)
		tick(w, c, ch, mgl64.Vec3{})
	}
	fmt.Fprintf(out, "platform: carried %.2f m along +Z in 1 s, still on it: %v\n", ch.pos[2]-start[2], ch.ground == platform)
	return nil
}
