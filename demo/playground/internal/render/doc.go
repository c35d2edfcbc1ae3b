// Package render is the playground's 3D view: a perspective camera (first
// person or a third-person orbit) and a depth-buffered software rasterizer
// that draws triangles into an *image.RGBA, in parallel over bands of rows.
//
// Ebitengine has no depth buffer, so the playground rasterizes on the CPU:
// every pixel keeps the reciprocal of its view depth, and a triangle's
// pixel is written only where it is nearer than what is there, which is
// exact for intersecting and concave geometry. Surfaces are lit from their
// normal, tinted with a 1 m world-space checker (so speed is visible) and
// fade into the horizon with distance fog. The package is pure Go and draws
// without a display; the playground uploads the image with WritePixels.
//
// Conventions are the module's: meters, Y up, yaw 0 faces +X and grows
// toward +Z, pitch is positive looking up.
package render
