package hybrid

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/motors"
)

// BenchmarkMotorTick runs IntentSpeedCap, the three stages and the metrics
// append for one entity per iteration, with the input direction rotating so
// blending, momentum changes and turning all happen. Compare with
// BenchmarkBaselineInline from the same run.
func BenchmarkMotorTick(b *testing.B) {
	m := mustNew(DefaultConfig())
	var mot motors.Motor = m
	ctx := newCtx(60)
	ctx.Command.Sprint = true
	metrics := make([]motors.Metric, 0, 16)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d := motors.YawForward(float64(i>>6) * 0.5)
		*ctx.Intent = motors.Intent{Dir: d, PlanarDir: d, Mag: 1}
		ctx.Intent.Speed = mot.IntentSpeedCap(ctx)
		mot.Friction(ctx)
		mot.Accel(ctx)
		mot.Shaping(ctx)
		metrics = m.AppendMetrics(metrics[:0])
	}
	sinkF = ctx.Velocity[0] + metrics[0].Value
}

// BenchmarkBaselineInline is the plain-Go baseline: the same influence,
// blend, move_toward and lerp_angle arithmetic written inline, without the
// interface calls, debug record or metrics.
func BenchmarkBaselineInline(b *testing.B) {
	var v mgl64.Vec3
	facing, mult, dt := 0.0, 1.0, 1.0/60
	var prev mgl64.Vec3
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		in := motors.YawForward(float64(i>>6) * 0.5)
		mult = math.Min(mult+4*dt, 2.1)
		s := math.Hypot(v[0], v[2])
		inf := 0.0
		if s >= 2 {
			inf = math.Min((s-2)/4.3, 1)
			if prev.Dot(in) > 0.8 {
				inf = math.Min(inf+0.2, 1)
			}
		}
		f := motors.YawForward(facing)
		bl := in.Mul(1 - inf).Add(f.Mul(inf))
		bl = bl.Mul(1 / bl.Len())
		d := bl.Mul(3 * mult).Sub(v)
		if l := d.Len(); l > 30*dt {
			d = d.Mul(30 * dt / l)
		}
		v = v.Add(d)
		turn := 8 * (1 - 0.9875*0.7*math.Min(s/6.3, 1))
		facing = LerpAngle(facing, math.Atan2(in[2], in[0]), turn*dt)
		prev = in
	}
	sinkF = v[0] + facing
}

var sinkF float64
