package flail

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Separate resolves an overlap between two circles on the XZ plane: a of
// radius ra and inverse mass wa, b of radius rb and inverse mass wb. The
// penetration is removed along the line of centers, shared by inverse mass
// (the pair's center of mass does not move), and if the circles approach
// each other an impulse j = -(1+e) v_n / (wa + wb) along the normal makes
// them bounce with restitution e, so momentum is conserved exactly up to
// rounding. Coincident centers separate along +X (deterministic). It
// reports whether the circles overlapped; non-finite state or zero total
// inverse mass is left alone.
func Separate(a, b *Point, ra, rb, wa, wb, e float64) bool {
	dx, dz := b.Pos[0]-a.Pos[0], b.Pos[2]-a.Pos[2]
	rr := ra + rb
	d2 := float64(dx*dx) + float64(dz*dz)
	if !(d2 < float64(rr*rr*(1-1e-12))) { // touching within rounding, or NaN
		return false
	}
	w := wa + wb
	if !(w > 0) || math.IsInf(w, 0) {
		return false
	}
	d := math.Sqrt(d2)
	nx, nz := 1.0, 0.0
	if d > 1e-9 {
		nx, nz = dx/d, dz/d
	}
	depth := rr - d
	ka, kb := float64(wa/w*depth), float64(wb/w*depth)
	a.Pos[0] -= float64(nx * ka)
	a.Pos[2] -= float64(nz * ka)
	b.Pos[0] += float64(nx * kb)
	b.Pos[2] += float64(nz * kb)
	vn := float64((b.Vel[0]-a.Vel[0])*nx) + float64((b.Vel[2]-a.Vel[2])*nz)
	if vn < 0 {
		j := -(1 + e) * vn / w
		a.Vel[0] -= float64(nx * j * wa)
		a.Vel[2] -= float64(nz * j * wa)
		b.Vel[0] += float64(nx * j * wb)
		b.Vel[2] += float64(nz * j * wb)
	}
	return true
}

// touched flags: which of an agent's bodies a contact moved this tick, and
// whether its car is pinned against a wall (infinite mass for the rest of
// the tick's passes, so the other car of the pair takes the correction).
const (
	touchedCar uint8 = 1 << iota
	touchedFlail
	pinnedCar
)

// CollisionsOn reports whether any contact rule is switched on.
func (c *CollisionConfig) CollisionsOn() bool { return c.Cars || c.FlailCar || c.Flails }

