package flail

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
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
	pos := me.Car.Pos
	s := b.scan(r, agents, self, &sc)
	dx, dz := detmath.Cos(b.input.Aim), detmath.Sin(b.input.Aim)
	b.input.Throttle = 1
	half := float64(0.5 * s.perc)
	switch {
	case s.dodge >= 0:
		// swerve off the lethal flail's line, to the side the car is on.
		b.Mode, b.Target = BotFlee, agents[s.dodge].P.ID
		o := &r.info[s.dodge]
		vx, vz := o.flailVX, o.flailVZ
		rx, rz := pos[0]-o.flailX, pos[2]-o.flailZ
		if float64(rx*vz)-float64(rz*vx) > 0 {
			dx, dz = vz, -vx
		} else {
			dx, dz = -vz, vx
		}
	case s.threat >= 0 && s.threatD < float64(half*half):
		b.Mode, b.Target = BotFlee, agents[s.threat].P.ID
		f := agents[s.threat].P.Flail.Pos
		dx, dz = pos[0]-f[0], pos[2]-f[2]
	case s.target >= 0:
		dx, dz = b.attack(r, agents, self, s.target, &sc, dx, dz)
	default:
		dx, dz = b.seek(r, pos, s.perc)
	}
	b.aim(r, p, pos, &sc, dx, dz)
}

// botScan is what a bot sees around it: the closest much stronger flail
// (threat, at squared distance threatD), the nearest weaker car to attack
// (target), a lethal flail on course to hit it (dodge), -1 for none; and
// how far it sees (perc, m).
type botScan struct {
	threat, target, dodge int
	threatD               float64
	perc                  float64
}

// scan looks at the agents within the bot's perception.
func (b *Bot) scan(r *Rules, agents []Agent, self int, sc *SkillConfig) botScan {
	me := &agents[self]
	p := me.P
	upm := r.Cfg.UnitsPerMeter
	pos := me.Car.Pos
	perc := sc.Perception / upm
	myE := math.Max(p.Energy, 1)
	s := botScan{threat: -1, target: -1, dodge: -1, threatD: math.Inf(1), perc: perc}
	targetD, dodgeT := math.Inf(1), math.Inf(1)
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
			if tc, ok := r.closing(me, o, p.Flail.Radius, dodgeR); ok && tc < dodgeT {
				s.dodge, dodgeT = j, tc
			}
		}
		d2 := sq(o.carX-px) + sq(o.carZ-pz)
		if d2 > float64(perc*perc) {
			continue
		}
		if o.energy > fleeE {
			fd2 := sq(o.flailX-px) + sq(o.flailZ-pz)
			if fd2 < s.threatD {
				s.threat, s.threatD = j, fd2
			}
		} else if o.energy < attackE && !o.protected && d2 < targetD {
			s.target, targetD = j, d2
		}
	}
	return s
}

// closing reports whether the lethal flail of o comes within reach of me's
// car (whose own flail has radius flailR) within dodgeR, and when (the time
// of closest approach, ticks of relative motion).
func (r *Rules) closing(me *Agent, o *agentInfo, flailR, dodgeR float64) (float64, bool) {
	px, pz := me.Car.Pos[0], me.Car.Pos[2]
	rx, rz := px-o.flailX, pz-o.flailZ
	vx, vz := o.flailVX-me.Car.Vel[0], o.flailVZ-me.Car.Vel[2]
	v2 := float64(vx*vx) + float64(vz*vz)
	if !(v2 > 1e-12 && float64(rx*rx)+float64(rz*rz) < float64(dodgeR*dodgeR)) {
		return 0, false
	}
	tc := (float64(rx*vx) + float64(rz*vz)) / v2
	miss := sq(rx-float64(vx*tc)) + sq(rz-float64(vz*tc))
	reach := r.carR + float64(2*r.Ph.CarRadius) + flailR
	return tc, tc > 0 && miss < float64(reach*reach)
}

