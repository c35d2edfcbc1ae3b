package prefabs

import (
	"fmt"
	"sort"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/motors"
	"github.com/yohamta/donburi"
)

// KCCSettings is a recipe's [kcc] table: the capsule, the controller
// settings and the vertical motion owned by the KCC stage. Angles are
// degrees in TOML and radians here.
type KCCSettings struct {
	Radius           float64 `toml:"radius"`             // m, default 0.3
	HalfHeight       float64 `toml:"half_height"`        // m, half the capsule segment, default 0.6
	CrouchHalfHeight float64 `toml:"crouch_half_height"` // m, 0 = no crouch (default)
	Offset           float64 `toml:"offset"`             // m, skin, default 0.01
	MaxSlopeClimbDeg float64 `toml:"max_slope_climb_deg"`
	MinSlopeSlideDeg float64 `toml:"min_slope_slide_deg"`
	StepHeight       float64 `toml:"step_height"`    // m, 0 disables autostep
	StepMinWidth     float64 `toml:"step_min_width"` // m
	SnapToGround     float64 `toml:"snap_to_ground"` // m, 0 disables
	MaxIterations    int     `toml:"max_iterations"` // 0 = the kcc default
	// FloorConstantSpeed keeps the speed along walkable slopes instead of
	// the horizontal speed (kcc.Config.FloorConstantSpeed), default false.
	FloorConstantSpeed bool    `toml:"floor_constant_speed"`
	Gravity            float64 `toml:"gravity"`        // m/s^2, positive = down
	JumpSpeed          float64 `toml:"jump_speed"`     // m/s
	MaxFallSpeed       float64 `toml:"max_fall_speed"` // m/s, 0 = no cap
	Planar2D           bool    `toml:"planar_2d"`      // pin to the XZ plane (flail cars)
	Collide            bool    `toml:"collide"`        // false: move without collision
	// Godot-style options (kcc.Config): stop_on_slope (floor_stop_on_slope),
	// climb_steep_walls (the opposite of floor_block_on_wall),
	// stop_on_ceiling (the opposite of slide_on_ceiling); all default false.
	StopOnSlope     bool `toml:"stop_on_slope"`
	ClimbSteepWalls bool `toml:"climb_steep_walls"`
	StopOnCeiling   bool `toml:"stop_on_ceiling"`
	// CollisionMask selects the collider layers the character collides
	// with (kcc.Config.CollisionMask), default 0 = all.
	CollisionMask uint32 `toml:"collision_mask"`
	// PlatformOnLeave is the velocity kept on leaving a moving platform:
	// "add_velocity" (default), "add_upward_velocity" or "do_nothing".
	PlatformOnLeave string `toml:"platform_on_leave"`
	// TurnWithPlatform turns the view with a turning platform, default
	// false.
	TurnWithPlatform bool `toml:"turn_with_platform"`
	// Mass (kg) weighs characters that push each other, default 70;
	// PushLayers are the character's push layers (default 1) and PushMask
	// the layers it pushes (default 0: nobody). See components.KCCData.
	Mass       float64 `toml:"mass"`
	PushLayers uint32  `toml:"push_layers"`
	PushMask   uint32  `toml:"push_mask"`
}

// onLeave parses PlatformOnLeave.
func (s KCCSettings) onLeave() (components.PlatformLeave, bool) {
	switch s.PlatformOnLeave {
	case "", "add_velocity":
		return components.LeaveAddVelocity, true
	case "add_upward_velocity":
		return components.LeaveAddUpwardVelocity, true
	case "do_nothing":
		return components.LeaveDoNothing, true
	}
	return 0, false
}

// DefaultKCCSettings returns the defaults listed on KCCSettings: a 1.8 m
// capsule (r 0.3, half-height 0.6), 45° climb, 30° slide, 0.35 m autostep,
// 0.2 m snap, gravity 20 m/s^2, jump 6 m/s, fall cap 50 m/s, mass 70 kg,
// push layers 1 and push mask 0 (pushes nobody).
func DefaultKCCSettings() KCCSettings {
	return KCCSettings{Radius: 0.3, HalfHeight: 0.6, Offset: 0.01, MaxSlopeClimbDeg: 45,
		MinSlopeSlideDeg: 30, StepHeight: 0.35, StepMinWidth: 0.2, SnapToGround: 0.2,
		Gravity: 20, JumpSpeed: 6, MaxFallSpeed: 50, Collide: true,
		Mass: components.DefaultMass, PushLayers: 1}
}