// collide runs the contact rules over the agents that are alive and not
// killed this tick, in index order, for collisions.iterations passes: car
// against car, flail against another player's car, flail against flail.
// Candidate pairs come from two fine uniform grids (cells of four car
// radii: cars, and flails in FlailGrid), rebuilt from the current positions
// before each pass; each
// unordered pair is resolved once per pass (lower index first). After each
// pass moved cars are pushed back out of the arena; a car that touched a
// wall is pinned (infinite mass) for the remaining passes. Moved flails are
// pushed out of the arena at the end. Agents' Car copies carry the result
// (the caller writes them back). Grid ends up indexing the living cars at
// their final positions.
func (r *Rules) collide(agents []Agent) {
	cc := &r.Cfg.Collisions
	n := len(agents)
	if !cc.CollisionsOn() || n == 0 {
		return
	}
	if cap(r.active) < n {
		r.active = make([]bool, n, n+n/2)
		r.flailPos = make([]mgl64.Vec3, n, n+n/2)
		r.touched = make([]uint8, n, n+n/2)
		r.wFlail = make([]float64, n, n+n/2)
	}
	r.active, r.flailPos, r.touched, r.wFlail = r.active[:n], r.flailPos[:n], r.touched[:n], r.wFlail[:n]
	for i := range agents {
		r.active[i] = r.alive[i] && !r.killed[i]
		r.touched[i] = 0
		if r.active[i] && (cc.FlailCar || cc.Flails) {
			r.wFlail[i] = 1 / r.Ph.FlailMassOf(agents[i].P.Flail.Radius)
		}
	}
	for it := 0; it < cc.Iterations; it++ {
		for i := range agents {
			r.carPos[i] = agents[i].Car.Pos
			r.flailPos[i] = agents[i].P.Flail.Pos
		}
		r.carGrid.Build(r.carPos, r.active)
		if cc.Flails {
			r.FlailGrid.Build(r.flailPos, r.active)
		}
		any := false
		if cc.Cars && r.contactPass(agents, contactCarCar, cc.Restitution) {
			any = true
		}
		if cc.FlailCar && r.contactPass(agents, contactFlailCar, cc.Restitution) {
			any = true
		}
		if cc.Flails && r.contactPass(agents, contactFlailFlail, cc.FlailRestitution) {
			any = true
		}
		if !any {
			break
		}
		margin := r.CarWallMargin
		if !(margin >= 0) || margin > r.carR { // NaN or absurd: no margin
			margin = 0
		}
		for i := range agents {
			if r.touched[i]&(touchedCar|pinnedCar) == touchedCar && r.Arena.Collide(&agents[i].Car, r.carR+margin, 0) {
				r.touched[i] |= pinnedCar
			}
		}
	}
	for i := range agents {
		a := &agents[i]
		if r.touched[i]&touchedFlail != 0 {
			r.Arena.Collide(&a.P.Flail.Point, a.P.Flail.Radius, r.Ph.Restitution)
		}
	}
	for i := range agents {
		r.carPos[i] = agents[i].Car.Pos
	}
	r.Grid.Build(r.carPos, r.alive)
}

// The kinds of contact of a pass.
const (
	contactCarCar = iota
	contactFlailCar
	contactFlailFlail
)

// carW is agent i's car inverse mass (0 while pinned against a wall).
func (r *Rules) carW(i int) float64 {
	if r.touched[i]&pinnedCar != 0 {
		return 0
	}
	return r.Ph.CarInvMass
}

// contactPass resolves one kind of contact for every active agent in index
// order and reports whether any pair overlapped. Car-car pairs are taken
// once (lower index first); a flail meets every other player's car; a flail
// pair is found from its bigger flail (ties: lower index), whose query reach
// 2r covers every smaller one.
func (r *Rules) contactPass(agents []Agent, kind int, e float64) bool {
	any := false
	for i := range agents {
		if !r.active[i] {
			continue
		}
		a, ra, wa, ta := &agents[i].Car, r.carR, r.carW(i), touchedCar
		grid, reach := r.carGrid, float64(2*r.carR)
		if kind != contactCarCar {
			f := &agents[i].P.Flail
			a, ra, wa, ta = &f.Point, f.Radius, r.wFlail[i], touchedFlail
			reach = f.Radius + r.carR
			if kind == contactFlailFlail {
				grid, reach = r.FlailGrid, float64(2*f.Radius)
			}
		}
		r.q = grid.Query(a.Pos[0], a.Pos[2], reach, r.q[:0])
		for _, jj := range r.q {
			j := int(jj)
			b, rb, tb := &agents[j].Car, r.carR, touchedCar
			var wb float64
			switch kind {
			case contactCarCar:
				if j <= i {
					continue
				}
				wb = r.carW(j)
			case contactFlailCar:
				if j == i {
					continue // your own flail passes over your car
				}
				wb = r.carW(j)
			default:
				g := &agents[j].P.Flail
				if j == i || g.Radius > ra || (g.Radius == ra && j < i) {
					continue
				}
				b, rb, wb, tb = &g.Point, g.Radius, r.wFlail[j], touchedFlail
			}
			if Separate(a, b, ra, rb, wa, wb, e) {
				any = true
				r.touched[i] |= ta
				r.touched[j] |= tb
			}
		}
	}
	return any
}
