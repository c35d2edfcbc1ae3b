package input

import "testing"

// FuzzAdapterEvents feeds random jump-key event streams (down, up, flagged
// OS repeat, end of frame with or without UI capture) and checks the edge
// rule against a direct model: a frame's command has JumpPressed exactly
// when the key went from up to down (a non-repeat down while up) during
// that frame and the UI did not capture it; JumpHeld is the key's level on
// uncaptured frames and the pre-capture level on captured ones.
func FuzzAdapterEvents(f *testing.F) {
	f.Add([]byte{0, 3, 2, 2, 3, 1, 3, 0, 1, 3})
	f.Add([]byte{0, 7, 1, 0, 7, 3, 3})
	f.Add([]byte{2, 2, 0, 0, 0, 3, 1, 1, 3})
	f.Fuzz(func(t *testing.T, ops []byte) {
		var ad Adapter
		level, presses, held := false, 0, false
		for i, op := range ops {
			switch op & 3 {
			case 0:
				if !level {
					presses++
				}
				level = true
				ad.Event(Jump, true, false)
			case 1:
				level = false
				ad.Event(Jump, false, false)
			case 2:
				ad.Event(Jump, true, true)
			case 3:
				captured := op&4 != 0
				c := ad.Update(Frame{UICaptured: captured})
				wantEdge := presses > 0 && !captured
				if !captured {
					held = level
				}
				if c.JumpPressed != wantEdge || c.JumpHeld != held || c.UICaptured != captured {
					t.Fatalf("op %d: pressed=%v held=%v, want %v %v (presses %d, level %v, captured %v)",
						i, c.JumpPressed, c.JumpHeld, wantEdge, held, presses, level, captured)
				}
				presses = 0
			}
		}
	})
}
