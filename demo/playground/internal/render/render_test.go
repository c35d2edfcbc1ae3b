package render

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
)

func near(a, b mgl64.Vec3, tol float64) bool { return a.Sub(b).Len() <= tol }

// Project then Unproject at the projected depth returns the point, for
// cameras at many orientations and points in front of them.
func TestProjectUnprojectRoundTrip(t *testing.T) {
	for _, yaw := range []float64{0, 0.7, -2.5, math.Pi} {
		for _, pitch := range []float64{0, 0.4, -1.2} {
			c := Camera{Pos: mgl64.Vec3{1, 2, -3}, Yaw: yaw, Pitch: pitch, W: 1280, H: 720}
			f, r, u := c.Basis()
			for _, off := range []mgl64.Vec3{{5, 0, 0}, {3, 1, -2}, {40, -7, 9}, {0.1, 0.01, 0}} {
				p := c.Pos.Add(f.Mul(off[0])).Add(r.Mul(off[1])).Add(u.Mul(off[2]))
				x, y, d, ok := c.Project(p)
				if !ok || math.Abs(d-off[0]) > 1e-9 {
					t.Fatalf("yaw %v pitch %v: Project(%v) = depth %v ok %v, want %v", yaw, pitch, p, d, ok, off[0])
				}
				if q := c.Unproject(x, y, d); !near(q, p, 1e-9) {
					t.Errorf("yaw %v pitch %v: round trip %v -> (%v, %v, %v) -> %v", yaw, pitch, p, x, y, d, q)
				}
				if ray := c.Ray(x, y); !near(ray, p.Sub(c.Pos).Normalize(), 1e-9) {
					t.Errorf("Ray(%v, %v) = %v, want toward %v", x, y, ray, p)
				}
			}
			if _, _, _, ok := c.Project(c.Pos.Sub(f)); ok {
				t.Errorf("a point behind the camera projected")
			}
		}
	}
}

// Known projections: the point straight ahead is the image centre; with a
// 90° vertical field of view a point 1 m up at 1 m depth is on the top edge,
// and yaw 0 puts +Z on the right half of the image.
func TestProjectKnownPoints(t *testing.T) {
	c := Camera{Pos: mgl64.Vec3{0, 1, 0}, FOVY: math.Pi / 2, W: 200, H: 100}
	if x, y, _, _ := c.Project(mgl64.Vec3{5, 1, 0}); math.Abs(x-100) > 1e-9 || math.Abs(y-50) > 1e-9 {
		t.Errorf("straight ahead at (%v, %v), want (100, 50)", x, y)
	}
	if _, y, _, _ := c.Project(mgl64.Vec3{1, 2, 0}); math.Abs(y) > 1e-9 {
		t.Errorf("45° up at y = %v, want 0", y)
	}
	if x, _, _, _ := c.Project(mgl64.Vec3{5, 1, 1}); !(x > 100) {
		t.Errorf("+Z at x = %v, want right of centre", x)
	}
}

