package view

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestCameraWorldToScreen(t *testing.T) {
	c := Camera{Center: mgl64.Vec3{10, 0, -4}, Zoom: 40, W: 1280, H: 800}
	// The center maps to the middle of the viewport.
	x, y := c.WorldToScreen(mgl64.Vec3{10, 7, -4})
	if x != 640 || y != 400 {
		t.Fatalf("center -> (%v,%v), want (640,400)", x, y)
	}
	// One meter along +X is Zoom pixels right; one meter along +Z is Zoom
	// pixels down (screen y = world z).
	x, y = c.WorldToScreen(mgl64.Vec3{11, 0, -3})
	if x != 680 || y != 440 {
		t.Fatalf("(+1,+1) -> (%v,%v), want (680,440)", x, y)
	}
	// Top-left pixel: 640 px left and 400 px up of the center, i.e.
	// 16 m and 10 m at 40 px/m.
	p := c.ScreenToWorld(0, 0)
	if p != (mgl64.Vec3{-6, 0, -14}) {
		t.Fatalf("ScreenToWorld(0,0) = %v, want (-6,0,-14)", p)
	}
	minX, minZ, maxX, maxZ := c.Visible()
	if minX != -6 || minZ != -14 || maxX != 26 || maxZ != 6 {
		t.Fatalf("Visible = %v %v %v %v", minX, minZ, maxX, maxZ)
	}
	if !c.CircleVisible(mgl64.Vec3{26.5, 0, 0}, 1) || c.CircleVisible(mgl64.Vec3{27.5, 0, 0}, 1) {
		t.Fatal("CircleVisible wrong at the right edge")
	}
	if c.Length(0.25) != 10 {
		t.Fatalf("Length(0.25) = %v, want 10", c.Length(0.25))
	}
}

func TestCameraRoundTrip(t *testing.T) {
	c := Camera{Center: mgl64.Vec3{-31.7, 0, 12.25}, Zoom: 37.3, W: 1024, H: 768}
	for _, p := range []mgl64.Vec3{{0, 0, 0}, {-42.5, 0, 42.5}, {3.3, 0, -17.9}} {
		x, y := c.WorldToScreen(p)
		q := c.ScreenToWorld(x, y)
		if !near(q[0], p[0], 1e-9) || !near(q[2], p[2], 1e-9) || q[1] != 0 {
			t.Fatalf("round trip %v -> (%v,%v) -> %v", p, x, y, q)
		}
	}
	// A bad zoom acts as 1 px/m instead of producing NaN/Inf.
	bad := Camera{Zoom: math.NaN(), W: 100, H: 100}
	x, y := bad.WorldToScreen(mgl64.Vec3{1, 0, 2})
	if x != 51 || y != 52 {
		t.Fatalf("NaN zoom -> (%v,%v), want (51,52)", x, y)
	}
}

func TestZoomFor(t *testing.T) {
	// 800 px smaller side, 20 m base view, flail radius 0 -> 40 px/m.
	if z := ZoomFor(1280, 800, 20, 0); z != 40 {
		t.Fatalf("ZoomFor = %v, want 40", z)
	}
	// A 2.5 m flail widens the view by 6*2.5 = 15 m: 800/35.
	if z := ZoomFor(1280, 800, 20, 2.5); !near(z, 800.0/35, 1e-12) {
		t.Fatalf("ZoomFor big flail = %v", z)
	}
	if z := ZoomFor(0, 0, math.NaN(), math.Inf(1)); !(z > 0) || math.IsInf(z, 0) {
		t.Fatalf("ZoomFor bad input = %v", z)
	}
	if v := Approach(10, 20, 0.25); v != 12.5 {
		t.Fatalf("Approach = %v, want 12.5", v)
	}
	if v := Approach(math.NaN(), 20, 0.25); v != 20 {
		t.Fatalf("Approach(NaN) = %v, want 20", v)
	}
}

