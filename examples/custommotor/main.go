// Command custommotor writes a motor of its own, registers it with the
// prefab library under the kind "skater", and spawns a character from a TOML
// recipe that uses it: the same path the built-in motors take.
//
// A skater pushes off toward the stick at a fixed acceleration up to a top
// speed and glides when the stick is released, losing speed slowly.
//
//	go run ./examples/custommotor
package main

import (
	"fmt"
	"io"
	"log"
	"math"
	"os"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// Config is the skater's tuning, the [motor] table of a recipe. A key
// the built-in motors share keeps its meaning and unit here
// (docs/motors/README.md#vocabulary): max_speed is the speed of a full
// stick.
type Config struct {
	MaxSpeed float64 `toml:"max_speed"` // m/s
	Push     float64 `toml:"push"`      // m/s^2 toward the stick
	Glide    float64 `toml:"glide"`     // 1/s: speed lost per second with no input, as a rate
}

// Validate reports every out-of-range value, naming source and key.
func (c Config) Validate(source string) error {
	ch := config.Checker{Source: source}
	ch.Range("max_speed", c.MaxSpeed, 0.1, 50)
	ch.Range("push", c.Push, 0, 200)
	ch.Range("glide", c.Glide, 0, 20)
	return ch.Err()
}

// Skater implements motors.Motor. The pipeline calls its stages in order,
// every fixed tick, on the character's motor context.
type Skater struct{ cfg Config }

// Kind names the motor family.
func (s *Skater) Kind() string { return "skater" }

// IntentSpeedCap is the speed a full stick asks for.
func (s *Skater) IntentSpeedCap(*motors.Context) float64 { return s.cfg.MaxSpeed }

// JumpRules: jumping allowed, 0.1 s of buffer and of coyote time, in
// whole ticks at the pipeline's rate (6 at 60 Hz).
func (s *Skater) JumpRules(tickRate float64) motors.JumpRules {
	t := motors.TicksFromSeconds(0.1, tickRate)
	return motors.JumpRules{Enabled: true, BufferTicks: t, CoyoteTicks: t}
}

// Friction glides: with no input on the ground the planar speed decays as
// v' = v / (1 + glide*dt).
func (s *Skater) Friction(ctx *motors.Context) {
	if ctx.Stance.Grounded && ctx.Intent.Mag == 0 {
		k := 1 / (1 + s.cfg.Glide*ctx.Dt)
		ctx.Velocity[0] *= k
		ctx.Velocity[2] *= k
	}
}

// Accel pushes toward the stick direction.
func (s *Skater) Accel(ctx *motors.Context) {
	if ctx.Intent.Mag == 0 {
		return
	}
	a := s.cfg.Push * ctx.Intent.Mag * ctx.Dt
	ctx.Velocity[0] += ctx.Intent.PlanarDir[0] * a
	ctx.Velocity[2] += ctx.Intent.PlanarDir[2] * a
}

// Shaping caps the planar speed at the top speed.
func (s *Skater) Shaping(ctx *motors.Context) {
	if v := math.Hypot(ctx.Velocity[0], ctx.Velocity[2]); v > s.cfg.MaxSpeed {
		f := s.cfg.MaxSpeed / v
		ctx.Velocity[0] *= f
		ctx.Velocity[2] *= f
	}
}

// DefaultConfig is what a recipe's [motor] keys decode over.
func DefaultConfig() Config { return Config{MaxSpeed: 8, Push: 6, Glide: 0.5} }

// New builds one character's motor (the recipe validated cfg when it
// loaded).
func New(cfg Config) (*Skater, error) { return &Skater{cfg: cfg}, nil }

func init() {
	// A recipe's [motor] table with kind = "skater" decodes over
	// DefaultConfig (unknown keys and bad values name the file, line and
	// key; Config.Validate runs once when the recipe loads), and every
	// spawn gets its own motor from New.
	prefabs.RegisterMotor("skater", DefaultConfig, New)
}

// recipe is the character: a 1.8 m capsule on the skater motor.
const recipe = `
[body]
position = [0.0, 0.91, 0.0]

[kcc]
radius = 0.3
half_height = 0.6

[motor]
kind = "skater"
push = 4.0
`

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(out io.Writer) error {
	lib, err := prefabs.NewLibrary()
	if err != nil {
		return err
	}
	if err := lib.AddRecipe("skater", []byte(recipe), "skater.toml"); err != nil {
		return err
	}
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		return err
	}
	ent, err := lib.Spawn(w, "skater")
	if err != nil {
		return err
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	speed := func() float64 { return motors.Planar(components.Body.Get(w.Entry(ent)).Velocity).Len() }
	for i := 0; i < 60; i++ { // push for 1 s
		systems.Submit(w.Entry(ent), components.CommandData{Forward: 1})
		p.Step()
	}
	pushed := speed()
	for i := 0; i < 120; i++ { // glide for 2 s
		systems.Submit(w.Entry(ent), components.CommandData{})
		p.Step()
	}
	fmt.Fprintf(out, "pushed 1 s: %.3f m/s; glided 2 s: %.3f m/s; at x=%.2f m\n",
		pushed, speed(), components.Body.Get(w.Entry(ent)).Position[0])

	// A typo in a recipe is an error that names the file and the key.
	bad := "[motor]\nkind = \"skater\"\npush = 4.0\ngilde = 1.0\n"
	fmt.Fprintln(out, lib.AddRecipe("typo", []byte(bad), "typo.toml"))
	return nil
}