// Camera-relative input (docs/motors/hybrid.md#the-model): the direction the camera's MoveDir
// gives for W/A/S/D is the direction the pipeline's intent stage builds
// from the same axes with the view yaw set to the camera's yaw, at any
// pitch of an orbit camera; and W moves away from an orbit camera (the
// character walks "into the screen").
func TestCameraRelativeInput(t *testing.T) {
	target := mgl64.Vec3{3, 1, 4}
	for _, yaw := range []float64{0, 1, 2.2, -0.6} {
		for _, pitch := range []float64{-0.3, -1.0, 0.2} {
			c := Orbit(target, yaw, pitch, 5, 1280, 720)
			for _, in := range [][2]float64{{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {0.5, -0.25}} {
				got := c.MoveDir(in[0], in[1])
				it := systems.BuildIntent(in[0], in[1], c.Yaw, false, mgl64.Vec3{0, 1, 0})
				want := it.PlanarDir.Mul(it.Mag)
				if !near(got, want, 1e-12) {
					t.Errorf("yaw %v pitch %v input %v: camera %v, pipeline %v", yaw, pitch, in, got, want)
				}
			}
			// W: the target moves away from the camera in the ground plane.
			d0 := planarDist(c.Pos, target)
			d1 := planarDist(c.Pos, target.Add(c.MoveDir(1, 0)))
			if !(d1 > d0+0.99) {
				t.Errorf("yaw %v pitch %v: W moved from %v to %v from the camera", yaw, pitch, d0, d1)
			}
			// D: the target moves to the right of the image.
			x0, _, _, _ := c.Project(target)
			x1, _, _, _ := c.Project(target.Add(c.MoveDir(0, 1)))
			if !(x1 > x0) {
				t.Errorf("yaw %v pitch %v: D moved on screen from x %v to %v", yaw, pitch, x0, x1)
			}
		}
	}
}

func planarDist(a, b mgl64.Vec3) float64 { return math.Hypot(a[0]-b[0], a[2]-b[2]) }

func boxTris(dst []Tri, centre, half mgl64.Vec3, c color.RGBA) []Tri {
	w := kcc.NewWorld()
	w.AddBox(centre, half, mgl64.QuatIdent())
	for _, t := range w.AppendTriangles(nil) {
		dst = append(dst, Tri{A: t.A, B: t.B, C: t.C, Color: c, Solid: true})
	}
	return dst
}

func at(img *image.RGBA, x, y int) color.RGBA { return img.RGBAAt(x, y) }

// A box in front of a wall hides the wall where it must, whatever the
// order the triangles come in, and a box that pokes through the wall
// (intersecting geometry) shows only its near part.
func TestDepthOrder(t *testing.T) {
	red := color.RGBA{220, 40, 40, 255}
	blue := color.RGBA{40, 40, 220, 255}
	cam := FirstPerson(mgl64.Vec3{0, 1, 0}, 0, 0, 160, 120)
	wall := boxTris(nil, mgl64.Vec3{10, 1, 0}, mgl64.Vec3{0.1, 3, 6}, blue)
	box := boxTris(nil, mgl64.Vec3{5, 1, 0}, mgl64.Vec3{0.5, 0.5, 0.5}, red)
	r := New(160, 120)
	defer r.Close()
	r.Style.FogStart, r.Style.FogEnd = 1000, 2000
	img := image.NewRGBA(image.Rect(0, 0, 160, 120))
	for _, order := range [][]Tri{append(append([]Tri{}, wall...), box...), append(append([]Tri{}, box...), wall...)} {
		r.Render(img, cam, order)
		// The box spans 0.5 m at 4.5 m depth around the centre: the centre
		// pixel is red; 30 px to the side (about 1.6 m at 10 m) is the wall.
		if c := at(img, 80, 60); !(c.R > c.B) {
			t.Errorf("centre pixel %v, want the red box", c)
		}
		if c := at(img, 110, 60); !(c.B > c.R) {
			t.Errorf("pixel beside the box %v, want the blue wall", c)
		}
		// Above the 4 m wall top (y = 4 at depth 10 m: 3 m above the eye,
		// about 0.3*focal px above the centre) is sky.
		f := cam.Focal()
		ySky := int(60 - 3.6/10*f)
		if c := at(img, 80, ySky); c != r.Style.SkyColor(cam, float64(ySky)+0.5) {
			t.Errorf("pixel (80, %d) %v, want sky", ySky, c)
		}
	}
	// A long red box through the wall: near part red, the wall blue around
	// the hole; behind the wall nothing of the box shows.
	long := boxTris(nil, mgl64.Vec3{10, 1, 0}, mgl64.Vec3{3, 0.3, 0.3}, red)
	r.Render(img, cam, append(append([]Tri{}, long...), wall...))
	if c := at(img, 80, 60); !(c.R > c.B) {
		t.Errorf("intersecting box: centre %v, want red", c)
	}
	if c := at(img, 100, 60); !(c.B > c.R) {
		t.Errorf("intersecting box: beside %v, want blue", c)
	}
}

// The default playground level renders with floor below the horizon and
// sky above it when looking level, and Render allocates nothing per frame.
func TestRenderLevelNoAllocs(t *testing.T) {
	w, err := prefabs.LoadLevel("playground")
	if err != nil {
		t.Fatal(err)
	}
	tris := AppendLevel(nil, w.AppendTriangles(nil), math.Cos(45*math.Pi/180))
	r := New(320, 180)
	defer r.Close()
	img := image.NewRGBA(image.Rect(0, 0, 320, 180))
	cam := FirstPerson(mgl64.Vec3{0, 1.6, 0}, math.Pi, 0, 320, 180) // looking -X, away from most of the course
	r.Render(img, cam, tris)
	top := at(img, 5, 2)
	if top != r.Style.SkyColor(cam, 2.5) {
		t.Errorf("top-left pixel %v, want sky", top)
	}
	bottom := at(img, 5, 178)
	if bottom == r.Style.SkyColor(cam, 178.5) || !(int(bottom.R)+int(bottom.G)+int(bottom.B) > 150) {
		t.Errorf("bottom-left pixel %v, want lit floor", bottom)
	}
	if n := testing.AllocsPerRun(5, func() { r.Render(img, cam, tris) }); n != 0 {
		t.Errorf("Render allocates %v times per frame", n)
	}
}

// benchViews are the benchmark's views of the playground course: first
// person at the spawn looking down the course, at the ramps, through the
// doorway from close by, and a third-person orbit over the stairs.
var benchViews = []string{"spawn", "ramps", "doorway", "orbit"}

func benchCameras(w, h int) []Camera {
	return []Camera{
		FirstPerson(mgl64.Vec3{0, 1.6, 0}, 0, 0, w, h),
		FirstPerson(mgl64.Vec3{8, 1.6, 0}, -1.2, -0.1, w, h),
		FirstPerson(mgl64.Vec3{20, 1.6, 4.75}, 0, 0.05, w, h),
		Orbit(mgl64.Vec3{6, 1.5, 6}, 0.9, -0.35, 5, w, h),
	}
}

// courseTris is the playground course with a body standing on the stairs
// (the orbit view's target).
func courseTris(tb testing.TB) []Tri {
	w, err := prefabs.LoadLevel("playground")
	if err != nil {
		tb.Fatal(err)
	}
	tris := AppendLevel(nil, w.AppendTriangles(nil), math.Cos(45*math.Pi/180))
	return AppendCapsule(tris, mgl64.Vec3{6, 1.5, 6}, 0.3, 0.6, 0.9, Player)
}

// BenchmarkRenderCourse renders the default course at 1280x720, one frame
// per op: from each camera, and cycling through all of them. Each
// renderer draws every view once before the timer starts, so the numbers
// are steady-state frames (0 allocations).
func BenchmarkRenderCourse(b *testing.B) {
	tris := courseTris(b)
	cams := benchCameras(1280, 720)
	bench := func(b *testing.B, cams []Camera) {
		r := New(1280, 720)
		defer r.Close()
		img := image.NewRGBA(image.Rect(0, 0, 1280, 720))
		for _, c := range cams {
			r.Render(img, c, tris)
		}
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			r.Render(img, cams[i%len(cams)], tris)
		}
	}
	for i, name := range benchViews {
		b.Run(name, func(b *testing.B) { bench(b, cams[i:i+1]) })
	}
	b.Run("cycle", func(b *testing.B) { bench(b, cams) })
}

