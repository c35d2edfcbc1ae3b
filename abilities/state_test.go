package abilities

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors"
)

// TestQuietBeginChangesNothing: whenever Set.Before finds a character
// quiet (and skips the state machine), running the state machine would
// have returned the zero Plan and changed neither its State nor the
// character; over random states, bodies and inputs near a ladder, a pool,
// a one-way slab and walls, with every ability on and with some off. The
// check is also not always true (it compares something).
func TestQuietBeginChangesNothing(t *testing.T) {
	kw := kcc.NewWorld()
	kw.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{20, 0.5, 20}, mgl64.Quat{W: 1})
	var lv Level
	lad := kw.AddBox(mgl64.Vec3{2, 2, 0}, mgl64.Vec3{0.1, 2, 0.5}, mgl64.Quat{W: 1})
	lv.Mark(lad, SurfaceLadder, mgl64.Vec3{0.1, 2, 0.5})
	wat := kw.AddBox(mgl64.Vec3{-4, 1, 0}, mgl64.Vec3{2, 1, 2}, mgl64.Quat{W: 1})
	kw.SetSensor(wat, true)
	lv.Mark(wat, SurfaceWater, mgl64.Vec3{2, 1, 2})
	ow := kw.AddBox(mgl64.Vec3{0, 0.5, 4}, mgl64.Vec3{1, 0.05, 1}, mgl64.Quat{W: 1})
	lv.Mark(ow, SurfaceOneWay, mgl64.Vec3{})
	kw.AddBox(mgl64.Vec3{0, 2, -4}, mgl64.Vec3{3, 2, 0.5}, mgl64.Quat{W: 1})
	water, _ := lv.WaterBounds(kw)
	ctrl := kcc.NewController(kcc.DefaultConfig())
	rng := rand.New(rand.NewPCG(1, 2))
	all := Config{Climb: DefaultClimb(), Swim: DefaultSwim(), Ledge: DefaultLedge(), Wall: DefaultWall(), DropThrough: DefaultDropThrough()}
	some := all
	some.Swim.Enabled, some.DropThrough.Enabled = false, false
	quiet := 0
	for i := 0; i < 20000; i++ {
		c := &all
		if i%3 == 0 {
			c = &some
		}
		pick := func(v ...int32) int32 { return v[rng.IntN(len(v))] }
		s := State{Mode: Mode(rng.IntN(int(numModes))), Since: uint64(rng.IntN(50))}
		if rng.IntN(2) == 0 {
			s.Mode = ModeWalk
		}
		s.ladder, s.ladN = pick(0, 0, ref(lad)), mgl64.Vec3{-1, 0, 0}
		s.wall, s.wallN = pick(0, 0, ref(lad), 1), mgl64.Vec3{0, 0, 1}
		s.noGrab, s.dropT, s.drop = pick(0, 0, 0, 1), pick(0, 0, 0, 3), pick(0, ref(ow))
		b := body{
			Pos:             mgl64.Vec3{rng.Float64()*12 - 6, 0.91 + rng.Float64()*2, rng.Float64()*12 - 6},
			Vel:             mgl64.Vec3{rng.Float64()*4 - 2, rng.Float64()*4 - 2, rng.Float64()*4 - 2},
			Shape:           kcc.Capsule{Radius: 0.3, HalfHeight: 0.6},
			StandHalfHeight: 0.6,
			Grounded:        rng.IntN(3) > 0,
			GroundCollider:  kcc.ColliderID(pick(0, int32(ow))),
			Wish:            mgl64.Vec3{float64(rng.IntN(3) - 1), 0, float64(rng.IntN(3) - 1)},
			Jump:            rng.IntN(3) == 0,
			JumpHeld:        rng.IntN(2) == 0,
			Crouch:          rng.IntN(3) == 0,
			Tick:            100,
			Dt:              1.0 / 60,
		}
		st := motors.Stance{Grounded: b.Grounded}
		cmd := motors.Command{JumpPressed: b.Jump, JumpHeld: b.JumpHeld, Crouch: b.Crouch}
		x := &Context{Position: &b.Pos, Velocity: &b.Vel, Shape: &b.Shape, Stance: &st, Command: &cmd, Water: &water}
		if !s.quiet(c, x) {
			continue
		}
		quiet++
		s0, b0 := s, b
		p := s.begin(c, &world{Level: &lv, KCC: kw, Ctrl: ctrl, Water: &water}, &b)
		if p != (Plan{}) || s != s0 || b != b0 {
			t.Fatalf("case %d: quiet, but Begin planned %+v, state %+v → %+v, body %+v → %+v", i, p, s0, s, b0, b)
		}
	}
	if quiet < 500 || quiet > 15000 {
		t.Fatalf("quiet in %d of 20000 cases: the test compares too little", quiet)
	}
}
