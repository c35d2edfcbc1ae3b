package flail

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// seedPlayer is the reference game's player state (docs/flail.md#exact-mode-default-the-reference-server-reproduced), in world units and units/tick.
type seedVec struct{ x, y float64 }
type seedObj struct {
	p, v     seedVec
	affected bool
	isNode   bool
}

// seedStep is the reference game's step as docs/flail.md#exact-mode-default-the-reference-server-reproduced writes it, written plainly in
// world units (one call = one 40 Hz tick for one player). rope[0] is the
// player, rope[last] the flail, the rest ChainSegments.
func seedStep(player, flail *seedObj, rope []*seedObj, inputAngle float64, moving bool, restLength, k float64) (flailAngle float64) {
	// 1) movement
	ux, uy := math.Cos(inputAngle), math.Sin(inputAngle)
	m := math.Sqrt(ux*ux + uy*uy)
	ux, uy = ux/m, uy/m
	if moving {
		player.v.x += ux
		player.v.y += uy
	}
	player.v.x /= 1.1
	player.v.y /= 1.1
	player.p.x += player.v.x
	player.p.y += player.v.y
	// 2) flail free integration
	flailAngle = math.Atan2(flail.p.y-player.p.y, flail.p.x-player.p.x)
	flail.v.x /= 1.1
	flail.v.y /= 1.1
	flail.p.x += flail.v.x
	flail.p.y += flail.v.y
	// 3) rope topology
	rope[0] = player
	rope[len(rope)-1] = flail
	// 4) rope impulses (adjacent pairs)
	for i := 1; i < len(rope); i++ {
		a, b := rope[i], rope[i-1]
		dx, dy := a.p.x-b.p.x, a.p.y-b.p.y
		l := math.Sqrt(dx*dx + dy*dy)
		x := math.Max(0, l-restLength)
		nx, ny := 0.0, 0.0 // unit vector with "|| 0" fallback
		if l != 0 {
			nx, ny = dx/l, dy/l
		}
		fx, fy := nx*(-k*x), ny*(-k*x)
		if a.affected {
			a.v.x += fx
			a.v.y += fy
		}
		if b.affected {
			b.v.x -= fx
			b.v.y -= fy
		}
	}
	// 5) integrate internal rope nodes only
	for _, node := range rope {
		if node.isNode {
			node.v.x /= 1.1
			node.v.y /= 1.1
			node.p.x += node.v.x
			node.p.y += node.v.y
		}
	}
	return flailAngle
}

// variedInput is a deterministic input schedule: the angle sweeps, jumps and
// wobbles; moving toggles in irregular bursts.
func variedInput(t int) (angle float64, moving bool) {
	angle = 0.013*float64(t) + 1.7*math.Sin(float64(t)/37) + float64((t/150)%4)*math.Pi/2
	moving = (t/23)%5 != 0 && (t/131)%3 != 1
	return
}

func relErr(a, b float64) float64 {
	d := math.Abs(a - b)
	s := math.Max(math.Max(math.Abs(a), math.Abs(b)), 1)
	return d / s
}

