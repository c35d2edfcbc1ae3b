package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/kcc"
)

const (
	radius = 0.3
	half   = 0.6
	dt     = 1.0 / 60
	g      = 20.0
	offset = 0.01
	reps   = 20 // timing repetitions per scene
)

type boxSpec struct {
	C, H [3]float64
	Q    [4]float64 // x, y, z, w
}

type meshSpec struct {
	V [][3]float64
	I []uint32
}

type phase struct {
	Ticks int
	Wish  [3]float64
	Jump  float64 // vertical launch speed applied on the first tick of the phase
}

type outcome struct {
	Final        [3]float64
	Transitions  int // grounded -> air -> grounded sequences
	AirTicks     int
	UsPerMove    float64
	GroundedLast bool
}

type scene struct {
	Name   string
	Boxes  []boxSpec
	Meshes []meshSpec // heightfields are exported as their triangle meshes
	Start  [3]float64
	Plan   []phase
	// Caller is "gravity" (gravity integrated every tick, vertical velocity
	// read back and zeroed while grounded) or "plane" (the pipeline's KCC
	// stage: while grounded no gravity, the planar velocity lifted onto the
	// reported ground plane; gravity only in the air).
	Caller string
	KCC    outcome

	world *kcc.World
}

func (s *scene) box(c, h mgl64.Vec3, q mgl64.Quat) {
	if q == (mgl64.Quat{}) {
		q = mgl64.QuatIdent()
	}
	s.world.AddBox(c, h, q)
	s.Boxes = append(s.Boxes, boxSpec{C: c, H: h, Q: [4]float64{q.V[0], q.V[1], q.V[2], q.W}})
}

func (s *scene) mesh(vs []mgl64.Vec3, is []uint32) {
	if _, err := s.world.AddTriMesh(vs, is); err != nil {
		panic(err)
	}
	m := meshSpec{I: is}
	for _, v := range vs {
		m.V = append(m.V, v)
	}
	s.Meshes = append(s.Meshes, m)
}

// heightfield adds a heightfield to kcc and its triangles (same split) to
// the exported geometry.
func (s *scene) heightfield(origin mgl64.Vec3, cell float64, n int, h func(x, z float64) float64) {
	hs := make([]float64, n*n)
	var vs []mgl64.Vec3
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			x, z := origin[0]+float64(c)*cell, origin[2]+float64(r)*cell
			hs[r*n+c] = h(x, z)
			vs = append(vs, mgl64.Vec3{x, origin[1] + hs[r*n+c], z})
		}
	}
	if _, err := s.world.AddHeightfield(origin, cell, n, n, hs); err != nil {
		panic(err)
	}
	var is []uint32
	for r := 0; r < n-1; r++ {
		for c := 0; c < n-1; c++ {
			i00 := uint32(r*n + c)
			i10, i01, i11 := i00+1, i00+uint32(n), i00+uint32(n)+1
			is = append(is, i00, i01, i11, i00, i11, i10)
		}
	}
	m := meshSpec{I: is}
	for _, v := range vs {
		m.V = append(m.V, v)
	}
	s.Meshes = append(s.Meshes, m)
}

func newScene(name string, floor bool) *scene {
	s := &scene{Name: name, world: kcc.NewWorld(), Caller: "gravity"}
	if floor {
		s.box(mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{100, 0.5, 100}, mgl64.Quat{})
	}
	return s
}

func restY(y float64) float64 { return y + offset + half + radius }

func quad(vs []mgl64.Vec3, is []uint32, a, b, c, d mgl64.Vec3) ([]mgl64.Vec3, []uint32) {
	base := uint32(len(vs))
	return append(vs, a, b, c, d), append(is, base, base+1, base+2, base, base+2, base+3)
}

