package plane2d

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
	dmath "github.com/yohamta/donburi/features/math"
	"github.com/yohamta/donburi/features/transform"
	"github.com/yohamta/donburi/filter"
)

// Space is how a 2D game's pixels meet the pipeline's metres.
type Space struct {
	// Plane is components.PlaneSide (a side view) or components.PlaneTop
	// (a top view).
	Plane components.Plane
	// PixelsPerMetre is how many pixels make a metre (16: a 16 px tile is
	// a metre).
	PixelsPerMetre float64
}

// Side returns the side view with ppm pixels per metre: screen X is world
// X, screen Y (down) is world -Y.
func Side(ppm float64) Space { return Space{Plane: components.PlaneSide, PixelsPerMetre: ppm} }

// Top returns the top view with ppm pixels per metre: screen X is world
// X, screen Y (down) is world +Z.
func Top(ppm float64) Space { return Space{Plane: components.PlaneTop, PixelsPerMetre: ppm} }

// Validate reports a plane that is not 2D or a scale that is not a
// positive finite number.
func (s Space) Validate() error {
	if s.Plane != components.PlaneSide && s.Plane != components.PlaneTop {
		return fmt.Errorf("plane2d: plane %d is not PlaneSide or PlaneTop", s.Plane)
	}
	if !(s.PixelsPerMetre > 0) || s.PixelsPerMetre > 1e6 {
		return fmt.Errorf("plane2d: pixels per metre %v is not in (0, 1e6]", s.PixelsPerMetre)
	}
	return nil
}

// ToWorld returns the world point (m) at screen pixel (x, y).
func (s Space) ToWorld(x, y float64) mgl64.Vec3 {
	k := s.PixelsPerMetre
	if s.Plane == components.PlaneTop {
		return mgl64.Vec3{x / k, 0, y / k}
	}
	return mgl64.Vec3{x / k, -y / k, 0}
}

// FromWorld returns the screen pixel of world point p (the pinned
// coordinate is ignored).
func (s Space) FromWorld(p mgl64.Vec3) (x, y float64) {
	k := s.PixelsPerMetre
	if s.Plane == components.PlaneTop {
		return p[0] * k, p[2] * k
	}
	return p[0] * k, -p[1] * k
}

// Length converts a length in pixels to metres.
func (s Space) Length(px float64) float64 { return px / s.PixelsPerMetre }

// Position returns a character's position (its centre) in pixels.
func (s Space) Position(e *donburi.Entry) (x, y float64) {
	return s.FromWorld(components.Body.Get(e).Position)
}

// Velocity returns a character's velocity in pixels per second (screen
// axes: +y is down).
func (s Space) Velocity(e *donburi.Entry) (vx, vy float64) {
	return s.FromWorld(components.Body.Get(e).Velocity)
}

// SetPosition moves a character to pixel (x, y) (its centre), as a
// teleport: its previous position too, so nothing is swept between them.
// The pinned coordinate stays the character's.
func (s Space) SetPosition(e *donburi.Entry, x, y float64) {
	b := components.Body.Get(e)
	p := s.ToWorld(x, y)
	if s.Plane == components.PlaneTop {
		p[1] = b.Position[1]
	} else {
		p[2] = b.Position[2]
	}
	b.Position, b.PrevPosition = p, p
}

// SetVelocity sets a character's velocity in pixels per second (screen
// axes).
func (s Space) SetVelocity(e *donburi.Entry, vx, vy float64) {
	v := s.ToWorld(vx, vy)
	components.Body.Get(e).Velocity = v
}

// transformQuery finds the characters that have donburi's transform.
var transformQuery = donburi.NewQuery(filter.Contains(components.Body, transform.Transform))

// SyncTransforms writes every character's position, in pixels, into its
// donburi transform (transform.SetWorldPosition: a child of another
// transform keeps its parent); a top-view character's rotation is its
// view's yaw in degrees (donburi's unit). Characters without transform.Transform are left alone.
func (s Space) SyncTransforms(w donburi.World) {
	transformQuery.Each(w, func(e *donburi.Entry) {
		x, y := s.Position(e)
		transform.SetWorldPosition(e, dmath.Vec2{X: x, Y: y})
		if s.Plane == components.PlaneTop && e.HasComponent(components.View) {
			// donburi's rotation is in degrees, clockwise on screen as
			// the yaw turns from +X toward +Z (screen down).
			transform.SetWorldRotation(e, dmath.ToDegrees(components.View.Get(e).Yaw))
		}
	})
}

// TransformSystem is the name of the system Install adds.
const TransformSystem = "plane2d.transforms"

// Install adds SyncTransforms to the end of the pipeline's KCC stage, so
// every tick leaves the transforms where the characters are.
func (s Space) Install(p *systems.Pipeline) error {
	if err := s.Validate(); err != nil {
		return err
	}
	return p.Add(systems.StageKCC, TransformSystem, func(w donburi.World, _ systems.Tick) { s.SyncTransforms(w) })
}
