//go:build js

package main

// defaultScale is the render resolution relative to the window: the
// browser's WebAssembly runs the rasterizer on one thread, so it draws at
// half resolution by default and Ebitengine scales the picture up.
const defaultScale = 0.5
