package flail

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// momentum returns m_a v_a + m_b v_b on XZ.
func momentum(a, b *Point, wa, wb float64) (x, z float64) {
	return a.Vel[0]/wa + b.Vel[0]/wb, a.Vel[2]/wa + b.Vel[2]/wb
}

// Separate: the overlap is removed along the line of centers by inverse
// mass share, the pair's center of mass stays put, and the impulse
// j = -(1+e) v_n / (wa+wb) conserves momentum.
func TestSeparateConservesMomentum(t *testing.T) {
	a := Point{Pos: mgl64.Vec3{0, 0, 0}, Vel: mgl64.Vec3{3, 0, 1}}
	b := Point{Pos: mgl64.Vec3{0.8, 0, 0.6}, Vel: mgl64.Vec3{-2, 0, 0.5}} // 1 m apart
	wa, wb, e := 1/10.0, 1/2.5, 0.8
	px, pz := momentum(&a, &b, wa, wb)
	cx := (a.Pos[0]/wa + b.Pos[0]/wb) / (1/wa + 1/wb)
	if !Separate(&a, &b, 0.7, 0.5, wa, wb, e) {
		t.Fatal("circles 1 m apart with radii 0.7 + 0.5 do not overlap?")
	}
	if d := b.Pos.Sub(a.Pos).Len(); math.Abs(d-1.2) > 1e-12 {
		t.Fatalf("separated to %v m, want the touching distance 1.2", d)
	}
	qx, qz := momentum(&a, &b, wa, wb)
	if math.Abs(qx-px) > 1e-12 || math.Abs(qz-pz) > 1e-12 {
		t.Fatalf("momentum (%v, %v) -> (%v, %v)", px, pz, qx, qz)
	}
	if c := (a.Pos[0]/wa + b.Pos[0]/wb) / (1/wa + 1/wb); math.Abs(c-cx) > 1e-12 {
		t.Fatalf("center of mass moved %v -> %v", cx, c)
	}
	// normal relative speed: before, n = (0.8, 0.6), v_n = (-5)(0.8) + (-0.5)(0.6) = -4.3;
	// after, -e times it = +3.44.
	n := mgl64.Vec3{0.8, 0, 0.6}
	if vn := b.Vel.Sub(a.Vel).Dot(n); math.Abs(vn-0.8*4.3) > 1e-12 {
		t.Fatalf("normal relative speed after %v, want %v", vn, 0.8*4.3)
	}
	// separating or apart: untouched velocities; coincident: +X.
	c := Point{Pos: mgl64.Vec3{5, 0, 5}}
	d := Point{Pos: mgl64.Vec3{5, 0, 5}}
	if !Separate(&c, &d, 0.3, 0.3, 1, 1, 0) || c.Pos != (mgl64.Vec3{4.7, 0, 5}) || d.Pos != (mgl64.Vec3{5.3, 0, 5}) {
		t.Fatalf("coincident circles: %v %v", c.Pos, d.Pos)
	}
	if Separate(&c, &d, 0.3, 0.3, 1, 1, 0) {
		t.Fatal("touching circles reported as overlapping")
	}
	nan := Point{Pos: mgl64.Vec3{math.NaN(), 0, 0}}
	if Separate(&nan, &d, 1, 1, 1, 1, 0) || Separate(&c, &d, 10, 10, 0, 0, 0) {
		t.Fatal("NaN position or zero inverse masses must be left alone")
	}
}

