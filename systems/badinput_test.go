package systems_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
)

func TestHostileCommandsNeverPoisonState(t *testing.T) {
	_, p, e := newWalker(t, "course")
	r := systems.NewRunner(p, systems.RunnerOptions{})
	nan, inf := math.NaN(), math.Inf(1)
	hostile := []components.CommandData{
		{Forward: nan, Strafe: nan},
		{Forward: inf, Strafe: -inf, JumpPressed: true, JumpHeld: true},
		{Forward: 1e9, Strafe: -1e9},
		{Forward: -inf, Strafe: inf, DashPressed: true},
		{Forward: 1, Strafe: 1e-320}, // denormal
	}
	frames := []float64{1.0 / 60, nan, -1, 0, 2, inf, 1e-9, 1.0 / 60}
	for i := 0; i < 600; i++ {
		c := hostile[i%len(hostile)]
		components.View.Get(e).Yaw = []float64{nan, inf, -inf, 1e300, 0.5}[i%5]
		systems.Submit(e, c)
		r.Advance(frames[i%len(frames)])
		b := components.Body.Get(e)
		if !motors.FiniteVec(b.Position) || !motors.FiniteVec(b.Velocity) {
			t.Fatalf("frame %d: state became non-finite: %+v", i, *b)
		}
		if sp := motors.Planar(b.Velocity).Len(); sp > 5+1e-9 {
			t.Fatalf("frame %d: axes of 1e9 gave planar speed %v above the 5 m/s cap", i, sp)
		}
	}
}

func TestNaNSpawnPositionIsRecovered(t *testing.T) {
	_, p, e := newWalker(t, "flat", prefabs.At(mgl64.Vec3{math.NaN(), 1, 0}))
	p.Step()
	if b := components.Body.Get(e); !motors.FiniteVec(b.Position) {
		t.Fatalf("NaN spawn position stayed: %v", b.Position)
	}
}
