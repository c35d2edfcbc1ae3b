package platformer_test

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/seedgames/motorkit/trace"
)

// celeste is Celeste's per-tick player update as a recurrence, written
// from its published source (Player.cs: Update's timers, then
// NormalUpdate: the run approach, the fall cap, gravity, the variable
// jump, the jump; the dash state), in its pixels with the Y axis turned
// up, on a floor at y = 0. Timers are whole ticks, counted down at the
// start of a tick (Celeste counts seconds down by the frame time, which
// at 60 Hz is the same count). It shares no code with the motor.
type celeste struct {
	x, y, vx, vy      float64
	grounded          bool
	maxFall           float64
	varJump           int
	varJumpSpeed      float64
	dashes, dashTicks int
	dashCool, refill  int
	dashX, dashY      float64
	facing            float64
	coyote, buffer    int
	landed            bool // this tick's move landed: the controller's skin decides the height
	// the wall on the right: how far right the centre can go (px, +Inf:
	// no wall); hitWall: this tick's move reached it
	wallR        float64
	hitWall      bool
	wallSlide    int // ticks; -1: full
	wallSlideDir float64
	forceX       float64
	forceTicks   int
}

const (
	dt                                      = 1.0 / 60
	maxRun, runAccel, runReduce, airMult    = 90.0, 1000.0, 400.0, 0.65
	gravity, halfGrav, maxFallC, fastMaxF   = 900.0, 40.0, 160.0, 240.0
	fastMaxAccel, jumpSpeed, jumpHBoost     = 300.0, 105.0, 40.0
	varJumpTicks, coyoteTicks, bufferTicks  = 12, 6, 5 // 0.2 s, 0.1 s, 0.08 s at 60 Hz
	dashSpeed, endDashSpeed, endDashUpMult  = 240.0, 160.0, 0.75
	dashTicks, dashCoolTicks, refillCoolTks = 9, 12, 6       // 0.15, 0.2, 0.1 s
	wallJumpH, wallForceTicks, wallCheck    = 130.0, 10, 3.0 // 0.16 s
	wallSlideStart, wallSlideTicks          = 20.0, 72       // 1.2 s
)

func approach(v, t, s float64) float64 {
	if v > t {
		return math.Max(v-s, t)
	}
	return math.Min(v+s, t)
}

func digital(a float64) float64 {
	if a >= 0.5 {
		return 1
	} else if a <= -0.5 {
		return -1
	}
	return 0
}

// step runs one tick with the run axis mx, the up axis my, the jump
// button and a dash press.
func (c *celeste) step(mx, my float64, jumpHeld, jumpEdge, dash bool) {
	mx, my = digital(mx), digital(my)
	// the buffer stage: a press waits bufferTicks for the ground; coyote
	// time runs coyoteTicks after the ground is left without a jump
	if jumpEdge {
		c.buffer = bufferTicks + 1
	}
	if c.buffer > 0 {
		c.buffer--
	}
	pressed := c.buffer > 0 || jumpEdge
	jump := pressed && (c.grounded || c.coyote > 0)
	// Update's timers
	if c.varJump > 0 {
		c.varJump--
	}
	if c.dashCool > 0 {
		c.dashCool--
	}
	if c.refill > 0 {
		c.refill--
	} else if c.grounded {
		c.dashes = 1
	}
	if c.wallSlide < 0 || c.grounded {
		c.wallSlide = wallSlideTicks
	}
	if c.wallSlideDir != 0 {
		c.wallSlide, c.wallSlideDir = max(c.wallSlide-1, 0), 0
	}
	if c.forceTicks > 0 {
		c.forceTicks--
		mx = c.forceX
	}
	if mx != 0 {
		c.facing = mx
	}
	spent := false
	switch {
	case c.dashTicks > 0:
		c.dashTicks--
		if c.dashTicks == 0 && c.dashY >= 0 {
			c.vx, c.vy = c.dashX*endDashSpeed, c.dashY*endDashSpeed
			if c.vy > 0 {
				c.vy *= endDashUpMult
			}
		}
	case dash && c.dashes > 0 && c.dashCool == 0:
		x, y := mx, my
		if x == 0 && y == 0 {
			x = c.facing
		}
		if x != 0 && y != 0 {
			x, y = x*math.Sqrt2/2, y*math.Sqrt2/2
		}
		c.dashX, c.dashY = x, y
		c.dashes--
		c.dashTicks, c.dashCool, c.refill, c.varJump = dashTicks, dashCoolTicks, refillCoolTks, 0
		nx := x * dashSpeed
		if math.Signbit(c.vx) == math.Signbit(nx) && c.vx != 0 && nx != 0 && math.Abs(c.vx) > math.Abs(nx) {
			nx = c.vx
		}
		c.vx, c.vy = nx, y*dashSpeed
	default:
		spent = c.normal(mx, my, jumpHeld, jump, pressed)
	}
	// the move, on a floor at y = 0; the controller counts a floor
	// within its ground tolerance (0.01 m, 0.08 px) as reached
	c.x += c.vx * dt
	c.y += c.vy * dt
	if c.x >= c.wallR-0.08 && c.vx > 0 {
		c.x, c.vx, c.hitWall = c.wallR, 0, true // Celeste's OnCollideH
	}
	was := c.grounded
	c.grounded = false
	if c.y <= 0.08 && c.vy <= 0 {
		c.vy, c.grounded = 0, true
		if !was {
			c.landed = true
		}
	}
	switch {
	case c.grounded:
		c.coyote = coyoteTicks
	case was && !jump:
		c.coyote = coyoteTicks
	case c.coyote > 0:
		c.coyote--
	}
	if jump || spent {
		c.coyote, c.buffer = 0, 0
	}
}