// FuzzSeparate: any finite input gives finite output, conserved momentum
// and no remaining overlap.
func FuzzSeparate(f *testing.F) {
	f.Add(0.0, 0.0, 1.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.5, 0.5, 1.0, 1.0, 0.5)
	f.Add(1e6, -1e6, 1e6, -1e6, 1e3, 0.0, 0.0, 1e3, 1e-3, 1e3, 1e-6, 1e6, 1.0)
	f.Fuzz(func(t *testing.T, ax, az, bx, bz, avx, avz, bvx, bvz, ra, rb, ma, mb, e float64) {
		for _, v := range []float64{ax, az, bx, bz, avx, avz, bvx, bvz, ra, rb, ma, mb, e} {
			if !Finite(v) || math.Abs(v) > 1e6 {
				return
			}
		}
		if ra <= 0 || rb <= 0 || ma < 1e-3 || mb < 1e-3 || e < 0 || e > 1 {
			return
		}
		a := Point{Pos: mgl64.Vec3{ax, 0, az}, Vel: mgl64.Vec3{avx, 0, avz}}
		b := Point{Pos: mgl64.Vec3{bx, 0, bz}, Vel: mgl64.Vec3{bvx, 0, bvz}}
		px, pz := momentum(&a, &b, 1/ma, 1/mb)
		Separate(&a, &b, ra, rb, 1/ma, 1/mb, e)
		if !FiniteVec(a.Pos) || !FiniteVec(b.Pos) || !FiniteVec(a.Vel) || !FiniteVec(b.Vel) {
			t.Fatal("non-finite result")
		}
		qx, qz := momentum(&a, &b, 1/ma, 1/mb)
		scale := 1 + math.Abs(avx*ma) + math.Abs(bvx*mb) + math.Abs(avz*ma) + math.Abs(bvz*mb)
		if math.Abs(qx-px) > 1e-9*scale || math.Abs(qz-pz) > 1e-9*scale {
			t.Fatalf("momentum (%v, %v) -> (%v, %v)", px, pz, qx, qz)
		}
		if d := b.Pos.Sub(a.Pos).Len(); d < (ra+rb)*(1-1e-9)-1e-9*(math.Abs(ax)+math.Abs(bx)+math.Abs(az)+math.Abs(bz)) {
			t.Fatalf("still overlapping: %v < %v", d, ra+rb)
		}
	})
}

// A car driving at terminal speed (4 m/s) into another player's still
// flail is not killed (the flail's own speed, 0, is below kill_speed 6
// m/s); one rules step separates them and splits the impulse by mass with
// restitution 0.3: with w_c = 1/10, a 1000-energy flail of
// m_f = 1*(106.5/10)^1 kg, the car keeps 4 - 1.3*4*w_c/(w_c+w_f) and the
// flail gets 1.3*4*w_f/(w_c+w_f), below kill_speed (a car can never push a
// flail to a lethal speed: (1+e)*4 = 5.2 < 6 m/s).
func TestCarBouncesOffStillFlail(t *testing.T) {
	r, ag, _ := testRules(t, 2)
	owner, car := &ag[0], &ag[1]
	owner.P.Energy = 1000
	owner.P.UpdateRadius(&r.Ph)
	rf := owner.P.Flail.Radius
	car.Car.Vel = mgl64.Vec3{4, 0, 0}
	owner.P.Flail.Pos = car.Car.Pos.Add(mgl64.Vec3{rf + r.carR - 0.1, 0, 0}) // 10 cm overlap ahead
	owner.P.Flail.Vel = mgl64.Vec3{}
	r.Step(ag)
	if len(r.Kills) != 0 || !car.P.Alive {
		t.Fatalf("a still flail killed a car driving into it: %+v", r.Kills)
	}
	wc, wf := 1/10.0, 1/r.Ph.FlailMassOf(rf)
	if math.Abs(1/wf-10.65) > 0.01 {
		t.Fatalf("flail mass %v kg, want ~10.65", 1/wf)
	}
	if want := 4 - 1.3*4*wc/(wc+wf); math.Abs(car.Car.Vel[0]-want) > 1e-12 {
		t.Fatalf("car velocity %v, want %v", car.Car.Vel[0], want)
	}
	if want := 1.3 * 4 * wf / (wc + wf); math.Abs(owner.P.Flail.Vel[0]-want) > 1e-12 || want > r.killSpeed {
		t.Fatalf("flail velocity %v, want %v (< kill speed)", owner.P.Flail.Vel[0], want)
	}
	if d := owner.P.Flail.Pos.Sub(car.Car.Pos).Len(); math.Abs(d-(rf+r.carR)) > 1e-12 {
		t.Fatalf("not separated: %v", d)
	}
	// a flail moving at 6.5 m/s (above 6) kills; at 5.99 it does not.
	for _, sp := range []float64{6.5, 5.99} {
		r2, b, _ := testRules(t, 2)
		b[0].P.Flail.Pos = b[1].Car.Pos
		b[0].P.Flail.Vel = mgl64.Vec3{0, 0, sp}
		r2.Step(b)
		if kill := len(r2.Kills) == 1 && r2.Kills[0].Speed == sp && !r2.Kills[0].Thrown; kill != (sp > 6) {
			t.Fatalf("swung flail at %v m/s: kills %+v", sp, r2.Kills)
		}
	}
}

