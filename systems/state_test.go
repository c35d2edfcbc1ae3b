package systems_test

import (
	"testing"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// rulesMotor is a motor that only walks, with the jump windows it is
// given: the pipeline asks a motor's JumpRules once, and again when the
// character's motor is replaced.
type rulesMotor struct {
	rules motors.JumpRules
	asked *int
}

func (m *rulesMotor) Kind() string                           { return "rules" }
func (m *rulesMotor) IntentSpeedCap(*motors.Context) float64 { return 1 }
func (m *rulesMotor) Friction(*motors.Context)               {}
func (m *rulesMotor) Accel(*motors.Context)                  {}
func (m *rulesMotor) Shaping(*motors.Context)                {}
func (m *rulesMotor) JumpRules(float64) motors.JumpRules     { *m.asked++; return m.rules }

func newRulesMotor(asked *int, enabled bool) *rulesMotor {
	return &rulesMotor{asked: asked, rules: motors.JumpRules{Enabled: enabled}}
}

func TestReplacedMotorGetsItsJumpRules(t *testing.T) {
	w, ent, p := walker(t, "capsule_walker")
	e := w.Entry(ent)
	asked := 0
	md := components.Motor.Get(e)
	md.Motor = newRulesMotor(&asked, false)
	settle := func() {
		for i := 0; i < 30; i++ {
			p.Step()
		}
	}
	settle()
	jump := func() uint64 {
		before := components.JumpBuffer.Get(e).Consumes
		systems.Submit(e, components.CommandData{JumpPressed: true})
		p.Step()
		settle()
		return components.JumpBuffer.Get(e).Consumes - before
	}
	if n := jump(); n != 0 {
		t.Fatalf("a motor with jumping disabled jumped %d times", n)
	}
	if asked != 1 {
		t.Fatalf("JumpRules asked %d times over %d ticks, want once", asked, p.Ticks())
	}
	md.Motor = newRulesMotor(&asked, true) // replaced in place, between ticks
	if n := jump(); n != 1 {
		t.Fatalf("the replacing motor allows jumping; jumped %d times", n)
	}
	if asked != 2 {
		t.Fatalf("JumpRules asked %d times in all, want twice (once per motor)", asked)
	}
}

// valueMotor is a motor of a type == cannot compare (a slice field, value
// receivers): the pipeline must not panic comparing it, only ask its jump
// rules every tick.
type valueMotor struct{ tag []int }

func (valueMotor) Kind() string                           { return "value" }
func (valueMotor) IntentSpeedCap(*motors.Context) float64 { return 2 }
func (valueMotor) JumpRules(float64) motors.JumpRules     { return motors.JumpRules{Enabled: true} }
func (valueMotor) Friction(*motors.Context)               {}
func (valueMotor) Accel(ctx *motors.Context) {
	ctx.Velocity[0], ctx.Velocity[2] = float64(ctx.Intent.Speed*ctx.Intent.PlanarDir[0]), float64(ctx.Intent.Speed*ctx.Intent.PlanarDir[2])
}
func (valueMotor) Shaping(*motors.Context) {}

func TestNonComparableMotor(t *testing.T) {
	w, ent, p := walker(t, "capsule_walker")
	e := w.Entry(ent)
	components.Motor.Get(e).Motor = valueMotor{tag: []int{1}}
	start := components.Body.Get(e).Position
	for i := 0; i < 60; i++ {
		systems.Submit(e, components.CommandData{Forward: 1, JumpPressed: i == 30})
		p.Step()
	}
	if d := components.Body.Get(e).Position.Sub(start); d[0] < 1.9 || d[0] > 2.01 {
		t.Fatalf("moved %v in 1 s at 2 m/s", d)
	}
	if components.JumpBuffer.Get(e).Consumes != 1 {
		t.Fatal("the value motor's jump was not taken")
	}
}

// The motor context points at the character's components, the one home
// of each: the command (clamped in place), the view, the KCC report
// (Stance), the intent and the jump state.
func TestContextPointsAtComponents(t *testing.T) {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		t.Fatal(err)
	}
	ent, err := prefabs.Spawn(w, "rpg_player")
	if err != nil {
		t.Fatal(err)
	}
	p := systems.NewPipeline(w, systems.Options{})
	e := w.Entry(ent)
	systems.Submit(e, components.CommandData{Forward: 3, Strafe: -0.5})
	p.Step()
	ctx := &components.Motor.Get(e).Ctx
	if ctx.Command != components.Command.Get(e) || ctx.View != components.View.Get(e) ||
		ctx.Stance != &components.KCC.Get(e).Stance || ctx.Intent != &components.Intent.Get(e).Intent ||
		ctx.Jump != &components.JumpBuffer.Get(e).JumpState {
		t.Fatal("the motor context does not point at the character's components")
	}
	if c := components.Command.Get(e); c.Forward != 1 || c.Strafe != -0.5 {
		t.Fatalf("command %+v: the axes are clamped in place", c)
	}
	// While the UI captures input the motor sees the held levels only.
	systems.Submit(e, components.CommandData{Forward: 1, Sprint: true, JumpHeld: true, JumpPressed: true, UICaptured: true})
	p.Step()
	if c := ctx.Command; c == components.Command.Get(e) || c.Forward != 0 || c.JumpPressed || !c.Sprint || !c.JumpHeld {
		t.Fatalf("captured: the motor sees %+v", *c)
	}
}
