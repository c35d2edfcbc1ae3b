// Command screencheck verifies a screenshot of the flail demo without a
// person: the image is not blank and shows the arena floor, the local car
// at the middle of the screen and at least one bot car on the playfield.
// It knows the demo's palette and HUD layout (internal/view), so it checks
// colors at the places they must be, outside the HUD panels.
//
//	go run ./demo/flail -frames 300 -screenshot /tmp/flail.png
//	go run ./demo/flail/screencheck /tmp/flail.png
//
// It prints the measured statistics and exits 1 when a check fails, 2 when
// the file cannot be read.
//
// What it must not do: import ebiten or need a display (it only decodes a
// PNG), or hard-code pixel positions other than those implied by the
// demo's HUD layout and camera (the local car is at the screen center).
package main
