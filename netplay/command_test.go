package netplay_test

import (
	"math"
	"testing"

	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/netplay"
)

// A command survives the 8 bytes to within its quantization step: the
// axes 1/254, the yaw half of 2π/65536, the pitch half of (π/2)/32767;
// the buttons exactly; a decoded command encodes to the same bytes (so a
// peer that re-encodes what it simulates sends the same thing); NaN and
// out-of-range values are clamped.
func TestCommandRoundTrip(t *testing.T) {
	for i := 0; i < 2000; i++ {
		x := float64(i)
		c := motors.Command{Forward: math.Sin(x * 0.37), Strafe: math.Cos(x * 0.11),
			JumpPressed: i%2 == 0, JumpHeld: i%3 == 0, Sprint: i%5 == 0, Walk: i%7 == 0,
			Crouch: i%11 == 0, DashPressed: i%13 == 0, UICaptured: i%17 == 0}
		v := motors.View{Yaw: x*0.731 - 500, Pitch: math.Sin(x*0.05) * 1.5}
		b := netplay.EncodeCommand(c, v)
		dc, dv := b.Decode()
		if math.Abs(dc.Forward-c.Forward) > 0.5/127+1e-15 || math.Abs(dc.Strafe-c.Strafe) > 0.5/127+1e-15 {
			t.Fatalf("axes %v %v came back %v %v", c.Forward, c.Strafe, dc.Forward, dc.Strafe)
		}
		d := math.Remainder(dv.Yaw-v.Yaw, 2*math.Pi)
		if math.Abs(d) > math.Pi/65536+1e-9 {
			t.Fatalf("yaw %v came back %v (off by %v)", v.Yaw, dv.Yaw, d)
		}
		if math.Abs(dv.Pitch-v.Pitch) > math.Pi/2/32767/2+1e-12 {
			t.Fatalf("pitch %v came back %v", v.Pitch, dv.Pitch)
		}
		want := c
		want.Forward, want.Strafe = dc.Forward, dc.Strafe
		if dc != want {
			t.Fatalf("buttons %+v came back %+v", c, dc)
		}
		if again := netplay.EncodeCommand(dc, dv); again != b {
			t.Fatalf("%v re-encodes to %v", b, again)
		}
	}
	b := netplay.EncodeCommand(motors.Command{Forward: math.NaN(), Strafe: 7}, motors.View{Yaw: math.Inf(1), Pitch: -9})
	c, v := b.Decode()
	if c.Forward != 0 || c.Strafe != 1 || v.Yaw != 0 || v.Pitch != -math.Pi/2 {
		t.Errorf("NaN forward, strafe 7, infinite yaw, pitch -9 decode to %v %v %v %v", c.Forward, c.Strafe, v.Yaw, v.Pitch)
	}
}
