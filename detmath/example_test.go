package detmath_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

// A motor step written to give the same bits on every platform: detmath for
// the trigonometry and lengths, and every product rounded explicitly so the
// compiler cannot fuse it with the addition that follows.
func Example() {
	yaw, speed, dt := 0.5, 6.0, 1.0/60
	s, c := detmath.Sincos(yaw)
	pos := mgl64.Vec3{1, 0, 2}
	vel := mgl64.Vec3{float64(c * speed), 0, float64(s * speed)}
	pos = pos.Add(detmath.Scale(vel, dt)) // not vel.Mul(dt): mgl64's products fuse
	fmt.Printf("%.6f %.6f %.6f\n", pos[0], pos[2], detmath.Len(vel))
	// Output: 1.087758 2.047943 6.000000
}

func ExampleAtan2() {
	fmt.Printf("%.15f\n", detmath.Atan2(1, -1)) // 3π/4
	// Output: 2.356194490192345
}
