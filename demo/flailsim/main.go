package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/seedgames/motorkit/demo/flailsim/sim"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("flailsim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := sim.Options{}
	fs.IntVar(&o.Bots, "bots", 200, "number of bots (skills cycle easy, normal, hard)")
	fs.IntVar(&o.Ticks, "ticks", 4000, "ticks to simulate")
	fs.Uint64Var(&o.Seed, "seed", 1, "match seed")
	fs.Float64Var(&o.Rate, "rate", 40, "tick rate in Hz")
	fs.StringVar(&o.ConfigPath, "config", "", "flail tuning TOML overriding the defaults")
	fs.StringVar(&o.Mode, "mode", "", `physics mode override: "exact" or "clean"`)
	fs.StringVar(&o.Level, "level", "", "embedded level name (default flail_arena)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := sim.Run(o, stdout); err != nil {
		fmt.Fprintln(stderr, "flailsim:", err)
		return 1
	}
	return 0
}
