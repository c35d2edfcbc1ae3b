package prefabs

import (
	"fmt"
	"sort"
	"sync"

	"github.com/seedgames/motorkit/motors"
	"github.com/yohamta/donburi"
)

// MotorFactory builds a new motor instance (one per entity) from the
// [motor] table of a recipe, re-encoded as TOML without its `kind` key.
// It must start from the motor's defaults, reject unknown keys and
// out-of-range values, and name source in its errors.
type MotorFactory func(motorTOML []byte, source string) (motors.Motor, error)

// Section handles an extra recipe section: the components it adds and how
// it fills them from the section's TOML.
type Section struct {
	// Components are added to the entity when the recipe has the section.
	Components []donburi.IComponentType
	// Apply fills the entity's components from the section's TOML (re-encoded
	// text). It runs after the built-in components are set.
	Apply func(e *donburi.Entry, data []byte, source string) error
	// Validate, if set, checks the section's TOML without an entity; LoadFile
	// uses it to report errors at load time.
	Validate func(data []byte, source string) error
}

// KCCProfiler is implemented by motors whose configuration owns the
// controller's slope limit (degrees), step height and ground snap (meters),
// as the FPS motor's does: Spawn gives them to the KCC component, and a
// recipe's [kcc] table may repeat them only with the same values.
type KCCProfiler interface {
	KCCProfile() (maxSlopeDeg, stepHeight, groundSnap float64)
}

// CrouchShaper is implemented by motors whose configuration owns the
// crouched capsule as a height multiplier, as the hybrid motor's does:
// Spawn gives the KCC component the crouch half height it implies, and a
// recipe's [kcc] crouch_half_height may repeat it only with the same value.
type CrouchShaper interface {
	CrouchHeightMultiplier() float64
}

// Verticaler is implemented by motors that derive the vertical parameters
// (for example jump speed from jump height: v = sqrt(2 g h)). Such a motor
// owns them: Spawn gives them to the KCC component, and a recipe's [kcc]
// gravity, jump_speed or max_fall_speed may only repeat the motor's value
// (any other is refused: set it in the [motor] table). For motors that do
// not implement it, [kcc] owns the three.
type Verticaler interface {
	Vertical() (gravity, jumpSpeed, maxFallSpeed float64)
}

var (
	regMu    sync.RWMutex
	motorReg = map[string]MotorFactory{}
	sections = map[string]Section{}
)

// RegisterMotor makes a motor kind available to recipes. Motor packages'
// prefab files call it from init. Registering a kind twice panics, as
// database/sql drivers do: it is a programming error found at start-up.
func RegisterMotor(kind string, f MotorFactory) {
	regMu.Lock()
	defer regMu.Unlock()
	if f == nil || kind == "" {
		panic("prefabs: RegisterMotor with empty kind or nil factory")
	}
	if _, dup := motorReg[kind]; dup {
		panic("prefabs: RegisterMotor called twice for " + kind)
	}
	motorReg[kind] = f
}

// RegisterSection makes an extra recipe section available. Names of the
// built-in sections (body, view, kcc, jump, motor) cannot be registered.
func RegisterSection(name string, s Section) {
	regMu.Lock()
	defer regMu.Unlock()
	if builtinSection(name) || name == "" || s.Apply == nil {
		panic("prefabs: RegisterSection: invalid or reserved name " + name)
	}
	if _, dup := sections[name]; dup {
		panic("prefabs: RegisterSection called twice for " + name)
	}
	sections[name] = s
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

func motorFactory(kind string) (MotorFactory, error) {
	regMu.RLock()
	defer regMu.RUnlock()
	f, ok := motorReg[kind]
	if !ok {
		all := make([]string, 0, len(motorReg))
		for k := range motorReg {
			all = append(all, k)
		}
		sort.Strings(all)
		return nil, fmt.Errorf("unknown motor kind %q (registered: %v)", kind, all)
	}
	return f, nil
}

func section(name string) (Section, bool) {
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
