package kcc

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Capsule is the character's shape, Rapier's convention: HalfHeight is half
// the length of the segment between the two sphere centres, so the total
// height is 2*(HalfHeight+Radius). Its position is its centre and its axis is
// Config.Up, so the feet are at pos - Up*(HalfHeight+Radius). A capsule with
// HalfHeight 0 is a sphere.
//
// With Box set, the character is the capsule's bounding box instead: an
// axis-aligned box (aligned with Up and the world axes, or with Up and a
// perpendicular pair when Up is not +Y; the character never rotates) of
// half extents Radius across and HalfHeight+Radius along Up, with the same
// centre and feet. A box stands on the last millimetre of a ledge where a
// capsule rolls off its rounded bottom, and its sides are flat against
// walls: the shape of a platformer's hero. Every call that takes a
// Capsule takes the box with it: Moves, CarryWith, OverlapsWith, the
// World's queries (CastCapsule, Contacts, OverlapCapsule, Sensors; the
// box aligned with the axis they are given) and AddCapsule (a box
// character's collider). See "Box or capsule" in docs/kcc.md.
type Capsule struct {
	Radius, HalfHeight float64
	// Box makes the character the capsule's bounding box (see Capsule).
	Box bool
}

// Autostep configures climbing onto small obstacles (stairs, kerbs).
type Autostep struct {
	// MaxHeight is the highest step climbed, in meters: the height of the
	// step's top (the walkable support the character ends on) above the
	// ground its feet stand on before the step. Both resting positions keep
	// the Offset gap, so it is also the rise of the feet. A step MaxHeight
	// high is climbed; any higher (1 mm is enough) blocks. Default 0.35 (a
	// stair riser is 0.15-0.2 m; 0.35 leaves room for kerbs without letting
	// a character walk onto waist-high boxes).
	MaxHeight float64
	// MinWidth is the free depth that must exist on top of the step, in
	// meters. Default 0.2: a tread narrower than that (a ledge, a thin
	// rail) is not stepped onto.
	MinWidth float64
	// IncludeDynamic is accepted for Rapier compatibility and has no
	// effect: steps are climbed onto any collider, moving ones included.
	IncludeDynamic bool
}

// Config holds the controller's settings. Every length is absolute, in
// meters; angles are in radians. DefaultConfig documents each default.
type Config struct {
	// Up is the world's up direction and the capsule axis. Default
	// (0, 1, 0). It is normalized by NewController.
	Up mgl64.Vec3
	// Offset is the skin: the gap kept between the capsule and the geometry.
	// Default 0.01 m, as Rapier's 1% of a ~1 m character. A gap avoids
	// starting each cast in contact, which is slow and numerically fragile.
	Offset float64
	// MaxSlopeClimbAngle is the steepest slope (angle between the surface
	// normal and Up) the character can walk up and that counts as ground.
	// Default 45 degrees (Rapier's default).
	// A horizontal request into a walkable slope keeps its horizontal
	// length up to 45°; on a steeper one (walkable under a raised limit) it
	// keeps its length along the surface, so a 60° ramp is not climbed at
	// twice the requested speed.
	MaxSlopeClimbAngle float64
	// MinSlopeSlideAngle is the slope angle from which gravity slides the
	// character down a walkable slope; below it the character stands still
	// on the slope. Default 30 degrees (Rapier's default is 45).
	MinSlopeSlideAngle float64
	// Autostep enables climbing steps; nil disables. Default
	// &Autostep{MaxHeight: 0.35, MinWidth: 0.2}.
	Autostep *Autostep
	// SnapToGround is how far down the character is pulled to stay on the
	// ground after a move that started grounded and did not go up (walking
	// down stairs and slopes without hopping). 0 disables. Default 0.2 m
	// (one stair riser).
	SnapToGround float64
	// MaxIterations caps the slide iterations (casts) per Move. Default 8:
	// each iteration adds one contact plane and three planes already stop
	// any motion, so more only help in cluttered geometry.
	MaxIterations int
	// GroundTolerance is the extra distance beyond Offset within which a
	// walkable surface still counts as ground. Default 0.01 m: it absorbs the
	// small gaps left by moving over bumps without making a character that
	// has really left the ground look grounded.
	GroundTolerance float64
	// FloorConstantSpeed keeps the speed along walkable ground equal to the
	// horizontal speed requested (Godot's floor_constant_speed). Default
	// false: a grounded horizontal request keeps its horizontal length and
	// is lifted onto the slope, so the speed along the surface is
	// v/cos(slope) (1.41x on 45 degrees) and a ramp is crossed in the same
	// horizontal time as flat ground, which is what the the motors are
	// tuned for. With true, a grounded move is redirected along the ground
	// plane with its horizontal length, up and down the slope alike, so the
	// horizontal speed on a slope is v*cos(slope). Through the pipeline
	// (package systems) the same holds for the motor's planar velocity: the
	// KCC stage shortens the lifted move to the planar length
	// (docs/architecture.md#speeds-on-slopes).
	FloorConstantSpeed bool
	// MaxTranslation caps the length of one Move's desired translation.
	// Longer (or non-finite-length) requests are scaled down to it. Default
	// 100 m, far beyond any per-tick motion of a character.
	MaxTranslation float64
	// StopOnSlope keeps a character that is not asked to move
	// horizontally from sliding down any walkable slope (Godot's
	// floor_stop_on_slope). Default false: walkable slopes steeper than
	// MinSlopeSlideAngle slide under gravity, gentler ones hold.
	StopOnSlope bool
	// ClimbSteepWalls lets a push into a too-steep slope slide up along it
	// like Rapier's plain slide. Default false: a steep face blocks the
	// horizontal push like a wall, so a character cannot walk up a wall by
	// pressing into it, and still slides down it (Godot's
	// floor_block_on_wall = true).
	ClimbSteepWalls bool
	// StopOnCeiling makes a hit on a ceiling (a face turned down at most
	// MaxSlopeClimbAngle from straight down) end the Move there, so a jump
	// into a ceiling stops and falls back vertically. Default false: it
	// slides along the ceiling keeping its horizontal motion (Godot's
	// slide_on_ceiling = true).
	StopOnCeiling bool
	// CollisionMask selects the colliders the character collides with:
	// those whose layer shares a bit with it (Godot's collision_mask; see
	// SetCollisionLayers). Default 0, meaning AllLayers.
	CollisionMask uint32
}

