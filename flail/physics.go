package flail

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

// MaxRopeNodes bounds the internal rope nodes (rope.segments - 2).
const MaxRopeNodes = 8

// Point is a simulated point on the XZ plane: position (m) and velocity
// (m/s). Y is carried unchanged.
type Point struct {
	// Pos is the position (m) and Vel the velocity (m/s).
	Pos, Vel mgl64.Vec3
}

// Input is one player's command for a tick.
type Input struct {
	// Aim is the heading in radians: direction (cos Aim, 0, sin Aim).
	Aim float64
	// Throttle in [0, 1] scales the per-tick acceleration (the reference game's
	// boolean "moving" is 0 or 1).
	Throttle float64
	// PrimaryPressed is the primary button's down edge this tick;
	// PrimaryHeld its level.
	PrimaryPressed, PrimaryHeld bool
}

// Sanitized returns in with a non-finite Aim replaced by 0, an Aim beyond
// ±1e4 rad wrapped to [-pi, pi] (exact: math.Remainder), and Throttle
// clamped to [0, 1] (NaN becomes 0).
func (in Input) Sanitized() Input {
	if !(in.Aim >= -1e4 && in.Aim <= 1e4) { // true for NaN and ±Inf too
		if math.IsNaN(in.Aim) || math.IsInf(in.Aim, 0) {
			in.Aim = 0
		} else {
			in.Aim = math.Remainder(in.Aim, 2*math.Pi)
		}
	}
	if !(in.Throttle > 0) {
		in.Throttle = 0
	} else if in.Throttle > 1 {
		in.Throttle = 1
	}
	return in
}

// FlailState is the flail head.
type FlailState struct {
	Point
	// Angle is atan2 of the flail's offset from its car (docs/flail.md#exact-mode-default-the-reference-server-reproduced),
	// recomputed each tick after the car moved; metadata for drawing.
	Angle float64
	// Radius is the flail's radius in meters (from energy, FlailRadius).
	Radius float64
	// Thrown is true while the flail is detached from the rope.
	Thrown bool
	// Attracting is true while a thrown flail is being pulled back.
	Attracting bool
}

// Rope is the chain's internal nodes (the car and the flail are its ends).
type Rope struct {
	// Nodes are the internal nodes from the car's end to the flail's.
	Nodes []Point
}

// NewRope returns a rope of n internal nodes (clamped to [0,
// MaxRopeNodes]) all at pos with zero velocity. It allocates; call it at
// spawn, not per tick.
func NewRope(n int, pos mgl64.Vec3) Rope {
	if n < 0 {
		n = 0
	}
	if n > MaxRopeNodes {
		n = MaxRopeNodes
	}
	r := Rope{Nodes: make([]Point, n)}
	r.Reset(pos)
	return r
}

// Reset puts every node at pos with zero velocity.
func (r *Rope) Reset(pos mgl64.Vec3) {
	for i := range r.Nodes {
		r.Nodes[i] = Point{Pos: pos}
	}
}

// CarPull is what the rope did to the car this tick: a velocity change
// (exact mode with the rope_pulls_player quirk) and a position correction
// (clean mode). The caller applies it (the ECS moves the car through the
// KCC so walls still hold).
type CarPull struct {
	// DPos is the position correction (m) and DVel the velocity change
	// (m/s) the rope applies to the car.
	DPos, DVel mgl64.Vec3
}

// ApplyTo adds the pull to car directly (no collision).
func (c CarPull) ApplyTo(car *Point) {
	car.Pos = car.Pos.Add(c.DPos)
	car.Vel = car.Vel.Add(c.DVel)
}

// moveDir is the reference game's u(angle) = normalize([cos a, sin a]) on XZ.
func moveDir(a float64) (x, z float64) {
	s, c := detmath.Sincos(a)
	m := math.Sqrt(float64(c*c) + float64(s*s))
	if m == 0 {
		return 0, 0
	}
	return c / m, s / m
}

