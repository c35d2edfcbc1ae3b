package basic

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/motors"
)

func TestDefaultFileMatchesDefaults(t *testing.T) {
	c, err := Parse(DefaultTOML(), "basic.toml")
	if err != nil {
		t.Fatal(err)
	}
	if c != DefaultConfig() {
		t.Fatalf("basic.toml %+v != DefaultConfig %+v", c, DefaultConfig())
	}
}

func TestLoadRejectsUnknownAndOutOfRange(t *testing.T) {
	if _, err := Parse([]byte("max_sped = 3"), "x.toml"); err == nil || !strings.Contains(err.Error(), "max_sped") {
		t.Fatalf("unknown key not rejected: %v", err)
	}
	if _, err := Parse([]byte("ground_accel = -1"), "x.toml"); err == nil || !strings.Contains(err.Error(), `"ground_accel"`) {
		t.Fatalf("negative accel not rejected: %v", err)
	}
}

// At ground_accel 40 m/s^2 and 60 Hz, each tick adds 40/60 m/s, so 5 m/s is reached
// after ceil(5/(40/60)) = 8 ticks and never exceeded.
func TestAccelReachesCapInPredictedTicks(t *testing.T) {
	m, _ := New(DefaultConfig())
	ctx := motors.NewContext(1.0 / 60)
	ctx.Stance.Grounded = true
	*ctx.Intent = motors.Intent{PlanarDir: mgl64.Vec3{1, 0, 0}, Mag: 1, Speed: 5}
	ticks := 0
	for ctx.PlanarSpeed() < 5-1e-12 {
		m.Accel(ctx)
		ticks++
		if ticks > 100 {
			t.Fatal("never reached max speed")
		}
	}
	if ticks != 8 {
		t.Fatalf("reached 5 m/s after %d ticks, want 8", ticks)
	}
	m.Accel(ctx)
	if math.Abs(ctx.PlanarSpeed()-5) > 1e-12 {
		t.Fatalf("overshoot: %v", ctx.PlanarSpeed())
	}
}

func BenchmarkAccel(b *testing.B) {
	m, _ := New(DefaultConfig())
	ctx := motors.NewContext(1.0 / 60)
	ctx.Stance.Grounded = true
	*ctx.Intent = motors.Intent{PlanarDir: mgl64.Vec3{1, 0, 0}, Mag: 1, Speed: 5}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		m.Accel(ctx)
	}
}
