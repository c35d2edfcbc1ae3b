package detmath_test

import (
	"fmt"
	"math"

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

// SameBits tells what == does not: -0 from 0, and a NaN equals itself.
func ExampleSameBits() {
	zero, negZero := mgl64.Vec3{0, 1, 2}, mgl64.Vec3{math.Copysign(0, -1), 1, 2}
	nan := mgl64.Vec3{math.NaN(), 0, 0}
	fmt.Println(zero == negZero, detmath.SameBits(&zero, &negZero))
	fmt.Println(nan == nan, detmath.SameBits(&nan, &nan))
	// Output:
	// true false
	// false true
}