// wallGap is the room to the wall on the right (px), +Inf without one.
func (c *celeste) wallGap() float64 { return c.wallR - c.x }

// normal is NormalUpdate's run, fall cap, gravity (with the wall
// slide), variable jump and jump or wall jump; it reports a wall jump
// (the press spent).
func (c *celeste) normal(mx, my float64, held, jump, pressed bool) bool {
	mult := 1.0
	if !c.grounded {
		mult = airMult
	}
	if math.Abs(c.vx) > maxRun && math.Copysign(1, c.vx) == mx {
		c.vx = approach(c.vx, maxRun*mx, runReduce*mult*dt)
	} else {
		c.vx = approach(c.vx, maxRun*mx, runAccel*mult*dt)
	}
	if my < 0 && -c.vy >= maxFallC {
		c.maxFall = approach(c.maxFall, fastMaxF, fastMaxAccel*dt)
	} else {
		c.maxFall = approach(c.maxFall, maxFallC, fastMaxAccel*dt)
	}
	if !c.grounded {
		limit := c.maxFall
		if mx == c.facing && my >= 0 {
			if c.vy <= 0 && c.wallSlide > 0 && c.facing > 0 && c.wallGap() <= 1 {
				c.wallSlideDir = c.facing
			}
			if c.wallSlideDir != 0 {
				limit = maxFallC + (wallSlideStart-maxFallC)*float64(c.wallSlide)/wallSlideTicks
			}
		}
		g := 1.0
		if math.Abs(c.vy) < halfGrav && held {
			g = 0.5
		}
		c.vy = approach(c.vy, -limit, gravity*g*dt)
	}
	if c.varJump > 0 {
		if held {
			c.vy = math.Max(c.vy, c.varJumpSpeed)
		} else {
			c.varJump = 0
		}
	}
	switch {
	case jump:
		c.varJump, c.wallSlide = varJumpTicks, wallSlideTicks
		c.vx += jumpHBoost * mx
		c.vy, c.varJumpSpeed = jumpSpeed, jumpSpeed
	case pressed && c.wallGap() <= wallCheck:
		c.varJump, c.wallSlide = varJumpTicks, wallSlideTicks
		if mx != 0 {
			c.forceX, c.forceTicks = -1, wallForceTicks
		}
		c.vx = -wallJumpH
		c.vy, c.varJumpSpeed = jumpSpeed, jumpSpeed
		return true
	}
	return false
}