func (s KCCSettings) validate(source string) error {
	c := config.Checker{Source: source}
	c.Range("kcc.radius", s.Radius, 0.01, 100)
	c.Range("kcc.half_height", s.HalfHeight, 0, 100)
	c.Range("kcc.crouch_half_height", s.CrouchHalfHeight, 0, s.HalfHeight)
	c.Range("kcc.offset", s.Offset, 0, 1)
	c.Range("kcc.max_slope_climb_deg", s.MaxSlopeClimbDeg, 0, 90)
	c.Degrees("kcc.max_slope_climb_deg", s.MaxSlopeClimbDeg, 20, 70)
	c.Degrees("kcc.min_slope_slide_deg", s.MinSlopeSlideDeg, 10, 60)
	c.Range("kcc.min_slope_slide_deg", s.MinSlopeSlideDeg, 0, 90)
	c.Range("kcc.step_height", s.StepHeight, 0, 10)
	c.Range("kcc.step_min_width", s.StepMinWidth, 0, 10)
	c.Range("kcc.snap_to_ground", s.SnapToGround, 0, 10)
	c.IntRange("kcc.max_iterations", s.MaxIterations, 0, 64)
	c.Range("kcc.gravity", s.Gravity, 0, 1000)
	c.Range("kcc.jump_speed", s.JumpSpeed, 0, 1000)
	c.Range("kcc.max_fall_speed", s.MaxFallSpeed, 0, 10000)
	c.Range("kcc.mass", s.Mass, 0.001, 1e6)
	if err := c.Err(); err != nil {
		return err
	}
	if _, ok := s.onLeave(); !ok {
		return &config.Error{Source: source, Key: "kcc.platform_on_leave",
			Reason: fmt.Sprintf("%q is not one of add_velocity, add_upward_velocity, do_nothing", s.PlatformOnLeave)}
	}
	return nil
}

// ControllerConfig converts the settings to a kcc.Config.
func (s KCCSettings) ControllerConfig() kcc.Config {
	cfg := kcc.DefaultConfig()
	cfg.Up = motors.Up
	cfg.Offset = s.Offset
	cfg.MaxSlopeClimbAngle = config.Deg2Rad(s.MaxSlopeClimbDeg)
	cfg.MinSlopeSlideAngle = config.Deg2Rad(s.MinSlopeSlideDeg)
	cfg.SnapToGround = s.SnapToGround
	cfg.FloorConstantSpeed = s.FloorConstantSpeed
	cfg.CollisionMask = s.CollisionMask
	cfg.StopOnSlope = s.StopOnSlope
	cfg.ClimbSteepWalls = s.ClimbSteepWalls
	cfg.StopOnCeiling = s.StopOnCeiling
	if s.StepHeight > 0 {
		cfg.Autostep = &kcc.Autostep{MaxHeight: s.StepHeight, MinWidth: s.StepMinWidth}
	} else {
		cfg.Autostep = nil
	}
	if s.MaxIterations > 0 {
		cfg.MaxIterations = s.MaxIterations
	}
	return cfg
}

type bodySection struct {
	Position [3]float64 `toml:"position"`
	Velocity [3]float64 `toml:"velocity"`
}

type viewSection struct {
	YawDeg   float64 `toml:"yaw_deg"`
	PitchDeg float64 `toml:"pitch_deg"`
}

type jumpSection struct {
	CapturePolicy string `toml:"capture_policy"`
}

