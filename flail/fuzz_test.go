package flail

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// FuzzPlayerStep drives one player with arbitrary input, energy and start
// state in both modes and asserts the state stays finite and inside the
// arena.
func FuzzPlayerStep(f *testing.F) {
	f.Add(0.3, 1.0, 100.0, 1.0, 0.0, true, true, false)
	f.Add(math.NaN(), math.Inf(1), math.Inf(-1), 1e300, -1e300, true, false, true)
	f.Add(-1e15, -3.0, 1e12, 0.0, 0.0, false, true, true)
	f.Fuzz(func(t *testing.T, aim, throttle, energy, vx, vz float64, pressed, held, clean bool) {
		cfg := DefaultConfig()
		if clean {
			cfg.Mode = ModeClean
		}
		ph := cfg.Physics(40)
		arena := NewArena(8, []Box{{Center: mgl64.Vec3{2, 0, 0}, HalfX: 1, HalfZ: 0.5, Yaw: 0.4}}, true, 1)
		car := Point{Vel: mgl64.Vec3{vx, 0, vz}}
		arena.Collide(&car, ph.CarRadius, 0)
		p := Player{Energy: energy, Alive: true}
		p.Flail.Pos = car.Pos
		p.UpdateRadius(&ph)
		r := NewRope(ph.Nodes, car.Pos)
		for i := 0; i < 60; i++ {
			p.Input = Input{Aim: aim + float64(i), Throttle: throttle, PrimaryPressed: pressed && i%7 == 0, PrimaryHeld: held}.Sanitized()
			c0 := car.Pos
			ph.StepCar(&car, p.Input)
			arena.Collide(&car, ph.CarRadius, 0)
			pull := ph.StepPlayerFlail(arena, &car, c0, &p, &r)
			pull.ApplyTo(&car)
			arena.Collide(&car, ph.CarRadius, 0)
			if !FiniteVec(car.Pos) || !FiniteVec(car.Vel) || !FiniteVec(p.Flail.Pos) || !FiniteVec(p.Flail.Vel) || !Finite(p.Flail.Angle) {
				t.Fatalf("tick %d: non-finite state car %+v flail %+v", i, car, p.Flail)
			}
			for _, n := range r.Nodes {
				if !FiniteVec(n.Pos) {
					t.Fatalf("tick %d: non-finite node", i)
				}
			}
			if math.Abs(car.Pos[0]) > 8 || math.Abs(car.Pos[2]) > 8 || math.Abs(p.Flail.Pos[0]) > 8 || math.Abs(p.Flail.Pos[2]) > 8 {
				t.Fatalf("tick %d: left the arena: car %v flail %v", i, car.Pos, p.Flail.Pos)
			}
		}
	})
}

// FuzzContacts throws three players with arbitrary cars, flails and
// energies (NaN, Inf, huge, coincident) at the rules with every contact on:
// finite input stays finite, nothing panics.
func FuzzContacts(f *testing.F) {
	f.Add(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 100.0, 5000.0)
	f.Add(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, -4.0, 7.0, 1e9, 0.0)
	f.Add(math.NaN(), 0.0, math.Inf(1), 0.0, 0.0, 1e300, 0.0, math.NaN(), -5.0, math.Inf(1))
	f.Fuzz(func(t *testing.T, x0, z0, x1, z1, fx, fz, vx, vz, e0, e1 float64) {
		cfg := DefaultConfig()
		cfg.Pickups.Target = 0
		ph := cfg.Physics(40)
		r := NewRules(cfg, ph, NewArena(8, []Box{{Center: mgl64.Vec3{2, 0, 0}, HalfX: 1, HalfZ: 0.5, Yaw: 0.4}}, true, 1), 9)
		players := make([]Player, 3)
		agents := make([]Agent, 3)
		cars := []mgl64.Vec3{{x0, 0, z0}, {x1, 0, z1}, {x0, 0, z1}}
		for i := range players {
			players[i] = Player{ID: uint64(i + 1), Alive: true, Energy: []float64{e0, e1, 300}[i]}
			players[i].UpdateRadius(&ph)
			players[i].Flail.Pos = mgl64.Vec3{fx, 0, fz}
			players[i].Flail.Vel = mgl64.Vec3{vx, 0, vz}
			agents[i] = Agent{Car: Point{Pos: cars[i], Vel: mgl64.Vec3{vz, 0, vx}}, P: &players[i]}
		}
		finite := FiniteVec(cars[0]) && FiniteVec(cars[1]) && FiniteVec(cars[2]) && Finite(fx) && Finite(fz) && Finite(vx) && Finite(vz)
		for tick := 0; tick < 5; tick++ {
			r.Step(agents)
		}
		if !finite {
			return
		}
		for i := range agents {
			if !FiniteVec(agents[i].Car.Pos) || !FiniteVec(agents[i].Car.Vel) || !FiniteVec(players[i].Flail.Pos) || !FiniteVec(players[i].Flail.Vel) {
				t.Fatalf("player %d: non-finite state car %+v flail %+v", i, agents[i].Car, players[i].Flail.Point)
			}
		}
	})
}
