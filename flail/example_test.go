package flail_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/flail"
)

// The size formula: a flail's radius in world units for its energy.
func ExampleFlailRadiusUnits() {
	for _, e := range []float64{100, 1000, 5000} {
		fmt.Printf("E=%v: %.1f u\n", e, flail.FlailRadiusUnits(e))
	}
	// Output:
	// E=100: 10.0 u
	// E=1000: 106.5 u
	// E=5000: 252.8 u
}

// The reference game's car step: full throttle converges to 10 u/tick (4 m/s at
// 40 Hz and 100 u/m).
func ExamplePhysics_StepCar() {
	cfg := flail.DefaultConfig()
	ph := cfg.Physics(40)
	car := flail.Point{}
	for i := 0; i < 400; i++ {
		ph.StepCar(&car, flail.Input{Aim: 0, Throttle: 1})
	}
	fmt.Printf("%.6f m/s = %.6f u/tick\n", car.Vel.Len(), car.Vel.Len()*cfg.UnitsPerMeter/40)
	// Output: 4.000000 m/s = 10.000000 u/tick
}

// A whole match without an ECS: bots in an arena, kills reported as events.
func ExampleSim() {
	cfg, err := flail.Parse([]byte("[rules]\nrespawn_delay = 2.0\n"), "example.toml")
	if err != nil {
		panic(err)
	}
	arena := flail.NewArena(15, []flail.Box{{Center: mgl64.Vec3{0, 0, 0}, HalfX: 1, HalfZ: 1}}, true, 1)
	s, err := flail.NewSim(cfg, 40, arena, 1)
	if err != nil {
		panic(err)
	}
	for i := 0; i < 40; i++ {
		s.AddBot(flail.SkillHard)
	}
	kills := 0
	s.Rules.Events.Subscribe(func(e flail.Event) {
		if e.Kind == flail.EventKill {
			kills++
		}
	})
	for i := 0; i < 1200; i++ { // 30 s
		s.Step()
	}
	fmt.Println(kills > 0, len(s.Rules.Board.Rows()))
	// Output: true 10
}

// Two flails clash: a 3 kg flail at 2 m/s meets a still 1 kg one head-on
// with restitution 0.5. Momentum 6 kg m/s is kept; the light flail flies
// off at (1+e) m_a v / (m_a + m_b) = 2.25 m/s, the heavy one keeps 1.25.
func ExampleSeparate() {
	a := flail.Point{Pos: mgl64.Vec3{0, 0, 0}, Vel: mgl64.Vec3{2, 0, 0}}
	b := flail.Point{Pos: mgl64.Vec3{0.35, 0, 0}}
	flail.Separate(&a, &b, 0.2, 0.2, 1.0/3, 1, 0.5)
	fmt.Printf("a %.2f m/s, b %.2f m/s, momentum %.2f, gap %.2f m\n", a.Vel[0], b.Vel[0], 3*a.Vel[0]+b.Vel[0], b.Pos[0]-a.Pos[0])
	// Output: a 1.25 m/s, b 2.25 m/s, momentum 6.00, gap 0.40 m
}
