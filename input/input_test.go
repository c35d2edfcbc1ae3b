package input

import (
	"math"
	"testing"

	"github.com/seedgames/motorkit/components"
)

func keys(acts ...Action) Frame {
	var f Frame
	for _, a := range acts {
		f.Keys[a] = true
	}
	return f
}

func TestPolledEdgesFireOncePerPress(t *testing.T) {
	var ad Adapter
	// Jump down for 3 frames, up for 1, down again: edges on frames 0 and 4.
	frames := []bool{true, true, true, false, true}
	for i, down := range frames {
		f := Frame{}
		f.Keys[Jump] = down
		c := ad.Update(f)
		wantEdge := i == 0 || i == 4
		if c.JumpPressed != wantEdge || c.JumpHeld != down {
			t.Fatalf("frame %d: pressed=%v held=%v, want %v %v", i, c.JumpPressed, c.JumpHeld, wantEdge, down)
		}
		if ad.Pressed(Jump) != wantEdge || ad.Down(Jump) != down {
			t.Fatalf("frame %d: overlay state disagrees", i)
		}
	}
}

func TestEventRepeatsNeverMakeEdges(t *testing.T) {
	var ad Adapter
	ad.Event(Jump, true, false)
	if c := ad.Update(Frame{}); !c.JumpPressed || !c.JumpHeld {
		t.Fatalf("first down: %+v", c)
	}
	// The OS keeps sending repeats, flagged and unflagged.
	for i := 0; i < 10; i++ {
		ad.Event(Jump, true, true)
		ad.Event(Jump, true, false)
		if c := ad.Update(Frame{}); c.JumpPressed || !c.JumpHeld {
			t.Fatalf("repeat frame %d: %+v", i, c)
		}
	}
	ad.Event(Jump, false, false)
	if c := ad.Update(Frame{}); c.JumpPressed || c.JumpHeld {
		t.Fatalf("released: %+v", c)
	}
	ad.Event(Jump, true, false)
	if c := ad.Update(Frame{}); !c.JumpPressed {
		t.Fatalf("second press lost: %+v", c)
	}
}

func TestTapWithinOneFrameKeepsTheEdge(t *testing.T) {
	var ad Adapter
	ad.Event(Jump, true, false)
	ad.Event(Jump, false, false)
	c := ad.Update(Frame{})
	if !c.JumpPressed || c.JumpHeld {
		t.Fatalf("sub-frame tap: %+v, want pressed and not held", c)
	}
	if c = ad.Update(Frame{}); c.JumpPressed {
		t.Fatalf("edge repeated on the next frame: %+v", c)
	}
}

func TestUICaptureIgnoresGameplayInputAndKeepsHeldStates(t *testing.T) {
	var ad Adapter
	c := ad.Update(keys(Forward, Sprint))
	if c.Forward != 1 || !c.Sprint || c.UICaptured {
		t.Fatalf("before capture: %+v", c)
	}
	// UI opens: the player releases W and types a space into a text box.
	f := keys(Jump)
	f.UICaptured = true
	ad.Event(Primary, true, false)
	c = ad.Update(f)
	if !c.UICaptured || c.JumpPressed || c.JumpHeld || c.Forward != 1 || !c.Sprint {
		t.Fatalf("captured frame: %+v, want held states kept, edges cleared", c)
	}
	if held, pressed := ad.Button(Primary); held || pressed {
		t.Fatalf("captured frame: primary held %v pressed %v, want the UI's", held, pressed)
	}
	if !ad.Pressed(Jump) || !ad.Captured() {
		t.Fatal("the raw edge should be visible to overlays")
	}
	c = ad.Update(f)
	if c.JumpPressed || c.Forward != 1 {
		t.Fatalf("second captured frame: %+v", c)
	}
	// UI closes with space still held: the press belonged to the UI.
	c = ad.Update(keys(Jump))
	if c.UICaptured || c.JumpPressed || !c.JumpHeld || c.Forward != 0 || c.Sprint {
		t.Fatalf("first frame after release: %+v, want live levels and no edge", c)
	}
	// Input resumes: a new press is an edge.
	ad.Update(Frame{})
	if c = ad.Update(keys(Jump)); !c.JumpPressed {
		t.Fatalf("press after release lost: %+v", c)
	}
}

func TestFocusLossClearsHeldStates(t *testing.T) {
	var ad Adapter
	ad.Event(Forward, true, false)
	ad.Event(Crouch, true, false)
	c := ad.Update(Frame{})
	if c.Forward != 1 || !c.Crouch {
		t.Fatalf("%+v", c)
	}
	// Focus is lost while the UI captures: held states are dropped.
	c = ad.Update(Frame{FocusLost: true, UICaptured: true})
	if c.Forward != 0 || c.Crouch || !c.UICaptured {
		t.Fatalf("after focus loss: %+v", c)
	}
	if c = ad.Update(Frame{}); c.Forward != 0 || c.Crouch {
		t.Fatalf("levels came back without key events: %+v", c)
	}
}

func TestAxesCombineClampAndSanitize(t *testing.T) {
	var ad Adapter
	f := keys(Forward, Left)
	f.Strafe = 0.25
	f.Forward = 0.5
	c := ad.Update(f)
	if c.Forward != 1 || c.Strafe != -0.75 {
		t.Fatalf("axes %v %v, want 1 (clamped) and -0.75", c.Forward, c.Strafe)
	}
	c = ad.Update(Frame{Forward: math.NaN(), Strafe: math.Inf(1)})
	if c.Forward != 0 || c.Strafe != 0 {
		t.Fatalf("sanitized %+v", c)
	}
	c = ad.Update(Frame{Forward: -1e9})
	if c.Forward != -1 {
		t.Fatalf("sanitized %+v", c)
	}
	ad.Event(NumActions, true, false) // out of range: ignored
	if Action(200).String() != "action?" || Jump.String() != "jump" || ad.Down(NumActions) {
		t.Fatal("names")
	}
	ad.Reset()
	if ad.Frames() != 0 || ad.Last() != (components.CommandData{}) {
		t.Fatal("reset")
	}
}

// Primary is in no command; Button gives it with the command's gating.
func TestButtonFollowsTheCommandsGating(t *testing.T) {
	var ad Adapter
	ad.Update(keys(Primary))
	if held, pressed := ad.Button(Primary); !held || !pressed {
		t.Fatalf("press: held %v pressed %v", held, pressed)
	}
	ad.Update(keys(Primary))
	if held, pressed := ad.Button(Primary); !held || pressed {
		t.Fatalf("hold: held %v pressed %v, want the edge once", held, pressed)
	}
	f := keys()
	f.UICaptured = true
	ad.Update(f) // released while the UI captures: the level is kept
	if held, pressed := ad.Button(Primary); !held || pressed {
		t.Fatalf("captured: held %v pressed %v", held, pressed)
	}
	ad.Update(Frame{FocusLost: true, UICaptured: true})
	if held, _ := ad.Button(Primary); held {
		t.Fatal("focus lost: still held")
	}
	if held, pressed := ad.Button(NumActions); held || pressed {
		t.Fatal("out of range action")
	}
}

func BenchmarkUpdate(b *testing.B) {
	var ad Adapter
	f := keys(Forward, Sprint)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		f.Keys[Jump] = i&4 == 0
		ad.Event(Primary, i&1 == 0, false)
		_ = ad.Update(f)
	}
}
