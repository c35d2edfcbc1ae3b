package prefabs

import (
	"fmt"
	"sort"
	"sync"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/motors"
	"github.com/yohamta/donburi"
)

// KCCProfiler is implemented by motor configurations that own the
// controller's slope limit (degrees), step height and ground snap (meters),
// as the FPS motor's does: a recipe gives them to the KCC component, and its
// [kcc] table may repeat them only with the same values.
type KCCProfiler interface {
	KCCProfile() (maxSlopeClimbDeg, stepHeight, snapToGround float64)
}

// CrouchShaper is implemented by motor configurations that own the crouched
// capsule as a height multiplier, as the hybrid motor's does: a recipe gives
// the KCC component the crouch half height it implies, and its [kcc]
// crouch_half_height may repeat it only with the same value.
type CrouchShaper interface {
	CrouchHeightScale() float64
}

// Verticaler is implemented by motor configurations that derive the
// vertical parameters (for example jump speed from jump height:
// v = sqrt(2 g h)). Such a motor owns them: a recipe gives them to the KCC
// component, and its [kcc] gravity, jump_speed or max_fall_speed may only
// repeat the motor's value (any other is refused: set it in the [motor]
// table). For other motors [kcc] owns the three.
type Verticaler interface {
	Vertical() (gravity, jumpSpeed, maxFallSpeed float64)
}

// DefaultsAdjuster is implemented (on the pointer) by motor configurations
// whose defaults depend on other keys: after every layer of a recipe was
// decoded, AdjustDefaults is told which keys of the [motor] table any layer
// set, and changes the defaults of the others (the arena motor rescales its
// speed-relative defaults to the max_speed a recipe sets).
type DefaultsAdjuster interface {
	AdjustDefaults(set func(key string) bool)
}

// motorKind is a registered motor kind: its configuration type's
// defaults, decoder, checks and constructor, with the configuration held
// as an any of the kind's own type.
type motorKind struct {
	name     string
	defaults func() any
	// decode decodes the table at path of d over cfg and returns the result.
	decode   func(d *config.Document, path []string, cfg any) (any, error)
	validate func(cfg any, source string) error
	adjust   func(cfg any, set func(string) bool) any
	build    func(cfg any) (motors.Motor, error)
	// renames are the configuration's renamed keys (config.Renamer), old
	// name to new: a recipe's keys are known by their new names.
	renames map[string]string
}

// sectionKind is a registered recipe section, as motorKind.
type sectionKind struct {
	name       string
	components []donburi.IComponentType
	defaults   func() any
	decode     func(d *config.Document, path []string, v any) (any, error)
	check      func(v any, source string) error
	apply      func(e *donburi.Entry, v any) error
}

var (
	regMu    sync.RWMutex
	motorReg = map[string]*motorKind{}
	sections = map[string]*sectionKind{}
)

// RegisterMotor makes a motor kind available to recipes: a [motor] table
// with kind = kind decodes its other keys over defaults() into a C (unknown
// keys refused, errors naming the file, line and key), C's Validate method
// (on C or *C, when it has one) checks it once when the recipe loads, and
// every spawn builds the character's own motor with build. Every motor
// package fits it as it is:
//
//	prefabs.RegisterMotor(rpg.Kind, rpg.DefaultConfig, rpg.New)
//
// C may also implement KCCProfiler, CrouchShaper, Verticaler (the recipe
// then takes those values from the motor) and, on *C, DefaultsAdjuster
// and config.Renamer (a [motor] table's old key names then load with a
// warning, and the recipe knows the keys by their new names). Motor packages' prefab files call it from
// init. Registering a kind twice panics, as database/sql drivers do: it is a
// programming error found at start-up.
func RegisterMotor[C any, M motors.Motor](kind string, defaults func() C, build func(C) (M, error)) {
	if defaults == nil || build == nil || kind == "" {
		panic("prefabs: RegisterMotor with an empty kind or a nil function")
	}
	k := &motorKind{
		name:     kind,
		defaults: func() any { return defaults() },
		decode: func(d *config.Document, path []string, cfg any) (any, error) {
			c := cfg.(C)
			if err := d.DecodeExcept(&c, []string{"kind"}, path...); err != nil {
				return nil, err
			}
			return c, nil
		},
		validate: func(cfg any, source string) error {
			c := cfg.(C)
			return validate(&c, source)
		},
		adjust: func(cfg any, set func(string) bool) any {
			c := cfg.(C)
			if a, ok := any(&c).(DefaultsAdjuster); ok {
				a.AdjustDefaults(set)
			}
			return c
		},
		build: func(cfg any) (motors.Motor, error) {
			m, err := build(cfg.(C))
			if err != nil {
				return nil, err
			}
			return m, nil
		},
	}
	if rn, ok := any(new(C)).(config.Renamer); ok {
		k.renames = rn.RenamedKeys()
	}
	regMu.Lock()
	defer regMu.Unlock()
	if _, dup := motorReg[kind]; dup {
		panic("prefabs: RegisterMotor called twice for " + kind)
	}
	motorReg[kind] = k
}

