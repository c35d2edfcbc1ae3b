package systems

import (
	"math"

	"github.com/yohamta/donburi/ecs"
)

// RunnerOptions configure a Runner.
type RunnerOptions struct {
	// MaxStepsPerFrame caps the ticks one Advance may run (default 5). When
	// the cap is hit the remaining backlog is dropped, so a slow frame makes
	// the game slow down instead of spiralling.
	MaxStepsPerFrame int
	// MaxFrameDt clamps a frame's dt in seconds before it enters the
	// accumulator (default 0.25). A 2 s hitch therefore runs at most
	// MaxStepsPerFrame ticks, and tick-counted timers such as the jump
	// buffer cannot be emptied by one spike (docs/motors/fps.md#jump-timing-in-ticks "dt spikes").
	MaxFrameDt float64
}

// DefaultRunnerOptions returns MaxStepsPerFrame 5 and MaxFrameDt 0.25 s.
func DefaultRunnerOptions() RunnerOptions {
	return RunnerOptions{MaxStepsPerFrame: 5, MaxFrameDt: 0.25}
}

// Runner drives a Pipeline at its fixed rate from variable-length frames.
type Runner struct {
	p         *Pipeline
	opts      RunnerOptions
	acc       float64
	lastSteps int
}

// NewRunner wraps p. Zero or invalid options take their defaults.
func NewRunner(p *Pipeline, opts RunnerOptions) *Runner {
	d := DefaultRunnerOptions()
	if opts.MaxStepsPerFrame <= 0 {
		opts.MaxStepsPerFrame = d.MaxStepsPerFrame
	}
	if !(opts.MaxFrameDt > 0) || math.IsInf(opts.MaxFrameDt, 0) {
		opts.MaxFrameDt = d.MaxFrameDt
	}
	return &Runner{p: p, opts: opts}
}

// Pipeline returns the driven pipeline.
func (r *Runner) Pipeline() *Pipeline { return r.p }

// Step runs exactly one tick, ignoring the accumulator.
func (r *Runner) Step() { r.p.Step() }

// Advance adds one frame's elapsed time and runs the ticks now due, at most
// MaxStepsPerFrame. NaN, negative or zero frameDt runs nothing; frameDt above
// MaxFrameDt is clamped. It returns the number of ticks run.
func (r *Runner) Advance(frameDt float64) int {
	steps, acc := r.due(frameDt)
	for i := 0; i < steps; i++ {
		r.p.Step()
	}
	r.acc = acc
	r.lastSteps = steps
	return steps
}

// StepsFor returns how many ticks Advance(frameDt) would run now, without
// running them.
func (r *Runner) StepsFor(frameDt float64) int {
	steps, _ := r.due(frameDt)
	return steps
}

// due computes the ticks a frame of frameDt runs and the accumulator left.
func (r *Runner) due(frameDt float64) (steps int, acc float64) {
	if !(frameDt > 0) {
		frameDt = 0
	}
	if frameDt > r.opts.MaxFrameDt {
		frameDt = r.opts.MaxFrameDt
	}
	acc = r.acc + frameDt
	dt := r.p.dt
	// A tolerance of a millionth of a tick keeps frames of exactly one tick
	// (1/60 s at 60 Hz) from alternating between 0 and 2 steps by rounding.
	eps := float64(dt * 1e-6)
	for acc+eps >= dt && steps < r.opts.MaxStepsPerFrame {
		acc -= dt
		steps++
	}
	if acc+eps >= dt {
		acc = math.Mod(acc, dt) // drop the backlog past the cap
	}
	if acc < 0 {
		acc = 0
	}
	return steps, acc
}

// LastSteps returns how many ticks the last Advance ran.
func (r *Runner) LastSteps() int { return r.lastSteps }

// Alpha returns how far the accumulator is into the next tick, in [0, 1):
// draw at lerp(PrevPosition, Position, Alpha) for smooth motion at any
// display rate.
func (r *Runner) Alpha() float64 {
	a := r.acc / r.p.dt
	if a < 0 {
		return 0
	}
	if a >= 1 {
		return math.Nextafter(1, 0)
	}
	return a
}

// ECSSystem returns a donburi ecs.System that advances the runner by
// frameDt on every ecs.Update (for example 1/60 with Ebitengine's default
// TPS). It deliberately ignores ecs.Time, which is wall-clock.
func (r *Runner) ECSSystem(frameDt float64) ecs.System {
	return func(*ecs.ECS) { r.Advance(frameDt) }
}