// Default values, see Config.
const (
	DefaultOffset          = 0.01
	DefaultMaxClimbDeg     = 45.0
	DefaultMinSlideDeg     = 30.0
	DefaultStepHeight      = 0.35
	DefaultStepMinWidth    = 0.2
	DefaultSnapToGround    = 0.2
	DefaultMaxIterations   = 8
	DefaultGroundTolerance = 0.01
	DefaultMaxTranslation  = 100.0

	// maxPlanes bounds the contact planes one Move keeps for its crease
	// solve and maxIterationsCap bounds MaxIterations.
	maxPlanes        = 16
	maxIterationsCap = 64
)

// DefaultConfig returns the default settings: Y up, 1 cm offset, 45 degree
// climb and 30 degree slide limits, autostep 0.35 m high with a 0.2 m tread,
// 0.2 m snap to ground, 8 iterations, 1 cm ground tolerance, 100 m maximum
// translation per Move.
func DefaultConfig() Config {
	return Config{
		Up:                 mgl64.Vec3{0, 1, 0},
		Offset:             DefaultOffset,
		MaxSlopeClimbAngle: DefaultMaxClimbDeg * math.Pi / 180,
		MinSlopeSlideAngle: DefaultMinSlideDeg * math.Pi / 180,
		Autostep:           &Autostep{MaxHeight: DefaultStepHeight, MinWidth: DefaultStepMinWidth},
		SnapToGround:       DefaultSnapToGround,
		MaxIterations:      DefaultMaxIterations,
		GroundTolerance:    DefaultGroundTolerance,
		MaxTranslation:     DefaultMaxTranslation,
	}
}

