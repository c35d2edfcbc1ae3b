package rpg

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/motors"
)

// BenchmarkMotorTick runs the three motor stages plus the metrics append for
// one entity per iteration, alternating run and release so both tau paths
// are taken. Compare with BenchmarkBaselineInline (same arithmetic, no
// interface, no metrics) from the same run.
func BenchmarkMotorTick(b *testing.B) {
	m := mustNew(DefaultConfig())
	var mot motors.Motor = m
	ctx := newCtx(60)
	metrics := make([]motors.Metric, 0, 8)
	dir := motors.YawForward(0.3)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i&64 == 0 {
			*ctx.Intent = motors.Intent{Dir: dir, PlanarDir: dir, Mag: 1}
			ctx.Intent.Speed = mot.IntentSpeedCap(ctx)
		} else {
			*ctx.Intent = motors.Intent{}
		}
		mot.Friction(ctx)
		mot.Accel(ctx)
		mot.Shaping(ctx)
		metrics = m.AppendMetrics(metrics[:0])
	}
	sinkF = ctx.Velocity[0] + metrics[0].Value
}

// BenchmarkBaselineInline is the plain-Go baseline: the same exponential
// tracking and cap written inline on a Vec3.
func BenchmarkBaselineInline(b *testing.B) {
	var v mgl64.Vec3
	dir := motors.YawForward(0.3)
	dt, maxS := 1.0/60, 6.0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		speed := 0.0
		if i&64 == 0 {
			speed = maxS
		}
		tau := 0.14
		if speed > math.Hypot(v[0], v[2]) {
			tau = 0.18
		}
		a := -math.Expm1(-dt / tau)
		v[0] += (dir[0]*speed - v[0]) * a
		v[2] += (dir[2]*speed - v[2]) * a
		if s := math.Hypot(v[0], v[2]); s > maxS {
			v[0], v[2] = v[0]*maxS/s, v[2]*maxS/s
		}
	}
	sinkF = v[0]
}

var sinkF float64
