package match_test

import (
	"math"
	"testing"

	"github.com/seedgames/motorkit/flail/match"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

// docs/flail.md#exact-mode-default-the-reference-server-reproduced's state in world units and units/tick.
type seedObj struct {
	px, py, vx, vy float64
	affected       bool
	isNode         bool
}

// seedTick is docs/flail.md#exact-mode-default-the-reference-server-reproduced's reproduction pseudocode for one player and one
// 40 Hz tick, written plainly in world units.
func seedTick(player, fl *seedObj, rope []*seedObj, inputAngle float64, moving bool) {
	const restLength, k = 80.0, 0.1
	// 1) movement
	ux, uy := math.Cos(inputAngle), math.Sin(inputAngle)
	m := math.Sqrt(ux*ux + uy*uy)
	ux, uy = ux/m, uy/m
	if moving {
		player.vx += ux
		player.vy += uy
	}
	player.vx /= 1.1
	player.vy /= 1.1
	player.px += player.vx
	player.py += player.vy
	// 2) flail free integration
	fl.vx /= 1.1
	fl.vy /= 1.1
	fl.px += fl.vx
	fl.py += fl.vy
	// 3) rope topology
	rope[0] = player
	rope[len(rope)-1] = fl
	// 4) rope impulses (adjacent pairs)
	for i := 1; i < len(rope); i++ {
		a, b := rope[i], rope[i-1]
		dx, dy := a.px-b.px, a.py-b.py
		l := math.Sqrt(dx*dx + dy*dy)
		x := math.Max(0, l-restLength)
		var nx, ny float64
		if l != 0 {
			nx, ny = dx/l, dy/l
		}
		fx, fy := nx*(-k*x), ny*(-k*x)
		if a.affected {
			a.vx += fx
			a.vy += fy
		}
		if b.affected {
			b.vx -= fx
			b.vy -= fy
		}
	}
	// 5) integrate internal rope nodes only
	for _, n := range rope {
		if n.isNode {
			n.vx /= 1.1
			n.vy /= 1.1
			n.px += n.vx
			n.py += n.vy
		}
	}
}

func variedInput(t int) (angle float64, moving bool) {
	angle = 0.013*float64(t) + 1.7*math.Sin(float64(t)/37) + float64((t/150)%4)*math.Pi/2
	moving = (t/23)%5 != 0 && (t/131)%3 != 1
	return
}

func relErr(a, b float64) float64 {
	return math.Abs(a-b) / math.Max(math.Max(math.Abs(a), math.Abs(b)), 1)
}

func newFlailWorld(t testing.TB, level string, cfg flail.Config, seed uint64) (donburi.World, *systems.Pipeline, *match.Game) {
	t.Helper()
	w := donburi.NewWorld()
	p := systems.NewPipeline(w, systems.Options{TickRate: 40})
	g, err := match.InstallArena(p, level, match.Options{Config: cfg, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return w, p, g
}

// The full ECS pipeline (command buffer, flail drive, KCC stage with the
// arena level, rope stage, rules, cleanup) reproduces docs/flail.md#exact-mode-default-the-reference-server-reproduced in exact
// mode: 2000 ticks of varied input, positions equal within 1e-9 relative.
func TestFlailExactModeThroughPipelineMatchesSeed(t *testing.T) {
	w, p, _ := newFlailWorld(t, "flail_open", flail.DefaultConfig(), 1)
	const upm = 100.0
	start := mgl64.Vec3{-5, 0, -10} // the schedule stays within x [-9.7, 10.8], z [-10, 10.6]
	ent, err := prefabs.Spawn(w, "flail_player", prefabs.At(start))
	if err != nil {
		t.Fatal(err)
	}
	e := w.Entry(ent)
	if k := components.KCC.Get(e); k.Controller == nil || k.Plane != components.PlaneTop || components.LevelOf(w) == nil {
		t.Fatal("the car must move through the KCC stage against the level")
	}
	sp := &seedObj{px: start[0] * upm, py: start[2] * upm}
	sf := &seedObj{px: sp.px, py: sp.py, affected: true}
	sn := &seedObj{px: sp.px, py: sp.py, affected: true, isNode: true}
	rope := []*seedObj{sp, sn, sf}
	worst := 0.0
	for tick := 0; tick < 2000; tick++ {
		ang, mv := variedInput(tick)
		cmd := flail.Input{Aim: ang}
		if mv {
			cmd.Throttle = 1
		}
		match.SubmitInput(w.Entry(ent), cmd)
		p.Step()
		seedTick(sp, sf, rope, ang, mv)
		e := w.Entry(ent)
		b := components.Body.Get(e)
		f := match.Flail.Get(e)
		n := match.Rope.Get(e).Nodes[0]
		for _, pr := range [][2]float64{
			{b.Position[0] * upm, sp.px}, {b.Position[2] * upm, sp.py},
			{f.Flail.Pos[0] * upm, sf.px}, {f.Flail.Pos[2] * upm, sf.py},
			{n.Pos[0] * upm, sn.px}, {n.Pos[2] * upm, sn.py},
		} {
			worst = math.Max(worst, relErr(pr[0], pr[1]))
		}
		if worst > 1e-9 || b.Position[1] != 0 {
			t.Fatalf("tick %d: relative error %g (car %v, seed %v %v)", tick, worst, b.Position, sp.px, sp.py)
		}
	}
	if d := math.Hypot(sf.px-sp.px, sf.py-sp.py); d < 80 {
		t.Fatalf("flail %.1f u from the car: schedule too tame", d)
	}
	t.Logf("worst relative error over 2000 ticks through the pipeline: %.3g", worst)
}

func place(w donburi.World, ent donburi.Entity, pos mgl64.Vec3) {
	e := w.Entry(ent)
	b := components.Body.Get(e)
	b.Position, b.PrevPosition = pos, pos
	f := match.Flail.Get(e)
	f.Flail.Point = flail.Point{Pos: pos}
	f.Protected = 0
	match.Rope.Get(e).Reset(pos)
}

// Kills are detected in the rules stage and applied in cleanup: a system
// running after flail.rules still sees the victim alive; after the tick it
// is dead, the killer has its share, EventKill was emitted; it respawns
// 3 s later with spawn protection.
func TestFlailKillDeferredToCleanupAndRespawn(t *testing.T) {
	w, p, g := newFlailWorld(t, "flail_open", flail.DefaultConfig(), 2)
	att, _ := prefabs.Spawn(w, "flail_player", prefabs.Override("[flail]\nname = \"att\"\nenergy = 1000.0\n"))
	vic, _ := prefabs.Spawn(w, "flail_player", prefabs.Override("[flail]\nname = \"vic\"\n"))
	place(w, att, mgl64.Vec3{-10, 0, 0})
	place(w, vic, mgl64.Vec3{10, 0, 0})
	var events []flail.Event
	g.Rules.Events.Subscribe(func(e flail.Event) { events = append(events, e) })
	aliveInRules := false
	p.Add(systems.StageRules, "probe", func(w donburi.World, _ systems.Tick) {
		if w.Valid(vic) {
			aliveInRules = match.Flail.Get(w.Entry(vic)).Alive
		}
	})
	p.Step()
	// throw the attacker's flail at the victim: 7 m/s > kill_speed 6 m/s.
	f := match.Flail.Get(w.Entry(att))
	f.Flail.Pos = mgl64.Vec3{9.9, 0, 0}
	f.Flail.Vel = mgl64.Vec3{7, 0, 0}
	f.Flail.Thrown = true
	events = events[:0]
	p.Step()
	vf := match.Flail.Get(w.Entry(vic))
	if !aliveInRules {
		t.Fatal("the kill was applied during the rules stage, not deferred")
	}
	if vf.Alive || vf.Deaths != 1 {
		t.Fatalf("victim %+v", vf.Player)
	}
	af := match.Flail.Get(w.Entry(att))
	// the thrown flail is 20 m from its car (> far_distance 5 m): one tick
	// of far drain, 1000*(1 - 0.1/40) = 997.5, then kill_share 0.5 of the
	// victim's 100.
	if want := 1000*(1-0.1/40) + 0.5*100; af.Kills != 1 || math.Abs(af.Energy-want) > 1e-9 {
		t.Fatalf("attacker kills %d energy %v, want %v", af.Kills, af.Energy, want)
	}
	if len(events) != 1 || events[0].Kind != flail.EventKill || events[0].Killer != uint64(att) || events[0].Victim != uint64(vic) {
		t.Fatalf("events %+v", events)
	}
	if got := g.Rules.Events.Tick(); len(got) != 1 {
		t.Fatalf("Events.Tick() lists %d events", len(got))
	}
	for _, row := range g.Rules.Board.Rows() {
		if row.ID == uint64(vic) {
			t.Fatal("dead player on the leaderboard")
		}
	}
	died := components.Body.Get(w.Entry(vic)).Position
	for i := 0; i < 121; i++ {
		p.Step()
	}
	vf = match.Flail.Get(w.Entry(vic))
	vb := components.Body.Get(w.Entry(vic))
	if !vf.Alive || vf.Protected <= 0 || vf.Energy != 100 {
		t.Fatalf("not respawned with protection: %+v", vf.Player)
	}
	if vb.Position == died || vb.Position[1] != 0 || vf.Flail.Pos.Sub(vb.Position).Len() > 1 {
		t.Fatalf("respawn position %v (died at %v), flail %v", vb.Position, died, vf.Flail.Pos)
	}
}

// A player removed mid-match, in the same tick its death is detected: when
// the removal was queued before the tick (a game calling Remove between
// ticks) it runs first in cleanup and the deferred kill is skipped; when it
// is queued after the rules stage the kill is applied first. Either way
// EventRemoved is emitted once, the entity is gone and the match goes on.
func TestFlailPlayerRemovedMidMatch(t *testing.T) {
	for _, before := range []bool{true, false} {
		w, p, g := newFlailWorld(t, "flail_open", flail.DefaultConfig(), 3)
		att, _ := prefabs.Spawn(w, "flail_player")
		vic, _ := prefabs.Spawn(w, "flail_player")
		for i := 0; i < 10; i++ {
			if _, err := match.Spawn(w, "flail_bot"); err != nil {
				t.Fatal(err)
			}
		}
		place(w, att, mgl64.Vec3{-10, 0, 0})
		place(w, vic, mgl64.Vec3{10, 0, 0})
		p.Step()
		var removed, kills int
		g.Rules.Events.Subscribe(func(e flail.Event) {
			switch e.Kind {
			case flail.EventRemoved:
				removed++
			case flail.EventKill:
				if e.Victim == uint64(vic) {
					kills++
				}
			}
		})
		f := match.Flail.Get(w.Entry(att))
		f.Flail.Pos, f.Flail.Vel = mgl64.Vec3{9.9, 0, 0}, mgl64.Vec3{7, 0, 0}
		if before {
			g.Remove(vic)
		} else {
			p.Add(systems.StageRules, "remover", func(w donburi.World, t systems.Tick) {
				if t.N == 1 {
					g.Remove(vic)
				}
			})
		}
		for i := 0; i < 200; i++ {
			p.Step()
		}
		wantKills := 1
		if before {
			wantKills = 0
		}
		if w.Valid(vic) || removed != 1 || kills != wantKills {
			t.Fatalf("removal before=%v: valid %v, removed events %d, kills %d (want %d)", before, w.Valid(vic), removed, kills, wantKills)
		}
		if match.Flail.Get(w.Entry(att)).Kills != wantKills {
			t.Fatal("attacker credited for a skipped kill")
		}
		for _, row := range g.Rules.Board.Rows() {
			if row.ID == uint64(vic) {
				t.Fatal("removed player on the leaderboard")
			}
		}
		g.Remove(vic) // removing again is harmless
		p.Step()
	}
}

// Bad input never reaches the state: NaN/Inf/huge commands and a huge
// energy in the recipe.
func TestFlailBadInput(t *testing.T) {
	w, p, g := newFlailWorld(t, "flail_open", flail.DefaultConfig(), 4)
	ent, err := prefabs.Spawn(w, "flail_player", prefabs.Override("[flail]\nenergy = 1e9\n"))
	if err != nil {
		t.Fatal(err)
	}
	if e := match.Flail.Get(w.Entry(ent)).Energy; e != g.Rules.Cfg.Rules.MaxEnergy {
		t.Fatalf("huge energy not clamped: %v", e)
	}
	if _, err := prefabs.Spawn(w, "flail_player", prefabs.Override("[flail]\nenergy = -5.0\n")); err == nil {
		t.Fatal("negative energy accepted")
	}
	if _, err := prefabs.Spawn(w, "flail_bot", prefabs.Override("[flail_bot]\nskill = \"godlike\"\n")); err == nil {
		t.Fatal("unknown skill accepted")
	}
	bad := []flail.Input{
		{Aim: math.NaN(), Throttle: math.NaN(), PrimaryPressed: true, PrimaryHeld: true},
		{Aim: math.Inf(1), Throttle: math.Inf(1)},
		{Aim: 1e300, Throttle: -1e300, PrimaryHeld: true},
		{Aim: -1e15, Throttle: 1e15, PrimaryPressed: true},
	}
	for i := 0; i < 400; i++ {
		match.SubmitInput(w.Entry(ent), bad[i%len(bad)])
		p.Step()
		e := w.Entry(ent)
		b := components.Body.Get(e)
		f := match.Flail.Get(e)
		if !motorsFinite(b.Position) || !motorsFinite(b.Velocity) || !motorsFinite(f.Flail.Pos) || math.IsNaN(f.Flail.Angle) {
			t.Fatalf("tick %d: non-finite state %+v %+v", i, b, f.Player)
		}
		if math.Abs(b.Position[0]) > 42.5 || math.Abs(b.Position[2]) > 42.5 {
			t.Fatalf("car left the arena: %v", b.Position)
		}
	}
}

func motorsFinite(v mgl64.Vec3) bool { return flail.FiniteVec(v) }

// A 3D motor character (the basic capsule_walker) and flail cars share one
// world and one pipeline: the walker walks on the floor under gravity, the
// cars drive on the XZ plane, in the same ticks.
func TestFlailAndMotorCharacterShareOnePipeline(t *testing.T) {
	w, p, _ := newFlailWorld(t, "flail_arena_floor", flail.DefaultConfig(), 5)
	walker, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{-30, -0.5 + 0.91, -10}))
	if err != nil {
		t.Fatal(err)
	}
	car, err := prefabs.Spawn(w, "flail_player", prefabs.At(mgl64.Vec3{-30, 0, 10}))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		if _, err := match.Spawn(w, "flail_bot"); err != nil {
			t.Fatal(err)
		}
	}
	w0 := components.Body.Get(w.Entry(walker)).Position
	for i := 0; i < 80; i++ { // 2 s
		systems.Submit(w.Entry(walker), components.CommandData{Forward: 1})
		match.SubmitInput(w.Entry(car), flail.Input{Aim: 0, Throttle: 1})
		p.Step()
	}
	wb := components.Body.Get(w.Entry(walker))
	k := components.KCC.Get(w.Entry(walker))
	// basic motor: max_speed 5 m/s, accel 40 m/s^2: at full speed within
	// 0.125 s, so 2 s of walking covers a bit less than 10 m along +X.
	if !k.Grounded || wb.Position[0]-w0[0] < 8.5 || wb.Position[0]-w0[0] > 10 || math.Abs(wb.Position[1]-w0[1]) > 0.05 {
		t.Fatalf("walker: grounded %v moved %v", k.Grounded, wb.Position.Sub(w0))
	}
	cb := components.Body.Get(w.Entry(car))
	// flail car: v_n = 10(1-1.1^-n) u/tick; 80 ticks cover
	// sum_{n=1..80} 10(1-1.1^-n) = 10*(80 - (1-1.1^-80)/0.1) = 700.05 u = 7.0005 m.
	want := 10 * (80 - (1-math.Pow(1.1, -80))/0.1) / 100
	if d := cb.Position[0] - (-30); math.Abs(d-want) > 1e-9 || cb.Position[1] != 0 {
		t.Fatalf("car moved %v m, want %v", d, want)
	}
	if p.Ticks() != 80 {
		t.Fatal("tick count")
	}
}