func ramp(s *scene, deg, x0, h float64) {
	run := h / math.Tan(deg*math.Pi/180)
	x1 := x0 + run
	var vs []mgl64.Vec3
	var is []uint32
	vs, is = quad(vs, is, mgl64.Vec3{x0, 0, 5}, mgl64.Vec3{x1, h, 5}, mgl64.Vec3{x1, h, -5}, mgl64.Vec3{x0, 0, -5})
	vs, is = quad(vs, is, mgl64.Vec3{x1, h, 5}, mgl64.Vec3{x1 + 10, h, 5}, mgl64.Vec3{x1 + 10, h, -5}, mgl64.Vec3{x1, h, -5})
	s.mesh(vs, is)
}

func onRamp(deg, x0, hs float64) [3]float64 {
	a := deg * math.Pi / 180
	p := mgl64.Vec3{x0 + hs/math.Tan(a), hs, 0}.Add(mgl64.Vec3{-math.Sin(a), math.Cos(a), 0}.Mul(radius + offset)).Add(mgl64.Vec3{0, half, 0})
	return p
}

func stairs(s *scene, x0, riser, tread float64, n int) {
	for i := 1; i <= n; i++ {
		top := float64(i) * riser
		depth := tread
		if i == n {
			depth = 10
		}
		xs := x0 + float64(i-1)*tread
		s.box(mgl64.Vec3{xs + depth/2, top / 2, 0}, mgl64.Vec3{depth / 2, top / 2, 3}, mgl64.Quat{})
	}
}

func walk(ticks int, x, z float64) phase { return phase{Ticks: ticks, Wish: [3]float64{x, 0, z}} }