// TestDumpViews writes the benchmark views as PNGs to $RENDER_DUMP (a
// directory) for a person to look at; it is skipped without the variable.
func TestDumpViews(t *testing.T) {
	dir := os.Getenv("RENDER_DUMP")
	if dir == "" {
		t.Skip("set RENDER_DUMP=dir to write the benchmark views as PNGs")
	}
	tris := courseTris(t)
	r := New(1280, 720)
	defer r.Close()
	for i, c := range benchCameras(1280, 720) {
		img := image.NewRGBA(image.Rect(0, 0, 1280, 720))
		r.Render(img, c, tris)
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("view%d.png", i)))
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
}

// Bad input draws what it can and never panics: NaN or infinite corners
// and cameras, zero-area triangles, triangles far outside the view or
// crossing the camera plane.
func TestBadInput(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	tris := []Tri{
		{A: mgl64.Vec3{nan, 0, 0}, B: mgl64.Vec3{1, 0, 0}, C: mgl64.Vec3{0, 1, 0}},
		{A: mgl64.Vec3{inf, 0, 0}, B: mgl64.Vec3{1, 0, 0}, C: mgl64.Vec3{0, 1, 0}},
		{A: mgl64.Vec3{1, 1, 1}, B: mgl64.Vec3{1, 1, 1}, C: mgl64.Vec3{1, 1, 1}},
		{A: mgl64.Vec3{-1e9, 0, -1e9}, B: mgl64.Vec3{1e9, 0, -1e9}, C: mgl64.Vec3{0, 0, 1e9}, Checker: true},
		{A: mgl64.Vec3{-5, 0.5, -5}, B: mgl64.Vec3{5, 0.5, 5}, C: mgl64.Vec3{0, 3, 0}},
	}
	r := New(64, 48)
	defer r.Close()
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for _, cam := range []Camera{
		FirstPerson(mgl64.Vec3{0, 1, 0}, 0.3, -0.2, 64, 48),
		FirstPerson(mgl64.Vec3{nan, 1, 0}, 0, 0, 64, 48),
		FirstPerson(mgl64.Vec3{0, 1, 0}, inf, nan, 64, 48),
		{Pos: mgl64.Vec3{0, 1, 0}, FOVY: nan, Near: -1},
	} {
		r.Render(img, cam, tris)
	}
	// The valid camera saw the huge floor below the horizon.
	r.Render(img, FirstPerson(mgl64.Vec3{0, 1, 0}, 0.3, -0.2, 64, 48), tris)
	if c := img.RGBAAt(32, 47); c == r.Style.SkyColor(FirstPerson(mgl64.Vec3{}, 0.3, -0.2, 64, 48), 47.5) {
		t.Errorf("bottom pixel %v is sky, want the floor", c)
	}
}