// replayBoth replays a trace of testdata/platformer through the pipeline
// and the recurrence from the same start, and returns both paths in
// pixels relative to the start (the pipeline's metres times 8) with the
// recurrence's velocities.
func replayBoth(t *testing.T, name string) (pipe, rec [][4]float64) {
	return replayWall(t, name, math.Inf(1))
}

// replayWall is replayBoth with a wall whose face is at x = face (m) on
// the right.
func replayWall(t *testing.T, name string, face float64) (pipe, rec [][4]float64) {
	t.Helper()
	tr, err := trace.Load(filepath.Join("..", "..", "testdata", "platformer", name))
	if err != nil {
		t.Fatal(err)
	}
	res, err := trace.Replay(tr)
	if err != nil {
		t.Fatal(err)
	}
	start := res.Samples[0].Position
	if tr.Spawn.Position != nil {
		start = *tr.Spawn.Position
	}
	// the recurrence starts where the pipeline's character is before its
	// first tick: on the floor, or in the air above it
	c := celeste{maxFall: maxFallC, dashes: 1, facing: 1, wallSlide: -1}
	// the centre stops at the face less the radius (0.5 m) and the skin
	// (0.01 m)
	c.wallR = (face - 0.5 - 0.01 - start[0]) * 8
	floorY := 0.6975 // the spawn centre of a character standing on the flat level
	c.y = (start[1] - floorY) * 8
	c.grounded = c.y <= 0
	if c.grounded {
		c.y = 0
	}
	held := false
	tick := 0
	for _, seg := range tr.Segments {
		for i := 0; i < seg.Ticks; i++ {
			h := seg.Jump == "hold" || (seg.Jump == "tap" && i == 0)
			edge := h && !held
			held = h
			c.step(seg.Strafe, seg.Forward, h, edge, seg.Dash == "tap" && i == 0)
			s := res.Samples[tick]
			if c.landed {
				// Where in its skin the controller rests is its own: the
				// rule takes the height it landed at when that is within
				// the tolerance of the floor.
				if py := (s.Position[1] - floorY) * 8; math.Abs(py) <= 0.16 {
					c.y = py
				}
				c.landed = false
			}
			hit := c.hitWall
			if c.hitWall {
				// As on landing: where in its skin the controller stops is
				// its own.
				if px := (s.Position[0] - start[0]) * 8; math.Abs(px-c.wallR) <= 0.16 {
					c.x = px
				}
				c.hitWall = false
			}
			pipe = append(pipe, [4]float64{(s.Position[0] - start[0]) * 8, (s.Position[1] - floorY) * 8, s.Velocity[0] * 8, s.Velocity[1] * 8})
			vx := c.vx
			if hit {
				// The controller keeps the part of the move it made before
				// the wall as the tick's speed; the motor zeroes it at the
				// start of the next tick (Celeste zeroes it at once): the
				// path is the same.
				vx = s.Velocity[0] * 8
			}
			rec = append(rec, [4]float64{c.x, c.y, vx, c.vy})
			tick++
		}
	}
	return pipe, rec
}

// TestCelesteRecurrence replays every platformer trace through the real
// pipeline (the platformer_hero recipe on the flat level) and Celeste's
// update rule written as a recurrence, and requires the same path, tick
// by tick, to 1e-9 px in position and velocity: the jump arc, the short
// hop, the run-up and the jump's boost, the dashes and the fast fall.
func TestCelesteRecurrence(t *testing.T) {
	for _, name := range []string{"jump_arc.toml", "short_hop.toml", "run_jump.toml", "dash.toml", "fast_fall.toml"} {
		t.Run(name, func(t *testing.T) {
			pipe, rec := replayBoth(t, name)
			for i := range pipe {
				for k, what := range []string{"x", "y", "vx", "vy"} {
					if d := math.Abs(pipe[i][k] - rec[i][k]); !(d <= 1e-9) {
						t.Fatalf("tick %d: %s = %.12g px, Celeste's rule %.12g (pipeline %v, rule %v)", i, what, pipe[i][k], rec[i][k], pipe[i], rec[i])
					}
				}
			}
		})
	}
}

// apex returns the highest y of a path and the first tick it is reached.
func apex(path [][4]float64) (float64, int) {
	best, at := math.Inf(-1), -1
	for i, p := range path {
		if p[1] > best+1e-12 {
			best, at = p[1], i
		}
	}
	return best, at
}