func TestExactModeMatchesSeedPseudocode(t *testing.T) {
	for _, upm := range []float64{100, 1, 37.5} {
		cfg := DefaultConfig()
		cfg.UnitsPerMeter = upm
		if err := cfg.Validate("test"); err != nil {
			t.Fatal(err)
		}
		ph := cfg.Physics(40)
		// seed side, world units; start co-located at (120, -340) (§12:
		// the flail starts on the player; the node starts there too).
		sp := &seedObj{p: seedVec{120, -340}}
		sf := &seedObj{p: sp.p, affected: true}
		sn := &seedObj{p: sp.p, affected: true, isNode: true}
		rope := []*seedObj{sp, sn, sf}
		// module side, meters on XZ.
		start := mgl64.Vec3{120 / upm, 0, -340 / upm}
		car := Point{Pos: start}
		pl := Player{Flail: FlailState{Point: Point{Pos: start}}}
		r := NewRope(ph.Nodes, start)
		worst := 0.0
		for tick := 0; tick < 2000; tick++ {
			ang, mv := variedInput(tick)
			sAngle := seedStep(sp, sf, rope, ang, mv, 80, 0.1)
			in := Input{Aim: ang}
			if mv {
				in.Throttle = 1
			}
			pl.Input = in.Sanitized()
			c0 := car.Pos
			ph.StepCar(&car, pl.Input)
			pull := ph.StepPlayerFlail(nil, &car, c0, &pl, &r)
			if pull != (CarPull{}) {
				t.Fatalf("exact mode: rope must not pull the player, got %+v", pull)
			}
			for _, pair := range [][2]float64{
				{car.Pos[0] * upm, sp.p.x}, {car.Pos[2] * upm, sp.p.y},
				{pl.Flail.Pos[0] * upm, sf.p.x}, {pl.Flail.Pos[2] * upm, sf.p.y},
				{r.Nodes[0].Pos[0] * upm, sn.p.x}, {r.Nodes[0].Pos[2] * upm, sn.p.y},
				{car.Vel[0] * upm / 40, sp.v.x}, {pl.Flail.Vel[2] * upm / 40, sf.v.y},
				{pl.Flail.Angle, sAngle},
			} {
				if e := relErr(pair[0], pair[1]); e > worst {
					worst = e
				}
			}
			if worst > 1e-9 {
				t.Fatalf("upm %v tick %d: relative error %g > 1e-9", upm, tick, worst)
			}
		}
		// the run must have exercised the rope: the flail ends far from the car.
		if d := math.Hypot(sf.p.x-sp.p.x, sf.p.y-sp.p.y); d < 80 {
			t.Fatalf("flail only %.1f u from the car: schedule too tame", d)
		}
		t.Logf("units_per_meter %v: worst relative error over 2000 ticks %.3g", upm, worst)
	}
}

// The drive step: v = (v+u)/1.1 has the fixed point 0.1 v = u, so |v| -> 10 u/tick
// (400 u/s at 40 Hz); from rest v_n = 10 (1 - 1.1^-n). Without
// input, v decays by (1/1.1) per tick, (1/1.1)^40 ~ 0.022 per second.
func TestExactDerivedFigures(t *testing.T) {
	cfg := DefaultConfig()
	ph := cfg.Physics(40)
	car := Point{}
	in := Input{Aim: 0.3, Throttle: 1}
	for n := 1; n <= 400; n++ {
		ph.StepCar(&car, in)
		want := 10 * (1 - math.Pow(1.1, -float64(n))) // u/tick
		got := math.Hypot(car.Vel[0], car.Vel[2]) * cfg.UnitsPerMeter / 40
		if relErr(got, want) > 1e-12 {
			t.Fatalf("tick %d: speed %v u/tick, want %v", n, got, want)
		}
	}
	if got := math.Hypot(car.Vel[0], car.Vel[2]) * 100 / 40; math.Abs(got-10) > 1e-12 {
		t.Fatalf("terminal speed %v u/tick, want 10", got)
	}
	if got := math.Hypot(car.Vel[0], car.Vel[2]); math.Abs(got-4) > 1e-12 { // 400 u/s = 4 m/s
		t.Fatalf("terminal speed %v m/s, want 4", got)
	}
	v0 := math.Hypot(car.Vel[0], car.Vel[2])
	for i := 0; i < 40; i++ {
		ph.StepCar(&car, Input{})
	}
	ratio := math.Hypot(car.Vel[0], car.Vel[2]) / v0
	if want := math.Pow(1/1.1, 40); relErr(ratio, want) > 1e-12 || math.Abs(ratio-0.0221) > 5e-4 {
		t.Fatalf("decay per second %v, want (1/1.1)^40 = %v ~ 0.022", ratio, want)
	}
}

// At 60 Hz the exact-mode constants are rescaled so the per-second figures
// hold: terminal speed 4 m/s and decay (1/1.1)^40 per second.
func TestExactRateScalingKeepsPerSecondFigures(t *testing.T) {
	cfg := DefaultConfig()
	ph := cfg.Physics(60)
	car := Point{}
	for i := 0; i < 600; i++ {
		ph.StepCar(&car, Input{Throttle: 1})
	}
	if s := car.Vel.Len(); math.Abs(s-4) > 1e-9 {
		t.Fatalf("60 Hz terminal speed %v m/s, want 4", s)
	}
	v0 := car.Vel.Len()
	for i := 0; i < 60; i++ {
		ph.StepCar(&car, Input{})
	}
	if r := car.Vel.Len() / v0; relErr(r, math.Pow(1/1.1, 40)) > 1e-9 {
		t.Fatalf("60 Hz decay per second %v", r)
	}
}

