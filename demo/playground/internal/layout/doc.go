// Package layout places the playground's HUD panels on the screen and
// describes a screenshot (Shot, written as JSON next to the PNG). The game
// draws the panels there and the screen check skips them when it compares
// the 3D view with its ray-cast prediction.
package layout
