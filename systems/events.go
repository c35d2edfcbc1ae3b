package systems

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/kcc"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/features/events"
)

// Character events (Options.Events). The KCC stage turns what a character's move changed
// into donburi events (features/events), the ecosystem's way to tell a
// game's systems that something happened: a landing, a wall touched, a
// crush, a sensor entered or left. Each is an edge: a character standing
// against a wall is told once, when it touches it. They are published in
// the stage's "events" system, after the sensors, character by character
// in stable-ID order, then processed at once: the subscribers run there,
// inside Step, in publish order.
//
// Events change nothing the pipeline computes: a tick has the same bits
// with or without subscribers (a subscriber that changes the world, as a
// kill on a crush does, changes what follows, as any system would). The
// edges come from the characters' state (KCC), so a loaded state or a
// rollback's resimulation publishes the same events again for the ticks
// it plays.

// EventKind says what happened to a character.
type EventKind uint8

// The kinds of character events.
const (
	// EventLanded: grounded after a tick in the air. Collider is the
	// ground, Normal its normal, Speed the speed into it just before.
	EventLanded EventKind = iota + 1
	// EventTouchedWall: a Move met a wall (kcc.MoveResult.OnWall) after
	// one that did not. Collider is the wall, Normal its normal.
	EventTouchedWall
	// EventCrushed: squeezed (kcc.MoveResult.Crushed: colliders press it
	// from opposite sides and it cannot fit) after a tick that was not.
	// KCCData.Crushed stays set while the squeeze lasts: the game decides
	// what a crush does (docs/kcc.md, "Pushing and crushing").
	EventCrushed
	// EventEnteredSensor and EventExitedSensor: the capsule began or
	// stopped overlapping the sensor Collider (the level's doors' and the
	// game's sensors, kcc.World.SetSensor).
	EventEnteredSensor
	EventExitedSensor
)

var eventKindNames = [...]string{"", "landed", "touched wall", "crushed", "entered sensor", "exited sensor"}

// String names the kind.
func (k EventKind) String() string {
	if int(k) < len(eventKindNames) && k != 0 {
		return eventKindNames[k]
	}
	return "unknown event"
}

// Event is a character event.
type Event struct {
	Kind EventKind
	// Tick is the tick it happened in (Tick.N).
	Tick uint64
	// ID and Entity are the character's.
	ID     components.StableID
	Entity donburi.Entity
	// Collider is the ground, wall or sensor met (kcc.NoCollider for a
	// crush).
	Collider kcc.ColliderID
	// Normal is the ground's or the wall's unit normal (zero otherwise).
	Normal mgl64.Vec3
	// Speed is, for a landing, the speed into the ground (m/s) just
	// before it.
	Speed float64
}

// Events is the character events' type: a game subscribes with
// systems.Events.Subscribe(world, func(w donburi.World, e systems.Event)).
var Events = events.NewEventType[Event]()

// moveEvents are the edges a character's last move made, kept by the
// KCC stage's report until the events system publishes them.
type moveEvents struct {
	kinds                  uint8 // bit k: EventKind k
	ground, wall           kcc.ColliderID
	groundNormal, wallNorm mgl64.Vec3
	landSpeed              float64
}

// noteMoveEvents records the edges of a character's move with velocity
// v (the KCC report, before it overwrites the last move's flags in k).
func noteMoveEvents(c *character, res *kcc.MoveResult, grounded bool, v mgl64.Vec3) {
	k, ev := c.k, &c.events
	if grounded && !k.Grounded {
		ev.kinds |= 1 << EventLanded
		ev.ground, ev.groundNormal = res.GroundCollider, res.GroundNormal
		ev.landSpeed = max(-detmath.Dot(v, res.GroundNormal), 0)
	}
	if res.OnWall && !k.OnWall {
		ev.kinds |= 1 << EventTouchedWall
		ev.wall, ev.wallNorm = kcc.NoCollider, res.WallNormal
		for i := range res.Collisions {
			if res.Collisions[i].Normal == res.WallNormal {
				ev.wall = res.Collisions[i].Collider
				break
			}
		}
	}
	if res.Crushed && !k.Crushed {
		ev.kinds |= 1 << EventCrushed
	}
}

// eventsStep is the "events" system, after the sensors: it publishes the
// characters' events of the tick and processes them.
func (p *Pipeline) eventsStep(w donburi.World, t Tick) {
	published := false
	for i := range p.chars {
		c := &p.chars[i]
		ev := &c.events
		if ev.kinds == 0 {
			continue
		}
		e := Event{Tick: t.N, ID: c.id, Entity: c.e.Entity(), Collider: kcc.NoCollider}
		for kind := EventLanded; kind <= EventCrushed; kind++ {
			if ev.kinds&(1<<kind) == 0 {
				continue
			}
			e.Kind, e.Collider, e.Normal, e.Speed = kind, kcc.NoCollider, mgl64.Vec3{}, 0
			switch kind {
			case EventLanded:
				e.Collider, e.Normal, e.Speed = ev.ground, ev.groundNormal, ev.landSpeed
			case EventTouchedWall:
				e.Collider, e.Normal = ev.wall, ev.wallNorm
			}
			Events.Publish(w, e)
			published = true
		}
		*ev = moveEvents{}
	}
	if le, ok := p.levelEntry(); ok {
		if lv := components.Level.Get(le); lv.World != nil && lv.Sensors != nil {
			for _, se := range lv.Sensors.Events {
				kind := EventEnteredSensor
				switch se.Kind {
				case kcc.SensorEnter:
				case kcc.SensorExit:
					kind = EventExitedSensor
				default:
					continue
				}
				e := Event{Kind: kind, Tick: t.N, ID: components.StableID(se.Character), Collider: se.Sensor}
				if c, ok := p.Character(e.ID); ok {
					e.Entity = c.Entity()
				}
				Events.Publish(w, e)
				published = true
			}
		}
	}
	if published {
		Events.ProcessEvents(w)
	}
}