func scenes() []*scene {
	var out []*scene
	d := 5 / math.Sqrt2

	s := newScene("flat 5 m/s 3 s", true)
	s.Start = [3]float64{0, restY(0), 0}
	s.Plan = []phase{walk(180, 5, 0)}
	out = append(out, s)

	s = newScene("step 0.30 m", true)
	s.box(mgl64.Vec3{6, 0.15, 0}, mgl64.Vec3{5, 0.15, 5}, mgl64.Quat{})
	s.Start = [3]float64{0, restY(0), 0}
	s.Plan = []phase{walk(120, 5, 0)}
	out = append(out, s)

	s = newScene("step 0.50 m (blocks)", true)
	s.box(mgl64.Vec3{6, 0.25, 0}, mgl64.Vec3{5, 0.25, 5}, mgl64.Quat{})
	s.Start = [3]float64{0, restY(0), 0}
	s.Plan = []phase{walk(120, 5, 0)}
	out = append(out, s)

	s = newScene("stairs 0.2/0.4 up and down", true)
	stairs(s, 1, 0.2, 0.4, 6)
	s.Start = [3]float64{0, restY(0), 0}
	s.Plan = []phase{walk(90, 5, 0), walk(90, -5, 0)}
	out = append(out, s)

	s = newScene("ramp 30 deg", true)
	ramp(s, 30, 1, 1)
	s.Start = [3]float64{0, restY(0), 0}
	s.Plan = []phase{walk(90, 5, 0)}
	out = append(out, s)

	s = newScene("ramp 50 deg (blocks)", true)
	ramp(s, 50, 1, 2)
	s.Start = [3]float64{0, restY(0), 0}
	s.Plan = []phase{walk(300, 5, 0)}
	out = append(out, s)

	s = newScene("stand on 25 deg", true)
	ramp(s, 25, 1, 2)
	s.Start = onRamp(25, 1, 1)
	s.Plan = []phase{walk(120, 0, 0)}
	out = append(out, s)

	s = newScene("steep 60 deg (slides)", true)
	ramp(s, 60, 1, 3)
	s.Start = onRamp(60, 1, 2)
	s.Plan = []phase{walk(60, 0, 0)}
	out = append(out, s)

	s = newScene("wall at 45 deg", true)
	s.box(mgl64.Vec3{1.25, 1.5, 0}, mgl64.Vec3{0.25, 1.5, 10}, mgl64.Quat{})
	s.Start = [3]float64{0, restY(0), 0}
	s.Plan = []phase{walk(60, d, d)}
	out = append(out, s)

	s = newScene("corner", true)
	s.box(mgl64.Vec3{1.25, 1.5, 0}, mgl64.Vec3{0.25, 1.5, 5}, mgl64.Quat{})
	s.box(mgl64.Vec3{0, 1.5, 1.25}, mgl64.Vec3{5, 1.5, 0.25}, mgl64.Quat{})
	s.Start = [3]float64{0, restY(0), 0}
	s.Plan = []phase{walk(150, d, d)}
	out = append(out, s)

	s = newScene("corridor 0.5 m (blocks)", true)
	s.box(mgl64.Vec3{3, 1.5, 1.25}, mgl64.Vec3{2, 1.5, 1}, mgl64.Quat{})
	s.box(mgl64.Vec3{3, 1.5, -1.25}, mgl64.Vec3{2, 1.5, 1}, mgl64.Quat{})
	s.Start = [3]float64{0, restY(0), 0}
	s.Plan = []phase{walk(180, 5, 0)}
	out = append(out, s)

	s = newScene("60 m/s into 4 cm wall", true)
	s.box(mgl64.Vec3{3.02, 1.5, 0}, mgl64.Vec3{0.02, 1.5, 10}, mgl64.Quat{})
	s.Start = [3]float64{0, restY(0), 0}
	s.Plan = []phase{walk(30, 60, 0)}
	out = append(out, s)

	s = newScene("grid mesh 0.5 m seams", false)
	{
		n := 80
		var vs []mgl64.Vec3
		half := float64(n) * 0.5 / 2
		for r := 0; r <= n; r++ {
			for c := 0; c <= n; c++ {
				vs = append(vs, mgl64.Vec3{-half + float64(c)*0.5, 0, -half + float64(r)*0.5})
			}
		}
		var is []uint32
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				i00 := uint32(r*(n+1) + c)
				i10, i01 := i00+1, i00+uint32(n+1)
				i11 := i01 + 1
				if (r+c)%2 == 0 {
					is = append(is, i00, i01, i11, i00, i11, i10)
				} else {
					is = append(is, i00, i01, i10, i10, i01, i11)
				}
			}
		}
		s.mesh(vs, is)
	}
	s.Start = [3]float64{-5.1, restY(0), -5.3}
	s.Plan = []phase{walk(180, d, d)}
	out = append(out, s)

	s = newScene("bumpy heightfield 0.15 m", false)
	s.heightfield(mgl64.Vec3{-30, 0, -30}, 0.5, 121, func(x, z float64) float64 { return 0.15 * math.Sin(x*1.3) * math.Cos(z*0.9) })
	s.Start = [3]float64{-7, restY(0.2), -6}
	s.Plan = []phase{walk(30, 0, 0), walk(180, d, d)}
	out = append(out, s)

	s = newScene("stairs down at 8 m/s", true)
	stairs(s, 1, 0.2, 0.4, 6)
	s.Start = [3]float64{6, restY(1.2), 0}
	s.Plan = []phase{walk(90, -8, 0)}
	out = append(out, s)

	s = newScene("ramp 35 deg down at 7 m/s", true)
	ramp(s, 35, 1, 1.5)
	s.Start = [3]float64{6, restY(1.5), 0}
	s.Plan = []phase{walk(90, -7, 0)}
	out = append(out, s)

	s = newScene("bumpy heightfield at 8 m/s", false)
	s.heightfield(mgl64.Vec3{-30, 0, -30}, 0.5, 121, func(x, z float64) float64 { return 0.15 * math.Sin(x*1.3) * math.Cos(z*0.9) })
	s.Start = [3]float64{-15, restY(0.2), -12}
	s.Plan = []phase{walk(30, 0, 0), walk(180, 8/math.Sqrt2, 8/math.Sqrt2)}
	out = append(out, s)

	s = newScene("ridge 20 deg up and over", true)
	{
		h := 1.0
		run := h / math.Tan(20*math.Pi/180)
		var vs []mgl64.Vec3
		var is []uint32
		vs, is = quad(vs, is, mgl64.Vec3{1, 0, 5}, mgl64.Vec3{1 + run, h, 5}, mgl64.Vec3{1 + run, h, -5}, mgl64.Vec3{1, 0, -5})
		vs, is = quad(vs, is, mgl64.Vec3{1 + run, h, 5}, mgl64.Vec3{1 + 2*run, 0, 5}, mgl64.Vec3{1 + 2*run, 0, -5}, mgl64.Vec3{1 + run, h, -5})
		s.mesh(vs, is)
	}
	s.Start = [3]float64{0, restY(0), 0}
	s.Plan = []phase{walk(120, 6, 0)}
	out = append(out, s)

	s = newScene("plane caller: ramp 30 up over the crest and back", true)
	ramp(s, 30, 1, 1)
	s.Caller = "plane"
	s.Start = [3]float64{0, restY(0), 0}
	s.Plan = []phase{walk(90, 5, 0), walk(90, -5, 0)}
	out = append(out, s)

	s = newScene("plane caller: ridge 20 deg", true)
	{
		h := 1.0
		run := h / math.Tan(20*math.Pi/180)
		var vs []mgl64.Vec3
		var is []uint32
		vs, is = quad(vs, is, mgl64.Vec3{1, 0, 5}, mgl64.Vec3{1 + run, h, 5}, mgl64.Vec3{1 + run, h, -5}, mgl64.Vec3{1, 0, -5})
		vs, is = quad(vs, is, mgl64.Vec3{1 + run, h, 5}, mgl64.Vec3{1 + 2*run, 0, 5}, mgl64.Vec3{1 + 2*run, 0, -5}, mgl64.Vec3{1 + run, h, -5})
		s.mesh(vs, is)
	}
	s.Caller = "plane"
	s.Start = [3]float64{0, restY(0), 0}
	s.Plan = []phase{walk(120, 6, 0)}
	out = append(out, s)

	s = newScene("plane caller: stairs up and down", true)
	stairs(s, 1, 0.2, 0.4, 6)
	s.Caller = "plane"
	s.Start = [3]float64{0, restY(0), 0}
	s.Plan = []phase{walk(90, 5, 0), walk(90, -5, 0)}
	out = append(out, s)

	s = newScene("plane caller: bumpy heightfield", false)
	s.heightfield(mgl64.Vec3{-30, 0, -30}, 0.5, 121, func(x, z float64) float64 { return 0.15 * math.Sin(x*1.3) * math.Cos(z*0.9) })
	s.Caller = "plane"
	s.Start = [3]float64{-7, restY(0.2), -6}
	s.Plan = []phase{walk(30, 0, 0), walk(180, d, d)}
	out = append(out, s)

	s = newScene("ledge 1 m: fall and land", true)
	s.box(mgl64.Vec3{-3, 0.5, 0}, mgl64.Vec3{5, 0.5, 5}, mgl64.Quat{})
	s.Start = [3]float64{0, restY(1), 0}
	s.Plan = []phase{walk(120, 3, 0)}
	out = append(out, s)

	s = newScene("10 s mixed walk (flicker)", true)
	{
		run := 0.6 / math.Tan(30*math.Pi/180)
		var vs []mgl64.Vec3
		var is []uint32
		vs, is = quad(vs, is, mgl64.Vec3{2, 0, 3}, mgl64.Vec3{2 + run, 0.6, 3}, mgl64.Vec3{2 + run, 0.6, -3}, mgl64.Vec3{2, 0, -3})
		s.mesh(vs, is)
		x := 2 + run
		s.box(mgl64.Vec3{(x + 8) / 2, 0.3, 0}, mgl64.Vec3{(8 - x) / 2, 0.3, 3}, mgl64.Quat{})
		s.box(mgl64.Vec3{8.2, 0.2, 0}, mgl64.Vec3{0.2, 0.2, 3}, mgl64.Quat{})
		s.box(mgl64.Vec3{8.6, 0.1, 0}, mgl64.Vec3{0.2, 0.1, 3}, mgl64.Quat{})
	}
	s.Start = [3]float64{0, restY(0), 0}
	s.Plan = []phase{walk(60, 0, 0), walk(150, 4, 0), walk(60, 0, 0), walk(150, -4, 0), walk(60, 0, 2), walk(120, 0, 0)}
	out = append(out, s)
	return out
}

