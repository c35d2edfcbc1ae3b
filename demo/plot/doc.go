// Package plot draws trace replays as PNG images with gonum.org/v1/plot:
// planar speed over time in an upper panel and the grounded flag in a lower
// panel, one line per run, so acceptance tests and docs can show a motor's
// behaviour at a glance.
//
// It lives in the demo module (github.com/seedgames/motorkit/demo), so the
// library module never depends on a plotting library: demo/plots draws the
// arena acceptance plots of docs/img with it, demo/playground/plotrec a
// playground recording. It must not change or re-run what it draws.
package plot
