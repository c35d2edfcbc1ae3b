package prefabs

import (
	"errors"
	"fmt"
	"sort"
	"strings"

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
	// Box makes the character the capsule's bounding box (kcc.Capsule.Box):
	// it stands on the last pixel of a ledge where a capsule slides off,
	// and rests on a slope on its lower corner. Default false.
	Box              bool    `toml:"box"`
	Offset           float64 `toml:"offset"` // m, skin, default 0.01
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
	// Plane is the plane of a 2D character: "top" (the XZ plane: the
	// flail cars, top-down games) or "side" (the XY plane: platformers);
	// "" (the default) is 3D. See components.Plane.
	Plane   string `toml:"plane"`
	Collide bool   `toml:"collide"` // false: move without collision
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
	if _, ok := components.ParsePlane(s.Plane); !ok {
		return &config.Error{Source: source, Key: "kcc.plane",
			Reason: fmt.Sprintf("%q is not one of \"\" (3D), top, side", s.Plane)}
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

// bodySection, viewSection and jumpSection are the [body], [view] and
// [jump] tables as a file writes them (degrees, names); build converts them.
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

// Recipe is a built recipe: its files decoded once into typed sections,
// merged layer by layer, validated, with the motor's own values applied. A
// library builds each recipe once and spawns from it without decoding
// anything.
type Recipe struct {
	// Name is the recipe's name in its library.
	Name string
	// Source names the file(s) the recipe came from, for errors.
	Source string
	// Body is the initial body state (position in m, velocity in m/s).
	Body components.BodyData
	// View is the initial view (radians).
	View components.ViewData
	// KCC holds the [kcc] settings, after the motor's values were applied
	// where the recipe did not set them.
	KCC KCCSettings
	// CapturePolicy is the [jump] capture policy.
	CapturePolicy components.CapturePolicy
	// MotorKind is the [motor] kind ("" = no motor).
	MotorKind string
	// MotorConfig is the motor's configuration, of its kind's type (for
	// the built-in kinds arena.Config, basic.Config, fps.Config,
	// hybrid.Config, rpg.Config); nil without a motor. Every spawn builds
	// its own motor from it.
	MotorConfig any

	motor    *motorKind
	sections []sectionValue
	// controller is the one controller configuration the recipe's
	// characters share (nil: no collision).
	controller *kcc.Controller
	// overrides are the Override texts this recipe was built with, for
	// the spawned entities' Origin.
	overrides []string
}

// sectionValue is a registered section's decoded value.
type sectionValue struct {
	kind  *sectionKind
	value any
}

// recipeParts are a recipe's tables as its files set them, decoded layer
// over layer: the embedded or added recipe, then each file of overrides
// (Library.LoadFile), then each Override of a spawn. origin remembers,
// for every key a layer set ("kcc.radius", "motor.max_speed"), the
// document of the last layer that set it, so an error names the file and
// line a value came from.
type recipeParts struct {
	body     bodySection
	view     viewSection
	kcc      KCCSettings
	jump     jumpSection
	motor    *motorKind
	motorCfg any
	sections []sectionValue // sorted by name
	origin   map[string]keyOrigin
}

// keyOrigin is where a layer set a key: its document and the path of the
// recipe's tables in it ([prefab, NAME] in a file of overrides), and the
// key as the document writes it when that is an old name (config.Renamer).
type keyOrigin struct {
	doc     *config.Document
	prefix  []string
	written string
}

// renamed returns the new name of key k of the recipe table name when k
// is an old name of the motor's configuration.
func (p *recipeParts) renamed(name, k string) (string, bool) {
	if name != "motor" || p.motor == nil {
		return "", false
	}
	nu, ok := p.motor.renames[k]
	return nu, ok
}

func newParts() *recipeParts {
	return &recipeParts{kcc: DefaultKCCSettings(), jump: jumpSection{CapturePolicy: "freeze"},
		origin: map[string]keyOrigin{}}
}

// clone returns a copy a further layer can change without changing p (the
// configurations are values).
func (p *recipeParts) clone() *recipeParts {
	c := *p
	c.sections = append([]sectionValue(nil), p.sections...)
	c.origin = make(map[string]keyOrigin, len(p.origin))
	for k, v := range p.origin {
		c.origin[k] = v
	}
	return &c
}

// apply decodes one layer: the recipe tables of d under prefix (the
// document's top level, or [prefab.NAME] of a file of overrides).
func (p *recipeParts) apply(d *config.Document, prefix ...string) error {
	names, err := d.Keys(prefix...)
	if err != nil {
		return err
	}
	for _, name := range names {
		path := append(append([]string{}, prefix...), name)
		switch name {
		case "body":
			err = d.Decode(&p.body, path...)
		case "view":
			err = d.Decode(&p.view, path...)
		case "kcc":
			err = d.Decode(&p.kcc, path...)
		case "jump":
			err = d.Decode(&p.jump, path...)
		case "motor":
			err = p.applyMotor(d, path)
		default:
			err = p.applySection(d, path, name)
		}
		if err != nil {
			return err
		}
		for _, k := range d.Defined(path...) {
			o := keyOrigin{doc: d, prefix: prefix}
			if nu, ok := p.renamed(name, k); ok {
				o.written, k = name+"."+k, nu
			}
			p.origin[name+"."+k] = o
		}
	}
	return nil
}

// applyMotor decodes a [motor] table: a kind other than the one so far
// starts from that kind's defaults; the other keys decode over the
// configuration.
func (p *recipeParts) applyMotor(d *config.Document, path []string) error {
	kindPath := append(append([]string{}, path...), "kind")
	if d.IsDefined(kindPath...) {
		var kind string
		if err := d.DecodeValue(&kind, kindPath...); err != nil {
			return err
		}
		mk, err := motorKindOf(kind)
		if err != nil {
			return d.Error(kindPath, err.Error())
		}
		if p.motor != mk {
			p.motor, p.motorCfg = mk, mk.defaults()
			for k := range p.origin {
				if strings.HasPrefix(k, "motor.") {
					delete(p.origin, k)
				}
			}
		}
	} else if p.motor == nil {
		return d.Error(kindPath, "missing: name a registered motor kind")
	}
	cfg, err := p.motor.decode(d, path, p.motorCfg)
	if err != nil {
		return err
	}
	p.motorCfg = cfg
	return nil
}

// applySection decodes a registered section's table.
func (p *recipeParts) applySection(d *config.Document, path []string, name string) error {
	sk, ok := sectionOf(name)
	if !ok {
		return d.Error(path, "unknown section")
	}
	i := sort.Search(len(p.sections), func(i int) bool { return p.sections[i].kind.name >= name })
	if i == len(p.sections) || p.sections[i].kind != sk {
		p.sections = append(p.sections, sectionValue{})
		copy(p.sections[i+1:], p.sections[i:])
		p.sections[i] = sectionValue{kind: sk, value: sk.defaults()}
	}
	v, err := sk.decode(d, path, p.sections[i].value)
	if err != nil {
		return err
	}
	p.sections[i].value = v
	return nil
}

// at puts an error of a check on the key its layer set: each *config.Error
// in err (joined errors too) gets the full key (prefix added when relative)
// and the source and line of the document that set it, or source and no
// line when no layer set it.
func (p *recipeParts) at(err error, prefix, source string) error {
	if err == nil {
		return nil
	}
	fix := func(ce *config.Error) {
		if ce.Key == "" {
			ce.Key = prefix
		} else if prefix != "" && ce.Key != prefix && !strings.HasPrefix(ce.Key, prefix+".") {
			ce.Key = prefix + "." + ce.Key
		}
		if o, ok := p.origin[ce.Key]; ok {
			key := ce.Key
			if o.written != "" {
				key = o.written
			}
			ce.Source = o.doc.Source()
			ce.Line = o.doc.Line(append(append([]string{}, o.prefix...), strings.Split(key, ".")...)...)
		} else {
			ce.Source, ce.Line = source, 0
		}
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			var ce *config.Error
			if errors.As(e, &ce) {
				fix(ce)
			}
		}
		return err
	}
	var ce *config.Error
	if errors.As(err, &ce) {
		fix(ce)
	}
	return err
}

// set reports whether a layer set the key ("kcc.gravity").
func (p *recipeParts) set(key string) bool {
	_, ok := p.origin[key]
	return ok
}

// build validates the parts and returns the recipe; source names it where
// no layer set the offending key.
func (p *recipeParts) build(name, source string) (*Recipe, error) {
	r := &Recipe{Name: name, Source: source, KCC: p.kcc}
	r.Body.Position = mgl64.Vec3(p.body.Position)
	r.Body.Velocity = mgl64.Vec3(p.body.Velocity)
	if !motors.FiniteVec(r.Body.Position) || !motors.FiniteVec(r.Body.Velocity) {
		return nil, p.at(&config.Error{Key: "body", Reason: "position and velocity must be finite"}, "", source)
	}
	r.Body.PrevPosition = r.Body.Position

	ch := config.Checker{}
	ch.Range("view.yaw_deg", p.view.YawDeg, -3600, 3600)
	ch.Range("view.pitch_deg", p.view.PitchDeg, -90, 90)
	if err := ch.Err(); err != nil {
		return nil, p.at(err, "", source)
	}
	r.View = components.ViewData{Yaw: config.Deg2Rad(p.view.YawDeg), Pitch: config.Deg2Rad(p.view.PitchDeg)}

	if err := r.KCC.validate(source); err != nil {
		return nil, p.at(err, "kcc", source)
	}
	switch p.jump.CapturePolicy {
	case "freeze":
		r.CapturePolicy = components.CaptureFreeze
	case "expire":
		r.CapturePolicy = components.CaptureExpire
	default:
		return nil, p.at(&config.Error{Key: "jump.capture_policy",
			Reason: fmt.Sprintf("value %q is not one of freeze, expire", p.jump.CapturePolicy)}, "", source)
	}

	if p.motor != nil {
		cfg := p.motor.adjust(p.motorCfg, func(k string) bool { return p.set("motor." + k) })
		if err := p.motor.validate(cfg, source); err != nil {
			return nil, p.at(err, "motor", source)
		}
		r.motor, r.MotorKind, r.MotorConfig = p.motor, p.motor.name, cfg
		if err := p.takeFromMotor(r, cfg, source); err != nil {
			return nil, err
		}
	}
	for _, s := range p.sections {
		if err := s.kind.check(s.value, source); err != nil {
			return nil, p.at(err, s.kind.name, source)
		}
	}
	r.sections = p.sections
	if r.KCC.Collide {
		r.controller = kcc.NewController(r.KCC.ControllerConfig())
	}
	return r, nil
}

// takeFromMotor gives the KCC settings the values the motor's
// configuration owns (Verticaler, KCCProfiler, CrouchShaper): a [kcc] key
// no layer set takes the motor's value; one a layer set must agree with it
// (a user who edited one would get an inconsistent character).
func (p *recipeParts) takeFromMotor(r *Recipe, cfg any, source string) error {
	agree := func(keys []motorKey, why string) error {
		for _, k := range keys {
			if !p.set("kcc." + k.key) {
				*k.field = k.motor
				continue
			}
			if *k.field != k.motor {
				return p.at(&config.Error{Key: "kcc." + k.key, Reason: fmt.Sprintf(
					"%v disagrees with the motor's value %v: set it in the [motor] table only", *k.field, k.motor)}, "", source)
			}
		}
		if err := r.KCC.validate(source); err != nil {
			return p.at(fmt.Errorf("%w (%s)", err, why), "kcc", source)
		}
		return nil
	}
	if vm, ok := cfg.(Verticaler); ok {
		g, js, mf := vm.Vertical()
		if err := agree([]motorKey{{"gravity", &r.KCC.Gravity, g}, {"jump_speed", &r.KCC.JumpSpeed, js},
			{"max_fall_speed", &r.KCC.MaxFallSpeed, mf}}, "vertical values from the motor"); err != nil {
			return err
		}
	}
	if pm, ok := cfg.(KCCProfiler); ok {
		slope, step, snap := pm.KCCProfile()
		if err := agree([]motorKey{{"max_slope_climb_deg", &r.KCC.MaxSlopeClimbDeg, slope},
			{"step_height", &r.KCC.StepHeight, step}, {"snap_to_ground", &r.KCC.SnapToGround, snap}},
			"collision profile from the motor"); err != nil {
			return err
		}
	}
	if cm, ok := cfg.(CrouchShaper); ok {
		// The whole height 2(h+r) scaled by m keeps the radius, so the
		// half height becomes (h+r)·m - r (at least 0); 1 = no crouching.
		mult, ch := cm.CrouchHeightScale(), 0.0
		if mult < 1 {
			ch = max(0, float64((r.KCC.HalfHeight+r.KCC.Radius)*mult)-r.KCC.Radius)
		}
		if p.set("kcc.crouch_half_height") && r.KCC.CrouchHalfHeight != ch {
			return p.at(&config.Error{Key: "kcc.crouch_half_height", Reason: fmt.Sprintf(
				"%v disagrees with the motor's crouch_height_multiplier %v (which gives %v): set it in the [motor] table only",
				r.KCC.CrouchHalfHeight, mult, ch)}, "", source)
		}
		r.KCC.CrouchHalfHeight = ch
		if err := r.KCC.validate(source); err != nil {
			return p.at(fmt.Errorf("%w (crouch height from the motor)", err), "kcc", source)
		}
	}
	return nil
}

// motorKey is a [kcc] key whose value a motor supplies.
type motorKey struct {
	key   string
	field *float64
	motor float64
}

// NewMotor builds a fresh motor instance for this recipe from its
// configuration (nil when the recipe has no motor).
func (r *Recipe) NewMotor() (motors.Motor, error) {
	if r.motor == nil {
		return nil, nil
	}
	return r.motor.build(r.MotorConfig)
}

// facer is a motor that keeps a facing yaw apart from the view (hybrid).
type facer interface{ SetFacing(yaw float64) }

// Spawn creates the recipe's entity in w and returns it. It decodes
// nothing: the motor is built from the recipe's configuration, and the
// recipe's characters share one controller configuration.
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
	comps := []donburi.IComponentType{components.Command, components.View, components.Body, components.KCC, components.Origin, components.ID}
	if m != nil {
		comps = append(comps, components.Motor, components.Intent, components.JumpBuffer)
	}
	for _, s := range r.sections {
		for _, c := range s.kind.components {
			if !containsComp(comps, c) {
				comps = append(comps, c)
			}
		}
	}
	ent := w.Create(comps...)
	e := w.Entry(ent)
	components.Body.SetValue(e, r.Body)
	components.View.SetValue(e, r.View)
	plane, _ := components.ParsePlane(r.KCC.Plane) // validated
	k := components.KCCData{
		Shape:            kcc.Capsule{Radius: r.KCC.Radius, HalfHeight: r.KCC.HalfHeight, Box: r.KCC.Box},
		StandHalfHeight:  r.KCC.HalfHeight,
		CrouchHalfHeight: r.KCC.CrouchHalfHeight,
		Gravity:          r.KCC.Gravity,
		JumpSpeed:        r.KCC.JumpSpeed,
		MaxFallSpeed:     r.KCC.MaxFallSpeed,
		Plane:            plane,
		GroundCollider:   kcc.NoCollider,
		TurnWithPlatform: r.KCC.TurnWithPlatform,
		Mass:             r.KCC.Mass,
		PushLayers:       r.KCC.PushLayers,
		PushMask:         r.KCC.PushMask,
		Controller:       r.controller,
	}
	k.GroundNormal, k.WallGap = motors.Up, motors.NoWalls
	k.OnLeave, _ = r.KCC.onLeave()
	components.KCC.SetValue(e, k)
	components.Origin.SetValue(e, components.OriginData{Recipe: r.Name, Overrides: r.overrides})
	if m != nil {
		components.Motor.SetValue(e, components.MotorData{Motor: m})
		components.JumpBuffer.SetValue(e, components.JumpBufferData{CapturePolicy: r.CapturePolicy})
	}
	for _, s := range r.sections {
		if err := s.kind.apply(e, s.value); err != nil {
			w.Remove(ent)
			return donburi.Null, fmt.Errorf("prefabs: section [%s]: %w", s.kind.name, err)
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
