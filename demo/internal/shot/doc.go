// Package shot writes a demo's frame to a PNG file: the -screenshot flag of
// the demos that share it (the platformer, the top-down and ECS examples).
package shot
