package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/seedgames/motorkit/demo/internal/fleet"
	"github.com/seedgames/motorkit/demo/internal/netops"
	"github.com/seedgames/motorkit/demo/internal/webpage"
	platformer "github.com/seedgames/motorkit/demo/platformer/game" // registers the 2D platformer's levels
	"github.com/seedgames/motorkit/demo/playground/online"
	"github.com/seedgames/motorkit/netplay"
)

// flags are the command line options.
type flags struct {
	addr, level, web string
	recipes          string
	seats            int
	netops.ServerFlags
	fleetFlags fleet.Flags
}

// flagSet defines the command line on f: the match's options default to
// online.DefaultOptions.
func flagSet(f *flags) *flag.FlagSet {
	d := online.DefaultOptions()
	fl := flag.NewFlagSet("playgroundserver", flag.ContinueOnError)
	fl.StringVar(&f.addr, "addr", "127.0.0.1:8050", "listen address (:8050 for every interface)")
	fl.StringVar(&f.level, "level", d.Game.Level, "built-in level (course, living, playground, ...), a level file, or the 2D platformer's platformer-side or platformer-topdown")
	fl.StringVar(&f.recipes, "recipes", "", "the recipes players may play, comma-separated (default: the 3D player recipes; platformer_hero for platformer-side, topdown_hero for platformer-topdown)")
	fl.StringVar(&f.web, "web", "", "also serve the browser page from this directory (demo/playground/web with playground.wasm and wasm_exec.js)")
	fl.IntVar(&f.seats, "seats", d.Seats, "most players at once (1-16)")
	f.ServerFlags = netops.ServerFlags{Drain: 5 * time.Second, Grace: d.Grace, Idle: d.IdleTimeout, PerAddress: d.MaxPerAddress}
	f.ServerFlags.Register(fl, "character")
	f.fleetFlags.Register(fl)
	return fl
}

func parseFlags(args []string) (flags, error) {
	var f flags
	fl := flagSet(&f)
	if err := fl.Parse(args); err != nil {
		return f, err
	}
	if f.seats < 1 || f.seats > netplay.MaxSeats {
		return f, fmt.Errorf("-seats %d: want 1..%d", f.seats, netplay.MaxSeats)
	}
	return f, nil
}

func main() {
	f, err := parseFlags(os.Args[1:])
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err == nil {
		err = serve(f)
	}
	if err != nil {
		log.Fatal(err)
	}
}

// serve runs the server until SIGINT or SIGTERM:
// the match on /ws, the operator's endpoints (/healthz, /readyz, /rooms,
// /metrics) and, with -web, the browser page.
func serve(f flags) error {
	var recipes []string
	switch {
	case f.recipes != "":
		recipes = strings.Split(f.recipes, ",")
	case f.level == platformer.OnlineSide:
		recipes = []string{"platformer_hero"}
	case f.level == platformer.OnlineTopDown:
		recipes = []string{"topdown_hero"}
	}
	srv, err := online.NewServer(online.Options{Game: netplay.GameOptions{Level: f.level, Recipes: recipes}, Seats: f.seats,
		Grace: f.Grace, IdleTimeout: f.Idle, MaxPerAddress: f.PerAddress, AllowedOrigins: f.Origins,
		TrustedProxies: f.Proxies, Log: netops.Logger(f.LogJSON)})
	if err != nil {
		return err
	}
	if f.State != "" {
		if data, ok, err := netops.TakeStateFile(f.State); ok {
			if err == nil {
				err = srv.RestoreState(data)
			}
			if err != nil {
				log.Printf("state file %s: %v: starting empty", f.State, err)
			} else {
				log.Printf("restored the match from %s", f.State)
			}
		}
	}
	mux := http.NewServeMux()
	mux.Handle("/ws", srv)
	ops := srv.OpsHandler()
	mux.Handle("/healthz", ops)
	mux.Handle("/readyz", ops)
	mux.Handle("/metrics", srv.MetricsHandler())
	if f.web != "" {
		// gzip (made once per file version), ETag, 304: 23.7 MB of
		// playground.wasm go as about 5.4 MB.
		mux.Handle("/", &webpage.Files{Dir: f.web})
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return err
	}
	member, err := fleet.Route(mux, ops, srv, f.fleetFlags,
		"playgroundserver", "playground_fleet", ln)
	if err != nil {
		return err
	}
	hp := netops.HostPort(ln.Addr())
	log.Printf("playground server on %s: go run ./demo/playground -connect ws://%s/ws", ln.Addr(), hp)
	if f.web != "" {
		log.Printf("browser: http://%s/?connect=ws://%s/ws", hp, hp)
	}
	return netops.Serve(ln, mux, func() {
		if member != nil {
			member.Drain(f.Drain) // the match goes to another server of the fleet
			return
		}
		if f.State != "" {
			if err := netops.WriteStateFile(f.State, srv.SaveState); err != nil {
				log.Printf("saving the match to %s: %v", f.State, err)
			} else {
				log.Printf("saved the match to %s", f.State)
			}
		}
		srv.Drain(f.Drain)
	})
}
