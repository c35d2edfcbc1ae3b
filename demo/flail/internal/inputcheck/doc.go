// Command inputcheck reads a trace recorded by the flail demo while
// demo/internal/xdrive moved the pointer right of the car, clicked,
// then moved it below the car, and checks that the simulation saw it in
// that order: full throttle toward +X (aim 0), a primary press edge, then
// full throttle toward +Z (aim +90 degrees; screen y is world z). It exits
// 1 when the order is not found. Used by demo/flail/input_check.sh.
//
// What it must not do: import ebiten or need a display; it reads only the
// trace file.
package main