func stretched(ph *Physics, quirks Quirks) (car Point, pl Player, r Rope, pull CarPull) {
	ph.Quirks = quirks
	car = Point{}
	pl = Player{Flail: FlailState{Point: Point{Pos: mgl64.Vec3{2, 0, 0}}}}
	r = NewRope(ph.Nodes, mgl64.Vec3{1.5, 0, 0}) // links 1.5 m and 0.5 m long (rest 0.8 m)
	pull = ph.StepFlail(&car, car.Pos, &pl.Flail, &r, pl.Input)
	return
}

func TestQuirkRopePullsPlayer(t *testing.T) {
	ph := DefaultConfig().Physics(40)
	_, _, _, off := stretched(&ph, Quirks{})
	if off != (CarPull{}) {
		t.Fatalf("quirk off: car pulled %+v", off)
	}
	_, _, _, on := stretched(&ph, Quirks{RopePullsPlayer: true})
	// link car->node is 1.5 m, extension 0.7 m: node gets -k*0.7*rate m/s
	// along +x, the car the opposite: +0.1*0.7*40 = 2.8 m/s toward the node.
	if math.Abs(on.DVel[0]-2.8) > 1e-12 || on.DVel[2] != 0 || on.DPos != (mgl64.Vec3{}) {
		t.Fatalf("quirk on: car pull %+v, want DVel.x = 2.8 m/s", on)
	}
}

func TestQuirkTwoSidedSprings(t *testing.T) {
	ph := DefaultConfig().Physics(40)
	// node->flail link is 0.5 m: compressed by 0.3 m.
	_, pl, _, _ := stretched(&ph, Quirks{})
	_, pl2, _, _ := stretched(&ph, Quirks{TwoSidedSprings: true})
	// Extension-only: the flail gets no impulse (velocity stays 0 after drag).
	if pl.Flail.Vel != (mgl64.Vec3{}) {
		t.Fatalf("one-sided: compressed link pushed the flail: %v", pl.Flail.Vel)
	}
	// Two-sided: x = 0.5-0.8 = -0.3, F = n * (-k*x) = +0.1*0.3*40 = 1.2 m/s on the flail.
	if math.Abs(pl2.Flail.Vel[0]-1.2) > 1e-12 {
		t.Fatalf("two-sided: flail velocity %v, want 1.2 m/s", pl2.Flail.Vel)
	}
}

func TestQuirkStaleSnapshot(t *testing.T) {
	p := Player{Alive: true}
	p.Publish(mgl64.Vec3{1, 0, 0}, nil, false)
	if p.Snap.Car[0] != 1 {
		t.Fatal("fresh snapshot should show this tick")
	}
	q := Player{Alive: true}
	q.Publish(mgl64.Vec3{1, 0, 0}, nil, true)
	q.Publish(mgl64.Vec3{2, 0, 0}, nil, true)
	if q.Snap.Car[0] != 1 {
		t.Fatalf("stale snapshot should lag one tick, shows %v", q.Snap.Car)
	}
}