func TestLerp(t *testing.T) {
	a := mgl64.Vec3{1, 0, 2}
	b := mgl64.Vec3{2, 0, 0}
	// prev + (cur-prev)*alpha = (1 + 1*0.25, 0, 2 - 2*0.25).
	if got := Lerp(a, b, 0.25); got != (mgl64.Vec3{1.25, 0, 1.5}) {
		t.Fatalf("Lerp 0.25 = %v", got)
	}
	if got := Lerp(a, b, 0); got != a {
		t.Fatalf("Lerp 0 = %v, want prev", got)
	}
	if got := Lerp(a, b, 1); got != b {
		t.Fatalf("Lerp 1 = %v, want cur", got)
	}
	if got := Lerp(a, b, -3); got != a {
		t.Fatalf("Lerp -3 = %v, want prev (clamped)", got)
	}
	if got := Lerp(a, b, math.NaN()); got != b {
		t.Fatalf("Lerp NaN = %v, want cur", got)
	}
	// A respawn jumps 40 m: no streak, draw the new position.
	far := mgl64.Vec3{41, 0, 2}
	if got := Lerp(a, far, 0.5); got != far {
		t.Fatalf("Lerp over a respawn = %v, want cur", got)
	}
	if got := Lerp(mgl64.Vec3{math.NaN(), 0, 0}, b, 0.5); got != b {
		t.Fatalf("Lerp from NaN = %v, want cur", got)
	}
}

func TestLerpAngle(t *testing.T) {
	// From 170 deg to -170 deg the short way crosses 180: halfway is 180.
	a, b := 170*math.Pi/180, -170*math.Pi/180
	got := LerpAngle(a, b, 0.5)
	if !near(math.Abs(math.Remainder(got, 2*math.Pi)), math.Pi, 1e-12) {
		t.Fatalf("LerpAngle across pi = %v rad", got)
	}
	if got := LerpAngle(0, 1, 0.25); !near(got, 0.25, 1e-15) {
		t.Fatalf("LerpAngle = %v", got)
	}
}

func TestThrottleRamp(t *testing.T) {
	c := SteerConfig{DeadRadius: 20, FullRadius: 60}
	cases := []struct{ d, want float64 }{
		{0, 0}, {20, 0}, {30, 0.25}, {40, 0.5}, {60, 1}, {500, 1}, {math.NaN(), 0},
	}
	for _, tc := range cases {
		if got := c.Throttle(tc.d); !near(got, tc.want, 1e-12) {
			t.Errorf("Throttle(%v) = %v, want %v", tc.d, got, tc.want)
		}
	}
}

func TestMouseToCommand(t *testing.T) {
	s := Steerer{Config: SteerConfig{DeadRadius: 20, FullRadius: 60}}
	// Cursor 100 px right and 100 px below the car: heading 45 degrees
	// (screen y = world z, so +45 deg is toward +X+Z), distance 141 px
	// beyond FullRadius -> full throttle.
	c := s.Update(640, 400, 740, 500, Keys{})
	if !near(c.Aim, math.Pi/4, 1e-12) || c.Throttle != 1 {
		t.Fatalf("aim %v throttle %v, want pi/4, 1", c.Aim, c.Throttle)
	}
	// Straight up on screen is world -Z: aim -90 degrees; 40 px away is
	// halfway through the ramp (20..60) -> throttle 0.5.
	c = s.Update(640, 400, 640, 360, Keys{})
	if !near(c.Aim, -math.Pi/2, 1e-12) || !near(c.Throttle, 0.5, 1e-12) {
		t.Fatalf("aim %v throttle %v, want -pi/2, 0.5", c.Aim, c.Throttle)
	}
	// Inside the dead radius: coast, keep the last heading.
	c = s.Update(640, 400, 645, 395, Keys{})
	if c.Throttle != 0 || !near(c.Aim, -math.Pi/2, 1e-12) {
		t.Fatalf("dead zone: aim %v throttle %v", c.Aim, c.Throttle)
	}
	// Buttons pass through: click = pressed edge + held; hold = held only.
	c = s.Update(640, 400, 740, 400, Keys{Primary: true, PrimaryPressed: true})
	if !c.PrimaryPressed || !c.PrimaryHeld || c.Aim != 0 {
		t.Fatalf("click: %+v", c)
	}
	c = s.Update(640, 400, 740, 400, Keys{Primary: true})
	if c.PrimaryPressed || !c.PrimaryHeld {
		t.Fatalf("hold: %+v", c)
	}
	// A NaN cursor coasts without corrupting the heading.
	c = s.Update(640, 400, math.NaN(), 400, Keys{})
	if c.Throttle != 0 || c.Aim != 0 {
		t.Fatalf("NaN cursor: %+v", c)
	}
}

