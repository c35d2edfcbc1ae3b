package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"time"

	"github.com/seedgames/motorkit/demo/internal/fleet"
	"github.com/seedgames/motorkit/demo/internal/netops"
	"github.com/seedgames/motorkit/demo/playground/online"
	"github.com/seedgames/motorkit/netplay"
)

// flags are the command line options.
type flags struct {
	addr, level, web, state             string
	seats, perAddr                      int
	drain, grace, idle                  time.Duration
	origins                             []string
	logJSON                             bool
	natsURL, natsCred, public, serverID string
}

func parseFlags(args []string) (flags, error) {
	var f flags
	fl := flag.NewFlagSet("playgroundserver", flag.ContinueOnError)
	fl.StringVar(&f.addr, "addr", "127.0.0.1:8050", "listen address (:8050 for every interface)")
	fl.StringVar(&f.level, "level", "course", "built-in level (course, living, playground, ...) or a level file")
	fl.StringVar(&f.web, "web", "", "also serve the browser page from this directory (demo/playground/web with playground.wasm and wasm_exec.js)")
	fl.IntVar(&f.seats, "seats", 8, "most players at once (1-16)")
	fl.StringVar(&f.state, "state", "", "on SIGTERM the match is saved to this file; on start it resumes from it (then renamed FILE.restored) and its players have -grace to reconnect")
	fl.DurationVar(&f.drain, "drain", 5*time.Second, "on SIGTERM, how long to wait for the players' connections to end after telling them")
	fl.DurationVar(&f.grace, "grace", 10*time.Second, "how long a dropped player's character waits for a reconnect")
	fl.DurationVar(&f.idle, "idle", 30*time.Second, "disconnect a client that sends nothing for this long")
	fl.IntVar(&f.perAddr, "max-per-address", 4, "most connections, and most players, per remote address")
	fl.Func("origin", "host pattern of another web page allowed to connect from a browser, e.g. *.example.com (repeatable)", func(v string) error {
		if _, err := path.Match(v, ""); err != nil || v == "" {
			return fmt.Errorf("bad origin pattern %q", v)
		}
		f.origins = append(f.origins, v)
		return nil
	})
	fl.BoolVar(&f.logJSON, "log-json", false, "log as JSON lines")
	fl.StringVar(&f.natsURL, "nats", "", "NATS URL: join a fleet of servers (directory, /join, the match handed over on drain)")
	fl.StringVar(&f.natsCred, "nats-creds", "", "with -nats: NATS credentials file (user JWT and NKey seed)")
	fl.StringVar(&f.public, "public", "", "with -nats: the websocket URL players reach this server at")
	fl.StringVar(&f.serverID, "id", "", "with -nats: this server's name in the directory (default random)")
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
	srv, err := online.NewServer(online.Options{Game: netplay.GameOptions{Level: f.level}, Seats: f.seats,
		Grace: f.grace, IdleTimeout: f.idle, MaxPerAddress: f.perAddr, AllowedOrigins: f.origins,
		Log: netops.Logger(f.logJSON)})
	if err != nil {
		return err
	}
	if f.state != "" {
		if data, ok, err := netops.TakeStateFile(f.state); ok {
			if err == nil {
				err = srv.RestoreState(data)
			}
			if err != nil {
				log.Printf("state file %s: %v: starting empty", f.state, err)
			} else {
				log.Printf("restored the match from %s", f.state)
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
		_ = mime.AddExtensionType(".wasm", "application/wasm")
		mux.Handle("/", http.FileServer(http.Dir(f.web)))
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return err
	}
	member, err := fleet.Route(mux, ops, srv, fleet.Flags{NATS: f.natsURL, Creds: f.natsCred, Public: f.public, ID: f.serverID},
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
			member.Drain(f.drain) // the match goes to another server of the fleet
			return
		}
		if f.state != "" {
			if err := netops.WriteStateFile(f.state, srv.SaveState); err != nil {
				log.Printf("saving the match to %s: %v", f.state, err)
			} else {
				log.Printf("saved the match to %s", f.state)
			}
		}
		srv.Drain(f.drain)
	})
}
