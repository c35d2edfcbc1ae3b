package flail

import (
	"fmt"
	"github.com/seedgames/motorkit/detmath"
	"math"
)

// Skill is a bot skill level.
type Skill uint8

// Skill levels (see BotsConfig).
const (
	SkillEasy Skill = iota + 1
	SkillNormal
	SkillHard
)

// String names the skill as TOML spells it.
func (s Skill) String() string {
	switch s {
	case SkillEasy:
		return "easy"
	case SkillHard:
		return "hard"
	case SkillNormal:
		return "normal"
	}
	return fmt.Sprintf("Skill(%d)", uint8(s))
}

// ParseSkill parses "easy", "normal" or "hard".
func ParseSkill(s string) (Skill, error) {
	switch s {
	case "easy":
		return SkillEasy, nil
	case "normal", "":
		return SkillNormal, nil
	case "hard":
		return SkillHard, nil
	}
	return 0, fmt.Errorf("flail: unknown bot skill %q (easy, normal, hard)", s)
}

// BotMode is what a bot is doing, for debug overlays and tests.
type BotMode uint8

// Bot modes.
const (
	BotWander BotMode = iota
	BotSeek
	BotAttack
	BotFlee
)

// String names the mode.
func (m BotMode) String() string {
	return [...]string{"wander", "seek", "attack", "flee"}[m&3]
}

// Bot is a deterministic steering brain: every decision draws from its own
// seeded RNG and reads only the rules' state, so a match replays exactly.
// Rules.Step calls Think for living bots; the caller submits Next() as the
// bot's command for the next tick.
type Bot struct {
	// Skill selects the bot's SkillConfig.
	Skill Skill
	// RNG is the bot's own random stream (aim noise, wandering).
	RNG RNG
	// Cooldown is the ticks left before the next decision.
	Cooldown int
	// Mode is the current behaviour and Target the attacked or fled
	// player's ID (0 = none).
	Mode    BotMode
	Target  uint64
	input   Input
	orbit   float64
	thrown  int
	rest    int // ticks since the flail came back (throw cooldown)
	passing bool
}

// NewBot returns a bot of the given skill with its own RNG stream. The first
// decision is staggered randomly within the reaction time so bots spawned
// together do not all think on the same tick.
func NewBot(skill Skill, seed uint64) Bot {
	if skill < SkillEasy || skill > SkillHard {
		skill = SkillNormal
	}
	b := Bot{Skill: skill, RNG: NewRNG(seed), orbit: 1}
	if b.RNG.Float64() < 0.5 {
		b.orbit = -1
	}
	b.Cooldown = b.RNG.Intn(8)
	b.input.Aim = b.RNG.Range(-math.Pi, math.Pi)
	b.input.Throttle = 1
	return b
}

// Next returns the input to submit for the next tick and clears its press
// edge so a press is submitted once.
func (b *Bot) Next() Input {
	in := b.input
	b.input.PrimaryPressed = false
	return in
}