// Recipe is a fully merged and validated prefab recipe.
type Recipe struct {
	// Name is the recipe's name in its library.
	Name string
	// Source names the file(s) the recipe came from, for errors.
	Source string
	// Body is the initial body state (position in m, velocity in m/s).
	Body components.BodyData
	// View is the initial view (radians).
	View components.ViewData
	// KCC holds the [kcc] settings, after the motor's Vertical values were
	// applied where the recipe did not set them.
	KCC KCCSettings
	// CapturePolicy is the [jump] capture policy.
	CapturePolicy components.CapturePolicy
	// MotorKind is the [motor] kind ("" = no motor).
	MotorKind string

	motorTOML []byte
	sections  []extraSection
}

type extraSection struct {
	name string
	sec  Section
	data []byte
}

func table(tree map[string]any, key, source string) (map[string]any, error) {
	v, ok := tree[key]
	if !ok {
		return nil, nil
	}
	t, ok := v.(map[string]any)
	if !ok {
		return nil, &config.Error{Source: source, Key: key, Reason: "must be a table"}
	}
	return t, nil
}

func decodeSection(tree map[string]any, key, source string, v any) (map[string]any, error) {
	t, err := table(tree, key, source)
	if err != nil || t == nil {
		return t, err
	}
	data, err := encodeTable(t)
	if err != nil {
		return nil, &config.Error{Source: source, Key: key, Reason: err.Error()}
	}
	if err := config.Decode(data, source, v); err != nil {
		if ce, ok := err.(*config.Error); ok && ce.Key != "" {
			ce.Key = key + "." + ce.Key
		}
		return nil, err
	}
	return t, nil
}

// buildRecipe validates every section of tree and returns the recipe.
func buildRecipe(tree map[string]any, source string) (*Recipe, error) {
	r := &Recipe{Source: source, KCC: DefaultKCCSettings()}
	keys := make([]string, 0, len(tree))
	for k := range tree {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if builtinSection(k) {
			continue
		}
		s, ok := section(k)
		if !ok {
			return nil, &config.Error{Source: source, Key: k, Reason: "unknown section"}
		}
		t, err := table(tree, k, source)
		if err != nil {
			return nil, err
		}
		data, err := encodeTable(t)
		if err != nil {
			return nil, &config.Error{Source: source, Key: k, Reason: err.Error()}
		}
		if s.Validate != nil {
			if err := s.Validate(data, source); err != nil {
				return nil, err
			}
		}
		r.sections = append(r.sections, extraSection{name: k, sec: s, data: data})
	}

	var b bodySection
	if _, err := decodeSection(tree, "body", source, &b); err != nil {
		return nil, err
	}
	r.Body.Position = mgl64.Vec3(b.Position)
	r.Body.Velocity = mgl64.Vec3(b.Velocity)
	if !motors.FiniteVec(r.Body.Position) || !motors.FiniteVec(r.Body.Velocity) {
		return nil, &config.Error{Source: source, Key: "body", Reason: "position and velocity must be finite"}
	}
	r.Body.PrevPosition = r.Body.Position

	var v viewSection
	if _, err := decodeSection(tree, "view", source, &v); err != nil {
		return nil, err
	}
	ch := config.Checker{Source: source}
	ch.Range("view.yaw_deg", v.YawDeg, -3600, 3600)
	ch.Range("view.pitch_deg", v.PitchDeg, -90, 90)
	if err := ch.Err(); err != nil {
		return nil, err
	}
	r.View = components.ViewData{Yaw: config.Deg2Rad(v.YawDeg), Pitch: config.Deg2Rad(v.PitchDeg)}

	kt, err := decodeSection(tree, "kcc", source, &r.KCC)
	if err != nil {
		return nil, err
	}
	if err := r.KCC.validate(source); err != nil {
		return nil, err
	}

	j := jumpSection{CapturePolicy: "freeze"}
	if _, err := decodeSection(tree, "jump", source, &j); err != nil {
		return nil, err
	}
	switch j.CapturePolicy {
	case "freeze":
		r.CapturePolicy = components.CaptureFreeze
	case "expire":
		r.CapturePolicy = components.CaptureExpire
	default:
		return nil, &config.Error{Source: source, Key: "jump.capture_policy",
			Reason: fmt.Sprintf("value %q is not one of freeze, expire", j.CapturePolicy)}
	}

	mt, err := table(tree, "motor", source)
	if err != nil {
		return nil, err
	}
	if mt != nil {
		kind, ok := mt["kind"].(string)
		if !ok || kind == "" {
			return nil, &config.Error{Source: source, Key: "motor.kind", Reason: "missing: name a registered motor kind"}
		}
		rest := make(map[string]any, len(mt))
		for k, val := range mt {
			if k != "kind" {
				rest[k] = val
			}
		}
		data, err := encodeTable(rest)
		if err != nil {
			return nil, &config.Error{Source: source, Key: "motor", Reason: err.Error()}
		}
		f, err := motorFactory(kind)
		if err != nil {
			return nil, &config.Error{Source: source, Key: "motor.kind", Reason: err.Error()}
		}
		m, err := f(data, source+" [motor]")
		if err != nil {
			return nil, err
		}
		r.MotorKind, r.motorTOML = kind, data
		if vm, ok := m.(Verticaler); ok {
			if err := r.takeVertical(vm, kt, source); err != nil {
				return nil, err
			}
		}
		if pm, ok := m.(KCCProfiler); ok {
			if err := r.takeProfile(pm, kt, source); err != nil {
				return nil, err
			}
		}
		if cm, ok := m.(CrouchShaper); ok {
			if err := r.takeCrouch(cm.CrouchHeightMultiplier(), kt, source); err != nil {
				return nil, err
			}
		}
	}
	return r, nil
}

