// Command netsim plays an online match of the 3D motors in one process: an
// authoritative netplay.Host and scripted netplay.Clients (every recipe,
// walking, strafing, turning, jumping, crouching, sprinting and dashing on
// the living level, pushing each other) over an in-memory network with
// delay, jitter, reordering and loss, on a virtual clock (package
// tools/netsim/netsim). It prints what the players would notice and what the
// network carries:
//
//   - desyncs: the host's checksums a client's state differed from;
//   - corrections: rollbacks that moved a client's own character, and the
//     largest;
//   - the largest visual step: the most a client's own character is drawn
//     to move in one frame to absorb a correction;
//   - rollbacks and the longest;
//   - bytes per client per second, up and down, WebSocket framing included.
//
// Usage (from a clone of the repository):
//
//	go run ./tools/netsim -players 8 -rtt 100ms -jitter 20ms -loss 0.05 -seconds 120
//
// -movers 1 lets only the first player move: its own character is then
// never corrected. -check exits 1 when a target of docs/netplay.md is
// missed (a desync; a correction with one mover; a visual step of 5 cm or
// more; more than 20 KB/s down or 2 KB/s up per client).
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/seedgames/motorkit/tools/netsim/netsim"
)

func main() {
	var cfg netsim.Config
	def := netsim.DefaultConfig()
	flag.IntVar(&cfg.Players, "players", def.Players, "clients (1-16)")
	flag.IntVar(&cfg.Movers, "movers", 0, "how many of them move (0: all; -1: none)")
	flag.DurationVar(&cfg.RTT, "rtt", 100*time.Millisecond, "round trip time")
	flag.DurationVar(&cfg.Jitter, "jitter", 20*time.Millisecond, "each message's delay varies by up to this either way")
	flag.Float64Var(&cfg.Loss, "loss", 0.05, "share of messages lost (0-1)")
	seconds := flag.Float64("seconds", 120, "simulated seconds")
	flag.StringVar(&cfg.Level, "level", def.Level, "built-in level")
	flag.Uint64Var(&cfg.Seed, "seed", 1, "the network's random seed")
	check := flag.Bool("check", false, "exit 1 when a target is missed")
	flag.Parse()
	cfg.Duration = time.Duration(*seconds * float64(time.Second))
	start := time.Now()
	rep, err := netsim.Run(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	rep.WriteTable(os.Stdout)
	fmt.Printf("  (simulated in %.1f s)\n", time.Since(start).Seconds())
	if *check {
		if msgs := rep.Missed(); len(msgs) > 0 {
			for _, m := range msgs {
				fmt.Fprintln(os.Stderr, "netsim: missed:", m)
			}
			os.Exit(1)
		}
	}
}