// Think updates the bot's decision (when its reaction cooldown allows) from
// the match state: flee a much stronger flail that is close, else circle a
// weaker target so the trailing flail whips into it (hard bots also throw),
// else seek the nearest pickup, else wander; always steering away from
// walls, plus a skill-dependent aim error.
func (b *Bot) Think(r *Rules, agents []Agent, self int) {
	me := &agents[self]
	p := me.P
	if p.Flail.Thrown {
		b.thrown++
	} else {
		b.thrown = 0
		b.rest++
		b.input.PrimaryHeld = false
	}
	if b.Cooldown > 0 {
		b.Cooldown--
		return
	}
	sc := r.Cfg.Skill(b.Skill)
	b.Cooldown = sc.ReactionTicks - 1
	upm := r.Cfg.UnitsPerMeter
	pos := me.Car.Pos
	perc := sc.Perception / upm
	myE := math.Max(p.Energy, 1)

	threat, target, dodge := -1, -1, -1
	threatD, targetD, dodgeT := math.Inf(1), math.Inf(1), math.Inf(1)
	dodgeR := sc.DodgeDistance / upm
	r.q = r.Grid.Query(pos[0], pos[2], perc, r.q[:0])
	info := r.info
	px, pz := pos[0], pos[2]
	fleeE, attackE := float64(sc.FleeRatio*myE), float64(sc.AttackRatio*myE)
	for _, jj := range r.q {
		j := int(jj)
		o := &info[j]
		if j == self || !o.alive {
			continue
		}
		if dodgeR > 0 && o.lethal && !o.protected {
			// a lethal flail closing in: time to closest approach.
			rx, rz := px-o.flailX, pz-o.flailZ
			vx, vz := o.flailVX-me.Car.Vel[0], o.flailVZ-me.Car.Vel[2]
			if v2 := float64(vx*vx) + float64(vz*vz); v2 > 1e-12 && float64(rx*rx)+float64(rz*rz) < float64(dodgeR*dodgeR) {
				tc := (float64(rx*vx) + float64(rz*vz)) / v2
				miss := sq(rx-float64(vx*tc)) + sq(rz-float64(vz*tc))
				if reach := r.carR + float64(2*r.Ph.CarRadius) + p.Flail.Radius; tc > 0 && miss < float64(reach*reach) && tc < dodgeT {
					dodge, dodgeT = j, tc
				}
			}
		}
		d2 := sq(o.carX-px) + sq(o.carZ-pz)
		if d2 > float64(perc*perc) {
			continue
		}
		if o.energy > fleeE {
			fd2 := sq(o.flailX-px) + sq(o.flailZ-pz)
			if fd2 < threatD {
				threat, threatD = j, fd2
			}
		} else if o.energy < attackE && !o.protected && d2 < targetD {
			target, targetD = j, d2
		}
	}

	dx, dz := detmath.Cos(b.input.Aim), detmath.Sin(b.input.Aim)
	b.input.Throttle = 1
	half := float64(0.5 * perc)
	switch {
	case dodge >= 0:
		// swerve off the lethal flail's line, to the side the car is on.
		b.Mode, b.Target = BotFlee, agents[dodge].P.ID
		o := &info[dodge]
		vx, vz := o.flailVX, o.flailVZ
		rx, rz := px-o.flailX, pz-o.flailZ
		if float64(rx*vz)-float64(rz*vx) > 0 {
			dx, dz = vz, -vx
		} else {
			dx, dz = -vz, vx
		}
	case threat >= 0 && threatD < float64(half*half):
		b.Mode, b.Target = BotFlee, agents[threat].P.ID
		f := agents[threat].P.Flail.Pos
		dx, dz = pos[0]-f[0], pos[2]-f[2]
	case target >= 0:
		// Strafing runs: head for the target (leading its motion), drive
		// straight through it so the trailing flail follows the car's path
		// through the target at full speed, run out to the loop radius,
		// then curve back (the loop's side alternates per bot) and repeat.
		b.Mode, b.Target = BotAttack, agents[target].P.ID
		t := agents[target].Car.Pos
		tv := agents[target].Car.Vel
		tx, tz := t[0]-pos[0], t[2]-pos[2]
		dist := math.Sqrt(float64(tx*tx) + float64(tz*tz))
		loop := sc.OrbitRadius/upm + p.Flail.Radius
		// cars block each other: the run passes the target side by side
		// (the pass counts from touching distance on).
		pass := p.Flail.Radius + float64(3*r.carR)
		if sc.Throws && !p.Flail.Thrown && b.rest > sc.ThrowCooldownTicks && dist < float64(2*loop) {
			// throw when the flail flies at the target and the throw boost
			// makes it lethal (a swung flail rarely is: kill_speed is above
			// the car's terminal speed).
			fv := p.Flail.Vel
			fs := detmath.Hypot(fv[0], fv[2])
			ftx, ftz := t[0]-p.Flail.Pos[0], t[2]-p.Flail.Pos[2]
			fd := detmath.Hypot(ftx, ftz)
			// Lethal range of the throw: released at v0 = fs + boost, it
			// slows by 1/D per tick, so it stays above kill_speed ks for
			// dt * (v0 - ks) / (D - 1) meters (geometric sum).
			v0 := fs + r.Ph.ThrowBoost
			rng := r.Ph.Dt * (v0 - r.killSpeed) / (r.Ph.ThrownDrag - 1)
			if v0 > r.killSpeed && fd < rng && fd > 1e-9 && (float64(fv[0]*ftx)+float64(fv[2]*ftz)) > float64(0.95*fs*fd) {
				b.input.PrimaryPressed, b.input.PrimaryHeld = true, false
				b.rest = 0
			}
		}
		// brake and throw: a throwing bot close to its target coasts, so
		// the trailing flail swings forward past the car toward the target,
		// and throws it when it flies at the target within lethal range.
		if sc.Throws && !p.Flail.Thrown && dist < float64(2*r.carR)+p.Flail.Radius+float64(r.Ph.Rest*float64(r.Ph.Nodes+1)) &&
			detmath.Hypot(p.Flail.Vel[0], p.Flail.Vel[2]) > 0.6*r.Ph.CarAccel/(r.Ph.CarDrag-1) {
			b.input.Throttle = 0 // while the flail still carries 60% of terminal speed
		}
		if dist < pass {
			b.passing = true
		}
		if b.passing && dist < loop {
			break // keep the heading: run out straight through the target
		}
		b.passing = false
		lead := dist / 4 // seconds to arrive at about terminal speed
		lx, lz := tx+float64(tv[0]*lead), tz+float64(tv[2]*lead)
		a := detmath.Atan2(lz, lx)
		if dist > loop {
			// curve in from the side on the way back.
			a += float64(b.orbit * math.Pi / 8 * math.Min(1, (dist-loop)/loop))
		}
		dx, dz = detmath.Cos(a), detmath.Sin(a)
	default:
		b.Target = 0
		best, bestD := -1, math.Inf(1)
		r.q = r.PickGrid.Query(pos[0], pos[2], perc, r.q[:0])
		pp := r.Pickups.pos
		for _, jj := range r.q {
			c := pp[jj]
			d2 := sq(c[0]-pos[0]) + sq(c[2]-pos[2])
			if d2 < bestD {
				best, bestD = int(jj), d2
			}
		}
		if best >= 0 && bestD <= float64(perc*perc) {
			b.Mode = BotSeek
			c := pp[best]
			dx, dz = c[0]-pos[0], c[2]-pos[2]
		} else {
			b.Mode = BotWander
			a := b.input.Aim + b.RNG.Range(-0.6, 0.6)
			dx, dz = detmath.Cos(a), detmath.Sin(a)
		}
	}
	// a thrown flail is pulled back after a while.
	if p.Flail.Thrown && b.thrown > 16 && !p.Flail.Attracting {
		b.input.PrimaryPressed, b.input.PrimaryHeld = true, true
	}
	if l := detmath.Hypot(dx, dz); l > 1e-12 {
		dx, dz = dx/l, dz/l
	}
	ax, az := r.Arena.WallAvoid(pos[0], pos[2], sc.WallMargin/upm+r.carR)
	dx += float64(2 * ax)
	dz += float64(2 * az)
	aim := detmath.Atan2(dz, dx)
	if !Finite(aim) {
		aim = 0
	}
	noise := sc.AimNoiseDeg * math.Pi / 180
	aim += b.RNG.Range(-noise, noise)
	b.input.Aim = math.Remainder(aim, 2*math.Pi)
}

func sq(x float64) float64 { return float64(x * x) }
