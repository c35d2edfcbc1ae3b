package platforms

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

// Path is how a mover travels. With two or more waypoints it goes from one
// to the next at Speed, waiting Wait[i] seconds on arriving at waypoint i
// (the first wait happens at t = 0); after the last it comes back the same
// way (ping-pong) or, with Loop, goes on to the first. With one waypoint it
// stays there. Independently, Spin turns it at a constant angular velocity
// (rad/s about the world axis Spin) starting from Rot.
type Path struct {
	Waypoints []mgl64.Vec3
	// Wait holds the pause at each waypoint in seconds: empty (no pauses)
	// or one per waypoint.
	Wait []float64
	// Speed is the travel speed in m/s along the segments.
	Speed float64
	// Loop makes the path a cycle (last -> first); otherwise it reverses.
	Loop bool
	// Rot is the rotation at t = 0 (zero Quat: identity).
	Rot mgl64.Quat
	// Spin is the angular velocity in rad/s (zero: no turning).
	Spin mgl64.Vec3
	// Swing rocks the platform like a seesaw: about the axis of Swing by
	// |Swing|·sin(2π·t/SwingPeriod) radians (before Spin, after Rot); zero:
	// no rocking. SwingPeriod is in seconds.
	Swing       mgl64.Vec3
	SwingPeriod float64
}

// Errors of Path.Validate.
var ErrBadPath = errors.New("platforms: invalid path")

// MaxWaypoints bounds a path's waypoints.
const MaxWaypoints = 1024

// Validate reports the first problem that makes the path unusable: no
// waypoint, too many, a non-finite value, a negative wait, a wait list of
// the wrong length, a speed that is not positive and finite when the path
// has two distinct waypoints, or a spin above 100 rad/s.
func (p *Path) Validate() error {
	n := len(p.Waypoints)
	if n == 0 || n > MaxWaypoints {
		return fmt.Errorf("%w: %d waypoints (want 1..%d)", ErrBadPath, n, MaxWaypoints)
	}
	for i, w := range p.Waypoints {
		if !finite3(w) {
			return fmt.Errorf("%w: waypoint %d is not finite", ErrBadPath, i)
		}
	}
	if len(p.Wait) != 0 && len(p.Wait) != n {
		return fmt.Errorf("%w: %d waits for %d waypoints", ErrBadPath, len(p.Wait), n)
	}
	for i, w := range p.Wait {
		if !(w >= 0) || math.IsInf(w, 0) {
			return fmt.Errorf("%w: wait %d = %v (want >= 0)", ErrBadPath, i, w)
		}
	}
	if p.length() > 0 && (!(p.Speed > 0) || math.IsInf(p.Speed, 0)) {
		return fmt.Errorf("%w: speed %v (want > 0)", ErrBadPath, p.Speed)
	}
	if !finite3(p.Swing) || detmath.Len(p.Swing) > math.Pi {
		return fmt.Errorf("%w: swing %v (want finite, at most π rad)", ErrBadPath, p.Swing)
	}
	if p.Swing != (mgl64.Vec3{}) && !(p.SwingPeriod > 0.01 && p.SwingPeriod < 1e6) {
		return fmt.Errorf("%w: swing period %v (want 0.01 .. 1e6 s)", ErrBadPath, p.SwingPeriod)
	}
	if !finite3(p.Spin) || detmath.Len(p.Spin) > 100 {
		return fmt.Errorf("%w: spin %v (want finite, at most 100 rad/s)", ErrBadPath, p.Spin)
	}
	if !finite(p.Rot.W) || !finite3(p.Rot.V) {
		return fmt.Errorf("%w: rotation %v", ErrBadPath, p.Rot)
	}
	return nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

func finite3(v mgl64.Vec3) bool { return finite(v[0]) && finite(v[1]) && finite(v[2]) }

// legs returns the legs of one cycle as (from, to) waypoint indices:
// 0->1->..->n-1 and then n-1->0 (Loop) or back n-2->..->0 (ping-pong).
func (p *Path) leg(k int) (from, to int) {
	n := len(p.Waypoints)
	if p.Loop {
		return k % n, (k + 1) % n
	}
	if k < n-1 {
		return k, k + 1
	}
	j := k - (n - 1) // on the way back
	return n - 1 - j, n - 2 - j
}

func (p *Path) legs() int {
	n := len(p.Waypoints)
	if n < 2 {
		return 0
	}
	if p.Loop {
		return n
	}
	return 2 * (n - 1)
}

func (p *Path) wait(i int) float64 {
	if len(p.Wait) == 0 {
		return 0
	}
	return p.Wait[i]
}

// length is the distance travelled in one cycle.
func (p *Path) length() float64 {
	l := 0.0
	for k := 0; k < p.legs(); k++ {
		a, b := p.leg(k)
		l += detmath.Len(p.Waypoints[b].Sub(p.Waypoints[a]))
	}
	return l
}

// Period is the duration of one cycle in seconds (travel plus waits), 0
// for a path that does not travel.
func (p *Path) Period() float64 {
	if p.length() == 0 {
		return 0
	}
	t := p.length() / p.Speed
	for k := 0; k < p.legs(); k++ {
		a, _ := p.leg(k)
		t += p.wait(a)
	}
	return t
}

// PoseAt returns the position and rotation at time t seconds (t < 0 is
// taken as 0). The path must be valid (Validate). It is a pure function
// of t.
func (p *Path) PoseAt(t float64) (mgl64.Vec3, mgl64.Quat) {
	if !(t > 0) {
		t = 0
	}
	rot := p.Rot
	if rot == (mgl64.Quat{}) {
		rot = mgl64.QuatIdent()
	}
	rot = detmath.QuatNormalize(rot)
	if a := detmath.Len(p.Swing); a > 0 && p.SwingPeriod > 0 {
		phase := math.Mod(t, p.SwingPeriod) / p.SwingPeriod
		angle := float64(a * detmath.Sin(float64(2*math.Pi*phase)))
		rot = detmath.QuatNormalize(detmath.QuatMul(detmath.QuatRotate(angle, detmath.Scale(p.Swing, 1/a)), rot))
	}
	if s := detmath.Len(p.Spin); s > 0 {
		rot = detmath.QuatNormalize(detmath.QuatMul(detmath.QuatRotate(math.Mod(float64(s*t), 2*math.Pi), detmath.Scale(p.Spin, 1/s)), rot))
	}
	if len(p.Waypoints) == 1 || p.length() == 0 {
		return p.Waypoints[0], rot
	}
	tc := math.Mod(t, p.Period())
	for k := 0; k < p.legs(); k++ {
		a, b := p.leg(k)
		if w := p.wait(a); tc < w {
			return p.Waypoints[a], rot
		} else {
			tc -= w
		}
		d := p.Waypoints[b].Sub(p.Waypoints[a])
		dur := detmath.Len(d) / p.Speed
		if tc < dur {
			return p.Waypoints[a].Add(detmath.Scale(d, tc/dur)), rot
		}
		tc -= dur
	}
	// Rounding at the very end of the cycle: the start.
	return p.Waypoints[0], rot
}