// Clean mode: the flail's mass pulls the car, and the rope stays stable and
// near its rest length at 40 and 60 Hz under hard driving.
func TestCleanModeStableAndPullsCar(t *testing.T) {
	pulled := map[float64]float64{}
	for _, rate := range []float64{40, 60} {
		cfg := DefaultConfig()
		cfg.Mode = ModeClean
		ph := cfg.Physics(rate)
		car := Point{}
		pl := Player{Flail: FlailState{Point: Point{Pos: mgl64.Vec3{1.6, 0, 0}}}}
		pl.Flail.Radius = ph.FlailRadius(5000)
		r := NewRope(ph.Nodes, mgl64.Vec3{0.8, 0, 0})
		// flail flung along +x; the car stands still (no throttle).
		pl.Flail.Vel = mgl64.Vec3{20, 0, 0}
		maxLink := 0.0
		for i := 0; i < int(rate); i++ {
			c0 := car.Pos
			ph.StepCar(&car, Input{})
			pull := ph.StepFlail(&car, c0, &pl.Flail, &r, Input{})
			pull.ApplyTo(&car)
			maxLink = math.Max(maxLink, math.Max(r.Nodes[0].Pos.Sub(car.Pos).Len(), pl.Flail.Pos.Sub(r.Nodes[0].Pos).Len()))
		}
		// momentum: a 25 kg flail at 20 m/s tows the 10 kg car several
		// meters before drag stops them.
		if car.Pos[0] < 1 {
			t.Fatalf("%v Hz: heavy flail did not pull the car (x = %v)", rate, car.Pos[0])
		}
		pulled[rate] = car.Pos[0]
		if maxLink > 0.8*1.25 {
			t.Fatalf("%v Hz: link stretched to %v m (rest 0.8)", rate, maxLink)
		}
		// drive in circles for 20 s with a heavy flail.
		for i := 0; i < 20*int(rate); i++ {
			in := Input{Aim: float64(i) / rate * 3, Throttle: 1}
			c0 := car.Pos
			ph.StepCar(&car, in)
			pull := ph.StepFlail(&car, c0, &pl.Flail, &r, in)
			pull.ApplyTo(&car)
			if !FiniteVec(car.Pos) || !FiniteVec(pl.Flail.Pos) || !FiniteVec(pl.Flail.Vel) {
				t.Fatalf("%v Hz: non-finite state at tick %d", rate, i)
			}
			maxLink = math.Max(maxLink, pl.Flail.Pos.Sub(r.Nodes[0].Pos).Len())
		}
		if maxLink > 0.8*1.25 || pl.Flail.Vel.Len() > 50 {
			t.Fatalf("%v Hz: unstable: link %v m, flail speed %v", rate, maxLink, pl.Flail.Vel.Len())
		}
		// exact mode on the same start never moves the still car.
		cfg.Mode = ModeExact
		pe := cfg.Physics(rate)
		car = Point{}
		pl.Flail = FlailState{Point: Point{Pos: mgl64.Vec3{1.6, 0, 0}, Vel: mgl64.Vec3{20, 0, 0}}}
		r.Reset(mgl64.Vec3{0.8, 0, 0})
		for i := 0; i < 40; i++ {
			pe.StepCar(&car, Input{})
			pe.StepFlail(&car, car.Pos, &pl.Flail, &r, Input{})
		}
		if car.Pos != (mgl64.Vec3{}) {
			t.Fatalf("exact mode moved a still car: %v", car.Pos)
		}
	}
	// same physics at both rates: the tow distance agrees within 10%.
	if relErr(pulled[40], pulled[60]) > 0.1 {
		t.Fatalf("tow distance 40 Hz %v m vs 60 Hz %v m", pulled[40], pulled[60])
	}
	t.Logf("tow distance: 40 Hz %.3f m, 60 Hz %.3f m", pulled[40], pulled[60])
}

// The size formula: radius = 10*(4*(E/100)^(1/(1.7+0.3*g^(1/3))) - 3),
// g = min(E/5000, 1).
//
//	E=100:  (1)^(...) = 1                         -> 10*(4-3) = 10
//	E=1000: g=0.2, g^(1/3)=0.58480, p=1/1.875441 -> 10^0.533208 = 3.41356 -> 10*(13.6543-3) = 106.54
//	E=5000: g=1, p=1/2                            -> sqrt(50) = 7.07107 -> 10*(28.2843-3) = 252.84
func TestFlailRadiusFormula(t *testing.T) {
	for _, c := range []struct{ e, want, tol float64 }{
		{100, 10, 1e-12}, {1000, 106.54, 0.01}, {5000, 252.84, 0.01},
	} {
		if got := FlailRadiusUnits(c.e); math.Abs(got-c.want) > c.tol {
			t.Errorf("E=%v: radius %v u, want %v", c.e, got, c.want)
		}
	}
	cfg := DefaultConfig()
	ph := cfg.Physics(40)
	if got := ph.FlailRadius(1000); math.Abs(got-FlailRadiusUnits(1000)/100) > 1e-15 {
		t.Errorf("meters: %v", got)
	}
	// monotonic in E
	prev := 0.0
	for e := 100.0; e <= 100000; e *= 1.1 {
		r := ph.FlailRadius(e)
		if r < prev {
			t.Fatalf("radius decreases at E=%v", e)
		}
		prev = r
	}
	// bad energies: clamped, never NaN/negative.
	for _, e := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), -5, 0, 1e300} {
		r := ph.FlailRadius(e)
		if !Finite(r) || r < cfg.Flail.MinRadius/100 || r > FlailRadiusUnits(cfg.Rules.MaxEnergy)/100+1e-12 {
			t.Errorf("E=%v: radius %v", e, r)
		}
	}
}

