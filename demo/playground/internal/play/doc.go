// Package play is the playground's simulation side, without a display: the
// level, the 60 Hz pipeline with one player, live motor switching (keys
// 1-4) that keeps position and velocity, live tuning from a TOML file
// (reloaded by a file watcher; a bad file keeps the previous tuning),
// recording and bit-identical replay with the trace package, the scripted
// input of headless runs, and the rolling data the HUD draws (speed graph,
// trail).
package play