// attack is a strafing run at target: head for it (leading its motion),
// drive straight through it so the trailing flail follows the car's path
// through the target at full speed, run out to the loop radius, then curve
// back (the loop's side alternates per bot) and repeat. It returns the
// heading (dx, dz: the current one while running out).
func (b *Bot) attack(r *Rules, agents []Agent, self, target int, sc *SkillConfig, dx, dz float64) (float64, float64) {
	me := &agents[self]
	p := me.P
	pos := me.Car.Pos
	b.Mode, b.Target = BotAttack, agents[target].P.ID
	t := agents[target].Car.Pos
	tv := agents[target].Car.Vel
	tx, tz := t[0]-pos[0], t[2]-pos[2]
	dist := math.Sqrt(float64(tx*tx) + float64(tz*tz))
	loop := sc.OrbitRadius/r.Cfg.UnitsPerMeter + p.Flail.Radius
	// cars block each other: the run passes the target side by side
	// (the pass counts from touching distance on).
	pass := p.Flail.Radius + float64(3*r.carR)
	b.throwAt(r, p, t, sc, dist, loop)
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
		return dx, dz // keep the heading: run out straight through the target
	}
	b.passing = false
	lead := dist / 4 // seconds to arrive at about terminal speed
	lx, lz := tx+float64(tv[0]*lead), tz+float64(tv[2]*lead)
	a := detmath.Atan2(lz, lx)
	if dist > loop {
		// curve in from the side on the way back.
		a += float64(b.orbit * math.Pi / 8 * math.Min(1, (dist-loop)/loop))
	}
	return detmath.Cos(a), detmath.Sin(a)
}

// throwAt throws the flail when it flies at the target (at t, dist away)
// and the throw boost makes it lethal (a swung flail rarely is:
// kill_speed is above the car's terminal speed).
func (b *Bot) throwAt(r *Rules, p *Player, t mgl64.Vec3, sc *SkillConfig, dist, loop float64) {
	if !(sc.Throws && !p.Flail.Thrown && b.rest > sc.ThrowCooldownTicks && dist < float64(2*loop)) {
		return
	}
	fv := p.Flail.Vel
	fs := detmath.Hypot(fv[0], fv[2])
	ftx, ftz := t[0]-p.Flail.Pos[0], t[2]-p.Flail.Pos[2]
	fd := detmath.Hypot(ftx, ftz)
	// Lethal range of the throw: released at v0 = fs + boost, it slows by
	// 1/D per tick, so it stays above kill_speed ks for dt * (v0 - ks) /
	// (D - 1) meters (geometric sum).
	v0 := fs + r.Ph.ThrowBoost
	rng := r.Ph.Dt * (v0 - r.killSpeed) / (r.Ph.ThrownDrag - 1)
	if v0 > r.killSpeed && fd < rng && fd > 1e-9 && (float64(fv[0]*ftx)+float64(fv[2]*ftz)) > float64(0.95*fs*fd) {
		b.input.PrimaryPressed, b.input.PrimaryHeld = true, false
		b.rest = 0
	}
}

// seek heads for the nearest pickup in sight, else wanders.
func (b *Bot) seek(r *Rules, pos mgl64.Vec3, perc float64) (float64, float64) {
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
		return c[0] - pos[0], c[2] - pos[2]
	}
	b.Mode = BotWander
	a := b.input.Aim + b.RNG.Range(-0.6, 0.6)
	return detmath.Cos(a), detmath.Sin(a)
}

// aim turns the heading (dx, dz) into the bot's aim: a thrown flail pulled
// back after a while, the heading steered away from walls, and the skill's
// aim error added.
func (b *Bot) aim(r *Rules, p *Player, pos mgl64.Vec3, sc *SkillConfig, dx, dz float64) {
	if p.Flail.Thrown && b.thrown > 16 && !p.Flail.Attracting {
		b.input.PrimaryPressed, b.input.PrimaryHeld = true, true
	}
	if l := detmath.Hypot(dx, dz); l > 1e-12 {
		dx, dz = dx/l, dz/l
	}
	ax, az := r.Arena.WallAvoid(pos[0], pos[2], sc.WallMargin/r.Cfg.UnitsPerMeter+r.carR)
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