// takeVertical gives the KCC component the motor's gravity, jump speed and
// maximum fall speed: a motor that derives them (jump speed from its jump
// height) owns them, as takeProfile's keys. A [kcc] key the recipe leaves
// out takes the motor's value; one it sets must agree with it.
func (r *Recipe) takeVertical(vm Verticaler, kt map[string]any, source string) error {
	g, js, mf := vm.Vertical()
	if err := r.agree(kt, source, []motorKey{{"gravity", &r.KCC.Gravity, g},
		{"jump_speed", &r.KCC.JumpSpeed, js}, {"max_fall_speed", &r.KCC.MaxFallSpeed, mf}}); err != nil {
		return err
	}
	return r.KCC.validate(source + " (vertical values from the motor)")
}

// motorKey is a [kcc] key whose value a motor supplies.
type motorKey struct {
	key   string
	field *float64
	motor float64
}

// agree sets each key's field to the motor's value when the recipe's [kcc]
// table leaves the key out, and refuses a set value that disagrees.
func (r *Recipe) agree(kt map[string]any, source string, keys []motorKey) error {
	for _, k := range keys {
		if _, set := kt[k.key]; !set {
			*k.field = k.motor
			continue
		}
		if *k.field != k.motor {
			return &config.Error{Source: source, Key: "kcc." + k.key, Reason: fmt.Sprintf(
				"%v disagrees with the motor's value %v: set it in the [motor] table only", *k.field, k.motor)}
		}
	}
	return nil
}

// takeProfile gives the controller the motor's slope limit, step height and
// ground snap: one place sets each. A [kcc] key the recipe leaves out takes
// the motor's value; one it sets must agree with the motor's, or the recipe
// is refused (a user who edited one would get an inconsistent character).
func (r *Recipe) takeProfile(pm KCCProfiler, kt map[string]any, source string) error {
	slope, step, snap := pm.KCCProfile()
	if err := r.agree(kt, source, []motorKey{{"max_slope_climb_deg", &r.KCC.MaxSlopeClimbDeg, slope},
		{"step_height", &r.KCC.StepHeight, step}, {"snap_to_ground", &r.KCC.SnapToGround, snap}}); err != nil {
		return err
	}
	return r.KCC.validate(source + " (collision profile from the motor)")
}

