// Package plot draws trace replays as PNG images with gonum.org/v1/plot:
// planar speed over time in an upper panel and the grounded flag in a lower
// panel, one line per run, so acceptance tests and docs can show a motor's
// behaviour at a glance.
//
// It is a leaf package for tests, tools and docs. The core packages
// (motors, kcc, components, systems, prefabs, trace, flail) must not import
// it, so the simulation never depends on a plotting library; it must not
// change or re-run what it draws.
package plot