// Joining mid-match goes through Pipeline.Defer: a spawn queued during a
// tick happens in that tick's cleanup stage (not mid-iteration), emits
// EventSpawn, and the newcomer plays from the next tick.
func TestFlailSpawnDeferredMidMatch(t *testing.T) {
	w, p, g := newFlailWorld(t, "flail_arena", flail.DefaultConfig(), 6)
	for i := 0; i < 5; i++ {
		if _, err := match.Spawn(w, "flail_bot"); err != nil {
			t.Fatal(err)
		}
	}
	var spawned []uint64
	g.Rules.Events.Subscribe(func(e flail.Event) {
		if e.Kind == flail.EventSpawn {
			spawned = append(spawned, e.Victim)
		}
	})
	q := donburi.NewQuery(filter.Contains(match.Flail))
	count := func() int { return q.Count(w) }
	var seenInRules []int
	p.Add(systems.StageRules, "joiner", func(w donburi.World, tk systems.Tick) {
		seenInRules = append(seenInRules, count())
		if tk.N == 10 {
			p.Defer(func(w donburi.World) {
				if _, err := match.Spawn(w, "flail_bot", prefabs.Override("[flail]\nname = \"late\"\n")); err != nil {
					t.Error(err)
				}
			})
		}
	})
	for i := 0; i < 40; i++ {
		p.Step()
	}
	if seenInRules[10] != 5 || seenInRules[11] != 6 || len(spawned) != 1 {
		t.Fatalf("players seen in rules at ticks 10, 11: %d, %d; spawn events %d", seenInRules[10], seenInRules[11], len(spawned))
	}
	late := match.Flail.Get(w.Entry(donburi.Entity(spawned[0])))
	if late.Name != "late" || !late.Alive {
		t.Fatalf("newcomer %+v", late.Player)
	}
	if b := components.Body.Get(w.Entry(donburi.Entity(spawned[0]))); b.Position == b.PrevPosition && late.Input.Throttle == 0 {
		t.Fatal("the newcomer bot never drove")
	}
}