// Two flails that touch bounce apart by mass: momentum is conserved, the
// heavier (bigger) flail keeps going, the light one is knocked back.
func TestFlailClash(t *testing.T) {
	r, ag, _ := testRules(t, 2)
	big, small := ag[0].P, ag[1].P
	big.Energy, small.Energy = 3000, 100
	big.UpdateRadius(&r.Ph)
	small.UpdateRadius(&r.Ph)
	big.Flail.Pos = mgl64.Vec3{0, 0, 5}
	small.Flail.Pos = mgl64.Vec3{big.Flail.Radius + small.Flail.Radius - 0.05, 0, 5}
	big.Flail.Vel = mgl64.Vec3{5, 0, 0}
	small.Flail.Vel = mgl64.Vec3{-5, 0, 0}
	mb, ms := r.Ph.FlailMassOf(big.Flail.Radius), r.Ph.FlailMassOf(small.Flail.Radius)
	p0 := mb*big.Flail.Vel[0] + ms*small.Flail.Vel[0]
	r.Step(ag)
	p1 := mb*big.Flail.Vel[0] + ms*small.Flail.Vel[0]
	if math.Abs(p1-p0) > 1e-12*math.Abs(p0) || big.Flail.Vel[2] != 0 || small.Flail.Vel[2] != 0 {
		t.Fatalf("momentum %v -> %v", p0, p1)
	}
	if !(big.Flail.Vel[0] > 0 && small.Flail.Vel[0] > 5) {
		t.Fatalf("the heavy flail (%.1f kg) should win: v %v vs %v", mb, big.Flail.Vel[0], small.Flail.Vel[0])
	}
	// relative normal speed 10 m/s reversed with flail_restitution 0.5.
	if rel := small.Flail.Vel[0] - big.Flail.Vel[0]; math.Abs(rel-5) > 1e-12 {
		t.Fatalf("separating speed %v, want 0.5*10", rel)
	}
	if d := small.Flail.Pos[0] - big.Flail.Pos[0]; math.Abs(d-(big.Flail.Radius+small.Flail.Radius)) > 1e-12 {
		t.Fatalf("flails still overlap: %v", d)
	}
}