// TestCelesteClosedForm checks the pipeline's paths against numbers
// worked out by hand from Celeste's constants at 60 Hz (px, px/s):
//
//   - Full jump (jump_arc, jump on tick 10): the variable jump holds 105
//     for ticks 10-21: 12 x 105/60 = 21 px. Then gravity (15 per tick;
//     7.5 below 40 with jump held): 90, 75, 60, 45, 30, 22.5, 15, 7.5
//     add 5.75 px: apex 26.75 px, first reached on tick 29.
//   - Short hop (short_hop, jump held one tick): 1.75 px on the jump
//     tick, then 90, 75, 60, 45, 30, 15 (no half gravity without the
//     button): 5.25 px more, apex 7 px on tick 16.
//   - Run-up (run_jump, right from tick 5): 1000/60 per tick reaches 90
//     on the 6th tick (tick 10); 90% (81) on the 5th.
//   - The jump's boost: 90 + 40 = 130 on the jump tick (35), then the air
//     reduce 400 x 0.65 / 60 = 4.333 per tick back to 90 on the 10th tick after (tick 45).
//   - Dash (dash, right on tick 5): 9 ticks at 240: 36 px from the tick
//     before, then 160 (the end speed).
func TestCelesteClosedForm(t *testing.T) {
	full, _ := replayBoth(t, "jump_arc.toml")
	if h, at := apex(full); math.Abs(h-26.75) > 1e-9 || at != 29 {
		t.Errorf("full jump apex %.12g px on tick %d, want 26.75 on tick 29", h, at)
	}
	hop, _ := replayBoth(t, "short_hop.toml")
	if h, at := apex(hop); math.Abs(h-7) > 1e-9 || at != 16 {
		t.Errorf("short hop apex %.12g px on tick %d, want 7 on tick 16", h, at)
	}
	run, _ := replayBoth(t, "run_jump.toml")
	if run[9][2] >= 90 || math.Abs(run[10][2]-90) > 1e-9 || run[9][2] < 81 || run[8][2] >= 81 {
		t.Errorf("run-up: vx on ticks 8, 9, 10 = %v, %v, %v, want below 81, at least 81, 90", run[8][2], run[9][2], run[10][2])
	}
	if math.Abs(run[35][2]-130) > 1e-9 || math.Abs(run[45][2]-90) > 1e-9 || run[44][2] <= 90 {
		t.Errorf("jump boost: vx on ticks 35, 44, 45 = %v, %v, %v, want 130, above 90, 90", run[35][2], run[44][2], run[45][2])
	}
	dash, _ := replayBoth(t, "dash.toml")
	if d := dash[13][0] - dash[4][0]; math.Abs(d-36) > 1e-9 || math.Abs(dash[14][2]-160) > 1e-9 {
		t.Errorf("dash: %.12g px over its 9 ticks and vx %v after, want 36 px and 160", d, dash[14][2])
	}
}

// TestCelesteWallJump replays wall_jump.toml (a wall whose face is at
// x = 3 m) through the pipeline and the recurrence with the wall: the
// rise along the wall, the wall slide (the fall cap from 20 px/s back
// toward 160 over 1.2 s) and the wall jumps (130 px/s away and 105 up,
// the run input held away for 10 ticks) agree tick by tick to 1e-9 px.
func TestCelesteWallJump(t *testing.T) {
	pipe, rec := replayWall(t, "wall_jump.toml", 3)
	jumps := 0
	for i := range pipe {
		for k, what := range []string{"x", "y", "vx", "vy"} {
			if d := math.Abs(pipe[i][k] - rec[i][k]); !(d <= 1e-9) {
				t.Fatalf("tick %d: %s = %.12g px, Celeste's rule %.12g (pipeline %v, rule %v)", i, what, pipe[i][k], rec[i][k], pipe[i], rec[i])
			}
		}
		if i > 0 && pipe[i][2] == -130 && pipe[i][3] == 105 {
			jumps++
		}
	}
	if jumps != 2 {
		t.Fatalf("%d wall jumps (velocity (-130, 105) px/s), want 2", jumps)
	}
}