// CarVelocity returns the car's velocity after this tick's drive and drag:
// v = (v + throttle*accel*u(aim)) / drag (docs/flail.md#exact-mode-default-the-reference-server-reproduced). The input must be
// sanitized. Y is kept.
func (p *Physics) CarVelocity(v mgl64.Vec3, in Input) mgl64.Vec3 {
	ux, uz := moveDir(in.Aim)
	a := float64(in.Throttle * p.CarAccel)
	return mgl64.Vec3{(v[0] + float64(a*ux)) / p.CarDrag, v[1], (v[2] + float64(a*uz)) / p.CarDrag}
}

// StepCar advances a car without collision: Vel = CarVelocity, Pos += Vel*Dt.
func (p *Physics) StepCar(car *Point, in Input) {
	car.Vel = p.CarVelocity(car.Vel, in)
	car.Vel[1] = 0
	car.Pos = mgl64.Vec3{car.Pos[0] + float64(car.Vel[0]*p.Dt), car.Pos[1], car.Pos[2] + float64(car.Vel[2]*p.Dt)}
}

// UpdateThrow runs the throw state machine on the tick's input: a primary
// press while attached throws the flail (adding ThrowBoost along its
// velocity, or along the aim when it is still); a later press while thrown
// starts attracting it, which lasts while primary is held.
func (p *Physics) UpdateThrow(fl *FlailState, in Input) {
	if in.PrimaryPressed {
		if !fl.Thrown {
			fl.Thrown, fl.Attracting = true, false
			dx, dz := fl.Vel[0], fl.Vel[2]
			m := math.Sqrt(float64(dx*dx) + float64(dz*dz))
			if m > 1e-9 {
				dx, dz = dx/m, dz/m
			} else {
				dx, dz = moveDir(in.Aim)
			}
			fl.Vel[0] += float64(dx * p.ThrowBoost)
			fl.Vel[2] += float64(dz * p.ThrowBoost)
		} else {
			fl.Attracting = true
		}
	}
	if !in.PrimaryHeld {
		fl.Attracting = false
	}
}

// chain returns element i of [car, nodes..., flail].
func chainAt(i int, car *Point, fl *FlailState, r *Rope) *Point {
	if i == 0 {
		return car
	}
	if i <= len(r.Nodes) {
		return &r.Nodes[i-1]
	}
	return &fl.Point
}

// StepFlail advances the flail and the rope for one tick after the car has
// moved (docs/flail.md#exact-mode-default-the-reference-server-reproduced steps 3-5 and the flail, rope and bounce steps), in the mode p was built for. carStart is
// the car's position before this tick's movement (clean mode interpolates
// the car's path across substeps; exact mode ignores it). car is read; what
// the rope does to the car is returned, not applied. The input must be
// sanitized; call UpdateThrow first.
func (p *Physics) StepFlail(car *Point, carStart mgl64.Vec3, fl *FlailState, r *Rope, in Input) CarPull {
	if p.Exact {
		return p.stepExact(car, fl, r)
	}
	return p.stepClean(car, carStart, fl, r)
}

func (p *Physics) flailFree(car *Point, fl *FlailState, drag float64, attractFrac float64) {
	if fl.Thrown {
		fl.Vel = detmath.Scale(fl.Vel, 1/drag)
		if fl.Attracting {
			dx, dz := car.Pos[0]-fl.Pos[0], car.Pos[2]-fl.Pos[2]
			m := math.Sqrt(float64(dx*dx) + float64(dz*dz))
			if m > 1e-12 {
				a := float64(p.AttractAccel * attractFrac)
				fl.Vel[0] += a * dx / m
				fl.Vel[2] += a * dz / m
			}
		}
	}
}

