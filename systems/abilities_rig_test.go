package systems_test

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// The abilities' tests (abilities_*_test.go) run one character of a recipe
// on a level of their own through the real pipeline. The recipes are the
// five built-in ones and a game's own motor, registered here as
// examples/custommotor registers its skater.

// allAbilities switches every ability on with its defaults.
const allAbilities = "[climb]\n[swim]\n[ledge]\n[wall]\n[drop_through]\n"

// abRecipes are the recipes every ability is tested with: the built-in
// motors and a game's own (abDirectRecipe).
var abRecipes = []string{"capsule_walker", "arena_player", "rpg_player", "hybrid_player", "fps_player", abDirectRecipe}

// abDirect is a game's own motor, as a game writes one: the planar velocity
// is the stick's direction at the configured speed at once (no
// acceleration), so its walk is the simplest of all.
type abDirect struct{ cfg abDirectConfig }

type abDirectConfig struct {
	Speed float64 `toml:"speed"` // m/s at full stick
}

func (c abDirectConfig) Validate(source string) error {
	ch := config.Checker{Source: source}
	ch.Range("speed", c.Speed, 0.1, 50)
	return ch.Err()
}

func (m *abDirect) Kind() string                           { return abDirectKind }
func (m *abDirect) IntentSpeedCap(*motors.Context) float64 { return m.cfg.Speed }
func (m *abDirect) JumpRules(rate float64) motors.JumpRules {
	t := motors.TicksFromSeconds(0.1, rate)
	return motors.JumpRules{Enabled: true, BufferTicks: t, CoyoteTicks: t}
}
func (m *abDirect) Friction(*motors.Context) {}
func (m *abDirect) Accel(ctx *motors.Context) {
	ctx.Velocity[0] = float64(ctx.Intent.PlanarDir[0] * ctx.Intent.Speed)
	ctx.Velocity[2] = float64(ctx.Intent.PlanarDir[2] * ctx.Intent.Speed)
}
func (m *abDirect) Shaping(*motors.Context) {}

const (
	abDirectKind   = "abtest_direct"
	abDirectRecipe = "abtest_direct_walker"
)

func init() {
	prefabs.RegisterMotor(abDirectKind, func() abDirectConfig { return abDirectConfig{Speed: 4} },
		func(c abDirectConfig) (*abDirect, error) { return &abDirect{cfg: c}, nil })
	prefabs.RegisterRecipe(abDirectRecipe, []byte(`
[body]
position = [0.0, 0.91, 0.0]

[motor]
kind = "abtest_direct"
`), "abilities_rig_test.go")
}

// abRig is one character on a level, stepped tick by tick.
type abRig struct {
	t   testing.TB
	w   donburi.World
	p   *systems.Pipeline
	e   donburi.Entity
	lv  components.LevelData
	tck int // ticks stepped
}

// abLevel builds level TOML with its living part (ladders, water, one-way).
func abLevel(t testing.TB, level string) components.LevelData {
	t.Helper()
	lv, err := prefabs.BuildLivingLevel([]byte(level), "abilities_test.toml")
	if err != nil {
		t.Fatal(err)
	}
	return lv
}

// newAbRig spawns recipe at pos facing +X (yaw 0: forward is +X, and the
// stick's direction is exactly (1, 0, 0)) on level with the recipe
// override ov.
func newAbRig(t testing.TB, recipe, level string, pos mgl64.Vec3, ov string) *abRig {
	t.Helper()
	w := donburi.NewWorld()
	lv := abLevel(t, level)
	prefabs.SetLevelData(w, lv)
	opts := []prefabs.Option{prefabs.At(pos), prefabs.Facing(0)}
	if ov != "" {
		opts = append(opts, prefabs.Override(ov))
	}
	e, err := prefabs.Spawn(w, recipe, opts...)
	if err != nil {
		t.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	p.SetSpawner(prefabs.Respawn)
	return &abRig{t: t, w: w, p: p, e: e, lv: lv}
}

func (r *abRig) entry() *donburi.Entry          { return r.w.Entry(r.e) }
func (r *abRig) body() *components.BodyData     { return components.Body.Get(r.entry()) }
func (r *abRig) kcc() *components.KCCData       { return components.KCC.Get(r.entry()) }
func (r *abRig) ab() *components.AbilitiesData  { return components.Abilities.Get(r.entry()) }
func (r *abRig) pos() mgl64.Vec3                { return r.body().Position }
func (r *abRig) vel() mgl64.Vec3                { return r.body().Velocity }
func (r *abRig) mode() abilities.Mode           { return r.ab().Mode }
func (r *abRig) jb() *components.JumpBufferData { return components.JumpBuffer.Get(r.entry()) }
func (r *abRig) hasAbilities() bool             { return r.entry().HasComponent(components.Abilities) }

// step submits cmd and runs one tick; it returns the tick's number.
func (r *abRig) step(cmd components.CommandData) int {
	systems.Submit(r.entry(), cmd)
	r.p.Step()
	r.tck++
	return r.tck - 1
}

// dims are a recipe's capsule and vertical motion, read from its spawn.
type dims struct {
	r, h, off float64 // radius, standing half height, skin
	g, jump   float64 // gravity (m/s²) and jump speed (m/s)
	hr        float64 // h + r: centre to the top of the head (or the feet)
	crouchH   float64
	gtol      float64 // the controller's ground tolerance beyond the skin
	standY    float64 // the centre standing on y = 0: h + r + off
	dt        float64
}

func (r *abRig) dims() dims {
	k := r.kcc()
	d := dims{r: k.Shape.Radius, h: k.StandHalfHeight, off: k.Controller.Offset(), g: k.Gravity,
		jump: k.JumpSpeed, crouchH: k.CrouchHalfHeight, gtol: k.Controller.Config().GroundTolerance, dt: 1.0 / 60}
	d.hr = d.h + d.r
	d.standY = d.hr + d.off
	return d
}

// within reports whether a and b agree within tol.
func within(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// ceilTicks is the number of whole ticks a distance d takes at step per
// tick, the last one short: ceil(d/step), robust to the rounding of d/step
// at a whole number.
func ceilTicks(d, step float64) int { return int(math.Ceil(d/step - 1e-9)) }

// allAbilitiesWith is allAbilities with keys in one table:
// allAbilitiesWith("climb", "speed = 1.75").
func allAbilitiesWith(table, keys string) string {
	return strings.Replace(allAbilities, "["+table+"]\n", "["+table+"]\n"+keys+"\n", 1)
}
