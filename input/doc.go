// Package input turns raw per-frame key and axis states into the per-tick
// player commands the pipeline consumes (components.CommandData), following
// docs/architecture.md#fixed-step-and-the-command-buffer:
//
//   - Edge detection: a key's pressed edge is "down now and not down at the
//     previous frame". OS key repeat never makes a new edge: repeated down
//     events flagged as repeats are dropped, and an unflagged down event for
//     a key that is already down is a repeat too. A press and release inside
//     one frame (event mode) still yields the edge.
//   - UI capture gating: while the UI owns the keyboard (Frame.UICaptured),
//     gameplay input is ignored: the command keeps the held states and axes
//     it had before the capture, carries no edges, and has UICaptured set so
//     the buffer stage applies the entity's capture policy. Edges raised
//     during the capture are dropped, and a key that went down during the
//     capture and is still down when it ends gives no edge (the press
//     belonged to the UI). Held states are cleared only on an explicit focus
//     loss (Frame.FocusLost). Input resumes on the first uncaptured frame.
//
// A game calls Adapter.Event from its key callbacks (event mode) and/or fills
// a Frame by polling (polling mode), then calls Adapter.Update once per
// render frame and hands the command to systems.Submit, whose persistent
// command buffer spreads it over the fixed ticks of that frame (an edge is
// consumed by exactly one tick).
//
// What this package must not do: import ebiten or any windowing library
// (the demos translate their keys to Actions), touch simulation state or
// timers (the buffer stage of package systems owns the jump buffer), read the
// wall clock.
//
// Feed key events as they come and take one command per frame, for
// systems.Submit (ExampleAdapter):
//
//	var ad input.Adapter
//	ad.Event(input.Forward, true, false)
//	ad.Event(input.Jump, true, false)
//	c := ad.Update(input.Frame{})
package input