func (p *Physics) stepExact(car *Point, fl *FlailState, r *Rope) CarPull {
	// 2) flail free integration (docs/flail.md#exact-mode-default-the-reference-server-reproduced).
	fl.Angle = detmath.Atan2(fl.Pos[2]-car.Pos[2], fl.Pos[0]-car.Pos[0])
	if fl.Thrown {
		p.flailFree(car, fl, p.ThrownDrag, 1)
	} else {
		fl.Vel = mgl64.Vec3{fl.Vel[0] / p.FlailDrag, fl.Vel[1], fl.Vel[2] / p.FlailDrag}
	}
	fl.Pos = mgl64.Vec3{fl.Pos[0] + float64(fl.Vel[0]*p.Dt), fl.Pos[1], fl.Pos[2] + float64(fl.Vel[2]*p.Dt)}
	p.maybeReattach(car, fl)

	// 3-4) rope impulses on adjacent pairs of [car, nodes..., flail].
	var pull CarPull
	last := len(r.Nodes) + 1
	if fl.Thrown {
		last = len(r.Nodes) // the chain hangs from the car without the flail
	}
	kr := float64(p.K * p.Rate)
	for i := 1; i <= last; i++ {
		a := chainAt(i, car, fl, r)
		b := chainAt(i-1, car, fl, r)
		dx, dz := a.Pos[0]-b.Pos[0], a.Pos[2]-b.Pos[2]
		l := math.Sqrt(float64(dx*dx) + float64(dz*dz))
		x := l - p.Rest
		if !p.Quirks.TwoSidedSprings && x < 0 {
			x = 0
		}
		var nx, nz float64
		if l > 0 {
			nx, nz = dx/l, dz/l
		}
		fx, fz := float64(nx*(-kr*x)), float64(nz*(-kr*x))
		a.Vel[0] += fx // a is a node or the flail: always rope-affected
		a.Vel[2] += fz
		if i-1 == 0 {
			if p.Quirks.RopePullsPlayer {
				pull.DVel[0] -= fx
				pull.DVel[2] -= fz
			}
		} else {
			b.Vel[0] -= fx
			b.Vel[2] -= fz
		}
	}
	// 5) integrate internal nodes only.
	for i := range r.Nodes {
		n := &r.Nodes[i]
		n.Vel = mgl64.Vec3{n.Vel[0] / p.NodeDrag, n.Vel[1], n.Vel[2] / p.NodeDrag}
		n.Pos = mgl64.Vec3{n.Pos[0] + float64(n.Vel[0]*p.Dt), n.Pos[1], n.Pos[2] + float64(n.Vel[2]*p.Dt)}
	}
	return pull
}

func (p *Physics) maybeReattach(car *Point, fl *FlailState) {
	if !fl.Thrown || !fl.Attracting {
		return
	}
	dx, dz := car.Pos[0]-fl.Pos[0], car.Pos[2]-fl.Pos[2]
	if float64(dx*dx)+float64(dz*dz) <= float64(p.ReattachDistance*p.ReattachDistance) {
		fl.Thrown, fl.Attracting = false, false
	}
}

// FlailMassOf returns the clean-mode flail mass (kg) for a radius in meters.
func (p *Physics) FlailMassOf(radius float64) float64 {
	r0 := p.MinRadius / p.UnitsPerMeter
	q := radius / r0
	if !(q >= 1) {
		q = 1
	}
	return float64(p.FlailMass * detmath.Pow(q, p.FlailMassExp))
}

// constrain is one Gauss-Seidel pass of the XPBD distance constraints of
// the chain car, nodes and flail (up to link last), with the inverse
// masses w (car, node, flail) and the compliance alpha over h².
func (p *Physics) constrain(carPt *Point, fl *FlailState, r *Rope, last int, w [3]float64, alpha float64) {
	wCar, wNode, wFlail := w[0], w[1], w[2]
	for i := 1; i <= last; i++ {
		a := chainAt(i, carPt, fl, r)
		b := chainAt(i-1, carPt, fl, r)
		wa := wNode
		if i == len(r.Nodes)+1 {
			wa = wFlail
		}
		wb := wNode
		if i-1 == 0 {
			wb = wCar
		}
		dx, dz := a.Pos[0]-b.Pos[0], a.Pos[2]-b.Pos[2]
		l := math.Sqrt(float64(dx*dx) + float64(dz*dz))
		c := l - p.Rest
		if l < 1e-12 || (!p.Quirks.TwoSidedSprings && c <= 0) {
			continue
		}
		nx, nz := dx/l, dz/l
		dl := -c / (wa + wb + alpha)
		a.Pos[0] += float64(wa * dl * nx)
		a.Pos[2] += float64(wa * dl * nz)
		b.Pos[0] -= float64(wb * dl * nx)
		b.Pos[2] -= float64(wb * dl * nz)
	}
}

