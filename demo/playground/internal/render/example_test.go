package render_test

import (
	"fmt"
	"image"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/demo/playground/internal/render"
	"github.com/seedgames/motorkit/kcc"
)

// Draw a box from 5 m away and read the centre pixel: the box's front face
// covers it, lit and with its checker, unfogged at this distance.
func Example() {
	w := kcc.NewWorld()
	w.AddBox(mgl64.Vec3{5, 1, 0}, mgl64.Vec3{0.5, 1, 0.5}, mgl64.QuatIdent())
	tris := render.AppendLevel(nil, w.AppendTriangles(nil), math.Cos(45*math.Pi/180))

	r := render.New(160, 90)
	defer r.Close()
	img := image.NewRGBA(image.Rect(0, 0, 160, 90))
	cam := render.FirstPerson(mgl64.Vec3{0, 1, 0}, 0, 0, 160, 90)
	r.Render(img, cam, tris)

	x, y, depth, _ := cam.Project(mgl64.Vec3{4.5, 1, 0})
	fmt.Printf("front face centre at (%.0f, %.0f), %.1f m deep\n", x, y, depth)
	fmt.Println("sky at the top:", img.RGBAAt(80, 0) == r.Style.SkyColor(cam, 0.5))
	fmt.Println("box at the centre:", img.RGBAAt(80, 45) != r.Style.SkyColor(cam, 45.5))
	// Output:
	// front face centre at (80, 45), 4.5 m deep
	// sky at the top: true
	// box at the centre: true
}
