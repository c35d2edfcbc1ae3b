package play

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// A level's crowd ([crowd] in its TOML): walkers spread evenly round a
// closed loop of waypoints, each turning towards its next waypoint and
// walking forward every tick. Every character then blocks the others
// (systems.Options.CharacterCollisions), the player included. Their
// steering reads only their own position and the tick, so recordings
// replay them exactly.

type crowdBot struct {
	ent  donburi.Entity
	next int // index of the waypoint it walks to
}

// spawnCrowd spawns the level's crowd, if any.
func (s *Session) spawnCrowd(c *components.CrowdSpec) error {
	if c == nil || c.Count == 0 {
		return nil
	}
	s.crowdLoop = c.Loop
	perimeter := 0.0
	for i := range c.Loop {
		perimeter += c.Loop[(i+1)%len(c.Loop)].Sub(c.Loop[i]).Len()
	}
	for k := 0; k < c.Count; k++ {
		// The point at arc length k/count of the perimeter, on its leg.
		at := perimeter * float64(k) / float64(c.Count)
		leg := 0
		for ; leg < len(c.Loop); leg++ {
			l := c.Loop[(leg+1)%len(c.Loop)].Sub(c.Loop[leg]).Len()
			if at < l {
				break
			}
			at -= l
		}
		leg %= len(c.Loop)
		a, b := c.Loop[leg], c.Loop[(leg+1)%len(c.Loop)]
		p := a.Add(b.Sub(a).Normalize().Mul(at))
		ent, err := prefabs.Spawn(s.World, c.Recipe, prefabs.At(mgl64.Vec3{p[0], p[1] + 0.91, p[2]}))
		if err != nil {
			return err
		}
		s.crowd = append(s.crowd, crowdBot{ent: ent, next: (leg + 1) % len(c.Loop)})
	}
	return nil
}

// steerCrowd is the crowd's input system, before the intent stage.
func (s *Session) steerCrowd(w donburi.World, _ systems.Tick) {
	for i := range s.crowd {
		b := &s.crowd[i]
		e := w.Entry(b.ent)
		if !e.Valid() {
			continue
		}
		pos := components.Body.Get(e).Position
		target := s.crowdLoop[b.next]
		d := mgl64.Vec3{target[0] - pos[0], 0, target[2] - pos[2]}
		if d.Len() < 1 {
			b.next = (b.next + 1) % len(s.crowdLoop)
			target = s.crowdLoop[b.next]
			d = mgl64.Vec3{target[0] - pos[0], 0, target[2] - pos[2]}
		}
		// Yaw 0 faces +X and grows towards +Z.
		components.View.Get(e).Yaw = math.Atan2(d[2], d[0])
		c := components.Command.Get(e)
		c.Forward, c.Strafe, c.Pending = 1, 0, true
	}
}

// CrowdBodies returns the crowd's capsules (centre, radius, half height)
// for drawing, appended to dst.
func (s *Session) CrowdBodies(dst []CrowdBody) []CrowdBody {
	for _, b := range s.crowd {
		e := s.World.Entry(b.ent)
		if !e.Valid() {
			continue
		}
		body, k := components.Body.Get(e), components.KCC.Get(e)
		dst = append(dst, CrowdBody{Prev: body.PrevPosition, Pos: body.Position, Yaw: components.View.Get(e).Yaw,
			Radius: k.Shape.Radius, HalfHeight: k.Shape.HalfHeight})
	}
	return dst
}

// CrowdBody is one crowd walker to draw: its capsule at the last two
// ticks (for interpolation) and its heading.
type CrowdBody struct {
	Prev, Pos          mgl64.Vec3
	Yaw                float64
	Radius, HalfHeight float64
}
