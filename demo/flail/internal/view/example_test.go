package view_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/demo/flail/internal/view"
)

// The camera follows the car; the mouse 100 px right of it steers the car
// toward +X at full throttle.
func ExampleSteerer() {
	cam := view.Camera{Center: mgl64.Vec3{3, 0, 4}, Zoom: 40, W: 1280, H: 800}
	carX, carY := cam.WorldToScreen(mgl64.Vec3{3, 0, 4})
	s := view.Steerer{Config: view.DefaultSteer}
	cmd := s.Update(carX, carY, carX+100, carY, view.Keys{})
	fmt.Printf("car at (%.0f, %.0f) px, aim %.2f rad, throttle %.1f\n", carX, carY, cmd.Aim, cmd.Throttle)
	fmt.Println("cursor world point:", cam.ScreenToWorld(carX+100, carY))
	// Output:
	// car at (640, 400) px, aim 0.00 rad, throttle 1.0
	// cursor world point: [5.5 0 4]
}