func TestKeysToCommand(t *testing.T) {
	s := Steerer{Config: SteerConfig{DeadRadius: 20, FullRadius: 60}}
	// D alone: +X, aim 0, full throttle; the cursor position is ignored.
	c := s.Update(640, 400, 100, 100, Keys{Right: true})
	if s.Mode != SteerKeys || c.Aim != 0 || c.Throttle != 1 {
		t.Fatalf("D: mode %v %+v", s.Mode, c)
	}
	// W+A: up-left on screen = (-1, -1) in (x, z): aim -135 degrees.
	c = s.Update(640, 400, 100, 100, Keys{Up: true, Left: true})
	if !near(c.Aim, -3*math.Pi/4, 1e-12) || c.Throttle != 1 {
		t.Fatalf("W+A: %+v", c)
	}
	// Opposite keys cancel; with no key the car coasts on its heading even
	// though the cursor is far away (the mouse has not moved).
	c = s.Update(640, 400, 100, 100, Keys{Left: true, Right: true})
	if c.Throttle != 0 || !near(c.Aim, -3*math.Pi/4, 1e-12) {
		t.Fatalf("A+D: %+v", c)
	}
	c = s.Update(640, 400, 105, 100, Keys{})
	if s.Mode != SteerKeys || c.Throttle != 0 {
		t.Fatalf("small mouse jitter must not steal steering: mode %v %+v", s.Mode, c)
	}
	// Moving the mouse more than the dead radius hands steering back.
	c = s.Update(640, 400, 740, 400, Keys{})
	if s.Mode != SteerMouse || c.Aim != 0 || c.Throttle != 1 {
		t.Fatalf("mouse takeover: mode %v %+v", s.Mode, c)
	}
}

func TestMinimap(t *testing.T) {
	m := Minimap{X: 1000, Y: 560, Size: 200, Half: 20}
	x, y := m.Map(mgl64.Vec3{-20, 0, -20})
	if x != 1000 || y != 560 {
		t.Fatalf("corner -> (%v,%v)", x, y)
	}
	x, y = m.Map(mgl64.Vec3{10, 0, 0})
	if x != 1150 || y != 660 {
		t.Fatalf("(10,0) -> (%v,%v), want (1150,660)", x, y)
	}
	x, y = m.Map(mgl64.Vec3{99, 0, math.NaN()})
	if x != 1200 || y != 560 {
		t.Fatalf("outside/NaN -> (%v,%v), want clamped (1200,560)", x, y)
	}
}

func TestFeed(t *testing.T) {
	// Ages in seconds of 0.25 s frames: TTL 2.5 s, fade over the last 1 s.
	f := Feed{Max: 3, TTL: 2.5, Fade: 1}
	for _, s := range []string{"a", "b", "c", "d"} {
		f.Push(s, s == "c")
	}
	if len(f.Items) != 3 || f.Items[0].Text != "d" || f.Items[2].Text != "b" || !f.Items[1].Mine {
		t.Fatalf("feed %+v", f.Items)
	}
	for i := 0; i < 6; i++ {
		f.Tick(0.25)
	}
	// Age 1.5 s of TTL 2.5 s: 1 s left = Fade -> still fully opaque.
	if o := f.Opacity(f.Items[0]); o != 1 {
		t.Fatalf("opacity at age 1.5 = %v", o)
	}
	f.Tick(0.25) // age 1.75: 0.75 s of the 1 s fade left
	if o := f.Opacity(f.Items[0]); o != 0.75 {
		t.Fatalf("opacity at age 1.75 = %v, want 0.75", o)
	}
	f.Tick(math.NaN()) // ignored
	f.Tick(-1)         // ignored
	f.Tick(0.25)
	f.Tick(0.25)
	f.Tick(0.25) // age 2.5 = TTL: expired
	if len(f.Items) != 0 {
		t.Fatalf("expired items kept: %+v", f.Items)
	}
}

func BenchmarkSteerAndCamera(b *testing.B) {
	s := Steerer{Config: DefaultSteer}
	c := Camera{Zoom: 44, W: 1280, H: 800}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p := mgl64.Vec3{float64(i % 40), 0, 3}
		c.Center = Lerp(p, p.Add(mgl64.Vec3{0.1, 0, 0}), 0.5)
		x, y := c.WorldToScreen(p)
		s.Update(x, y, x+float64(i%200), y-50, Keys{})
	}
}
