//go:build !js

package main

// defaultScale is the render resolution relative to the window: native
// builds rasterize at full resolution on every core.
const defaultScale = 1.0

// inBrowser is false: F5 and -config work natively.
const inBrowser = false

// showError does nothing natively: the error goes to the log.
func showError(error) {}
