package systems

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors"
	"github.com/yohamta/donburi"
)

// platformsStep is the "platforms" system, first in the KCC stage: it
// moves the level's movers (components.LevelData.Movers) for this tick.
// Doors on a sensor open while some character's capsule is in the sensor
// at the start of the tick.
func (p *Pipeline) platformsStep(w donburi.World, t Tick) {
	e, ok := p.levelEntry()
	if !ok {
		return
	}
	lv := components.Level.Get(e)
	if lv.World == nil {
		return
	}
	if lv.Movers == nil {
		if lv.World.HasConveyors() {
			lv.World.Step(t.Dt) // for Carry: conveyors carry by dt
		}
		return
	}
	p.occupied = p.occupied[:0]
	needSensors := false
	for i := range lv.Movers.Doors {
		if lv.Movers.Doors[i].Sensor != kcc.NoCollider {
			needSensors = true
			break
		}
	}
	if needSensors {
		p.refreshCharacters()
		p.stores.refetch(p.chars)
		for i := range p.chars {
			c := &p.chars[i]
			p.occupied = lv.World.Sensors(c.k.Shape, c.body.Position, characterLayer(c.k), p.occupied)
		}
	}
	if err := lv.Movers.Apply(lv.World, t.N, t.Dt, p.isOccupiedFn); err != nil {
		p.platformErr = err
	}
}

func (p *Pipeline) isOccupied(id kcc.ColliderID) bool {
	for _, s := range p.occupied {
		if s == id {
			return true
		}
	}
	return false
}

// characterLayer is the layer a character is on for sensors: the lowest
// bit of its controller's collision mask (DefaultLayer when the mask is 0
// or all, or it has no controller).
func characterLayer(k *components.KCCData) uint32 {
	m := uint32(0)
	if k.Controller != nil {
		m = k.Controller.CollisionMask()
	}
	if m == 0 || m == kcc.AllLayers {
		return kcc.DefaultLayer
	}
	return m & -m
}

// PlatformError returns the last error the platforms system met (a mover
// whose collider the game removed), or nil. Movers that fail are skipped;
// the others keep moving.
func (p *Pipeline) PlatformError() error { return p.platformErr }

// sensorsStep is the "sensors" system, after the KCC system: it reports
// every character's sensors for this tick into the level's tracker.
func (p *Pipeline) sensorsStep(w donburi.World, _ Tick) {
	e, ok := p.levelEntry()
	if !ok {
		return
	}
	lv := components.Level.Get(e)
	if lv.World == nil || lv.Sensors == nil {
		return
	}
	lv.Sensors.Begin()
	p.refreshCharacters()
	p.stores.refetch(p.chars)
	for i := range p.chars {
		c := &p.chars[i]
		p.sensorBuf = lv.World.Sensors(c.k.Shape, c.body.Position, characterLayer(c.k), p.sensorBuf[:0])
		lv.Sensors.Update(int(c.id), p.sensorBuf)
	}
}

// clearCarriedYaw sets k.CarriedYaw to +0, writing it only when it is
// not +0 already: on most ticks nothing carries a character, and the
// cache line of KCCData it lies in, read but left clean, is then not
// written back to memory (10,000 walkers do not stay in the caches).
func clearCarriedYaw(k *components.KCCData) {
	if math.Float64bits(k.CarriedYaw) != 0 {
		k.CarriedYaw = 0
	}
}

// carry moves a character standing on a moving collider with it, before
// its own move: by the controller's CarryWith (World.Carry's displacement, cut
// short at other colliders: a lift does not push its rider into a
// ceiling), turning its view by the carried yaw when TurnWithPlatform is
// set. opts are the character's kcc options (its filter leaving its own
// capsule out with character collisions, the contact listener).
func (p *Pipeline) carry(ctrl *kcc.Controller, opts kcc.MoveOptions, view *components.ViewData, k *components.KCCData, body *components.BodyData, level *kcc.World) {
	clearCarriedYaw(k)
	if !k.Grounded || k.GroundCollider == kcc.NoCollider || level == nil || k.Plane == components.PlaneTop {
		return
	}
	if !level.Carries(k.GroundCollider) {
		// Still ground: the carry is a zero delta. Adding it is all it does
		// (a -0 coordinate becomes +0, as Add would make it).
		bp := &body.Position
		bp[0], bp[1], bp[2] = bp[0]+0, bp[1]+0, bp[2]+0
		return
	}
	// The point carried is the bottom of the capsule, where it touches
	// the collider: on a tilting platform a point higher up would move
	// differently from the surface under the feet, and the gap to it
	// would creep open until the character lost the ground. A character
	// without a controller (no collision) is carried unswept.
	var d mgl64.Vec3
	var yaw float64
	if ctrl != nil {
		d, yaw = ctrl.CarryWith(level, k.Shape, body.Position, k.GroundCollider, opts)
	} else {
		up := motors.Up
		feet := body.Position.Sub(detmath.Scale(up, k.Shape.HalfHeight+k.Shape.Radius))
		d, yaw = level.Carry(k.GroundCollider, feet, up)
	}
	if !finiteVec(d) {
		return
	}
	body.Position = body.Position.Add(d)
	k.CarriedYaw = yaw
	if k.TurnWithPlatform && yaw != 0 && view != nil {
		// Yaw grows from +X towards +Z, a clockwise turn seen from above:
		// a counter-clockwise carry decreases it.
		view.Yaw -= yaw
	}
}

// leave applies the platform-leave policy to v when a character that
// stood on collider g (at pos), moved by ctrl, is no longer grounded on it.
func leave(k *components.KCCData, ctrl *kcc.Controller, level *kcc.World, g kcc.ColliderID, pos, v mgl64.Vec3) mgl64.Vec3 {
	if level == nil || g == kcc.NoCollider || k.OnLeave == components.LeaveDoNothing {
		return v
	}
	pv := level.PointVelocity(g, pos)
	switch k.OnLeave {
	case components.LeaveAddVelocity:
		v = v.Add(pv)
	case components.LeaveAddUpwardVelocity:
		// Godot's meaning: the platform's velocity without its downward
		// part (a jump off a descending lift keeps its full height).
		up := upOf(ctrl)
		if d := detmath.Dot(pv, up); d < 0 {
			pv = pv.Sub(detmath.Scale(up, d))
		}
		v = v.Add(pv)
	}
	clampVec(&v, maxSpeed)
	return v
}

// upOf is ctrl's up axis (unit length: the controller sanitizes it),
// motors.Up without a controller.
func upOf(ctrl *kcc.Controller) mgl64.Vec3 {
	if ctrl == nil {
		return motors.Up
	}
	return ctrl.Up()
}

// livingStage is the state of the living world's systems: the sensors
// occupied this tick, a buffer for one character's sensors, the last mover
// error, and the callbacks bound once.
type livingStage struct {
	occupied     []kcc.ColliderID
	sensorBuf    []kcc.ColliderID
	platformErr  error
	isOccupiedFn func(kcc.ColliderID) bool
}
