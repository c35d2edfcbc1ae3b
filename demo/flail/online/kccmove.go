package online

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/kcc"
)

// KCCMover returns the prediction's car move (a Mover): the own car's kcc
// controller against the arena level at height y, as the server's KCC stage
// moves a planar car — where a wall cut the move, the velocity becomes the
// actual translation over dt, never faster than before. It is written under
// the simulation's determinism rules (docs/architecture.md#determinism), so
// a browser (wasm) client predicts the same bits as a native one.
func KCCMover(ctrl *kcc.Controller, level *kcc.World, shape kcc.Capsule, y float64) Mover {
	return func(pos, vel [2]float64, dt float64) ([2]float64, [2]float64) {
		return KCCMove(ctrl, level, shape, y, pos, vel, dt)
	}
}

// KCCMove is one move of KCCMover, without building the closure.
func KCCMove(ctrl *kcc.Controller, level *kcc.World, shape kcc.Capsule, y float64, pos, vel [2]float64, dt float64) ([2]float64, [2]float64) {
	d := mgl64.Vec3{float64(vel[0] * dt), 0, float64(vel[1] * dt)}
	if ctrl == nil || level == nil {
		return [2]float64{pos[0] + d[0], pos[1] + d[2]}, vel
	}
	tr := ctrl.Move(level, shape, mgl64.Vec3{pos[0], y, pos[1]}, d).Translation
	if !(math.Abs(tr[0]) < 1e3 && math.Abs(tr[2]) < 1e3) { // NaN or absurd: stay
		return pos, [2]float64{}
	}
	np := [2]float64{pos[0] + tr[0], pos[1] + tr[2]}
	if detmath.Hypot(tr[0]-d[0], tr[2]-d[2]) > 1e-9 {
		nv := [2]float64{tr[0] / dt, tr[2] / dt}
		if old, l := detmath.Hypot(vel[0], vel[1]), detmath.Hypot(nv[0], nv[1]); l > old && l > 0 {
			nv[0], nv[1] = float64(nv[0]*old)/l, float64(nv[1]*old)/l
		}
		vel = nv
	}
	return np, vel
}