// collisionSim is a Sim in an open square with the given contact switches.
func collisionSim(t *testing.T, mode string, on bool) *Sim {
	t.Helper()
	cfg := DefaultConfig()
	cfg.Mode = mode
	cfg.Pickups.Target = 0
	cfg.Collisions.Cars, cfg.Collisions.FlailCar, cfg.Collisions.Flails = on, on, on
	s, err := NewSim(cfg, 40, NewArena(15, nil, true, 1), 4)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Cars driving head-on at each other at full throttle for 3 s do not pass
// through each other (both modes); with collisions.cars off they do.
func TestCarsBlockEachOther(t *testing.T) {
	for _, mode := range []string{ModeExact, ModeClean} {
		for _, on := range []bool{true, false} {
			s := collisionSim(t, mode, on)
			a, b := s.AddPlayer(), s.AddPlayer()
			place := func(i int, x float64) {
				s.Cars[i] = Point{Pos: mgl64.Vec3{x, 0, 0}}
				s.Players[i].Flail.Point = s.Cars[i]
				s.Ropes[i].Reset(s.Cars[i].Pos)
			}
			place(a, -3)
			place(b, 3)
			passed, minD := false, math.Inf(1)
			for tick := 0; tick < 120; tick++ {
				s.SetInput(a, Input{Aim: 0, Throttle: 1})
				s.SetInput(b, Input{Aim: math.Pi, Throttle: 1})
				s.Step()
				d := s.Cars[b].Pos[0] - s.Cars[a].Pos[0]
				minD = math.Min(minD, math.Abs(d))
				if d < 0 {
					passed = true
				}
				if !FiniteVec(s.Cars[a].Pos) || !FiniteVec(s.Cars[b].Pos) {
					t.Fatal("non-finite car")
				}
			}
			if on && (passed || minD < 2*s.Ph.CarRadius-1e-9) {
				t.Fatalf("%s: cars passed through (min distance %v m)", mode, minD)
			}
			if !on && !passed {
				t.Fatalf("%s: with collisions off the cars should pass through", mode)
			}
			if on && (!s.Players[a].Alive || !s.Players[b].Alive) {
				t.Fatalf("%s: a head-on crash killed a car", mode)
			}
		}
	}
}

// A car driving full throttle into another player's parked flail for 3 s,
// in both modes: it never dies and never drives through the flail.
func TestCarCannotDriveThroughStillFlail(t *testing.T) {
	for _, mode := range []string{ModeExact, ModeClean} {
		s := collisionSim(t, mode, true)
		owner, driver := s.AddPlayer(), s.AddPlayer()
		s.Rules.Cfg.Rules.StillDrain = 0 // the parked owner's flail keeps its size
		s.Players[owner].Energy = 2000
		s.Players[owner].UpdateRadius(&s.Ph)
		s.Players[driver].Protected, s.Players[owner].Protected = 0, 0
		// the owner parks 1.6 m behind its flail (both links at rest
		// length), the flail between it and the driver.
		s.Cars[owner] = Point{Pos: mgl64.Vec3{3.6, 0, 0}}
		s.Players[owner].Flail.Point = Point{Pos: mgl64.Vec3{2, 0, 0}}
		s.Ropes[owner].Reset(mgl64.Vec3{2.8, 0, 0})
		s.Cars[driver] = Point{Pos: mgl64.Vec3{-6, 0, 0}}
		s.Players[driver].Flail.Point = s.Cars[driver]
		s.Ropes[driver].Reset(s.Cars[driver].Pos)
		worst, slowest, touched := 0.0, math.Inf(1), false
		for tick := 0; tick < 120; tick++ {
			s.SetInput(driver, Input{Aim: 0, Throttle: 1})
			s.Step()
			rf := s.Players[owner].Flail.Radius
			d := s.Players[owner].Flail.Pos.Sub(s.Cars[driver].Pos).Len()
			worst = math.Max(worst, rf+s.Ph.CarRadius-d)
			if d < rf+s.Ph.CarRadius+1e-6 {
				touched = true
			}
			if touched {
				slowest = math.Min(slowest, s.Cars[driver].Vel.Len())
			}
		}
		if !s.Players[driver].Alive || s.Players[driver].Deaths != 0 || len(s.Rules.Kills) != 0 {
			t.Fatalf("%s: the car died driving into a still flail", mode)
		}
		if worst > 1e-6 {
			t.Fatalf("%s: car and flail overlap %v m after a tick", mode, worst)
		}
		// the 2000-energy flail (~18 kg) stops the 10 kg car: after the
		// first contact it keeps at most 4 - 1.3*4*0.1/(0.1+1/18) = 0.66 m/s
		// (less as the car pushes on).
		if !touched || slowest > 0.7 {
			t.Fatalf("%s: the car did not bounce (touched %v, slowest %v m/s)", mode, touched, slowest)
		}
	}
}

// 300 cars spawned on one spot: the contact passes spread them out over a
// few seconds without NaN, never leave the arena, and the worst overlap
// between living cars shrinks to a few millimeters.
func TestPileUpSettles(t *testing.T) {
	for _, mode := range []string{ModeExact, ModeClean} {
		s := collisionSim(t, mode, true)
		for i := 0; i < 300; i++ {
			j := s.AddPlayer()
			p := mgl64.Vec3{0.001 * float64(i%7), 0, 0.001 * float64(i%5)}
			s.Cars[j] = Point{Pos: p}
			s.Players[j].Flail.Point = Point{Pos: p}
			s.Ropes[j].Reset(p)
		}
		overlap := func() float64 {
			w := 0.0
			for i := range s.Cars {
				for j := i + 1; j < len(s.Cars); j++ {
					if !s.Players[i].Alive || !s.Players[j].Alive {
						continue // flung flails kill in the crush
					}
					w = math.Max(w, 2*s.Ph.CarRadius-s.Cars[i].Pos.Sub(s.Cars[j].Pos).Len())
				}
			}
			return w
		}
		first := -1.0
		for tick := 0; tick < 200; tick++ {
			s.Step()
			for i := range s.Cars {
				c := s.Cars[i].Pos
				if !FiniteVec(c) || !FiniteVec(s.Players[i].Flail.Pos) || math.Abs(c[0]) > 15 || math.Abs(c[2]) > 15 {
					t.Fatalf("%s tick %d: car %d at %v", mode, tick, i, c)
				}
			}
			if tick == 0 {
				first = overlap()
			}
		}
		last := overlap()
		if !(last < 0.05*first) || last > 0.02 {
			t.Fatalf("%s: worst overlap %v m after one tick, %v m after 5 s", mode, first, last)
		}
		t.Logf("%s: worst overlap %.3f m after one tick, %.4f m after 5 s", mode, first, last)
	}
}

// The flail grid finds every overlapping pair, including pairs of very
// different sizes straddling cell borders (each pair is looked for only
// from its bigger flail): 81 isolated pairs of flails of random sizes
// (0.1 m to 2 m), each overlapping at a random angle, are all separated by
// a single contact pass.
func TestContactGridsFindEveryPair(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Pickups.Target = 0
	cfg.Collisions = CollisionConfig{Flails: true, FlailRestitution: 0.5, Iterations: 1}
	ph := cfg.Physics(40)
	r := NewRules(cfg, ph, NewArena(42.5, nil, true, 1), 3)
	rng := NewRNG(5)
	var players []Player
	for gx := 0; gx < 9; gx++ {
		for gz := 0; gz < 9; gz++ {
			c := mgl64.Vec3{-36 + 9*float64(gx) + rng.Range(-1, 1), 0, -36 + 9*float64(gz) + rng.Range(-1, 1)}
			a, b := Player{Energy: rng.Range(100, 3000)}, Player{Energy: rng.Range(100, 3000)}
			a.UpdateRadius(&ph)
			b.UpdateRadius(&ph)
			ang := rng.Range(0, 2*math.Pi)
			d := (a.Flail.Radius + b.Flail.Radius) * rng.Range(0.2, 0.99)
			a.Flail.Pos = c
			b.Flail.Pos = c.Add(mgl64.Vec3{d * math.Cos(ang), 0, d * math.Sin(ang)})
			players = append(players, a, b)
		}
	}
	agents := make([]Agent, len(players))
	for i := range players {
		players[i].ID, players[i].Alive = uint64(i+1), true
		// cars parked in a far corner row, clear of every flail.
		agents[i] = Agent{Car: Point{Pos: mgl64.Vec3{-42, 0, -42 + 0.2*float64(i)}, Vel: mgl64.Vec3{1, 0, 0}}, P: &players[i]}
	}
	r.Step(agents)
	for i := 0; i < len(players); i += 2 {
		a, b := &players[i].Flail, &players[i+1].Flail
		if d := a.Pos.Sub(b.Pos).Len(); d < (a.Radius+b.Radius)*(1-1e-9) {
			t.Fatalf("pair %d (radii %.2f, %.2f) still overlaps: %v < %v", i/2, a.Radius, b.Radius, d, a.Radius+b.Radius)
		}
	}
}