// takeCrouch derives the crouched capsule from the motor's height
// multiplier: the whole height 2(h+r) scaled by m keeps the radius, so the
// half height becomes (h+r)·m - r (at least 0). A [kcc] crouch_half_height
// the recipe sets must agree with it.
func (r *Recipe) takeCrouch(mult float64, kt map[string]any, source string) error {
	ch := 0.0 // a multiplier of 1: no crouching
	if mult < 1 {
		ch = max(0, float64((r.KCC.HalfHeight+r.KCC.Radius)*mult)-r.KCC.Radius)
	}
	if _, set := kt["crouch_half_height"]; set && r.KCC.CrouchHalfHeight != ch {
		return &config.Error{Source: source, Key: "kcc.crouch_half_height", Reason: fmt.Sprintf(
			"%v disagrees with the motor's crouch_height_multiplier %v (which gives %v): set it in the [motor] table only",
			r.KCC.CrouchHalfHeight, mult, ch)}
	}
	r.KCC.CrouchHalfHeight = ch
	return r.KCC.validate(source + " (crouch height from the motor)")
}

// NewMotor builds a fresh motor instance for this recipe (nil when the
// recipe has no motor).
func (r *Recipe) NewMotor() (motors.Motor, error) {
	if r.MotorKind == "" {
		return nil, nil
	}
	f, err := motorFactory(r.MotorKind)
	if err != nil {
		return nil, err
	}
	return f(r.motorTOML, r.Source+" [motor]")
}

// facer is a motor that keeps a facing yaw apart from the view (hybrid).
type facer interface{ SetFacing(yaw float64) }

// Spawn creates the recipe's entity in w and returns it.
func (r *Recipe) Spawn(w donburi.World) (donburi.Entity, error) {
	m, err := r.NewMotor()
	if err != nil {
		return donburi.Null, err
	}
	if f, ok := m.(facer); ok {
		// A motor with a facing of its own (hybrid) starts facing the
		// spawn's view yaw, so Facing() is right before the first tick.
		f.SetFacing(r.View.Yaw)
	}
	comps := []donburi.IComponentType{components.Command, components.View, components.Body, components.KCC}
	if m != nil {
		comps = append(comps, components.Motor, components.Intent, components.JumpBuffer)
	}
	for _, s := range r.sections {
		for _, c := range s.sec.Components {
			if !containsComp(comps, c) {
				comps = append(comps, c)
			}
		}
	}
	ent := w.Create(comps...)
	e := w.Entry(ent)
	components.Body.SetValue(e, r.Body)
	components.View.SetValue(e, r.View)
	k := components.KCCData{
		Shape:            kcc.Capsule{Radius: r.KCC.Radius, HalfHeight: r.KCC.HalfHeight},
		StandHalfHeight:  r.KCC.HalfHeight,
		CrouchHalfHeight: r.KCC.CrouchHalfHeight,
		Gravity:          r.KCC.Gravity,
		JumpSpeed:        r.KCC.JumpSpeed,
		MaxFallSpeed:     r.KCC.MaxFallSpeed,
		Planar2D:         r.KCC.Planar2D,
		GroundCollider:   kcc.NoCollider,
		TurnWithPlatform: r.KCC.TurnWithPlatform,
		Mass:             r.KCC.Mass,
		PushLayers:       r.KCC.PushLayers,
		PushMask:         r.KCC.PushMask,
	}
	k.GroundNormal = motors.Up
	k.OnLeave, _ = r.KCC.onLeave()
	if r.KCC.Collide {
		k.Controller = kcc.NewController(r.KCC.ControllerConfig())
	}
	components.KCC.SetValue(e, k)
	if m != nil {
		components.Motor.SetValue(e, components.MotorData{Motor: m})
		components.JumpBuffer.SetValue(e, components.JumpBufferData{CapturePolicy: r.CapturePolicy})
	}
	for _, s := range r.sections {
		if err := s.sec.Apply(e, s.data, r.Source); err != nil {
			w.Remove(ent)
			return donburi.Null, fmt.Errorf("prefabs: section [%s]: %w", s.name, err)
		}
	}
	return ent, nil
}

func containsComp(list []donburi.IComponentType, c donburi.IComponentType) bool {
	for _, x := range list {
		if x.Id() == c.Id() {
			return true
		}
	}
	return false
}