// run plays the scene's plan once and returns the outcome (UsPerMove is
// filled by the caller).
func run(s *scene, c *kcc.Controller) outcome {
	shape := kcc.Capsule{Radius: radius, HalfHeight: half}
	pos := mgl64.Vec3(s.Start)
	var vel mgl64.Vec3
	var o outcome
	wasAir, ever := false, false
	grounded, n := false, mgl64.Vec3{0, 1, 0}
	for _, ph := range s.Plan {
		for i := 0; i < ph.Ticks; i++ {
			vel[0], vel[2] = ph.Wish[0], ph.Wish[2]
			jump := 0.0
			if i == 0 {
				jump = ph.Jump
			}
			var desired mgl64.Vec3
			if s.Caller == "plane" && grounded && jump == 0 {
				lift := 0.0
				if n[1] > 1e-3 {
					lift = -(n[0]*vel[0] + n[2]*vel[2]) / n[1]
				}
				vel[1] = 0
				desired = mgl64.Vec3{vel[0], lift, vel[2]}.Mul(dt)
			} else {
				if jump > 0 {
					vel[1] = jump
				}
				vel[1] -= g * dt
				desired = vel.Mul(dt)
			}
			res := c.Move(s.world, shape, pos, desired)
			pos = pos.Add(res.Translation)
			vy := res.Translation[1] / dt
			if res.Grounded && (vy < 0 || jump == 0) {
				vy = 0
			}
			if s.Caller == "plane" && !res.Grounded {
				vy = math.Min(vel[1], math.Max(0, vy))
			}
			vel[1] = vy
			grounded, n = res.Grounded, res.GroundNormal
			if res.Grounded {
				if wasAir && ever {
					o.Transitions++
				}
				wasAir, ever = false, true
			} else {
				wasAir = true
				o.AirTicks++
			}
			o.GroundedLast = res.Grounded
		}
	}
	o.Final = pos
	return o
}

