// Command plotrec plots a playground recording (-record) with demo/plot:
// planar speed and grounded over time; the legend names the motors played
// and when each started.
//
//	go run ./demo/playground/plotrec run.toml speed.png
//
// It replays the recording headless through the same session code as
// -replay (bit-identical), sampling every tick.
package main