// validate calls the Validate method of *p or of p's value, if it has one.
func validate[T any](p *T, source string) error {
	if v, ok := any(p).(config.Validator); ok {
		return v.Validate(source)
	}
	if v, ok := any(*p).(config.Validator); ok {
		return v.Validate(source)
	}
	return nil
}

// Section describes an extra recipe table [name] (RegisterSection): the
// components it adds to a spawned entity and how it fills them.
type Section[T any] struct {
	// Components are added to the entity when the recipe has the section.
	Components []donburi.IComponentType
	// Defaults returns the values a recipe's keys decode over (nil: the
	// zero T).
	Defaults func() T
	// Check, if set, validates the decoded section once when the recipe
	// loads; its errors' keys are relative to the section or start with its
	// name, and are reported at the file and line that set them.
	Check func(v T, source string) error
	// Apply fills the spawned entity's components from the section (after
	// the built-in components are set). It runs at every spawn.
	Apply func(e *donburi.Entry, v T) error
}

// RegisterSection makes the recipe table [name] available: its keys decode
// over s.Defaults() into a T (unknown keys refused), s.Check validates it
// when the recipe loads, and s.Apply fills the entity at every spawn.
// Names of the built-in sections (body, view, kcc, jump, motor) cannot be
// registered; registering a name twice panics.
func RegisterSection[T any](name string, s Section[T]) {
	if builtinSection(name) || name == "" || s.Apply == nil {
		panic("prefabs: RegisterSection: invalid or reserved name " + name)
	}
	k := &sectionKind{
		name:       name,
		components: append([]donburi.IComponentType(nil), s.Components...),
		defaults: func() any {
			var v T
			if s.Defaults != nil {
				v = s.Defaults()
			}
			return v
		},
		decode: func(d *config.Document, path []string, v any) (any, error) {
			t := v.(T)
			if err := d.Decode(&t, path...); err != nil {
				return nil, err
			}
			return t, nil
		},
		check: func(v any, source string) error {
			if s.Check == nil {
				return nil
			}
			return s.Check(v.(T), source)
		},
		apply: func(e *donburi.Entry, v any) error { return s.Apply(e, v.(T)) },
	}
	regMu.Lock()
	defer regMu.Unlock()
	if _, dup := sections[name]; dup {
		panic("prefabs: RegisterSection called twice for " + name)
	}
	sections[name] = k
}

// MotorKinds returns the registered motor kinds, sorted.
func MotorKinds() []string {
	regMu.RLock()
	defer regMu.RUnlock()
	out := make([]string, 0, len(motorReg))
	for k := range motorReg {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func motorKindOf(kind string) (*motorKind, error) {
	regMu.RLock()
	k, ok := motorReg[kind]
	regMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("unknown motor kind %q (registered: %v)", kind, MotorKinds())
	}
	return k, nil
}

func sectionOf(name string) (*sectionKind, bool) {
	regMu.RLock()
	defer regMu.RUnlock()
	s, ok := sections[name]
	return s, ok
}

func builtinSection(name string) bool {
	switch name {
	case "body", "view", "kcc", "jump", "motor":
		return true
	}
	return false
}