// stepClean is the XPBD step of a car's rope and flail (clean mode): the
// tick's substeps of free motion with drag, one constraint pass each.
func (p *Physics) stepClean(car *Point, carStart mgl64.Vec3, fl *FlailState, r *Rope) CarPull {
	n := p.Substeps
	if n < 1 {
		n = 1
	}
	h := p.Dt / float64(n)
	inv := 1 / float64(n)
	flailDrag := detmath.Pow(p.FlailDrag, inv)
	if fl.Thrown {
		flailDrag = detmath.Pow(p.ThrownDrag, inv)
	}
	nodeDrag := detmath.Pow(p.NodeDrag, inv)
	alpha := p.Compliance / (h * h)
	wCar := p.CarInvMass
	wNode := p.NodeInvMass
	wFlail := 1 / p.FlailMassOf(fl.Radius)
	last := len(r.Nodes) + 1
	if fl.Thrown {
		last = len(r.Nodes)
	}
	fl.Angle = detmath.Atan2(fl.Pos[2]-car.Pos[2], fl.Pos[0]-car.Pos[0])
	var prev [MaxRopeNodes + 1]mgl64.Vec3
	// The car is a particle too: it starts the tick where it was and moves
	// with the velocity its own step gave it; the rope corrects it.
	own := detmath.Scale(car.Pos.Sub(carStart), 1/p.Dt)
	carPt := Point{Pos: carStart, Vel: own}
	for s := 1; s <= n; s++ {
		// predict free motion with per-substep drag.
		for i := range r.Nodes {
			nd := &r.Nodes[i]
			prev[i] = nd.Pos
			nd.Vel = detmath.Scale(nd.Vel, 1/nodeDrag)
			nd.Pos = nd.Pos.Add(detmath.Scale(nd.Vel, h))
		}
		prev[len(r.Nodes)] = fl.Pos
		if fl.Thrown {
			p.flailFree(car, fl, flailDrag, inv)
		} else {
			fl.Vel = detmath.Scale(fl.Vel, 1/flailDrag)
		}
		fl.Pos = fl.Pos.Add(detmath.Scale(fl.Vel, h))
		prevCar := carPt.Pos
		carPt.Pos = carPt.Pos.Add(detmath.Scale(carPt.Vel, h))
		p.constrain(&carPt, fl, r, last, [3]float64{wCar, wNode, wFlail}, alpha)
		for i := range r.Nodes {
			nd := &r.Nodes[i]
			nd.Vel = detmath.Scale(nd.Pos.Sub(prev[i]), 1/h)
		}
		fl.Vel = detmath.Scale(fl.Pos.Sub(prev[len(r.Nodes)]), 1/h)
		fl.Vel[1] = 0
		carPt.Vel = detmath.Scale(carPt.Pos.Sub(prevCar), 1/h)
	}
	p.maybeReattach(car, fl)
	dpos := carPt.Pos.Sub(car.Pos)
	dpos[1] = 0
	dvel := carPt.Vel.Sub(own)
	dvel[1] = 0
	return CarPull{DPos: dpos, DVel: dvel}
}

// FlailRadiusUnits is the size formula in world units:
//
//	radius = 10 * (4 * (E/100)^(1/(1.7 + 0.3*g^(1/3))) - 3),  g = min(E/5000, 1)
//
// (E=100 gives 10, E=1000 about 106, E=5000 about 253). It is the raw
// formula: negative below E ~ 61, NaN for negative E; FlailRadius clamps.
func FlailRadiusUnits(e float64) float64 {
	g := math.Min(e/5000, 1)
	return float64(10 * (float64(4*detmath.Pow(e/100, 1/(1.7+float64(0.3*detmath.Cbrt(g))))) - 3))
}

// FlailRadius returns the flail radius in meters for energy e: the size
// formula with e clamped to [0, MaxEnergy] (NaN counts as 0), never below
// MinRadius world units.
func (p *Physics) FlailRadius(e float64) float64 {
	e = p.ClampEnergy(e)
	r := FlailRadiusUnits(e)
	if !(r >= p.MinRadius) {
		r = p.MinRadius
	}
	return r / p.UnitsPerMeter
}

// ClampEnergy clamps e to [0, MaxEnergy]; NaN becomes 0.
func (p *Physics) ClampEnergy(e float64) float64 {
	if !(e > 0) {
		return 0
	}
	if e > p.MaxEnergy {
		return p.MaxEnergy
	}
	return e
}