// Validate reports every invalid setting (joined): a zero or non-finite Up, a
// NaN, infinite or negative length, an angle outside [0, pi/2], a negative
// MaxIterations, or an Offset of 1 m or more. Zero values that mean "use
// the default" (MaxIterations, MaxTranslation) are valid.
func (c Config) Validate() error {
	var errs []error
	if !finiteVec(c.Up) || length(c.Up) < 1e-9 {
		errs = append(errs, fmt.Errorf("kcc: Up %v must be a finite non-zero vector", c.Up))
	}
	checkLen := func(name string, v, hi float64) {
		if !(v >= 0) || !(v < hi) {
			errs = append(errs, fmt.Errorf("kcc: %s = %v must be in [0, %v)", name, v, hi))
		}
	}
	checkLen("Offset", c.Offset, 1)
	checkLen("SnapToGround", c.SnapToGround, math.Inf(1))
	checkLen("GroundTolerance", c.GroundTolerance, math.Inf(1))
	checkLen("MaxTranslation", c.MaxTranslation, math.Inf(1))
	checkAngle := func(name string, v float64) {
		if !(v >= 0) || !(v <= math.Pi/2) {
			errs = append(errs, fmt.Errorf("kcc: %s = %v rad must be in [0, pi/2]", name, v))
		}
	}
	checkAngle("MaxSlopeClimbAngle", c.MaxSlopeClimbAngle)
	checkAngle("MinSlopeSlideAngle", c.MinSlopeSlideAngle)
	if c.MaxIterations < 0 || c.MaxIterations > maxIterationsCap {
		errs = append(errs, fmt.Errorf("kcc: MaxIterations = %d must be in [0, %d] (0 means %d)", c.MaxIterations, maxIterationsCap, DefaultMaxIterations))
	}
	if c.Autostep != nil {
		checkLen("Autostep.MaxHeight", c.Autostep.MaxHeight, math.Inf(1))
		checkLen("Autostep.MinWidth", c.Autostep.MinWidth, math.Inf(1))
	}
	return errors.Join(errs...)
}

// sanitized returns a copy of c that is always usable: every invalid field
// is replaced by its default (a zero/NaN Up by +Y, a bad Offset by 0.01, a
// bad angle by its default, a NaN/negative SnapToGround or GroundTolerance
// by 0, MaxIterations <= 0 by 8 and above 64 by 64, MaxTranslation <= 0 or
// NaN by 100). A bad Autostep (NaN or negative MaxHeight) disables autostep;
// a bad MinWidth becomes 0. The Autostep is copied, so later changes by the
// caller do not affect the Controller.
func (c Config) sanitized() Config {
	d := DefaultConfig()
	out := c
	out.Up = normalizeOr(c.Up, d.Up)
	if !(c.Offset >= 0) || !(c.Offset < 1) {
		out.Offset = d.Offset
	}
	if !(c.MaxSlopeClimbAngle >= 0) || !(c.MaxSlopeClimbAngle <= math.Pi/2) {
		out.MaxSlopeClimbAngle = d.MaxSlopeClimbAngle
	}
	if !(c.MinSlopeSlideAngle >= 0) || !(c.MinSlopeSlideAngle <= math.Pi/2) {
		out.MinSlopeSlideAngle = d.MinSlopeSlideAngle
	}
	if !(c.SnapToGround >= 0) || math.IsInf(c.SnapToGround, 0) {
		out.SnapToGround = 0
	}
	if !(c.GroundTolerance >= 0) || math.IsInf(c.GroundTolerance, 0) {
		out.GroundTolerance = 0
	}
	if c.MaxIterations <= 0 {
		out.MaxIterations = d.MaxIterations
	} else if c.MaxIterations > maxIterationsCap {
		out.MaxIterations = maxIterationsCap
	}
	if !(c.MaxTranslation > 0) || math.IsInf(c.MaxTranslation, 0) {
		out.MaxTranslation = d.MaxTranslation
	}
	if c.Autostep != nil {
		a := *c.Autostep
		if !(a.MaxHeight > 0) || math.IsInf(a.MaxHeight, 0) {
			out.Autostep = nil
		} else {
			if !(a.MinWidth >= 0) || math.IsInf(a.MinWidth, 0) {
				a.MinWidth = 0
			}
			out.Autostep = &a
		}
	}
	return out
}

// Up returns the controller's sanitized up axis (unit length) without
// copying the config.
func (c *Controller) Up() mgl64.Vec3 { return c.cfg.Up }

// Offset returns the controller's skin (Config.Offset, sanitized) without
// copying the config.
func (c *Controller) Offset() float64 { return c.cfg.Offset }

// CollisionMask returns the layers the controller's moves collide with
// (Config.CollisionMask; 0 = all) without copying the config.
func (c *Controller) CollisionMask() uint32 { return c.cfg.CollisionMask }

// StepHeight returns the highest step the controller climbs
// (Config.Autostep.MaxHeight; 0 without autostep).
func (c *Controller) StepHeight() float64 {
	if c.cfg.Autostep == nil {
		return 0
	}
	return c.cfg.Autostep.MaxHeight
}

// SnapDistance returns how far down a grounded move is pulled to stay on
// the ground (Config.SnapToGround).
func (c *Controller) SnapDistance() float64 { return c.cfg.SnapToGround }