// A translucent square in front of a wall tints the wall behind it by its
// Blend share, whatever the order the triangles come in; behind the wall
// it shows nothing, and it hides nothing: an opaque box behind it (drawn
// after it in the list) is tinted, not covered.
func TestTranslucent(t *testing.T) {
	white := color.RGBA{240, 240, 240, 255}
	red := color.RGBA{220, 40, 40, 255}
	cam := FirstPerson(mgl64.Vec3{0, 1, 0}, 0, 0, 160, 120)
	wall := boxTris(nil, mgl64.Vec3{10, 1, 0}, mgl64.Vec3{0.1, 3, 6}, white)
	box := boxTris(nil, mgl64.Vec3{8, 1, 1.5}, mgl64.Vec3{0.3, 0.3, 0.3}, red)
	glass := func(x float64) []Tri { // a 2 m square across the view at depth x, over the centre
		a, b, c, d := mgl64.Vec3{x, 0, -1}, mgl64.Vec3{x, 2, -1}, mgl64.Vec3{x, 2, 1}, mgl64.Vec3{x, 0, 1}
		return []Tri{{A: a, B: b, C: c, Color: Water, Blend: 128}, {A: a, B: c, C: d, Color: Water, Blend: 128}}
	}
	r := New(160, 120)
	defer r.Close()
	r.Style.FogStart, r.Style.FogEnd = 1000, 2000
	img := image.NewRGBA(image.Rect(0, 0, 160, 120))
	r.Render(img, cam, wall)
	bare := at(img, 80, 60)
	cases := [][]Tri{
		append(append(glass(5), wall...), box...),
		append(append(append([]Tri{}, box...), wall...), glass(5)...),
	}
	for i, tris := range cases {
		r.Render(img, cam, tris)
		c := at(img, 80, 60)
		// Half water: the wall's white pulled halfway to the lit water blue.
		if !(c.B > c.R+40) || !(c.R < bare.R-60) || c == bare {
			t.Errorf("order %d: wall behind the water %v (bare %v), want tinted blue", i, c, bare)
		}
		// The box at (8, 1, 1.5) is behind the glass's edge (z = 1) seen
		// from the eye: find it right of the centre, red tinted.
		x, y, _, _ := cam.Project(mgl64.Vec3{7.7, 1, 1.2})
		if c := at(img, int(x), int(y)); !(c.R > c.G) || !(c.B > 40) {
			t.Errorf("order %d: box behind the water %v, want red tinted blue", i, c)
		}
	}
	// Behind the wall, the water shows nowhere.
	r.Render(img, cam, append(append([]Tri{}, wall...), glass(12)...))
	if c := at(img, 80, 60); c != bare {
		t.Errorf("water behind the wall shows: %v, want %v", c, bare)
	}
}

