//go:build !js

package main

// markFirstFrame only matters in the browser (firstframe_js.go).
func markFirstFrame() {}
