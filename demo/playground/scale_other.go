//go:build !js

package main

// defaultScale is the render resolution relative to the window: native
// builds rasterize at full resolution on every core.
const defaultScale = 1.0