// defaultCompareConfig is the controller setup of every comparison, the
// same as compare.mjs and long.mjs give Rapier's controller.
func defaultCompareConfig() kcc.Config {
	cfg := kcc.DefaultConfig()
	cfg.Offset = offset
	cfg.MaxSlopeClimbAngle = 45 * math.Pi / 180
	cfg.MinSlopeSlideAngle = 30 * math.Pi / 180
	cfg.Autostep = &kcc.Autostep{MaxHeight: 0.35, MinWidth: 0.2}
	cfg.SnapToGround = 0.2
	return cfg
}

func main() {
	long := flag.Bool("long", false, "print the long-move benchmark scenes of kcc/bench_long_test.go instead, with kcc's timing")
	longReps := flag.Int("reps", 2000, "with -long: timed moves per scene after one warm-up move (0: no timing)")
	geometry := flag.Bool("geometry", true, "with -long: include the geometry (false: only starts, moves and kcc's outcome)")
	only := flag.String("only", "", "with -long: time only the scene of this benchmark (e.g. LongMoveMesh100k10m)")
	flag.Parse()
	cfg := defaultCompareConfig()
	if *long {
		all := longScenes()
		if *only != "" {
			var keep []*longScene
			for _, s := range all {
				if s.Bench == *only {
					keep = append(keep, s)
				}
			}
			if len(keep) == 0 {
				fmt.Fprintf(os.Stderr, "no long scene %q\n", *only)
				os.Exit(2)
			}
			all = keep
		}
		timeLong(all, cfg, *longReps)
		if err := writeLong(os.Stdout, all, *geometry); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	c := kcc.NewController(cfg)
	all := scenes()
	for _, s := range all {
		s.KCC = run(s, c)
		ticks := 0
		for _, p := range s.Plan {
			ticks += p.Ticks
		}
		start := time.Now()
		for r := 0; r < reps; r++ {
			run(s, c)
		}
		s.KCC.UsPerMove = float64(time.Since(start).Microseconds()) / float64(reps*ticks)
	}
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(map[string]any{"scenes": all}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