// Through the full pipeline the contact rules hold: two cars driving
// head-on at full throttle never overlap (the rules' correction goes
// through the KCC), a car pushed against a wall by another stays inside the
// arena, nobody dies; with [collisions] cars = false they pass through.
func TestFlailCarsCollideThroughPipeline(t *testing.T) {
	for _, on := range []bool{true, false} {
		cfg := flail.DefaultConfig()
		cfg.Collisions.Cars = on
		w, p, g := newFlailWorld(t, "flail_open", cfg, 6)
		a, _ := prefabs.Spawn(w, "flail_player")
		b, _ := prefabs.Spawn(w, "flail_player")
		// b waits near the east wall (inner face at x = 42.5 m), a drives into it.
		place(w, a, mgl64.Vec3{35, 0, 0})
		place(w, b, mgl64.Vec3{41.5, 0, 0})
		r := g.Ph.CarRadius
		minD, maxX := math.Inf(1), 0.0
		for tick := 0; tick < 160; tick++ {
			match.SubmitInput(w.Entry(a), flail.Input{Aim: 0, Throttle: 1})
			match.SubmitInput(w.Entry(b), flail.Input{Aim: 0, Throttle: 0})
			p.Step()
			pa := components.Body.Get(w.Entry(a)).Position
			pb := components.Body.Get(w.Entry(b)).Position
			minD = math.Min(minD, pb[0]-pa[0])
			maxX = math.Max(maxX, math.Max(pa[0], pb[0]))
			if !flail.FiniteVec(pa) || !flail.FiniteVec(pb) {
				t.Fatal("non-finite car")
			}
		}
		if maxX > 42.5-r+1e-6 {
			t.Fatalf("collisions %v: a car entered the wall (x %v)", on, maxX)
		}
		fa, fb := match.Flail.Get(w.Entry(a)), match.Flail.Get(w.Entry(b))
		if fa.Deaths+fb.Deaths != 0 {
			t.Fatalf("collisions %v: a crash killed a car", on)
		}
		if on && minD < 2*r-1e-3 {
			t.Fatalf("cars overlap: distance %v < %v", minD, 2*r)
		}
		if !on && minD > 0 {
			t.Fatalf("with collisions off the cars should pass through (min signed distance %v)", minD)
		}
		t.Logf("collisions %v: min signed distance %.4f m, max x %.4f m", on, minD, maxX)
	}
}