func TestInputSanitized(t *testing.T) {
	for _, in := range []Input{
		{Aim: math.NaN(), Throttle: math.NaN()},
		{Aim: math.Inf(1), Throttle: math.Inf(1)},
		{Aim: 1e300, Throttle: -3},
		{Aim: -1e12, Throttle: 7},
	} {
		s := in.Sanitized()
		if !Finite(s.Aim) || math.Abs(s.Aim) > 1e6 || s.Throttle < 0 || s.Throttle > 1 {
			t.Fatalf("%+v -> %+v", in, s)
		}
		ph := DefaultConfig().Physics(40)
		car := Point{}
		for i := 0; i < 10; i++ {
			ph.StepCar(&car, s)
		}
		if !FiniteVec(car.Pos) {
			t.Fatalf("non-finite car from %+v", in)
		}
	}
}

func TestThrowAndAttract(t *testing.T) {
	ph := DefaultConfig().Physics(40)
	car := Point{}
	pl := Player{Flail: FlailState{Point: Point{Pos: mgl64.Vec3{0.8, 0, 0}, Vel: mgl64.Vec3{1, 0, 0}}}}
	r := NewRope(ph.Nodes, mgl64.Vec3{0.4, 0, 0})
	step := func(in Input) {
		pl.Input = in
		c0 := car.Pos
		ph.StepCar(&car, in)
		ph.StepPlayerFlail(nil, &car, c0, &pl, &r)
	}
	step(Input{PrimaryPressed: true, PrimaryHeld: true}) // click: throw
	if !pl.Flail.Thrown || pl.Flail.Attracting {
		t.Fatalf("click should throw without attracting: %+v", pl.Flail)
	}
	// throw boost 10 u/tick = 4 m/s along +x, then thrown drag 1.02 per tick.
	if v := pl.Flail.Vel[0]; math.Abs(v-(1+4)/1.02) > 1e-12 {
		t.Fatalf("thrown speed %v", v)
	}
	for i := 0; i < 40; i++ {
		step(Input{})
	}
	far := pl.Flail.Pos.Sub(car.Pos).Len()
	if far < 3 {
		t.Fatalf("thrown flail only %v m away after 1 s", far)
	}
	step(Input{PrimaryPressed: true, PrimaryHeld: true}) // new press: attract
	if !pl.Flail.Attracting {
		t.Fatal("second press should attract")
	}
	for i := 0; i < 200 && pl.Flail.Thrown; i++ {
		step(Input{PrimaryHeld: true})
	}
	if pl.Flail.Thrown {
		t.Fatalf("held attraction never re-attached (dist %v)", pl.Flail.Pos.Sub(car.Pos).Len())
	}
}

func TestStepNeverProducesNaN(t *testing.T) {
	for _, mode := range []string{ModeExact, ModeClean} {
		cfg := DefaultConfig()
		cfg.Mode = mode
		ph := cfg.Physics(math.NaN()) // bad rate -> reference rate
		if ph.Rate != 40 {
			t.Fatalf("bad rate not replaced: %v", ph.Rate)
		}
		car := Point{}
		pl := Player{}
		pl.Flail.Radius = ph.FlailRadius(math.Inf(1))
		r := NewRope(ph.Nodes, mgl64.Vec3{})
		arena := NewArena(5, nil, true, 1)
		for i := 0; i < 500; i++ {
			pl.Input = Input{Aim: math.NaN(), Throttle: 1e9, PrimaryPressed: i%50 == 0, PrimaryHeld: i%100 < 60}.Sanitized()
			c0 := car.Pos
			ph.StepCar(&car, pl.Input)
			arena.Collide(&car, ph.CarRadius, 0)
			pull := ph.StepPlayerFlail(arena, &car, c0, &pl, &r)
			pull.ApplyTo(&car)
			if !FiniteVec(car.Pos) || !FiniteVec(pl.Flail.Pos) || !FiniteVec(r.Nodes[0].Pos) {
				t.Fatalf("%s tick %d: non-finite", mode, i)
			}
			if math.Abs(pl.Flail.Pos[0]) > 5 || math.Abs(pl.Flail.Pos[2]) > 5 {
				t.Fatalf("%s: flail left the arena: %v", mode, pl.Flail.Pos)
			}
		}
	}
}
