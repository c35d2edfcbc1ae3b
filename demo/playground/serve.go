//go:build !js

package main

import (
	"errors"
	"fmt"
	"log"
	"mime"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/seedgames/motorkit/demo/internal/fleet"
	"github.com/seedgames/motorkit/demo/internal/netops"
	"github.com/seedgames/motorkit/demo/playground/internal/online"
	"github.com/seedgames/motorkit/netplay"
)

// serve runs the authoritative server of -serve until SIGINT or SIGTERM:
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
	ln, err := net.Listen("tcp", f.serve)
	if err != nil {
		return err
	}
	var member *fleet.Member
	if f.natsURL != "" {
		nc, err := nats.Connect(f.natsURL, nats.Name("playground"), nats.MaxReconnects(-1))
		if err != nil {
			return fmt.Errorf("nats %s: %w", f.natsURL, err)
		}
		public := f.public
		if public == "" {
			public = "ws://" + netops.HostPort(ln.Addr()) + "/ws"
		}
		if member, err = fleet.Join(srv, fleet.Options{Conn: nc, URL: public, ID: f.serverID, Bucket: "playground_fleet"}); err != nil {
			return err
		}
		fh := member.Handler()
		mux.Handle("/rooms", fh)
		mux.Handle("/join", fh)
		log.Printf("in the fleet of %s as %s", f.natsURL, member.ID())
	} else {
		mux.Handle("/rooms", ops)
	}
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, ConnContext: netops.ConnContext}
	hp := netops.HostPort(ln.Addr())
	log.Printf("playground server on %s: go run ./demo/playground -connect ws://%s/ws", ln.Addr(), hp)
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	stopped := make(chan struct{})
	go func() {
		<-sig
		log.Printf("shutting down: draining")
		if member != nil {
			member.Drain(f.drain) // the match goes to another server of the fleet
		} else {
			if f.state != "" {
				if err := netops.WriteStateFile(f.state, srv.SaveState); err != nil {
					log.Printf("saving the match to %s: %v", f.state, err)
				} else {
					log.Printf("saved the match to %s", f.state)
				}
			}
			srv.Drain(f.drain)
		}
		hs.Close()
		close(stopped)
	}()
	if err := hs.Serve(netops.LimitListener(ln, 64<<10)); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	<-stopped
	return nil
}
