// Command screencheck verifies a playground screenshot: that the picture is
// a depth-correct 3D view of the level, not just any image.
//
//	go run ./demo/playground/screencheck shot.png   # reads shot.png.json too
//
// The playground writes the frame's camera, style and HUD layout next to
// the PNG. The check casts a ray through the centre of every 8th pixel
// (skipping the HUD panels and the third-person body) with the collision
// world's own ray cast, a code path independent of the rasterizer, and
// predicts the pixel: the sky color of its row when nothing is hit, else
// the shaded, checkered, fogged color of the surface hit first. It
// requires
//
//   - at least 97% of all samples to match the prediction (to within 8 per
//     channel; checker borders and triangle edges account for the rest),
//   - sky samples and floor samples among them, each at least 97% right,
//   - on the playground course: at least 40 samples where the pillar
//     stands in front of the wall (a ray continued past the pillar hits
//     the wall), and at least 97% of those showing the pillar, not the
//     wall: the nearer surface hides the farther one.
package main
