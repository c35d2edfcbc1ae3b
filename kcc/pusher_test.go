package kcc

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// pusherRun: a character stands on a floor; a wall 2·half thick, 3 m tall
// and 4 m wide sweeps along +X at speed (kinematic, SetVelocity) from 3 m
// behind it. Each tick the world steps, then the character moves (no
// request: only recovery acts). It returns the character's x and the wall's
// x at the end, and whether the character ever ended a tick behind the
// wall (tunnelled).
func pusherRun(t *testing.T, half, speed float64, phase float64) (cx, wx float64, tunnelled bool) {
	t.Helper()
	w := NewWorld()
	w.AddBox(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{100, 0.5, 100}, mgl64.QuatIdent())
	wallStart := -3 - phase
	id := w.AddBox(mgl64.Vec3{wallStart, 1.5, 0}, mgl64.Vec3{half, 1.5, 2}, mgl64.QuatIdent())
	if err := w.SetVelocity(id, mgl64.Vec3{speed, 0, 0}, mgl64.Vec3{}); err != nil {
		t.Fatal(err)
	}
	c := NewController(DefaultConfig())
	shape := Capsule{Radius: 0.3, HalfHeight: 0.6}
	pos := mgl64.Vec3{0, 0.91, 0}
	dt := 1.0 / 60
	for i := 0; i < 40; i++ {
		w.Step(dt)
		res := c.Move(w, shape, pos, mgl64.Vec3{})
		pos = pos.Add(res.Translation)
		wp, _, _ := w.Transform(id)
		if pos[0] < wp[0] {
			tunnelled = true
		}
		wx = wp[0]
	}
	return pos[0], wx, tunnelled
}

// TestPushersNeverTunnel: walls 1 m and 0.5 m thick at 30 and 50 m/s,
// started at eight phases of a tick, carry a standing character ahead of
// them: it is never left behind the wall. (A pusher that crosses the
// whole capsule within one tick, thinner than speed·dt - 2·radius, is never
// seen overlapping and is not handled; see docs/kcc.md.)
func TestPushersNeverTunnel(t *testing.T) {
	for _, c := range []struct{ half, speed float64 }{{0.5, 50}, {0.5, 30}, {0.25, 30}} {
		bad := 0
		var msgs []string
		for k := 0; k < 8; k++ {
			phase := float64(k) / 8 * c.speed / 60
			cx, wx, tun := pusherRun(t, c.half, c.speed, phase)
			if tun {
				bad++
				msgs = append(msgs, fmt.Sprintf("phase %d: character x %.2f, wall x %.2f", k, cx, wx))
			}
		}
		if bad > 0 {
			t.Errorf("wall %.1f m thick at %v m/s: %d of 8 phases tunnelled: %v", 2*c.half, c.speed, bad, msgs)
		}
	}
}
