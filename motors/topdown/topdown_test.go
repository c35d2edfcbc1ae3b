package topdown_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/topdown"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// run spawns topdown_hero on the flat level and plays cmds (one per
// tick), returning its planar velocity (px/s, screen axes) and position
// (px) after each tick; it fails if the height ever changes.
func run(t *testing.T, cmds []components.CommandData) (vel, pos [][2]float64) {
	t.Helper()
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		t.Fatal(err)
	}
	ent, err := prefabs.Spawn(w, "topdown_hero", prefabs.At(mgl64.Vec3{0, 2, 0}))
	if err != nil {
		t.Fatal(err)
	}
	e := w.Entry(ent)
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	for _, c := range cmds {
		systems.Submit(e, c)
		p.Step()
		b := components.Body.Get(e)
		if b.Position[1] != 2 || b.Velocity[1] != 0 {
			t.Fatalf("left the plane: %v %v", b.Position, b.Velocity)
		}
		vel = append(vel, [2]float64{b.Velocity[0] * 16, b.Velocity[2] * 16})
		pos = append(pos, [2]float64{b.Position[0] * 16, b.Position[2] * 16})
	}
	return vel, pos
}

func repeat(n int, c components.CommandData) []components.CommandData {
	out := make([]components.CommandData, n)
	for i := range out {
		out[i] = c
	}
	return out
}

// TestTopDownClosedForm checks the default recipe against numbers worked
// out from its knobs at 60 Hz (px, px/s; screen y down):
//
//   - Run-up: accel 960 px/s^2 is 16 px/s a tick: 96 px/s on the 6th.
//   - Stop: friction 1200 px/s^2 is 20 px/s a tick: 76, 56, 36, 16, 0;
//     the stop covers (76+56+36+16)/60 = 3.0667 px (the continuous
//     v^2/2f = 3.84 px is an upper bound).
//   - Diagonal: up-right at full input is 96 px/s along (1, -1)/sqrt 2.
//   - Dash: 288 px/s for 9 ticks (43.2 px), then 96 px/s.
func TestTopDownClosedForm(t *testing.T) {
	right := components.CommandData{Strafe: 1}
	v, p := run(t, append(repeat(10, right), repeat(10, components.CommandData{})...))
	for i, want := range []float64{16, 32, 48, 64, 80, 96, 96} {
		if math.Abs(v[i][0]-want) > 1e-9 {
			t.Fatalf("run-up tick %d: %v px/s, want %v", i, v[i][0], want)
		}
	}
	for i, want := range []float64{76, 56, 36, 16, 0} {
		if math.Abs(v[10+i][0]-want) > 1e-9 {
			t.Fatalf("stop tick %d: %v px/s, want %v", i, v[10+i][0], want)
		}
	}
	if d := p[19][0] - p[9][0]; math.Abs(d-184.0/60) > 1e-9 {
		t.Fatalf("stop distance %v px, want %v", d, 184.0/60)
	}
	v, _ = run(t, repeat(20, components.CommandData{Strafe: 1, Forward: 1}))
	if s := math.Hypot(v[19][0], v[19][1]); math.Abs(s-96) > 1e-9 || math.Abs(v[19][0]+v[19][1]) > 1e-9 {
		t.Fatalf("diagonal velocity %v, want 96 px/s up-right", v[19])
	}
	dash := append(repeat(1, components.CommandData{Strafe: 1, DashPressed: true}), repeat(12, right)...)
	v, p = run(t, dash)
	if d := p[8][0] - 0; math.Abs(d-43.2) > 1e-9 || math.Abs(v[8][0]-288) > 1e-9 || math.Abs(v[9][0]-96) > 1e-9 {
		t.Fatalf("dash: %v px in 9 ticks at %v px/s, then %v; want 43.2 px, 288, 96", d, v[8][0], v[9][0])
	}
}

// ExampleMotor runs the motor by hand with right held: 960 px/s^2 reach
// the top speed of 96 px/s (6 m/s at 16 px per metre) on the 6th tick.
func ExampleMotor() {
	m, err := topdown.New(topdown.DefaultConfig())
	if err != nil {
		panic(err)
	}
	ctx := motors.NewContext(1.0 / 60)
	ctx.Command.Strafe = 1
	for tick := 1; tick <= 8; tick++ {
		m.Friction(ctx)
		m.Accel(ctx)
		m.Shaping(ctx)
		fmt.Printf("%.0f ", ctx.Velocity[0]*16)
	}
	fmt.Println("px/s")
	// Output: 16 32 48 64 80 96 96 96 px/s
}
