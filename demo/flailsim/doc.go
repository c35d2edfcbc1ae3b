// Command flailsim runs a headless flail match through the real
// ECS pipeline and prints the tick rate, the kills and the final
// leaderboard. It does not import ebiten, so it runs without a display:
//
//	go run ./demo/flailsim -bots 200 -ticks 4000 -seed 1
//
// The same flags give the same output bit for bit, except the line that
// starts with "timing:".
package main
