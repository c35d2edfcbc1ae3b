// Package view holds the non-drawing logic of the flail demo's front end:
// the camera transform between world meters on the XZ plane and screen
// pixels, render interpolation between the last two fixed ticks, the
// mapping from mouse and WASD input to a flail command (aim, throttle,
// throw/attract), the minimap transform and the kill feed's timing.
//
// It is pure Go plus mgl64 so it can be unit-tested without a display. It
// must not import ebiten (which needs a window to start), donburi or the
// simulation: it only turns numbers into numbers for demo/flail's drawing
// and input code.
package view