// AppendMarked draws each marked collider as what it is: a ladder in
// Ladder with rungs on its upright faces, only the top of water,
// translucent, and the top of a one-way platform in OneWay (its sides
// Moving when it moves); unmarked levels draw as AppendLiving.
func TestAppendMarked(t *testing.T) {
	w := kcc.NewWorld()
	ladder := w.AddBox(mgl64.Vec3{0, 1.5, 0}, mgl64.Vec3{0.15, 1.5, 0.5}, mgl64.QuatIdent())
	water := w.AddBox(mgl64.Vec3{5, -1, 0}, mgl64.Vec3{2, 1, 2}, mgl64.QuatIdent())
	w.SetSensor(water, true)
	oneWay := w.AddBox(mgl64.Vec3{10, 0.7, 0}, mgl64.Vec3{1.5, 0.05, 1.5}, mgl64.QuatIdent())
	src := w.AppendTriangles(nil)
	mark := func(id kcc.ColliderID) Mark {
		switch id {
		case ladder:
			return MarkLadder
		case water:
			return MarkWater
		case oneWay:
			return MarkOneWay | MarkMoving
		}
		return 0
	}
	got := AppendMarked(nil, src, 0.7, mark)
	var ladders, rungs, waters, tops, sides int
	for _, tr := range got {
		n := tr.B.Sub(tr.A).Cross(tr.C.Sub(tr.A)).Normalize()
		switch {
		case tr.Color == Ladder:
			ladders++
		case tr.Color == Rung:
			rungs++
		case tr.Color == Water:
			waters++
			if tr.Blend != WaterBlend || math.Abs(n[1]) < 0.9 || math.Abs(tr.A[1]) > 1e-9 {
				t.Errorf("water triangle %+v: want the translucent top at y = 0", tr)
			}
		case tr.Color == OneWay:
			tops++
		case tr.Color == Moving:
			sides++
		}
	}
	// 12 ladder triangles; 3 m tall faces get 10 rungs each: the two
	// triangles of each of the 4 upright faces cut them in two pieces of 2
	// triangles.
	if ladders != 12 || rungs != 4*10*2*2 || waters != 2 || tops != 2 || sides != 10 {
		t.Errorf("ladder %d, rungs %d, water %d, one-way top %d, moving sides %d; want 12, 160, 2, 2, 10", ladders, rungs, waters, tops, sides)
	}
	plain := AppendLiving(nil, src, 0.7, nil)
	if marked := AppendMarked(nil, src, 0.7, nil); len(marked) != len(plain) || len(plain) != 24 {
		t.Errorf("unmarked: %d and %d triangles, want the 24 solid ones both times", len(marked), len(plain))
	}
}
