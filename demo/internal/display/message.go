package display

import "fmt"

// Message is the line printed when demo (the program's name, e.g.
// "playground") finds no display.
func Message(demo string) string {
	return fmt.Sprintf("%s: no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset, or name no running display); "+
		"run it on a desktop, or headless under Xvfb: xvfb-run -a go run ./demo/%s -frames 120 -screenshot shot.png", demo, demo)
}
